package io.github.ycsbembedded.experiments.results;

import java.util.List;
import java.util.Map;

/** Results made up for a test: every figure unknown but the speed, trial and index given. */
public final class Runs {
  private Runs() {}

  public static Results.Repetition rep(int trial, int index, double speed) {
    Results.Figures figures =
        new Results.Figures(
            new Results.MeasuredSpeed(speed, speed, speed, 12_000, 1, null),
            new Results.WindowFigures(10, (long) (speed * 10), true, Map.of(), -1, -1),
            new Results.Cpu(1, 1),
            new Results.Io(0, 0, 0, 0),
            Results.MemoryUse.builder().peak(100, 100).build(),
            new Results.Disk(10, 10, 0),
            new Results.Amplification(null, null));
    return new Results.Repetition(
        trial,
        index,
        new Results.Outcome(
            "bin/ycsb run x",
            0,
            null,
            new Results.Logs(
                "raw/x-" + trial + "-" + index + ".stdout",
                "raw/x-" + trial + "-" + index + ".stderr")),
        figures,
        Map.of(),
        Map.of(),
        List.of(),
        null);
  }

  public static Results.Repetition failedRep(int trial, int index, String error) {
    Results.Repetition r = rep(trial, index, Double.NaN);
    return r.withOutcome(new Results.Outcome(r.command(), 1, error, r.outcome().logs()));
  }

  public static Results.PhaseRun phase(String id, Results.Repetition... reps) {
    return new Results.PhaseRun(id, id, "ops/s", List.of(reps));
  }

  public static Results.EngineRun engine(String name, String host, Results.PhaseRun... phases) {
    return new Results.EngineRun(name, host, null, List.of(), null, List.of(phases));
  }

  public static Results.Run run(
      String experiment, String scale, String host, Results.EngineRun... engines) {
    return run(experiment, scale, host, 1, engines);
  }

  public static Results.Run run(
      String experiment, String scale, String host, int trials, Results.EngineRun... engines) {
    return Results.Run.builder()
        .experiment(new Results.ExperimentRef(experiment, "t", "s", null))
        .scale(new Results.ScaleRef(scale, 1000, 1000L * 1024))
        .startedAt("2026-11-23T10:00")
        .finishedAt("2026-11-23T10:05")
        .machines(
            List.of(new Results.Machine(host, 2, 1L << 30, "cpu", "os", "jdk", "fs", null, null)))
        .invocation(new Results.Invocation(List.of(experiment), Map.of("scale", scale)))
        .protocol(new Results.Protocol(trials, 1, 2, 12, 1))
        .memory(new Results.MemorySetup(null, 256L << 20, true, null))
        .variants(List.of(new Results.VariantRun(Results.BASE, Map.of(), "", List.of(engines))))
        .build();
  }
}
