package io.github.ycsbembedded.experiments.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Runs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The latency experiment's reads at four rates of LMDB, made up: each point's rate asked and held,
 * its latency from the due time beside the service time, and the highest rate whose p99 from the
 * due time stayed within the file's 10 ms.
 */
class FixedRatesTest {
  /** A run asked for {@code target} ops/s that held {@code held} reads a second over 10 s. */
  private static Results.Repetition rep(double target, double held, double dueP99Us) {
    Results.Repetition r = Runs.rep(1, 1, held);
    Results.Figures f = r.figures();
    Results.Figures figures =
        new Results.Figures(
            new Results.MeasuredSpeed(held, held, held, 12_000, 1, target),
            new Results.WindowFigures(
                10, (long) (held * 10), true, Map.of("READ", (long) (held * 10)), -1, -1),
            f.cpu(),
            f.io(),
            f.memory(),
            f.disk(),
            f.amplification());
    Map<String, Results.Latency> latency =
        Map.of(
            "READ", new Results.Latency(100, 50, 40, 80, 120, 200, 300, null),
            "Intended-READ",
                new Results.Latency(100, 60, 45, 90, dueP99Us, 2 * dueP99Us, 3 * dueP99Us, null));
    return new Results.Repetition(1, 1, r.outcome(), figures, Map.of(), latency, List.of(), null);
  }

  @Test
  void eachRateGetsItsHeldRateAndLatencyFromTheDueTimeAndTheCurveItsHighestRateWithinTheBound()
      throws Exception {
    Experiment latency = Experiment.load(ExperimentTest.EXPERIMENTS, "latency");
    Results.Run run =
        Runs.run(
            "latency",
            "quick",
            "h",
            Runs.engine(
                "lmdb",
                "h",
                Runs.phase("reads-at-0.25", rep(1000, 1000, 2_000)),
                Runs.phase("reads-at-0.5", rep(2000, 1990, 6_000)),
                Runs.phase("reads-at-0.75", rep(3000, 2990, 40_000)),
                Runs.phase("reads-at-0.9", rep(3600, 3000, 900_000))));
    List<FixedRates.Curve> curves = FixedRates.of(new Context(latency, run));

    assertThat(curves).extracting(FixedRates.Curve::name).containsExactly("reads-at");
    List<FixedRates.Point> points = curves.get(0).byEngine().get("lmdb");
    assertThat(points)
        .extracting(FixedRates.Point::phase)
        .containsExactly("reads-at-0.25", "reads-at-0.5", "reads-at-0.75", "reads-at-0.9");
    assertThat(points).extracting(p -> p.held()).containsExactly(true, true, true, false);
    assertThat(points.get(1).achieved().median()).isEqualTo(1990);
    assertThat(points.get(1).p99().median()).as("from the due time").isEqualTo(6_000);
    assertThat(points.get(1).serviceP99().median()).as("service time").isEqualTo(120);
    // 10 ms bound: 1,990/s (p99 6 ms) is the highest held within it; 2,990/s took 40 ms
    assertThat(curves.get(0).highestWithinBound()).containsEntry("lmdb", 1990.0);
  }
}
