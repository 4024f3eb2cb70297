package io.github.ycsbembedded.experiments.results;

import java.util.List;
import java.util.Map;

/** Results made up for a test: every figure unknown but the speed, trial and index given. */
public final class Runs {
  private Runs() {}

  public static Results.Repetition rep(int trial, int index, double speed) {
    return new Results.Repetition(
        trial,
        index,
        "bin/ycsb run x",
        0,
        null,
        new Results.Logs(
            "raw/x-" + trial + "-" + index + ".stdout", "raw/x-" + trial + "-" + index + ".stderr"),
        new Results.Speed(speed, speed, speed, 12_000, 1),
        new Results.WindowFigures(10, (long) (speed * 10), true, Map.of(), -1, -1),
        new Results.Cpu(1, 1),
        new Results.Io(0, 0, 0, 0),
        new Results.MemoryUse(100, 100, -1, -1, -1, -1, -1, -1, -1, -1, -1),
        new Results.Disk(10, 10, 0),
        new Results.Amplification(null, null),
        Map.of(),
        Map.of(),
        List.of(),
        null);
  }

  public static Results.Repetition failedRep(int trial, int index, String error) {
    Results.Repetition r = rep(trial, index, Double.NaN);
    return new Results.Repetition(
        r.trial(),
        r.index(),
        r.command(),
        1,
        error,
        r.logs(),
        r.speed(),
        r.window(),
        r.cpu(),
        r.io(),
        r.memory(),
        r.disk(),
        r.amplification(),
        r.operations(),
        r.latency(),
        r.timeline(),
        r.engineStats());
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
    return new Results.Run(
        Results.SCHEMA,
        experiment,
        "t",
        "s",
        scale,
        "2026-11-23T10:00",
        "2026-11-23T10:05",
        List.of(new Results.Machine(host, 2, 1L << 30, "cpu", "os", "jdk", "fs", null)),
        new Results.Protocol(trials, 1, 2, 12, 1),
        new Results.MemorySetup(null, 256L << 20, true, null),
        Map.of("scale", scale),
        1000,
        1000L * 1024,
        List.of(engines));
  }
}
