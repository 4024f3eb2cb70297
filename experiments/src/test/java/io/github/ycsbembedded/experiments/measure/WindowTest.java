package io.github.ycsbembedded.experiments.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The measurement window cut from YCSB's status lines. */
class WindowTest {
  private static Results.Point point(
      long ms, long seconds, long operations, Map<String, Long> counts, boolean afterCleanup) {
    return new Results.Point(ms, seconds, operations, 0, counts, Map.of(), afterCleanup);
  }

  /** A line without a time stamp or interval figures. */
  private static Results.Point point(long seconds, long operations) {
    return new Results.Point(-1, seconds, operations, 0, Map.of(), Map.of(), false);
  }

  @Test
  void theWarmUpIsCutAndTheThroughputIsOperationsOverTheTimeStamps() {
    List<Results.Point> points =
        List.of(
            point(1_000, 0, 10, Map.of("READ", 10L), false),
            point(2_000, 1, 5_000, Map.of("READ", 4_990L), false),
            point(3_000, 2, 15_000, Map.of("READ", 10_000L), false),
            point(4_500, 3, 30_000, Map.of("READ", 14_000L, "UPDATE", 1_000L), false),
            point(5_000, 4, 40_000, Map.of("READ", 10_000L), false));

    Window window = Window.of(points, 2);

    assertThat(window.start().operations()).isEqualTo(15_000);
    assertThat(window.seconds()).isEqualTo(2.0);
    assertThat(window.operations()).isEqualTo(25_000);
    assertThat(window.throughput()).isEqualTo(12_500.0);
    assertThat(window.counts())
        .containsExactlyInAnyOrderEntriesOf(Map.of("READ", 24_000L, "UPDATE", 1_000L));
  }

  /**
   * A time-bound run's window ends at its duration, whatever follows: the line WiredTiger's slow
   * close let in a second later (a few operations over a whole second) made its window 11.0 s where
   * the other engines' were 10.0, and its speed about 9% low.
   */
  @Test
  void aTimeBoundRunsWindowEndsAtItsDurationSoEveryEnginesIsAsLong() {
    List<Results.Point> points = new java.util.ArrayList<>();
    for (int s = 0; s <= 12; s++) {
      points.add(point(1_000 + s * 1_000L + s, s, s * 6_000L, Map.of("READ", 6_000L), false));
    }
    // one more line a second later, counting the last few operations before the stop
    points.add(point(14_020, 13, 72_300, Map.of("READ", 300L), false));

    Window capped = Window.of(points, 2, 12);
    Window uncapped = Window.of(points, 2);

    assertThat(capped.end().seconds()).isEqualTo(12);
    assertThat(capped.seconds()).isCloseTo(10.0, org.assertj.core.data.Offset.offset(0.02));
    assertThat(capped.throughput()).isCloseTo(6_000, org.assertj.core.data.Offset.offset(15.0));
    assertThat(uncapped.seconds())
        .as("what the window was before: the late line in")
        .isCloseTo(11.0, org.assertj.core.data.Offset.offset(0.03));
  }

  @Test
  void aWindowMuchShorterThanAskedIsNoSample() {
    PhaseFigures figures =
        new PhaseFigures(false, false, 1, 2, 12, 1000, 100, 1_000_000, java.util.Set.of());
    List<Results.Point> ended = new java.util.ArrayList<>();
    for (int s = 0; s <= 5; s++) {
      // the run's operations ran out after 5 s of the 12 asked for
      ended.add(point(1_000 + s * 1_000L, s, s * 1_000L, Map.of(), false));
    }
    List<Results.Point> whole = new java.util.ArrayList<>();
    for (int s = 0; s <= 12; s++) {
      whole.add(point(1_000 + s * 1_000L, s, s * 1_000L, Map.of(), false));
    }

    assertThat(figures.shortWindow(Window.of(ended, 2, 12)))
        .isEqualTo(
            "its window measured 3.0 s of the 10 s asked for, too short to stand for the phase");
    assertThat(figures.shortWindow(Window.of(whole, 2, 12))).isNull();
  }

  @Test
  void linesAfterAClientFinishedAreLeftOutWithTheFinalFlush() {
    List<Results.Point> points =
        List.of(
            point(1_000, 1, 1_000, Map.of(), false),
            point(2_000, 2, 2_000, Map.of(), false),
            point(3_000, 3, 3_000, Map.of(), false),
            point(9_000, 3, 3_000, Map.of(), true));

    Window window = Window.of(points, 1);

    assertThat(window.end().timeMs()).isEqualTo(3_000);
    assertThat(window.throughput()).isEqualTo(1_000.0);
  }

  @Test
  void trailingLinesWithoutNewOperationsAreTheFinalFlushNotTheWorkload() {
    List<Results.Point> points =
        List.of(
            point(1_000, 1, 1_000, Map.of(), false),
            point(2_000, 2, 3_000, Map.of(), false),
            point(3_000, 3, 3_000, Map.of(), false),
            point(4_000, 4, 3_000, Map.of(), false),
            point(4_500, 4, 3_000, Map.of(), true));

    Window window = Window.of(points, 1);

    assertThat(window.end().timeMs()).isEqualTo(2_000);
    assertThat(window.throughput()).isEqualTo(2_000.0);
  }

  @Test
  void aRunTooShortForTwoLinesAfterTheWarmUpHasNoWindow() {
    List<Results.Point> points =
        List.of(point(1_000, 0, 5, Map.of(), false), point(1_800, 0, 900, Map.of(), true));
    assertThat(Window.of(points, 0)).isNull();
    assertThat(Window.of(List.of(), 0)).isNull();
  }

  @Test
  void linesWithoutTimeStampsFallBackToYcsbsWholeSeconds() {
    List<Results.Point> points = List.of(point(2, 100), point(6, 900));
    assertThat(Window.of(points, 2).seconds()).isEqualTo(4.0);
    assertThat(Window.of(points, 2).throughput()).isEqualTo(200.0);
  }

  /** A real load's status lines: the window ends before the line that measured the cleanup. */
  @Test
  void aCapturedLoadsWindowEndsBeforeTheCleanup() throws IOException {
    List<Results.Point> points =
        YcsbOutputTest.captured("rocksdb-load.stderr")
            .lines()
            .map(YcsbOutput::status)
            .flatMap(Optional::stream)
            .toList();

    Window window = Window.of(points, 1);

    assertThat(window.start().operations()).isEqualTo(28_039);
    assertThat(window.end().operations()).isEqualTo(63_107);
    assertThat(window.seconds()).isEqualTo(1.002);
    assertThat(window.counts()).containsExactly(Map.entry("INSERT", 35_086L));
  }

  private static PhaseProcess.Measured measured(List<Results.Point> points) {
    return new PhaseProcess.Measured(
        0,
        "",
        "",
        points.stream().map(p -> new PhaseProcess.Sample(p, null)).toList(),
        ProcFiles.CpuSeconds.UNKNOWN,
        null,
        new PhaseProcess.Memory(-1, -1, null, -1, -1, false, Map.of()));
  }

  private static PhaseFigures figures(boolean load) {
    return new PhaseFigures(
        load, false, 1, 2, load ? null : 12, 1024, 1024, 1024, java.util.Set.of());
  }

  /**
   * A load of a few seconds is measured over its whole run: its status lines would count whole
   * batches in a second or two. A load of ten seconds keeps its window, a run phase always does.
   */
  @Test
  void aLoadUnderFiveSecondsIsMeasuredOverItsWholeRunAndALongerOneOverItsWindow() {
    List<Results.Point> short3 = new java.util.ArrayList<>();
    List<Results.Point> long10 = new java.util.ArrayList<>();
    for (int s = 0; s <= 3; s++) {
      short3.add(point(1_000 + s * 1_000L, s, s * 5_000L, Map.of("BATCH_INSERT", 1L), false));
    }
    for (int s = 0; s <= 10; s++) {
      long10.add(point(1_000 + s * 1_000L, s, s * 5_000L, Map.of("INSERT", 5_000L), false));
    }
    assertThat(figures(true).window(measured(short3))).isNull();
    assertThat(figures(true).window(measured(long10))).isNotNull();
    assertThat(figures(true).window(measured(long10)).seconds()).isGreaterThanOrEqualTo(5);
    assertThat(figures(false).window(measured(short3))).isNotNull();
  }
}
