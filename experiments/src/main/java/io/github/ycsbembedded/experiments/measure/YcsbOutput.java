package io.github.ycsbembedded.experiments.measure;

import io.github.ycsbembedded.experiments.model.Ordered;
import io.github.ycsbembedded.experiments.results.Results;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads YCSB's own output: the {@code [SECTION], metric, value} lines of the final report, and the
 * status lines ({@code -s}) from which the measurement window and throughput over time are taken.
 */
public final class YcsbOutput {
  private static final Pattern METRIC = Pattern.compile("^\\[([A-Za-z_\\-]+)], ([^,]+), (.+)$");
  private static final Pattern STATUS =
      Pattern.compile(
          "(?:(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}:\\d{3}) )?(\\d+) sec: (\\d+) operations;(?: ([\\d.]+) current ops/sec;)?");
  private static final Pattern INTERVAL =
      Pattern.compile("\\[([A-Za-z_\\-]+): Count=(\\d+)(?:[^\\]]*?, 99=([\\d.]+))?");
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS");

  private final Map<String, Map<String, String>> sections = new LinkedHashMap<>();

  private YcsbOutput() {}

  /** Parses the final report in YCSB's standard output. */
  public static YcsbOutput parse(String stdout) {
    YcsbOutput out = new YcsbOutput();
    for (String line : stdout.split("\n", -1)) {
      Matcher m = METRIC.matcher(line.strip());
      if (m.matches()) {
        out.sections
            .computeIfAbsent(m.group(1), s -> new LinkedHashMap<>())
            .put(m.group(2), m.group(3).strip());
      }
    }
    return out;
  }

  /**
   * A status line (stderr with {@code -s}), if {@code line} is one: its time stamp (-1 when the
   * line has none), the seconds and operations so far, the current ops/s, each type's operations
   * since the line before and their 99th percentile latency in µs, and whether a client had already
   * finished (its cleanup was measured) — from then on the line no longer shows the steady state.
   */
  public static Optional<Results.Point> status(String line) {
    Matcher m = STATUS.matcher(line);
    if (!m.find()) {
      return Optional.empty();
    }
    long time = -1;
    if (m.group(1) != null) {
      try {
        time =
            LocalDateTime.parse(m.group(1), STAMP)
                .atZone(ZoneId.systemDefault())
                .toInstant()
                .toEpochMilli();
      } catch (DateTimeParseException e) {
        time = -1;
      }
    }
    double current = m.group(4) == null ? 0 : Double.parseDouble(m.group(4));
    Map<String, Long> counts = new TreeMap<>();
    Map<String, Double> p99 = new TreeMap<>();
    Matcher interval = INTERVAL.matcher(line);
    while (interval.find()) {
      counts.put(interval.group(1), Long.parseLong(interval.group(2)));
      if (interval.group(3) != null && Long.parseLong(interval.group(2)) > 0) {
        p99.put(interval.group(1), Double.parseDouble(interval.group(3)));
      }
    }
    boolean afterCleanup = counts.getOrDefault("CLEANUP", 0L) > 0;
    counts.remove("CLEANUP");
    p99.remove("CLEANUP");
    return Optional.of(
        new Results.Point(
            time,
            Long.parseLong(m.group(2)),
            Long.parseLong(m.group(3)),
            current,
            Ordered.copy(counts),
            Ordered.copy(p99),
            afterCleanup));
  }

  /**
   * The engine library a binding ran on, as its startup line on standard output names it ({@code
   * leveldb: io.github.ycsbembedded.leveldb.LevelDbClient on LevelDB 1.23} gives {@code LevelDB
   * 1.23}), or null when {@code stdout} has no such line for {@code binding}.
   */
  public static String engineVersion(String stdout, String binding) {
    Matcher m =
        Pattern.compile("^" + Pattern.quote(binding) + ": [\\w.$]+ on (\\S.*)$", Pattern.MULTILINE)
            .matcher(stdout);
    return m.find() ? m.group(1).strip() : null;
  }

  /** Whether the output has YCSB's final report at all. */
  public boolean complete() {
    return sections.containsKey("OVERALL");
  }

  public double throughput() {
    return number("OVERALL", "Throughput(ops/sec)");
  }

  public long runtimeMs() {
    return (long) number("OVERALL", "RunTime(ms)");
  }

  /** Keys per second of batch reads ({@code [BATCH_READ_KEYS]}), or NaN. */
  public double keysPerSecond() {
    return number("BATCH_READ_KEYS", "Throughput(keys/sec)");
  }

  public long keys() {
    double keys = number("BATCH_READ_KEYS", "Keys");
    return Double.isNaN(keys) ? 0 : (long) keys;
  }

  /**
   * Every operation type with latencies and return codes, by name (READ, UPDATE, BATCH_READ, ...);
   * CLEANUP and the JVM sections left out; the median is NaN unless YCSB was asked for it ({@code
   * hdrhistogram.percentiles=50,...}).
   */
  public Map<String, Results.Operation> operations() {
    Map<String, Results.Operation> operations = new TreeMap<>();
    for (Map.Entry<String, Map<String, String>> section : sections.entrySet()) {
      Map<String, String> metrics = section.getValue();
      if (section.getKey().equals("CLEANUP") || !metrics.containsKey("Operations")) {
        continue;
      }
      Map<String, Long> returns = new TreeMap<>();
      metrics.forEach(
          (metric, value) -> {
            if (metric.startsWith("Return=")) {
              returns.put(metric.substring("Return=".length()), (long) Double.parseDouble(value));
            }
          });
      String name = section.getKey();
      operations.put(
          name,
          new Results.Operation(
              (long) number(name, "Operations"),
              number(name, "AverageLatency(us)"),
              number(name, "MinLatency(us)"),
              number(name, "MaxLatency(us)"),
              number(name, "50thPercentileLatency(us)"),
              number(name, "95thPercentileLatency(us)"),
              number(name, "99thPercentileLatency(us)"),
              number(name, "99.9PercentileLatency(us)"),
              returns));
    }
    return operations;
  }

  /** The last cleanup's duration in ms (the final flush or checkpoint of the engine), or NaN. */
  public double cleanupMs() {
    return number("CLEANUP", "MaxLatency(us)") / 1000;
  }

  /** Operations that did not return OK, over all types. */
  public long failedOperations() {
    return failedOperations(Set.of());
  }

  /**
   * Operations that returned neither OK nor an accepted answer, over all types.
   *
   * @param accepted answers that are not failures, as {@code OPERATION:STATUS} (e.g. {@code
   *     READ:NOT_FOUND} where a read of an absent key is the expected answer)
   */
  public long failedOperations(Set<String> accepted) {
    long failed = 0;
    for (Map.Entry<String, Results.Operation> op : operations().entrySet()) {
      for (Map.Entry<String, Long> r : op.getValue().returns().entrySet()) {
        if (!r.getKey().equals("OK") && !accepted.contains(op.getKey() + ":" + r.getKey())) {
          failed += r.getValue();
        }
      }
    }
    return failed;
  }

  /** A metric's value, or NaN when absent or not a number. */
  public double number(String section, String metric) {
    String value = sections.getOrDefault(section, Map.of()).get(metric);
    if (value == null) {
      return Double.NaN;
    }
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
