package io.github.ycsbembedded.experiments.run;

import io.github.ycsbembedded.experiments.measure.MemoryLimit;
import io.github.ycsbembedded.experiments.measure.PhaseFigures;
import io.github.ycsbembedded.experiments.measure.PhaseProcess;
import io.github.ycsbembedded.experiments.measure.Window;
import io.github.ycsbembedded.experiments.measure.WindowLatency;
import io.github.ycsbembedded.experiments.measure.YcsbOutput;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.plan.PhaseCommand;
import io.github.ycsbembedded.experiments.plan.RunPlan;
import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs one engine × phase once, in its own JVM through {@code bin/ycsb} (in the plan's memory
 * cgroup when it has one), and turns what was measured into a {@link Results.Repetition}.
 */
final class PhaseRunner implements PhaseExecutor {
  private final RunPlan plan;
  private final PrintStream log;
  private final PrintStream progress;
  private final PhaseStop stop;

  PhaseRunner(RunPlan plan, PrintStream log, PrintStream progress, PhaseStop stop) {
    this.plan = plan;
    this.log = log;
    this.progress = progress;
    this.stop = stop;
  }

  @Override
  public Outcome run(Phase phase, String engine, int trial, int index, boolean first, Double target)
      throws IOException, InterruptedException {
    Path dir = plan.data().resolve(engine).resolve(phase.dataset());
    Integer duration = plan.duration(phase);
    String name =
        (plan.variant().base() ? "" : plan.variant().name() + "-")
            + engine
            + "-"
            + phase.id()
            + "-t"
            + trial
            + "-"
            + index;
    Path raw = plan.out().resolve("raw").resolve(name);
    List<String> command =
        PhaseCommand.of(
            plan, phase, engine, dir, first, plan.threads(phase), duration, raw, target);
    String line = PhaseCommand.line(command);
    log.println("  $ " + line);
    Files.createDirectories(dir);
    PhaseProcess.Measured measured;
    try {
      measured = measure(phase, engine, dir, duration, raw, command);
    } catch (IOException e) {
      return new Outcome(Results.Repetition.failed(trial, index, line, e.getMessage()), null);
    }
    String error = error(measured, phase);
    PhaseFigures figures = figures(phase);
    Window window = figures.window(measured);
    Map<String, Results.Latency> latency =
        window == null
            ? WindowLatency.read(Path.of(raw + "-"), -1, -1)
            : WindowLatency.read(
                Path.of(raw + "-"), window.start().timeMs(), window.end().timeMs());
    Results.Logs logs =
        new Results.Logs(
            plan.out().relativize(Path.of(raw + ".stdout")).toString(),
            plan.out().relativize(Path.of(raw + ".stderr")).toString());
    Results.Repetition repetition =
        figures.repetition(
            new PhaseFigures.Run(
                trial,
                index,
                line,
                error,
                DiskUsage.of(dir, engine, otherDatasets(phase)),
                logs,
                latency,
                EngineStatsFile.read(raw),
                target),
            measured);
    String tooShort = error == null ? figures.shortWindow(window) : null;
    if (tooShort != null) {
      repetition = repetition.withOutcome(repetition.outcome().withExcluded(tooShort));
    }
    return new Outcome(repetition, YcsbOutput.engineVersion(measured.stdout(), engine));
  }

  private PhaseProcess.Measured measure(
      Phase phase, String engine, Path dir, Integer duration, Path raw, List<String> command)
      throws IOException, InterruptedException {
    long total =
        duration != null
            ? duration
            : phase.isLoad() ? plan.scale().records() : operations(phase, engine);
    PhaseProcess.Progress shown =
        new PhaseProcess.Progress(engine + " " + phase.id(), progress, total, duration != null);
    Path report = PhaseCommand.jvmReport(raw);
    if (plan.memory().limitBytes() == null) {
      return PhaseProcess.run(
          new PhaseProcess.Request(command, plan.home(), raw, report, null, shown, stop));
    }
    long pageCache = plan.pageCacheShares().get(engine);
    try (MemoryLimit limit =
        MemoryLimit.create(
            "ycsb-embedded-" + ProcessHandle.current().pid(), plan.memory().limitBytes())) {
      limit.writeBack(dir);
      PhaseProcess.Hold hold =
          new PhaseProcess.Hold(limit, pageCache, phase.isLoad() ? 0 : plan.scale().warmup());
      return PhaseProcess.run(
          new PhaseProcess.Request(command, plan.home(), raw, report, hold, shown, stop));
    }
  }

  private long operations(Phase phase, String engine) {
    String count =
        io.github.ycsbembedded.experiments.model.EngineSettings.properties(
                plan.experiment(), phase, engine, plan.settingsContext())
            .get("operationcount");
    return Long.parseLong(count);
  }

  /** Why the run failed, with what the memory limit had to do with it; null when it did not. */
  private String error(PhaseProcess.Measured measured, Phase phase) {
    String error = Failures.of(measured, Set.copyOf(phase.counting().accept()));
    Long limit = plan.memory().limitBytes();
    if (measured.memory().outOfMemory()) {
      return "the phase's JVM needed more than the memory limit of "
          + Units.bytes(limit)
          + " and was ended; raise jvm.overhead in the experiment file, or the limit with --memory-limit";
    }
    if (error != null && limit != null && measured.exitCode() == 137) {
      return error
          + " (killed: the memory limit of "
          + Units.bytes(limit)
          + " is too small for this phase's JVM)";
    }
    return error;
  }

  private PhaseFigures figures(Phase phase) {
    int batch = 1;
    if (phase.keysAreSpeed()) {
      try {
        batch = plan.experiment().batchSize(phase);
      } catch (ExperimentException | RuntimeException e) {
        batch = 1;
      }
    }
    return new PhaseFigures(
        phase.isLoad(),
        phase.keysAreSpeed(),
        batch,
        plan.scale().warmup(),
        plan.duration(phase),
        plan.experiment().recordBytes(),
        plan.experiment().updateBytes(),
        plan.experiment().dataSize(plan.scale()),
        Set.copyOf(phase.counting().accept()));
  }

  /**
   * The data sets of the experiment's other phases that live inside this phase's folder: those of
   * the engine's own folder ({@code ""}) hold the others as subfolders, which are not its data.
   */
  private Set<String> otherDatasets(Phase phase) {
    Set<String> others = new HashSet<>();
    if (phase.dataset().isEmpty()) {
      for (Phase other : plan.experiment().phases()) {
        if (!other.dataset().isEmpty()) {
          others.add(other.dataset());
        }
      }
    }
    return others;
  }
}
