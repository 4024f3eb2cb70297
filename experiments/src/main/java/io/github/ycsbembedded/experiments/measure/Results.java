package io.github.ycsbembedded.experiments.measure;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;
import java.util.Map;

/**
 * Everything an experiment run measured; written as {@code results.json}. The field names are a
 * contract other tools read: keep them.
 */
public final class Results {
  private Results() {}

  /**
   * The whole run. {@code memoryLimitBytes} is the memory cgroup's limit of each phase's JVM (null
   * when none), {@code heapMaxBytes} the JVM's -Xmx, {@code dataBytes} the bytes of user data the
   * experiment loads at this scale; {@code regimeReproduced} says whether the write-up's memory
   * regime was applied. {@code machines} lists the host(s) the engines ran on.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Run(
      String experiment,
      String title,
      String source,
      String scale,
      String startedAt,
      String finishedAt,
      List<Machine> machines,
      Map<String, String> settings,
      Regime regime,
      Long memoryLimitBytes,
      long dataBytes,
      boolean regimeReproduced,
      long heapMaxBytes,
      int repetitions,
      double warmupSeconds,
      Integer durationSeconds,
      List<EngineRun> engines) {
    /** One engine's run of a phase, or null when that engine or phase did not run. */
    public PhaseRun phase(String engine, String phase) {
      return engines.stream()
          .filter(e -> e.engine().equals(engine))
          .findFirst()
          .map(e -> e.phase(phase))
          .orElse(null);
    }

    public EngineRun engine(String engine) {
      return engines.stream().filter(e -> e.engine().equals(engine)).findFirst().orElse(null);
    }
  }

  /**
   * The memory regime of the write-up and how this run applied it: the engines get {@code
   * memoryFraction} × the data for their caches and the page cache ({@code engineMemoryBytes}), the
   * JVM {@code jvmAllowanceBytes} beside it (heap and non-heap); {@code applied} says whether the
   * phases ran in a memory cgroup of the sum, and {@code note} why not, or how; {@code
   * pageCacheBytes} (per engine) is the part of the engines' memory its page cache was held to, the
   * rest being its own caches (empty when no limit applied).
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Regime(
      String description,
      double memoryFraction,
      long engineMemoryBytes,
      long jvmAllowanceBytes,
      boolean applied,
      String note,
      Map<String, Long> pageCacheBytes) {}

  /**
   * One engine's phases, in order; failed when any phase failed (later phases are then skipped).
   * {@code version} is the engine library the phases ran on, as the binding's startup line named it
   * (e.g. {@code LevelDB 1.23}; two versions joined by " and " if the phases named different ones),
   * null when no phase's output named one (a results.json of an earlier version of the runner).
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record EngineRun(
      String engine,
      String host,
      boolean failed,
      String error,
      List<PhaseRun> phases,
      String version) {
    public PhaseRun phase(String id) {
      return phases.stream().filter(p -> p.phase().equals(id)).findFirst().orElse(null);
    }
  }

  /**
   * One engine × phase. The figures outside {@code repetitions} are those of the median repetition
   * (by throughput), so that a single-run reader sees a representative run. {@code throughput} and
   * {@code speed} are over the measurement window (after the warm-up, before the final flush);
   * {@code speed} is what the write-up reports (operations per second, or keys per second for batch
   * reads, {@code speedUnit}); {@code totalThroughput} is YCSB's own [OVERALL] figure (the whole
   * run, final flush included). {@code writeAmplification}: bytes written to the device ÷ bytes of
   * records written (loads: the whole process, final flush included; run phases: the window), null
   * where the phase writes no records; {@code readAmplification} likewise for reads.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record PhaseRun(
      String phase,
      String label,
      String command,
      int exitCode,
      boolean failed,
      String error,
      double throughput,
      double speed,
      String speedUnit,
      long runtimeMs,
      long operations,
      long failedOperations,
      Map<String, YcsbOutput.Operation> operationTypes,
      double cpuSeconds,
      double cpuUserSeconds,
      double cpuSystemSeconds,
      long rssPeakBytes,
      long rssAverageBytes,
      long diskApparentBytes,
      long diskAllocatedBytes,
      List<YcsbOutput.StatusPoint> timeline,
      String stdoutFile,
      String stderrFile,
      List<Repetition> repetitions,
      double throughputMedian,
      double throughputMin,
      double throughputMax,
      double speedMedian,
      double speedMin,
      double speedMax,
      double totalThroughput,
      Double writeAmplification,
      Double readAmplification) {}

  /**
   * One run of a phase. Window figures ({@code throughput}, CPU, device bytes) come from the
   * kernel's counters of the JVM read at the window's first and last status line; {@code
   * windowSeconds} is its length ({@code windowFromStatusLines} false: too short a run for a
   * window, so the whole run's figures stand in). {@code totalBytesRead}/{@code totalBytesWritten}
   * cover the whole process, final flush included. Memory: {@code peakMemoryBytes} is the cgroup's
   * peak (or the JVM's peak resident set without one), split at the sampled peak into anonymous
   * memory (JVM heap and native memory: engine caches), page cache and mapped file pages (LMDB's
   * map), over the measured window where the page cache was held (from when holding had brought it
   * down to its share); {@code pageCachePeakBytes} is the most page cache sampled then (every 100
   * ms; -1 without a cgroup), beside the share {@code pageCacheBaselineBytes}, the file pages
   * mapped when the workload began (the process's code and libraries; -1 when not held); {@code
   * heapPeakBytes} is the JVM heap's own peak.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Repetition(
      int index,
      String command,
      int exitCode,
      boolean failed,
      String error,
      double throughput,
      double speed,
      double windowSeconds,
      long windowOperations,
      boolean windowFromStatusLines,
      double totalThroughput,
      long runtimeMs,
      double cleanupMs,
      double cpuUserSeconds,
      double cpuSystemSeconds,
      double cpuTotalSeconds,
      long bytesRead,
      long bytesWritten,
      long totalBytesRead,
      long totalBytesWritten,
      long peakMemoryBytes,
      long averageMemoryBytes,
      long anonymousBytesAtPeak,
      long pageCacheBytesAtPeak,
      long mappedFileBytesAtPeak,
      long pageCachePeakBytes,
      long pageCacheBaselineBytes,
      long heapPeakBytes,
      long diskApparentBytes,
      long diskAllocatedBytes,
      long failedOperations,
      Map<String, Long> windowCounts,
      Map<String, YcsbOutput.Operation> operationTypes,
      List<YcsbOutput.StatusPoint> timeline,
      String stdoutFile,
      String stderrFile) {}

  /** A machine a run (or part of a merged run) was measured on. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Machine(
      String host,
      int cores,
      long memoryBytes,
      String cpu,
      String os,
      String jdk,
      String dataFileSystem) {}
}
