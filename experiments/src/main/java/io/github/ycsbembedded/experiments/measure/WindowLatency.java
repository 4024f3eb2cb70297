package io.github.ycsbembedded.experiments.measure;

import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

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

  /** The values a decoded interval has room for, in µs (YCSB's unit): an hour. */
  static final long DECODE_BAR_US = 3_600_000_000L;

  private static final String START_TIME = "#[StartTime: ";
  private static final String BASE_TIME = "#[BaseTime: ";
  private static final double YEAR_SECONDS = 365 * 24 * 3600.0;

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

  /**
   * The intervals of {@code log} that ended after {@code from} and by {@code to}, added up. The log
   * is read as HdrHistogram's {@code HistogramLogReader} reads it — comments, the {@code StartTime}
   * and {@code BaseTime} lines, the legend, then one interval a line, {@code
   * [Tag=..,]start,length,max,histogram} — but each histogram is decoded with room for values up to
   * {@link #DECODE_BAR_US}: YCSB's writer can encode an interval whose header bounds its values
   * below what its counts hold (the histogram grew while it was encoded), which that reader fails
   * on with an {@code ArrayIndexOutOfBoundsException} although the counts are right (a fixed-rate
   * LMDB run at small: the interval decoded so reads 9,357 updates, at most 4,663 µs, as YCSB's own
   * status line for that second printed). A line that does not parse is an {@link IOException}
   * naming the file and line.
   */
  static Histogram merge(Path log, long from, long to) throws IOException {
    Histogram merged = new Histogram(3);
    if (!Files.isRegularFile(log)) {
      return merged;
    }
    Double startSec = null;
    Double baseSec = null;
    int number = 0;
    for (String line : Files.readAllLines(log, StandardCharsets.US_ASCII)) {
      number++;
      try {
        if (line.startsWith(START_TIME)) {
          startSec = seconds(line, START_TIME);
        } else if (line.startsWith(BASE_TIME)) {
          baseSec = seconds(line, BASE_TIME);
        } else if (!line.isBlank() && !line.startsWith("#") && !line.startsWith("\"")) {
          String[] fields = line.split(",", -1);
          int first = fields[0].startsWith("Tag=") ? 1 : 0;
          if (fields.length - first != 4) {
            throw new IllegalArgumentException("not an interval: " + fields.length + " fields");
          }
          double stamp = Double.parseDouble(fields[first]);
          double length = Double.parseDouble(fields[first + 1]);
          if (startSec == null) {
            startSec = stamp;
          }
          if (baseSec == null) {
            // as HistogramLogReader decides: stamps more than a year before the start are
            // relative to it
            baseSec = stamp < startSec - YEAR_SECONDS ? startSec : 0.0;
          }
          long end = (long) ((stamp + baseSec + length) * 1000.0);
          if (end > from && end <= to) {
            merged.add(decode(fields[first + 3]));
          }
        }
      } catch (IllegalArgumentException | DataFormatException | IndexOutOfBoundsException e) {
        throw new IOException(
            log + ", line " + number + ": not a histogram log line (" + e.getMessage() + ")", e);
      }
    }
    return merged;
  }

  private static double seconds(String line, String prefix) {
    int end = line.indexOf(' ', prefix.length());
    return Double.parseDouble(line.substring(prefix.length(), end < 0 ? line.length() : end));
  }

  private static Histogram decode(String base64) throws DataFormatException {
    return Histogram.decodeFromCompressedByteBuffer(
        ByteBuffer.wrap(Base64.getDecoder().decode(base64)), DECODE_BAR_US);
  }

  static Results.Latency of(Histogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer);
    byte[] encoded = new byte[length];
    buffer.flip();
    buffer.get(encoded);
    return new Results.Latency(
        h.getTotalCount(),
        h.getMean(),
        h.getValueAtPercentile(50),
        h.getValueAtPercentile(95),
        h.getValueAtPercentile(99),
        h.getValueAtPercentile(99.9),
        h.getMaxValue(),
        Base64.getEncoder().encodeToString(encoded));
  }
}
