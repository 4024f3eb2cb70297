package io.github.ycsbembedded.experiments.measure;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns what {@link PhaseProcess} measured of one run of a phase into its figures: throughput, CPU
 * and device I/O over the measurement {@link Window} (from the JVM's counters read at the window's
 * first and last status line), or over the whole run when it was too short for a window;
 * amplification of writes and reads; memory at its peak.
 *
 * @param load whether the phase loads (its write amplification is over the whole process, final
 *     flush included)
 * @param keysAreSpeed whether the phase's speed is keys per second (batch reads of {@code
 *     batchSize})
 * @param warmupSeconds the start of every run left out of its figures
 * @param recordBytes bytes of one record (what a read of all fields or an insert carries)
 * @param updateBytes bytes an update writes
 * @param loadBytes bytes of records a load writes in all
 */
public record PhaseFigures(
    boolean load,
    boolean keysAreSpeed,
    int batchSize,
    double warmupSeconds,
    long recordBytes,
    long updateBytes,
    long loadBytes,
    Set<String> accepted) {

  /** The figures of one run; {@code error} is why it failed (null when it did not). */
  public Results.Repetition repetition(
      int index,
      String command,
      PhaseProcess.Measured m,
      String error,
      long[] disk,
      String stdoutFile,
      String stderrFile) {
    YcsbOutput output = YcsbOutput.parse(m.stdout());
    List<YcsbOutput.StatusPoint> points =
        m.samples().stream().map(PhaseProcess.Sample::point).toList();
    // a load runs to completion: its warm-up is at most a fifth of it, so a short load keeps a
    // window
    double lastSecond = points.isEmpty() ? 0 : points.get(points.size() - 1).seconds();
    Window window =
        Window.of(points, load ? Math.min(warmupSeconds, 0.2 * lastSecond) : warmupSeconds);
    ProcFiles.Counters first = window == null ? null : countersAt(m, window.start());
    ProcFiles.Counters last = window == null ? null : countersAt(m, window.end());
    boolean fromLines = window != null && first != null && last != null;

    double throughput = fromLines ? window.throughput() : output.throughput();
    double seconds = fromLines ? window.seconds() : output.runtimeMs() / 1000.0;
    long operations = fromLines ? window.operations() : totalOperations(output);
    double user = fromLines ? last.userSeconds() - first.userSeconds() : m.totalCpu().user();
    double system =
        fromLines ? last.systemSeconds() - first.systemSeconds() : m.totalCpu().system();
    ProcFiles.Counters total = m.totalIo();
    long totalRead = total == null ? -1 : total.readBytes();
    long totalWritten = total == null ? -1 : total.bytesWritten();
    long read = fromLines ? last.readBytes() - first.readBytes() : totalRead;
    long written = fromLines ? last.bytesWritten() - first.bytesWritten() : totalWritten;
    Map<String, Long> counts = fromLines ? window.counts() : counts(output);
    ProcFiles.MemoryStat atPeak = m.atPeak();
    return new Results.Repetition(
        index,
        command,
        m.exitCode(),
        error != null,
        error,
        throughput,
        keysAreSpeed ? throughput * batchSize : throughput,
        seconds,
        operations,
        fromLines,
        output.throughput(),
        output.runtimeMs(),
        output.cleanupMs(),
        user,
        system,
        user + system,
        read,
        written,
        totalRead,
        totalWritten,
        m.peakMemoryBytes(),
        m.averageMemoryBytes(),
        atPeak == null ? -1 : atPeak.anonymousBytes(),
        atPeak == null ? -1 : atPeak.pageCacheBytes(),
        atPeak == null ? -1 : atPeak.mappedFileBytes(),
        m.pageCachePeakBytes(),
        m.pageCacheBaselineBytes(),
        m.jvm().getOrDefault("heap.peak", -1L),
        disk[0],
        disk[1],
        output.failedOperations(accepted),
        counts,
        output.operations(),
        points,
        stdoutFile,
        stderrFile);
  }

  /**
   * Bytes written to the device ÷ bytes of records written: for a load, the whole process's writes
   * (the final flush included) over the records it loaded; for a run phase, the window's writes
   * over its inserts and updates; null when the phase writes no records.
   */
  public Double writeAmplification(Results.Repetition r) {
    if (load) {
      return r.totalBytesWritten() < 0 || loadBytes <= 0
          ? null
          : (double) r.totalBytesWritten() / loadBytes;
    }
    long records =
        r.windowCounts().getOrDefault("INSERT", 0L) * recordBytes
            + r.windowCounts().getOrDefault("UPDATE", 0L) * updateBytes;
    return records <= 0 || r.bytesWritten() < 0 ? null : (double) r.bytesWritten() / records;
  }

  /**
   * Bytes read from the device ÷ bytes of records read in the window; null when the phase reads
   * none.
   */
  public Double readAmplification(Results.Repetition r) {
    long keys =
        r.windowCounts().getOrDefault("READ", 0L)
            + r.windowCounts().getOrDefault("UPDATE", 0L)
            + r.windowCounts().getOrDefault("BATCH_READ", 0L) * batchSize;
    long records = keys * recordBytes;
    return load || records <= 0 || r.bytesRead() < 0 ? null : (double) r.bytesRead() / records;
  }

  private static ProcFiles.Counters countersAt(
      PhaseProcess.Measured m, YcsbOutput.StatusPoint point) {
    for (PhaseProcess.Sample sample : m.samples()) {
      if (sample.point().equals(point)) {
        return sample.counters();
      }
    }
    return null;
  }

  private static long totalOperations(YcsbOutput output) {
    return output.operations().values().stream()
        .filter(o -> !o.returns().isEmpty())
        .mapToLong(YcsbOutput.Operation::operations)
        .sum();
  }

  private static Map<String, Long> counts(YcsbOutput output) {
    Map<String, Long> counts = new java.util.TreeMap<>();
    output.operations().forEach((name, op) -> counts.put(name, op.operations()));
    return counts;
  }
}
