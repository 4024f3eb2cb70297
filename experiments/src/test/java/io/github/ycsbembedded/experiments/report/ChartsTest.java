package io.github.ycsbembedded.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.experiments.results.Spread;
import java.awt.Color;
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

  @Test
  void anEngineIsDrawnInItsDescriptorsColourAndAnUnknownOneInASpareColour() {
    assertThat(Charts.color("lmdb speed")).isEqualTo(new Color(0x1f77b4));
    assertThat(Charts.color("rocksdb")).isEqualTo(new Color(0xd62728));
    assertThat(Charts.color("leveldb p99")).isEqualTo(new Color(0x2ca02c));
    assertThat(Charts.color("published")).isEqualTo(new Color(0x8c8c8c));
    // the seven engines, each in a colour of its own: one chart tells them apart
    assertThat(
            java.util.stream.Stream.of(
                    "lmdb", "rocksdb", "leveldb", "wiredtiger", "sqlite", "mvstore", "berkeleydb")
                .map(Charts::color)
                .toList())
        .doesNotHaveDuplicates()
        .doesNotContain(Charts.color("published"));
    Color spare = Charts.color("nosuchengine");
    assertThat(spare)
        .isEqualTo(Charts.color("nosuchengine base"))
        .isIn(
            new Color(0xff7f0e),
            new Color(0x8c564b),
            new Color(0xe377c2),
            new Color(0x17becf),
            new Color(0xbcbd22));
  }
}
