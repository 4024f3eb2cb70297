package io.github.ycsbembedded.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Runs;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Runs' latency taken together by adding their histograms, never by their percentiles. */
class AddedLatencyTest {
  /** A run whose READs all took {@code us} µs ({@code count} of them), its histogram kept. */
  private static Results.Repetition reads(int trial, long us, int count, boolean keep) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(us, count);
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer);
    byte[] bytes = new byte[length];
    buffer.flip();
    buffer.get(bytes);
    Results.Latency l =
        new Results.Latency(
            count, us, us, us, us, us, us, keep ? Base64.getEncoder().encodeToString(bytes) : null);
    Results.Repetition r = Runs.rep(trial, 1, 1000);
    return new Results.Repetition(
        r.trial(),
        r.index(),
        r.outcome(),
        r.figures(),
        Map.of(),
        Map.of("READ", l),
        List.of(),
        null);
  }

  @Test
  void theRunsPercentilesAreThoseOfTheirHistogramsAddedNotTheMedianOfTheirs() {
    // three runs: 100 reads at 100 µs, 100 at 1,000 µs, 200 at 100 µs — per-run p50s 100, 1,000,
    // 100 (median 100) and p99s alike; added: 300 reads at 100 µs and 100 at 1,000 µs
    Results.PhaseRun r =
        new Results.PhaseRun(
            "c",
            "C",
            "ops/s",
            List.of(reads(1, 100, 100, true), reads(2, 1000, 100, true), reads(3, 100, 200, true)));

    assertThat(PhaseSections.added(PhaseSections.added(r, "READ"), 50)).isEqualTo("100");
    assertThat(PhaseSections.added(PhaseSections.added(r, "READ"), 75)).isEqualTo("100");
    assertThat(PhaseSections.added(PhaseSections.added(r, "READ"), 76)).isEqualTo("1,000");
    assertThat(PhaseSections.added(PhaseSections.added(r, "READ"), 99)).isEqualTo("1,000");
    assertThat(PhaseSections.added(PhaseSections.added(r, "UPDATE"), 99))
        .as("no such operation")
        .isEqualTo("n/a");
  }

  @Test
  void aRunWithoutItsHistogramLeavesTheRunsTogetherUnmeasured() {
    Results.PhaseRun r =
        new Results.PhaseRun(
            "c", "C", "ops/s", List.of(reads(1, 100, 100, true), reads(2, 1000, 100, false)));

    assertThat(PhaseSections.added(PhaseSections.added(r, "READ"), 50)).isEqualTo("n/a");
  }
}
