package io.github.ycsbembedded.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.experiments.results.Spread;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every chart names both its axes; log scales take values of any span. */
class ChartsTest {
  @TempDir Path dir;

  @Test
  void aChartWithoutAnAxisTitleIsRefusedWhereItIsMade() {
    assertThatThrownBy(
            () ->
                Charts.lines(
                    "t",
                    "",
                    "ms",
                    false,
                    List.of(new Charts.Line("lmdb", List.of(1.0), List.of(2.0), false)),
                    dir.resolve("x.png")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a chart's axes need titles: t");
  }

  @Test
  void logScaleChartsOfValuesWithinOneDecadeAreDrawn() throws Exception {
    Path ranges = dir.resolve("ranges.png");
    Charts.ranges(
        "latency",
        "ms",
        List.of("a", "c"),
        List.of(
            new Charts.RangeSeries(
                "lmdb", List.of(Spread.of(List.of(1.2, 1.4)), Spread.of(List.of(1.6, 1.9))))),
        true,
        ranges);
    assertThat(ranges).isNotEmptyFile();
    Path timeline = dir.resolve("timeline.png");
    Charts.timeline(
        "p99",
        "ms",
        List.of(new Charts.Line("lmdb", List.of(0.0, 1.0, 2.0), List.of(1.1, 1.3, 1.2), false)),
        1,
        true,
        timeline);
    assertThat(timeline).isNotEmptyFile();
  }
}
