package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.Experiment.ExperimentException;
import io.github.ycsbembedded.experiments.Experiment.Phase;
import io.github.ycsbembedded.experiments.Experiment.Scale;
import io.github.ycsbembedded.experiments.measure.Machines;
import io.github.ycsbembedded.experiments.measure.Results;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
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
 * memory regime, each engine × phase × repetition in its own JVM through {@code bin/ycsb} (stock
 * {@code site.ycsb.Client}), printing the exact command of each, and writes the report.
 */
@Command(
    name = "experiment",
    mixinStandardHelpOptions = true,
    version = "ycsb-embedded experiment runner",
    description = "Re-measures a published benchmark write-up on this machine and writes a report.",
    subcommands = {ExperimentRunner.ListCommand.class, ExperimentRunner.ReportCommand.class})
public final class ExperimentRunner implements Callable<Integer> {
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

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
      description = "runs of every run phase (default: the scale's; 3, or 1 at tiny)")
  String repeat;

  @Option(
      names = "--memory-limit",
      description =
          "each phase JVM's memory cgroup limit, e.g. 2g, or none "
              + "(default: the write-up's regime: the JVM's allowance + the engines' share of the data; needs root)")
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
    Scale chosen;
    MemoryPlan memory;
    Map<String, Long> pageCache;
    int repetitions;
    try {
      experiment = Experiment.load(home.resolve("experiments"), name);
      chosen = experiment.scale(scale);
      checkOptions(experiment);
      repetitions = repeat == null ? chosen.repeat() : parseRepeat(repeat);
      memory =
          MemoryPlan.of(
              experiment,
              chosen,
              memoryLimit == null ? null : memoryLimit.trim(),
              MemoryPlan.unavailable());
      pageCache =
          Campaign.pageCacheShares(
              experiment,
              memory,
              experiment.variables(
                  chosen,
                  threads == null ? experiment.threads() : threads,
                  memory.engineMemoryBytes()),
              engines == null ? experiment.engines() : engines);
    } catch (ExperimentException e) {
      System.err.println("experiment: " + e.getMessage());
      return 2;
    }
    List<String> chosenEngines = engines == null ? experiment.engines() : engines;
    int threadCount = threads == null ? experiment.threads() : threads;
    LocalDateTime started =
        LocalDateTime.now(java.time.ZoneId.systemDefault()).truncatedTo(ChronoUnit.SECONDS);
    Path out =
        (outDir == null ? home.resolve("results") : outDir.toAbsolutePath())
            .resolve(experiment.name() + "-" + chosen.name() + "-" + started.format(STAMP));
    Path data =
        (dataDir == null ? home.resolve("data").resolve("experiments") : dataDir.toAbsolutePath())
            .resolve(experiment.name() + "-" + chosen.name());
    try {
      Files.createDirectories(out.resolve("raw"));
    } catch (IOException | SecurityException e) {
      System.err.println("experiment: --out: cannot create " + out + " (" + e.getMessage() + ")");
      return 2;
    }

    PrintStream log = System.out;
    PrintStream progress = stderrIsTerminal() ? System.err : null;
    log.printf(
        Locale.ROOT,
        "%s at scale %s: %,d records, %s of data; engines %s; %d threads%n",
        experiment.title(),
        chosen.name(),
        chosen.recordCount(),
        Units.bytes(experiment.dataSize(chosen)),
        String.join(",", chosenEngines),
        threadCount);
    log.println(
        "memory: "
            + memory.note()
            + "; heap -Xmx"
            + Units.bytes(experiment.heapBytes()).replace(" ", ""));
    if (memory.regimeApplies()
        && memory.limitBytes() == null
        && experiment.regimeAppliesAt(chosen)) {
      System.err.println(
          "experiment: the write-up's memory regime is not applied ("
              + memory.note()
              + "); the report marks it as not reproduced");
    }
    log.println(
        "run phases: "
            + (chosen.durationSeconds() == null
                ? "to their operation count"
                : chosen.durationSeconds() + " s each")
            + ", the first "
            + chosen.warmupSeconds()
            + " s left out of every figure, "
            + repetitions
            + " run"
            + (repetitions == 1 ? "" : "s")
            + " of each");
    log.println("results: " + out);

    Campaign campaign =
        new Campaign(
            experiment,
            chosen,
            chosenEngines,
            threadCount,
            repetitions,
            memory,
            home,
            data,
            out.resolve("raw"),
            log,
            progress);
    Results.Machine machine = Machines.describe(data);
    List<Results.EngineRun> engineRuns = campaign.run(machine.host());
    if (!keepData) {
      campaign.deleteData();
    }

    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("scale", chosen.name());
    settings.putAll(campaign.variables());
    settings.put("engines", String.join(",", chosenEngines));
    settings.put("memory-limit", memoryLimit == null ? "the write-up's regime" : memoryLimit);
    settings.put("data directory", data.toString());
    Results.Run run =
        new Results.Run(
            experiment.name(),
            experiment.title(),
            experiment.source(),
            chosen.name(),
            started.toString(),
            LocalDateTime.now(java.time.ZoneId.systemDefault())
                .truncatedTo(ChronoUnit.SECONDS)
                .toString(),
            List.of(machine),
            settings,
            memory.describe(experiment, pageCache),
            memory.limitBytes(),
            experiment.dataSize(chosen),
            memory.reproduced(),
            experiment.heapBytes(),
            repetitions,
            chosen.warmupSeconds(),
            chosen.durationSeconds(),
            engineRuns);
    List<String> summary = ReportWriter.write(experiment, run, out);
    log.println();
    summary.forEach(log::println);
    log.println();
    log.println(
        "report: " + out.resolve("report.md") + " (and report.html, results.json, charts/)");
    return engineRuns.stream().anyMatch(Results.EngineRun::failed) ? 1 : 0;
  }

  private void checkOptions(Experiment experiment) throws ExperimentException {
    if (threads != null && threads < 1) {
      throw new ExperimentException(
          "--threads: '" + threads + "' is not a thread count; use 1 or more");
    }
    if (engines == null) {
      return;
    }
    for (String engine : engines) {
      if (!experiment.engines().contains(engine)) {
        throw new ExperimentException(
            "--engines: '"
                + engine
                + "' is not an engine of "
                + experiment.name()
                + "; use some of "
                + String.join(",", experiment.engines()));
      }
    }
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

  static int parseRepeat(String text) throws ExperimentException {
    try {
      int value = Integer.parseInt(text.trim());
      if (value >= 1 && value <= 100) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ExperimentException("--repeat: '" + text + "' is not a number of runs; use 1 to 100");
  }

  /**
   * {@code bin/experiment list}: experiments, their scales, sizes, memory limits and time
   * estimates.
   */
  @Command(name = "list", description = "Lists the experiments and their scales.")
  static final class ListCommand implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
      Path dir = home().resolve("experiments");
      String unavailable = MemoryPlan.unavailable();
      for (String name : Experiment.names(dir)) {
        Experiment experiment;
        try {
          experiment = Experiment.load(dir, name);
        } catch (ExperimentException e) {
          System.out.println(name + ": " + e.getMessage());
          continue;
        }
        System.out.println(name + " — " + experiment.title());
        System.out.println(
            "  engines: "
                + String.join(", ", experiment.engines())
                + "; phases: "
                + String.join(", ", experiment.phases().stream().map(Phase::id).toList()));
        if (experiment.regime() != null) {
          System.out.println(
              "  regime: "
                  + experiment.regime().description()
                  + " (from scale "
                  + experiment.regime().from()
                  + ")");
        }
        for (Scale s : experiment.scales().values()) {
          MemoryPlan plan = MemoryPlan.of(experiment, s, null, null);
          System.out.printf(
              Locale.ROOT,
              "  %-8s %,13d records %10s of data  memory %-9s runs %-13s about %s%n",
              s.name(),
              s.recordCount(),
              Units.bytes(experiment.dataSize(s)),
              plan.limitBytes() == null ? "unlimited" : Units.bytes(plan.limitBytes()),
              (s.durationSeconds() == null ? "to count" : s.durationSeconds() + " s")
                  + " × "
                  + s.repeat(),
              s.estimate());
        }
      }
      if (unavailable != null) {
        System.out.println("(here: " + unavailable + ", so no memory limit can be applied)");
      }
      return 0;
    }
  }

  /**
   * {@code bin/experiment report [--out DIR] RESULTS...}: renders one report from one or more
   * results folders (of the same experiment and scale; for example one engine per machine) into a
   * new folder.
   */
  @Command(
      name = "report",
      mixinStandardHelpOptions = true,
      description =
          "Renders one report from one or more results folders (re-render, or merge runs of several machines).")
  static final class ReportCommand implements Callable<Integer> {
    @Parameters(
        arity = "1..*",
        paramLabel = "RESULTS",
        description = "results folders (each with a results.json)")
    List<Path> folders;

    @Option(
        names = "--out",
        description = "where the new report folder goes (default: <home>/results)")
    Path outDir;

    @Override
    public Integer call() throws Exception {
      Path home = home();
      Results.Run merged;
      Experiment experiment;
      try {
        merged = Merge.runs(folders);
        experiment = Experiment.load(home.resolve("experiments"), merged.experiment());
      } catch (ExperimentException e) {
        System.err.println("experiment report: " + e.getMessage());
        return 2;
      }
      Path out =
          (outDir == null ? home.resolve("results") : outDir.toAbsolutePath())
              .resolve(
                  merged.experiment()
                      + "-"
                      + merged.scale()
                      + "-report-"
                      + LocalDateTime.now(java.time.ZoneId.systemDefault()).format(STAMP));
      try {
        Files.createDirectories(out);
        Merge.copyRaw(folders, out.resolve("raw"));
      } catch (IOException | SecurityException e) {
        System.err.println(
            "experiment report: --out: cannot create " + out + " (" + e.getMessage() + ")");
        return 2;
      }
      List<String> summary = ReportWriter.write(experiment, merged, out);
      summary.forEach(System.out::println);
      System.out.println();
      System.out.println("report: " + out.resolve("report.md"));
      return 0;
    }
  }
}
