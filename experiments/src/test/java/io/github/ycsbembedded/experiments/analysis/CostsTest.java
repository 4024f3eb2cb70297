package io.github.ycsbembedded.experiments.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Runs;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The costs of a run that are not read from the engine: the window's waits for memory. */
class CostsTest {
  private static Results.Repetition waited(Double stallSeconds) {
    Results.Repetition r = Runs.rep(1, 1, 1000);
    Results.Figures f = r.figures();
    return r.withFigures(
        new Results.Figures(
            f.speed(),
            new Results.WindowFigures(10, 10_000, true, Map.of(), -1, -1, stallSeconds),
            f.cpu(),
            f.io(),
            f.memory(),
            f.disk(),
            f.amplification()));
  }

  @Test
  void theMemoryWaitsAreTheStalledShareOfTheWindow() {
    assertThat(Costs.Cost.MEMORY_WAITS.of(waited(2.5), Double.NaN)).isEqualTo(0.25);
    assertThat(Costs.Cost.MEMORY_WAITS.of(waited(0.0), Double.NaN)).isZero();
  }

  @Test
  void aRunThatDidNotReadTheStallOrWhoseKernelDoesNotSayHasNoShare() {
    assertThat(Costs.Cost.MEMORY_WAITS.of(waited(null), Double.NaN)).as("not read").isNaN();
    assertThat(Costs.Cost.MEMORY_WAITS.of(waited(Double.NaN), Double.NaN)).as("unknown").isNaN();
  }
}
