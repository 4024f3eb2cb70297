package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.Experiment.ExperimentException;
import io.github.ycsbembedded.experiments.Experiment.Phase;
import io.github.ycsbembedded.experiments.measure.MemoryLimit;
import io.github.ycsbembedded.experiments.measure.PhaseFigures;
import io.github.ycsbembedded.experiments.measure.PhaseProcess;
import io.github.ycsbembedded.experiments.measure.Results;
import io.github.ycsbembedded.experiments.measure.Spread;
import io.github.ycsbembedded.experiments.measure.YcsbOutput;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Runs an experiment's phases for its engines: each load once per engine; each run phase {@code
 * repeat} times, every repetition going through all engines (in reverse order every other time, so
 * that drift of the machine hits all alike); each engine × phase × repetition in its own JVM
 * through {@code bin/ycsb}, measured by {@link PhaseProcess}. An engine that fails a phase skips
 * its later phases; the others go on.
 */
final class Campaign {
  private final Experiment experiment;
  private final Experiment.Scale scale;
  private final List<String> engines;
  private final int threads;
  private final int repeat;
  private final MemoryPlan memory;
  private final Map<String, String> variables;
  private final Path home;
  private final Path data;
  private final Path raw;
  private final PrintStream log;
  private final PrintStream progress;

  private final Map<String, String> errors = new LinkedHashMap<>();
  private final Map<String, Map<String, List<Results.Repetition>>> runs = new LinkedHashMap<>();
  private final Set<String> started = new HashSet<>();

  /**
   * The engine versions each engine's phases named in their startup lines, in the order first seen.
   */
  private final Map<String, Set<String>> versions = new LinkedHashMap<>();

  private int step;
  private int steps;

  Campaign(
      Experiment experiment,
      Experiment.Scale scale,
      List<String> engines,
      int threads,
      int repeat,
      MemoryPlan memory,
      Path home,
      Path data,
      Path raw,
      PrintStream log,
      PrintStream progress) {
    this.experiment = experiment;
    this.scale = scale;
    this.engines = engines;
    this.threads = threads;
    this.repeat = repeat;
    this.memory = memory;
    this.variables = experiment.variables(scale, threads, memory.engineMemoryBytes());
    this.home = home;
    this.data = data;
    this.raw = raw;
    this.log = log;
    this.progress = progress;
    engines.forEach(e -> runs.put(e, new LinkedHashMap<>()));
  }

  Map<String, String> variables() {
    return variables;
  }

  /**
   * The page cache each engine's phases are held to (its part of the engines' memory, the rest
   * going to its own caches), or an empty map when the phases run without a memory limit.
   */
  static Map<String, Long> pageCacheShares(
      Experiment experiment, MemoryPlan memory, Map<String, String> variables, List<String> engines)
      throws ExperimentException {
    Map<String, Long> shares = new LinkedHashMap<>();
    if (memory.limitBytes() != null) {
      for (String engine : engines) {
        shares.put(
            engine,
            experiment.regime() != null
                ? experiment.pageCacheBytes(engine, variables)
                : memory.engineMemoryBytes());
      }
    }
    return shares;
  }

  /** Runs everything; returns each engine's results, in the experiment's engine order. */
  List<Results.EngineRun> run(String host) throws IOException, InterruptedException {
    for (Phase phase : experiment.phases()) {
      steps += phase.isLoad() ? engines.size() : engines.size() * repeat;
    }
    for (Phase phase : experiment.phases()) {
      int times = phase.isLoad() ? 1 : repeat;
      for (int rep = 1; rep <= times; rep++) {
        List<String> order = new ArrayList<>(engines);
        if (rep % 2 == 0) {
          Collections.reverse(order);
        }
        for (String engine : order) {
          step++;
          if (errors.containsKey(engine)) {
            continue;
          }
          runOnce(phase, engine, rep, times);
        }
      }
    }
    List<Results.EngineRun> result = new ArrayList<>();
    for (String engine : engines) {
      List<Results.PhaseRun> phases = new ArrayList<>();
      for (Phase phase : experiment.phases()) {
        List<Results.Repetition> reps = runs.get(engine).get(phase.id());
        if (reps != null) {
          phases.add(summarize(phase, reps));
        }
      }
      Set<String> named = versions.get(engine);
      result.add(
          new Results.EngineRun(
              engine,
              host,
              errors.containsKey(engine),
              errors.get(engine),
              phases,
              named == null ? null : String.join(" and ", named)));
    }
    return result;
  }

  private void runOnce(Phase phase, String engine, int rep, int times)
      throws IOException, InterruptedException {
    log.printf(
        "%n[%d/%d] %s · %s%s%n",
        step, steps, engine, phase.label(), times > 1 ? " · run " + rep + " of " + times : "");
    boolean first = started.add(engine + "/" + phase.dataset());
    Path dir = data.resolve(engine).resolve(phase.dataset());
    Integer duration = phase.isLoad() || phase.countBound() ? null : scale.durationSeconds();
    String name = engine + "-" + phase.id() + (times > 1 ? "-" + rep : "");
    Results.Repetition r;
    try {
      r = measure(phase, engine, dir, first, duration, name, rep);
    } catch (ExperimentException | IOException e) {
      r = failed(rep, e.getMessage());
    }
    runs.get(engine).computeIfAbsent(phase.id(), k -> new ArrayList<>()).add(r);
    if (r.failed()) {
      errors.put(engine, phase.label() + ": " + r.error());
      log.println("    FAILED: " + r.error() + " (the other engines go on)");
    } else {
      String unit = phase.keysAreSpeed() ? "keys/s" : "ops/s";
      log.printf(
          Locale.ROOT,
          "    %,.0f %s over %.1f s, CPU %.1f s, peak memory %s, read %s, written %s, disk %s%n",
          r.speed(),
          unit,
          r.windowSeconds(),
          r.cpuTotalSeconds(),
          Units.bytes(r.peakMemoryBytes()),
          Units.bytes(Math.max(0, r.bytesRead())),
          Units.bytes(Math.max(0, r.bytesWritten())),
          Units.bytes(r.diskAllocatedBytes()));
    }
  }

  private Results.Repetition measure(
      Phase phase, String engine, Path dir, boolean first, Integer duration, String name, int rep)
      throws ExperimentException, IOException, InterruptedException {
    Path jvmReport = raw.resolve(name + ".jvm");
    int phaseThreads = phase.threads() == null ? threads : phase.threads();
    List<String> command =
        PhaseCommand.of(
            experiment,
            phase,
            engine,
            dir,
            first,
            variables,
            memory.regimeApplies(),
            phaseThreads,
            duration,
            jvmReport);
    String line = PhaseCommand.line(command);
    log.println("  $ " + line);
    Files.createDirectories(dir);
    long total =
        duration != null
            ? duration
            : Long.parseLong(
                phase.isLoad()
                    ? variables.get("recordcount")
                    : experiment
                        .phaseProperties(phase, engine, variables, memory.regimeApplies())
                        .get("operationcount"));
    Path prefix = raw.resolve(name);
    PhaseProcess.Measured measured;
    if (memory.limitBytes() != null) {
      long pageCache = pageCacheShares(experiment, memory, variables, List.of(engine)).get(engine);
      try (MemoryLimit limit =
          MemoryLimit.create(
              "ycsb-embedded-" + ProcessHandle.current().pid(), memory.limitBytes())) {
        limit.writeBack(dir);
        measured =
            PhaseProcess.run(
                command,
                home,
                prefix,
                limit,
                pageCache,
                jvmReport,
                engine + " " + phase.id(),
                progress,
                total,
                duration != null,
                phase.isLoad() ? 0 : scale.warmupSeconds());
      }
    } else {
      measured =
          PhaseProcess.run(
              command,
              home,
              prefix,
              null,
              0,
              jvmReport,
              engine + " " + phase.id(),
              progress,
              total,
              duration != null,
              0);
    }
    String version = YcsbOutput.engineVersion(measured.stdout(), engine);
    if (version != null) {
      versions.computeIfAbsent(engine, e -> new LinkedHashSet<>()).add(version);
    }
    String error = failure(measured, phase.accepted());
    if (measured.outOfMemory()) {
      error =
          "the phase's JVM needed more than the memory limit of "
              + Units.bytes(memory.limitBytes())
              + " and was ended; raise jvm.overhead in the experiment file, or the limit with --memory-limit";
    } else if (error != null && memory.limitBytes() != null && measured.exitCode() == 137) {
      error +=
          " (killed: the memory limit of "
              + Units.bytes(memory.limitBytes())
              + " is too small for this phase's JVM)";
    }
    return figures(phase)
        .repetition(
            rep,
            line,
            measured,
            error,
            diskUsage(dir, otherDatasets(phase)),
            home.relativize(prefix).toString() + ".stdout",
            home.relativize(prefix).toString() + ".stderr");
  }

  private PhaseFigures figures(Phase phase) {
    int batch;
    try {
      batch = phase.keysAreSpeed() ? experiment.batchSize(phase) : 1;
    } catch (ExperimentException | RuntimeException e) {
      batch = 1;
    }
    return new PhaseFigures(
        phase.isLoad(),
        phase.keysAreSpeed(),
        batch,
        scale.warmupSeconds(),
        experiment.recordBytes(),
        experiment.updateBytes(),
        experiment.dataSize(scale),
        phase.accepted());
  }

  /** The phase's figures over its repetitions: each figure of the median one, and the spreads. */
  private Results.PhaseRun summarize(Phase phase, List<Results.Repetition> reps) {
    PhaseFigures figures = figures(phase);
    Results.Repetition failed =
        reps.stream().filter(Results.Repetition::failed).findFirst().orElse(null);
    List<Results.Repetition> ok = reps.stream().filter(r -> !r.failed()).toList();
    Spread throughput = Spread.of(ok.stream().map(Results.Repetition::throughput).toList());
    Spread speed = Spread.of(ok.stream().map(Results.Repetition::speed).toList());
    Results.Repetition median =
        failed != null
            ? failed
            : ok.stream()
                .filter(r -> r.throughput() == throughput.median())
                .findFirst()
                .orElse(reps.get(0));
    String unit = phase.keysAreSpeed() ? "keys/s" : "ops/s";
    return new Results.PhaseRun(
        phase.id(),
        phase.label(),
        median.command(),
        median.exitCode(),
        failed != null,
        failed == null ? null : failed.error(),
        median.throughput(),
        median.speed(),
        unit,
        median.runtimeMs(),
        median.windowOperations(),
        median.failedOperations(),
        median.operationTypes(),
        median.cpuTotalSeconds(),
        median.cpuUserSeconds(),
        median.cpuSystemSeconds(),
        median.peakMemoryBytes(),
        median.averageMemoryBytes(),
        median.diskApparentBytes(),
        median.diskAllocatedBytes(),
        median.timeline(),
        median.stdoutFile(),
        median.stderrFile(),
        reps,
        throughput.median(),
        throughput.min(),
        throughput.max(),
        speed.median(),
        speed.min(),
        speed.max(),
        median.totalThroughput(),
        failed == null ? figures.writeAmplification(median) : null,
        failed == null ? figures.readAmplification(median) : null);
  }

  private static Results.Repetition failed(int rep, String error) {
    return new Results.Repetition(
        rep,
        "",
        -1,
        true,
        error,
        Double.NaN,
        Double.NaN,
        0,
        0,
        false,
        Double.NaN,
        0,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        -1,
        -1,
        -1,
        -1,
        0,
        0,
        -1,
        -1,
        -1,
        -1,
        -1,
        -1,
        0,
        0,
        0,
        Map.of(),
        Map.of(),
        List.of(),
        "",
        "");
  }

  /**
   * Why the phase failed, or null: a non-zero exit, no final report, or operations that were not
   * OK.
   */
  static String failure(PhaseProcess.Measured measured, Set<String> accepted) {
    YcsbOutput output = YcsbOutput.parse(measured.stdout());
    if (measured.exitCode() != 0) {
      return "exit " + measured.exitCode() + ": " + lastMessage(measured.stderr());
    }
    if (!output.complete()) {
      return "no YCSB report in the output: " + lastMessage(measured.stderr());
    }
    long failed = output.failedOperations(accepted);
    if (failed > 0) {
      return failed + " operations did not return OK: " + lastMessage(measured.stderr());
    }
    return null;
  }

  /**
   * The line that explains a failure: the launcher's one-line error, an exception, or the last
   * line.
   */
  static String lastMessage(String stderr) {
    List<String> lines = stderr.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    for (String line : lines) {
      if (line.startsWith("ycsb: ")) {
        return line.substring("ycsb: ".length());
      }
    }
    for (String line : lines) {
      if (line.contains("Exception") || line.contains("Error") || line.contains(" failed: ")) {
        return line;
      }
    }
    return lines.isEmpty() ? "(no output on stderr)" : lines.get(lines.size() - 1);
  }

  /**
   * The data sets of the experiment's other phases that live inside this phase's folder: those of
   * the engine's own folder ({@code ""}) hold the others as subfolders, which are not its data.
   */
  private Set<String> otherDatasets(Phase phase) {
    Set<String> others = new HashSet<>();
    if (phase.dataset().isEmpty()) {
      for (Phase other : experiment.phases()) {
        if (!other.dataset().isEmpty()) {
          others.add(other.dataset());
        }
      }
    }
    return others;
  }

  /**
   * Apparent bytes (file sizes) and allocated bytes ({@code du}) under {@code dir}, leaving out its
   * subfolders named in {@code excluded} (other phases' data sets).
   */
  static long[] diskUsage(Path dir, Set<String> excluded) throws IOException, InterruptedException {
    if (!Files.isDirectory(dir)) {
      return new long[] {0, 0};
    }
    List<Path> children = new ArrayList<>();
    try (Stream<Path> list = Files.list(dir)) {
      list.filter(p -> !(excluded.contains(p.getFileName().toString()) && Files.isDirectory(p)))
          .sorted()
          .forEach(children::add);
    }
    long apparent = 0;
    for (Path child : children) {
      try (Stream<Path> files = Files.walk(child)) {
        for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
          apparent += Files.size(file);
        }
      }
    }
    if (children.isEmpty()) {
      return new long[] {0, 0};
    }
    long allocated = apparent;
    List<String> command = new ArrayList<>(List.of("du", "-s", "-c", "-B1"));
    children.forEach(c -> command.add(c.toString()));
    Process du = new ProcessBuilder(command).redirectErrorStream(true).start();
    List<String> out =
        new String(du.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
            .lines()
            .toList();
    String total = out.isEmpty() ? "" : out.get(out.size() - 1).trim();
    if (du.waitFor() == 0 && total.matches("\\d+\\s+total")) {
      allocated = Long.parseLong(total.split("\\s+", -1)[0]);
    }
    return new long[] {apparent, allocated};
  }

  /** Deletes every engine's data. */
  void deleteData() throws IOException {
    if (!Files.exists(data)) {
      return;
    }
    try (Stream<Path> tree = Files.walk(data)) {
      for (Path p : (Iterable<Path>) tree.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }
}
