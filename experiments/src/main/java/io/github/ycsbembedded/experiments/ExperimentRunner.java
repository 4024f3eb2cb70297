package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.core.Sizes;
import io.github.ycsbembedded.experiments.measure.Machines;
import io.github.ycsbembedded.experiments.model.Description.Scale;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.plan.MemoryPlan;
import io.github.ycsbembedded.experiments.plan.RunPlan;
import io.github.ycsbembedded.experiments.report.ReportWriter;
import io.github.ycsbembedded.experiments.report.ScaleReport;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.run.Campaign;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/experiment <name>}: runs a published experiment for every engine in the write-up's
 * memory regime, each engine × phase × run in its own JVM through {@code bin/ycsb} (stock {@code
 * site.ycsb.Client}), printing the exact command of each, and writes the report; with {@code
 * --scales}, at several scales one after another, then a report of how the ratios move with size.
 */
@Command(
    name = "experiment",
    mixinStandardHelpOptions = true,
    version = "ycsb-embedded experiment runner",
    description = "Re-measures a published benchmark write-up on this machine and writes a report.",
    subcommands = {ListCommand.class, ReportCommand.class})
public final class ExperimentRunner implements Callable<Integer> {
  static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "NAME",
      description = "experiment to run (see: list)")
  String name;

  @Option(
      names = "--scale",
      defaultValue = "quick",
      description = "scale (see: list); default ${DEFAULT-VALUE}")
  String scale;

  @Option(
      names = "--scales",
      split = ",",
      description =
          "several scales, one after another, then a report of the ratios against data size")
  List<String> scales;

  @Option(
      names = "--engines",
      split = ",",
      description = "engines to run, e.g. lmdb,rocksdb (default: the experiment's)")
  List<String> engines;

  @Option(
      names = "--threads",
      description = "client threads for every phase (default: the experiment's)")
  Integer threads;

  @Option(
      names = "--repeat",
      description = "runs of every run phase in each trial, 1 to 100 (default: the scale's)")
  String repeat;

  @Option(
      names = "--trials",
      description =
          "loads of the data, each followed by every run phase, 1 to 100 (default: the scale's)")
  String trials;

  @Option(
      names = "--memory-limit",
      description =
          "each phase JVM's memory cgroup limit, e.g. 2g, or none (default: the write-up's regime:"
              + " the JVM's allowance + the engines' share of the data; needs root)")
  String memoryLimit;

  @Option(names = "--dir", description = "data directory (default: <home>/data/experiments)")
  Path dataDir;

  @Option(names = "--out", description = "results directory (default: <home>/results)")
  Path outDir;

  @Option(
      names = "--keep-data",
      description = "keep every engine's data after the last phase (default: deleted)")
  boolean keepData;

  static Path home() {
    return Paths.get(System.getProperty("ycsbembedded.home", ".")).toAbsolutePath().normalize();
  }

  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    System.exit(new CommandLine(new ExperimentRunner()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (name == null) {
      System.err.println("experiment: name an experiment, or 'list' to see them");
      return 2;
    }
    Path home = home();
    Experiment experiment;
    List<RunPlan> plans = new ArrayList<>();
    LocalDateTime started = now();
    try {
      experiment = Experiment.load(home.resolve("experiments"), name);
      for (String s : scales == null ? List.of(scale) : scales) {
        plans.add(plan(experiment, experiment.scale(s.trim()), home, started));
      }
    } catch (ExperimentException e) {
      System.err.println("experiment: " + e.getMessage());
      return 2;
    }
    int status = 0;
    List<Path> folders = new ArrayList<>();
    for (RunPlan plan : plans) {
      try {
        Files.createDirectories(plan.out().resolve("raw"));
      } catch (IOException | SecurityException e) {
        System.err.println(
            "experiment: --out: cannot create " + plan.out() + " (" + e.getMessage() + ")");
        return 2;
      }
      status = Math.max(status, run(plan));
      folders.add(plan.out());
    }
    if (plans.size() > 1) {
      Path out =
          plans.get(0).out().resolveSibling(experiment.name() + "-scales-" + started.format(STAMP));
      List<String> summary = ScaleReport.write(experiment, folders, out);
      summary.forEach(System.out::println);
      System.out.println("report of the scales: " + out.resolve("report.md"));
    }
    return status;
  }

  private static LocalDateTime now() {
    return LocalDateTime.now(ZoneId.systemDefault()).truncatedTo(ChronoUnit.SECONDS);
  }

  private RunPlan plan(Experiment experiment, Scale chosen, Path home, LocalDateTime started)
      throws ExperimentException {
    List<String> chosenEngines = engines == null ? experiment.engines() : engines;
    int threadCount = threads == null ? experiment.threads() : threads;
    RunPlan.check(experiment, chosenEngines, threadCount);
    int repetitions = repeat == null ? chosen.repeat() : count("--repeat", repeat, "runs");
    int trialCount = trials == null ? chosen.trials() : count("--trials", trials, "trials");
    MemoryPlan memory =
        MemoryPlan.of(
            experiment,
            chosen,
            memoryLimit == null ? null : memoryLimit.trim(),
            MemoryPlan.unavailable());
    Path out =
        (outDir == null ? home.resolve("results") : outDir.toAbsolutePath())
            .resolve(experiment.name() + "-" + chosen.name() + "-" + started.format(STAMP));
    Path data =
        (dataDir == null ? home.resolve("data").resolve("experiments") : dataDir.toAbsolutePath())
            .resolve(experiment.name() + "-" + chosen.name());
    return new RunPlan(
        experiment,
        chosen,
        chosenEngines,
        threadCount,
        trialCount,
        repetitions,
        memory,
        home,
        data,
        out);
  }

  /** Runs one plan and writes its report; returns the exit status (1 when an engine failed). */
  private int run(RunPlan plan) throws IOException, InterruptedException {
    Experiment experiment = plan.experiment();
    Scale chosen = plan.scale();
    LocalDateTime started = now();
    PrintStream log = System.out;
    PrintStream progress = stderrIsTerminal() ? System.err : null;
    log.printf(
        Locale.ROOT,
        "%s at scale %s: %,d records, %s of data; engines %s; %d threads%n",
        experiment.title(),
        chosen.name(),
        chosen.records(),
        Units.bytes(experiment.dataSize(chosen)),
        String.join(",", plan.engines()),
        plan.threads());
    log.println(
        "memory: " + plan.memory().note() + "; heap -Xmx" + Sizes.format(experiment.heapBytes()));
    if (plan.memory().regimeApplies()
        && plan.memory().limitBytes() == null
        && experiment.regimeAppliesAt(chosen)) {
      System.err.println(
          "experiment: the write-up's memory regime is not applied ("
              + plan.memory().note()
              + "); the report marks it as not reproduced");
    }
    log.println(
        plan.trials()
            + " trial"
            + (plan.trials() == 1 ? "" : "s")
            + " (each loads the data anew); run phases: "
            + (chosen.duration() == null
                ? "to their operation count"
                : chosen.duration() + " s each")
            + ", the first "
            + chosen.warmup()
            + " s left out of every figure, "
            + plan.repetitions()
            + " run"
            + (plan.repetitions() == 1 ? "" : "s")
            + " of each per trial");
    log.println("results: " + plan.out());

    Campaign campaign = new Campaign(plan, log, progress);
    Results.Machine machine = Machines.describe(plan.data());
    List<Results.EngineRun> engineRuns = campaign.run(machine.host());
    if (!keepData) {
      campaign.deleteData();
    }
    Map<String, String> options = new LinkedHashMap<>();
    options.put("scale", chosen.name());
    options.put("engines", String.join(",", plan.engines()));
    options.put("trials", Integer.toString(plan.trials()));
    options.put("runs of each run phase per trial", Integer.toString(plan.repetitions()));
    options.put("memory-limit", memoryLimit == null ? "the write-up's regime" : memoryLimit);
    options.put("data directory", plan.data().toString());
    Results.Run run =
        new Results.Run(
            Results.SCHEMA,
            experiment.name(),
            experiment.title(),
            experiment.source(),
            chosen.name(),
            started.toString(),
            now().toString(),
            List.of(machine),
            new Results.Protocol(
                plan.trials(),
                plan.repetitions(),
                chosen.warmup(),
                chosen.duration(),
                plan.threads()),
            new Results.MemorySetup(
                plan.memory().limitBytes(),
                experiment.heapBytes(),
                plan.memory().reproduced(),
                plan.memory().describe(experiment, plan.pageCacheShares())),
            options,
            chosen.records(),
            experiment.dataSize(chosen),
            engineRuns);
    List<String> summary = ReportWriter.write(experiment, run, plan.out());
    log.println();
    summary.forEach(log::println);
    log.println();
    log.println(
        "report: " + plan.out().resolve("report.md") + " (and report.html, results.json, charts/)");
    return engineRuns.stream().anyMatch(Results.EngineRun::failed) ? 1 : 0;
  }

  /** Whether stderr is a terminal (where a progress line that rewrites itself belongs). */
  private static boolean stderrIsTerminal() {
    try {
      String target = Paths.get("/proc/self/fd/2").toRealPath().toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  static int count(String option, String text, String what) throws ExperimentException {
    try {
      int value = Integer.parseInt(text.trim());
      if (value >= 1 && value <= 100) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ExperimentException(
        option + ": '" + text + "' is not a number of " + what + "; use 1 to 100");
  }
}
