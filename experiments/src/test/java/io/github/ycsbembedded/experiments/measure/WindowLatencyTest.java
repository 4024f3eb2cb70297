package io.github.ycsbembedded.experiments.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.results.Results;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Latency over the window from HdrHistogram interval logs written the way YCSB writes them. */
class WindowLatencyTest {
  @TempDir Path tmp;

  private static final long BASE = 1_700_000_000_000L;

  /** An interval log of one operation: second i's latencies are all {@code valuesUs[i]}. */
  private void log(String operation, long... valuesUs) throws Exception {
    try (PrintStream out =
        new PrintStream(Files.newOutputStream(tmp.resolve("run-" + operation + ".hdr")))) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputComment("[Logging for: " + operation + "]");
      writer.outputLogFormatVersion();
      writer.outputStartTime(BASE);
      writer.setBaseTime(BASE);
      writer.outputLegend();
      for (int i = 0; i < valuesUs.length; i++) {
        Histogram h = new Histogram(3);
        for (int n = 0; n < 100; n++) {
          h.recordValue(valuesUs[i]);
        }
        h.setStartTimeStamp(BASE + i * 1000L);
        h.setEndTimeStamp(BASE + (i + 1) * 1000L);
        writer.outputIntervalHistogram(h);
      }
    }
  }

  @Test
  void onlyTheIntervalsThatEndedInsideTheWindowCount() throws Exception {
    // seconds 1-2 are the warm-up (slow), 3-5 the window, 6 the final flush
    log("READ", 5000, 5000, 100, 200, 300, 9000);
    log("CLEANUP", 70000);

    // the window's first status line comes at second 2, its last at second 5
    Map<String, Results.Latency> window =
        WindowLatency.read(tmp.resolve("run-"), BASE + 2000, BASE + 5000);

    assertThat(window).containsOnlyKeys("READ");
    Results.Latency read = window.get("READ");
    assertThat(read.count()).isEqualTo(300);
    assertThat(read.maxUs()).isBetween(300.0, 301.0);
    assertThat(read.p50Us()).isBetween(200.0, 201.0);
    assertThat(read.meanUs()).isBetween(199.0, 201.0);
  }

  @Test
  void withoutAWindowTheWholeRunCounts() throws Exception {
    log("INSERT", 100, 200);
    Results.Latency insert = WindowLatency.read(tmp.resolve("run-"), -1, -1).get("INSERT");
    assertThat(insert.count()).isEqualTo(200);
    assertThat(insert.maxUs()).isBetween(200.0, 201.0);
  }

  @Test
  void anOperationWithNoIntervalInTheWindowCountsOverTheWholeRun() throws Exception {
    // two operations logged in seconds 1-2 only; the window is seconds 3-5
    log("USER_READ", 700, 900);

    Results.Latency read =
        WindowLatency.read(tmp.resolve("run-"), BASE + 2000, BASE + 5000).get("USER_READ");

    assertThat(read.count()).isEqualTo(200);
    assertThat(read.maxUs()).isBetween(900.0, 901.0);
  }

  @Test
  void noLogsNoLatency() throws Exception {
    assertThat(WindowLatency.read(tmp.resolve("missing/run-"), 0, 1)).isEmpty();
  }

  @Test
  void anIntervalWhoseHeaderUnderstatesItsValuesIsReadWhole() throws Exception {
    // three seconds of a fixed-rate LMDB run's update log at small, as YCSB wrote it;
    // HdrHistogram's
    // HistogramLogReader throws ArrayIndexOutOfBoundsException on the second (its header's bound
    // is below the values its counts hold)
    Path log = Path.of(getClass().getResource("/hdr/stale-bound-UPDATE.hdr").toURI());
    long start = 1_795_809_083_809L; // the log's StartTime, in ms

    // YCSB's status line for that second printed "UPDATE: Count=9357, Max=4663"
    Histogram second = WindowLatency.merge(log, start + 33_000, start + 34_000);
    assertThat(second.getTotalCount()).isEqualTo(9357);
    assertThat(second.getMaxValue()).isBetween(4663L, 4665L);

    assertThat(WindowLatency.merge(log, Long.MIN_VALUE, Long.MAX_VALUE).getTotalCount())
        .isGreaterThan(9357);
  }

  @Test
  void aLineThatIsNoIntervalNamesTheFileAndLine() throws Exception {
    Path log = tmp.resolve("bad-READ.hdr");
    Files.writeString(log, "#[StartTime: 1700000000.000 (seconds since epoch)]\n1.0,1.0,HIST\n");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> WindowLatency.merge(log, Long.MIN_VALUE, Long.MAX_VALUE))
        .isInstanceOf(java.io.IOException.class)
        .hasMessage(log + ", line 2: not a histogram log line (not an interval: 3 fields)");
  }
}
