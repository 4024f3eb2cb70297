package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.Experiment.ExperimentException;
import io.github.ycsbembedded.experiments.Experiment.Phase;
import io.github.ycsbembedded.experiments.Experiment.Scale;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
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
 * {@code bin/experiment <name>}: runs a published experiment for every engine, each engine × phase
 * in its own JVM through {@code bin/ycsb} (stock {@code site.ycsb.Client}), printing the exact
 * command of each phase, and writes the report.
 */
@Command(name = "experiment", mixinStandardHelpOptions = true, version = "ycsb-embedded experiment runner",
    description = "Re-measures a published benchmark write-up on this machine and writes a report.",
    subcommands = ExperimentRunner.ListCommand.class)
public final class ExperimentRunner implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "experiment to run (see: list)")
  String name;

  @Option(names = "--scale", defaultValue = "quick", description = "scale (see: list); default ${DEFAULT-VALUE}")
  String scale;

  @Option(names = "--engines", split = ",", description = "engines to run, e.g. lmdb,rocksdb (default: the experiment's)")
  List<String> engines;

  @Option(names = "--threads", description = "client threads for every phase (default: the experiment's)")
  Integer threads;

  @Option(names = "--memory-limit", description = "run each phase's JVM in a memory cgroup of this size, e.g. 2g (needs root)")
  String memoryLimit;

  @Option(names = "--dir", description = "data directory (default: <home>/data/experiments)")
  Path dataDir;

  @Option(names = "--out", description = "results directory (default: <home>/results)")
  Path outDir;

  @Option(names = "--keep-data", description = "keep each engine's data after its last phase (default: deleted after measuring its size)")
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
    long limitBytes;
    try {
      experiment = Experiment.load(home.resolve("experiments"), name);
      chosen = experiment.scale(scale);
      limitBytes = memoryLimit == null ? 0 : parseSize("--memory-limit", memoryLimit);
      checkEngines(experiment);
    } catch (ExperimentException e) {
      System.err.println("experiment: " + e.getMessage());
      return 2;
    }
    List<String> chosenEngines = engines == null ? experiment.engines() : engines;
    int threadCount = threads == null ? experiment.threads() : threads;
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path out = (outDir == null ? home.resolve("results") : outDir.toAbsolutePath())
        .resolve(experiment.name() + "-" + chosen.name() + "-" + stamp);
    Path data = (dataDir == null ? home.resolve("data").resolve("experiments") : dataDir.toAbsolutePath())
        .resolve(experiment.name() + "-" + chosen.name());
    try {
      Files.createDirectories(out.resolve("raw"));
    } catch (IOException | SecurityException e) {
      System.err.println("experiment: --out: cannot create " + out + " (" + e.getMessage() + ")");
      return 2;
    }

    PrintStream log = System.out;
    PrintStream progress = System.console() != null ? System.err : null;
    log.printf("%s at scale %s (%,d records), engines %s, %d threads%n", experiment.title(), chosen.name(),
        chosen.recordCount(), String.join(",", chosenEngines), threadCount);
    log.println("results: " + out);

    Map<String, String> variables = experiment.variables(chosen, threadCount);
    String startedAt = LocalDateTime.now().toString();
    List<Results.EngineRun> engineRuns = new ArrayList<>();
    int total = chosenEngines.size() * experiment.phases().size();
    int index = 0;
    for (String engine : chosenEngines) {
      Path engineData = data.resolve(engine);
      List<Results.PhaseRun> phases = new ArrayList<>();
      java.util.Set<String> startedDatasets = new java.util.HashSet<>();
      String engineError = null;
      for (Phase phase : experiment.phases()) {
        index++;
        if (engineError != null) {
          continue;
        }
        log.printf("%n[%d/%d] %s · %s%n", index, total, engine, phase.label());
        Results.PhaseRun result;
        try {
          // the first phase on a data set starts it from an empty folder
          boolean first = startedDatasets.add(phase.dataset());
          int phaseThreads = phase.threads() == null ? threadCount : phase.threads();
          result = PhaseRunner.run(home, experiment, phase, engine, engineData.resolve(phase.dataset()), first,
              variables, phaseThreads, limitBytes, out.resolve("raw"), log, progress);
        } catch (ExperimentException | IOException e) {
          result = PhaseRunner.failed(phase, e.getMessage());
        }
        phases.add(result);
        if (result.failed()) {
          engineError = phase.label() + ": " + result.error();
          log.println("    FAILED: " + result.error() + " (the other engines go on)");
        } else {
          log.printf(Locale.ROOT, "    %,.0f %s, CPU %.1f s, RSS peak %s, disk %s%n", result.speed(),
              result.speedUnit(), result.cpuSeconds(), Report.bytes(result.rssPeakBytes()),
              Report.bytes(result.diskAllocatedBytes()));
        }
      }
      engineRuns.add(new Results.EngineRun(engine, engineError != null, engineError, phases));
      if (!keepData) {
        PhaseRunner.delete(engineData);
      }
    }

    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("scale", chosen.name());
    settings.putAll(variables);
    settings.put("engines", String.join(",", chosenEngines));
    settings.put("memory-limit", memoryLimit == null ? "none" : memoryLimit);
    settings.put("data directory", data.toString());
    Results.Run run = new Results.Run(experiment.name(), experiment.title(), experiment.source(), chosen.name(),
        startedAt, LocalDateTime.now().toString(), Machines.describe(data), settings, engineRuns);
    Report.write(experiment, run, out);
    log.println();
    log.println("report: " + out.resolve("report.md") + " (and report.html, results.json, charts/)");
    boolean anyFailed = engineRuns.stream().anyMatch(Results.EngineRun::failed);
    return anyFailed ? 1 : 0;
  }

  private void checkEngines(Experiment experiment) throws ExperimentException {
    if (threads != null && threads < 1) {
      throw new ExperimentException("--threads: '" + threads + "' is not a thread count; use 1 or more");
    }
    if (engines == null) {
      return;
    }
    for (String engine : engines) {
      if (!experiment.engines().contains(engine)) {
        throw new ExperimentException("--engines: '" + engine + "' is not an engine of " + experiment.name()
            + "; use some of " + String.join(",", experiment.engines()));
      }
    }
  }

  static long parseSize(String option, String text) throws ExperimentException {
    String value = text.trim().toLowerCase(Locale.ROOT);
    int shift = 0;
    char last = value.isEmpty() ? ' ' : value.charAt(value.length() - 1);
    if ("kmgt".indexOf(last) >= 0) {
      shift = 10 * ("kmgt".indexOf(last) + 1);
      value = value.substring(0, value.length() - 1);
    }
    try {
      long number = Long.parseLong(value);
      if (number > 0 && number <= Long.MAX_VALUE >> shift) {
        return number << shift;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ExperimentException(option + ": '" + text + "' is not a size; use a number with an optional k, m, g or t suffix");
  }

  /** {@code bin/experiment list}: experiments, their scales, sizes and time estimates. */
  @Command(name = "list", description = "Lists the experiments and their scales.")
  static final class ListCommand implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
      Path dir = home().resolve("experiments");
      for (String name : Experiment.names(dir)) {
        Experiment experiment;
        try {
          experiment = Experiment.load(dir, name);
        } catch (ExperimentException e) {
          System.out.println(name + ": " + e.getMessage());
          continue;
        }
        System.out.println(name + " — " + experiment.title());
        System.out.println("  engines: " + String.join(", ", experiment.engines()) + "; phases: "
            + String.join(", ", experiment.phases().stream().map(Phase::id).toList()));
        for (Scale s : experiment.scales().values()) {
          System.out.printf(Locale.ROOT, "  %-8s %,15d records  %,15d operations  %10s of data  about %s%n",
              s.name(), s.recordCount(), Long.parseLong(s.variables().get("operationcount")),
              Report.bytes(experiment.dataSize(s)), s.estimate());
        }
      }
      return 0;
    }
  }
}
