package io.github.ycsbembedded.experiments.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.experiments.measure.Spread;
import io.github.ycsbembedded.experiments.measure.YcsbOutput;
import io.github.ycsbembedded.experiments.model.EngineSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Everything an experiment run measured, written as {@code results.json} (schema {@value #SCHEMA};
 * {@link ResultsFile} reads and writes it). A run holds engines, an engine its phases, a phase its
 * repetitions — one per run of the phase, in every trial — and a repetition its figures grouped by
 * what they measure. Nothing is stored twice: medians and ranges are derived ({@link
 * PhaseRun#spread}, {@link PhaseRun#median}).
 */
public final class Results {
  /** The version of the results.json format; a file of another version is refused in one line. */
  public static final int SCHEMA = 2;

  private Results() {}

  /**
   * The whole run: what ran ({@code experiment}, {@code scale}), where ({@code machines}), how
   * ({@code protocol}, {@code memory}, the runner's {@code options} as given), the records and
   * bytes of data loaded, and each engine's phases.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Run(
      int schema,
      String experiment,
      String title,
      String source,
      String scale,
      String startedAt,
      String finishedAt,
      List<Machine> machines,
      Protocol protocol,
      MemorySetup memory,
      Map<String, String> options,
      long records,
      long dataBytes,
      List<EngineRun> engines) {
    /** One engine's run of a phase, or null when that engine or phase did not run. */
    public PhaseRun phase(String engine, String phase) {
      EngineRun e = engine(engine);
      return e == null ? null : e.phase(phase);
    }

    public EngineRun engine(String engine) {
      return engines.stream().filter(e -> e.engine().equals(engine)).findFirst().orElse(null);
    }
  }

  /**
   * How the phases ran: {@code trials} loads of the data, each run phase {@code repetitions} times
   * a trial, for {@code durationSeconds} (null: to its operation count) with the first {@code
   * warmupSeconds} left out, with {@code threads} client threads unless a phase sets its own.
   */
  public record Protocol(
      int trials, int repetitions, double warmupSeconds, Integer durationSeconds, int threads) {}

  /**
   * The memory each phase's JVM had: the cgroup's {@code limitBytes} (null: none), its {@code
   * -Xmx}, whether the write-up's regime was reproduced, and the regime as applied.
   */
  public record MemorySetup(
      Long limitBytes, long heapMaxBytes, boolean regimeReproduced, Regime regime) {}

  /**
   * The write-up's memory regime and how this run applied it: the engines get {@code
   * memoryFraction} × the data for their caches and the page cache ({@code engineMemoryBytes}), the
   * JVM {@code jvmAllowanceBytes} beside it; {@code applied}: whether the phases ran in a memory
   * cgroup of the sum, {@code note} why not, or how; {@code pageCacheBytes} (per engine) the part
   * of the engines' memory its page cache was held to.
   */
  public record Regime(
      String description,
      double memoryFraction,
      long engineMemoryBytes,
      long jvmAllowanceBytes,
      boolean applied,
      String note,
      Map<String, Long> pageCacheBytes) {}

  /**
   * One engine: where it ran, the library its binding named at startup ({@code version}, e.g.
   * {@code LevelDB 1.23}), the settings it ran with, the first failure (null when none) and its
   * phases in order.
   */
  public record EngineRun(
      String engine,
      String host,
      String version,
      List<EngineSettings.Applied> settings,
      String error,
      List<PhaseRun> phases) {
    public PhaseRun phase(String id) {
      return phases.stream().filter(p -> p.phase().equals(id)).findFirst().orElse(null);
    }

    @JsonIgnore
    public boolean failed() {
      return error != null;
    }
  }

  /** One engine × phase: every repetition, in every trial, in the order they ran. */
  public record PhaseRun(
      String phase, String label, String speedUnit, List<Repetition> repetitions) {
    /** The repetitions that did not fail. */
    @JsonIgnore
    public List<Repetition> ok() {
      return repetitions.stream().filter(r -> r.error() == null).toList();
    }

    /** Whether no repetition measured anything. */
    @JsonIgnore
    public boolean failed() {
      return ok().isEmpty();
    }

    /** The first failure, or null. */
    @JsonIgnore
    public String error() {
      return repetitions.stream()
          .map(Repetition::error)
          .filter(e -> e != null)
          .findFirst()
          .orElse(null);
    }

    /** A figure over the repetitions that did not fail. */
    public Spread spread(ToDoubleFunction<Repetition> figure) {
      List<Double> values = new ArrayList<>();
      ok().forEach(r -> values.add(figure.applyAsDouble(r)));
      return Spread.of(values);
    }

    /**
     * The repetition of the median throughput (the lower middle one of an even count), whose
     * figures a single-run table shows; null when every repetition failed.
     */
    @JsonIgnore
    public Repetition median() {
      List<Repetition> ok = new ArrayList<>(ok());
      if (ok.isEmpty()) {
        return null;
      }
      ok.sort(Comparator.comparingDouble(r -> r.speed().throughput()));
      return ok.get((ok.size() - 1) / 2);
    }
  }

  /**
   * One run of a phase: its trial (from 1: each trial loads the data anew) and its index within the
   * trial, the command, how it ended ({@code error}: null when it worked), its logs, and its
   * figures. {@code operations} are YCSB's own report (the whole run); {@code latency} the
   * percentiles over the measurement window from YCSB's HdrHistogram interval logs; {@code
   * engineStats} the engine's own figures at the last cleanup (null where the binding wrote none).
   */
  public record Repetition(
      int trial,
      int index,
      String command,
      int exitCode,
      String error,
      Logs logs,
      Speed speed,
      WindowFigures window,
      Cpu cpu,
      Io io,
      MemoryUse memory,
      Disk disk,
      Amplification amplification,
      Map<String, YcsbOutput.Operation> operations,
      Map<String, Latency> latency,
      List<YcsbOutput.StatusPoint> timeline,
      JsonNode engineStats) {}

  /** The run's standard output and error, relative to the results folder. */
  public record Logs(String stdout, String stderr) {}

  /**
   * {@code throughput}: YCSB operations per second over the window; {@code speed}: what the
   * write-up counts (keys per second for batch reads and bulk loads); {@code overall}: YCSB's own
   * [OVERALL] figure (the whole run, final cleanup included), over {@code runtimeMs}; {@code
   * cleanupMs}: the last cleanup (flush, checkpoint or sync), NaN where YCSB did not report it.
   */
  public record Speed(
      double throughput, double speed, double overall, long runtimeMs, double cleanupMs) {}

  /**
   * The measurement window: its length, the YCSB operations in it and by type; {@code
   * fromStatusLines} false where the run was too short for one and the whole run stands in; its
   * first and last status line's time (ms since the epoch; -1 without time stamps).
   */
  public record WindowFigures(
      double seconds,
      long operations,
      boolean fromStatusLines,
      Map<String, Long> counts,
      long startMs,
      long endMs) {}

  /** CPU seconds of the phase's JVM over the window. */
  public record Cpu(double user, double system) {
    @JsonIgnore
    public double total() {
      return user + system;
    }
  }

  /**
   * Bytes read from and written to the device over the window, and by the whole process ({@code
   * total*}, final flush included); -1 where unknown.
   */
  public record Io(long read, long written, long totalRead, long totalWritten) {}

  /**
   * Memory: {@code peak} is the cgroup's (or, without one, the JVM's peak resident set), split at
   * the sampled peak into anonymous memory, page cache and mapped file pages ({@code -1} without a
   * cgroup); {@code pageCachePeak} the most page cache sampled once held, beside the file pages
   * mapped when the workload began ({@code pageCacheBaseline}); {@code heapPeak} the JVM heap's own
   * peak; {@code jvmCommitted} what the JVM itself had committed at its end (heap, metaspace, code,
   * thread stacks, GC: Native Memory Tracking's total), {@code residentAnonymous} the process's
   * anonymous resident memory then, and {@code engineNative} their difference: the engine's own
   * native memory (caches, memtables, its allocator's arenas); -1 where unknown.
   */
  public record MemoryUse(
      long peak,
      long average,
      long anonymousAtPeak,
      long pageCacheAtPeak,
      long mappedAtPeak,
      long pageCachePeak,
      long pageCacheBaseline,
      long heapPeak,
      long jvmCommitted,
      long residentAnonymous,
      long engineNative) {}

  /**
   * Bytes of the phase's data set on disk after it, its write-ahead log left out: apparent and
   * allocated ({@code du}); and the log's own apparent bytes (0 for an engine without one).
   */
  public record Disk(long apparent, long allocated, long logApparent) {}

  /**
   * Bytes written to the device ÷ bytes of records written (a load: the whole process, final flush
   * included; a run phase: its window), and the same for reads; null where the phase writes or
   * reads no records.
   */
  public record Amplification(Double write, Double read) {}

  /**
   * Latency of one operation type over the measurement window, in µs, from YCSB's HdrHistogram
   * intervals: {@code count} operations, their mean, percentiles and the maximum.
   */
  public record Latency(
      long count,
      double meanUs,
      double p50Us,
      double p95Us,
      double p99Us,
      double p999Us,
      double maxUs) {}

  /** A machine a run (or part of a merged run) was measured on. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Machine(
      String host,
      int cores,
      long memoryBytes,
      String cpu,
      String os,
      String jdk,
      String dataFileSystem,
      String dataDevice) {}
}
