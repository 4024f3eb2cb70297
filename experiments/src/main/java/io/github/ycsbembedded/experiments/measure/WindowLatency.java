package io.github.ycsbembedded.experiments.measure;

import io.github.ycsbembedded.experiments.results.Results;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Latency percentiles over a phase's measurement window, exact rather than averaged: YCSB writes
 * each operation type's histogram of every status interval to a log ({@code
 * hdrhistogram.fileoutput=true}, one {@code <prefix><OPERATION>.hdr} file per type), and the
 * intervals that ended inside the window are added into one histogram, whose percentiles are the
 * window's.
 */
public final class WindowLatency {
  /** How far an interval's end may lie from the status line it was printed with. */
  static final long SLACK_MS = 500;

  private WindowLatency() {}

  /** The YCSB property values that make a run write the logs {@link #read} reads. */
  public static Map<String, String> properties(Path prefix) {
    return Map.of(
        "hdrhistogram.fileoutput", "true",
        "hdrhistogram.output.path", prefix.toString(),
        "hdrhistogram.percentiles", "50,95,99,99.9");
  }

  /**
   * Every operation type's latency over the intervals that ended after the window's first status
   * line ({@code startMs}) and by its last ({@code endMs}), or over the whole run when {@code
   * startMs} is negative (a run too short for a window) or when no interval of that type ended in
   * the window (a window of a second or two, whose operations YCSB logged in the interval after
   * it); the {@code CLEANUP} log is left out. Empty when there are no logs.
   */
  public static Map<String, Results.Latency> read(Path prefix, long startMs, long endMs)
      throws IOException {
    Map<String, Results.Latency> latency = new TreeMap<>();
    Path folder = prefix.getParent();
    String stem = prefix.getFileName().toString();
    if (folder == null || !Files.isDirectory(folder)) {
      return latency;
    }
    long from = startMs < 0 ? Long.MIN_VALUE : startMs + SLACK_MS;
    long to = startMs < 0 ? Long.MAX_VALUE : endMs + SLACK_MS;
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        String name = file.getFileName().toString();
        if (!name.startsWith(stem) || !name.endsWith(".hdr")) {
          continue;
        }
        String operation = name.substring(stem.length(), name.length() - ".hdr".length());
        if (operation.endsWith("CLEANUP") || operation.isEmpty()) {
          continue;
        }
        Histogram merged = merge(file, from, to);
        if (merged.getTotalCount() == 0 && startMs >= 0) {
          merged = merge(file, Long.MIN_VALUE, Long.MAX_VALUE);
        }
        if (merged.getTotalCount() > 0) {
          latency.put(operation, of(merged));
        }
      }
    }
    return latency;
  }

  /** The intervals of {@code log} that ended after {@code from} and by {@code to}, added up. */
  static Histogram merge(Path log, long from, long to) throws IOException {
    Histogram merged = new Histogram(3);
    HistogramLogReader reader;
    try {
      reader = new HistogramLogReader(log.toFile());
    } catch (FileNotFoundException e) {
      return merged;
    }
    try {
      EncodableHistogram interval;
      while ((interval = reader.nextIntervalHistogram()) != null) {
        long end = interval.getEndTimeStamp();
        if (end > from && end <= to && interval instanceof Histogram h) {
          merged.add(h);
        }
      }
    } finally {
      reader.close();
    }
    return merged;
  }

  static Results.Latency of(Histogram h) {
    return new Results.Latency(
        h.getTotalCount(),
        h.getMean(),
        h.getValueAtPercentile(50),
        h.getValueAtPercentile(95),
        h.getValueAtPercentile(99),
        h.getValueAtPercentile(99.9),
        h.getMaxValue());
  }
}
