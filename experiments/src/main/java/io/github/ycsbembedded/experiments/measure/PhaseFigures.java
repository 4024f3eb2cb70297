package io.github.ycsbembedded.experiments.measure;

import io.github.ycsbembedded.experiments.results.Results;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns what {@link PhaseProcess} measured of one run of a phase into its figures: throughput, CPU
 * and device I/O over the measurement {@link Window} (from the JVM's counters read at the window's
 * first and last status line), or over the whole run when it was too short for a window; memory;
 * amplification of writes and reads.
 *
 * @param load whether the phase loads (its write amplification is over the whole process, final
 *     flush included)
 * @param keysAreSpeed whether the phase's speed is keys per second (batches of {@code batchSize})
 * @param warmupSeconds the start of every run left out of its figures
 * @param durationSeconds a time-bound run's duration (its window ends there), or null
 * @param recordBytes bytes of one record (what a read of all fields or an insert carries)
 * @param updateBytes bytes an update writes
 * @param loadBytes bytes of records a load writes in all
 * @param accepted answers besides OK that are not failures, as {@code OPERATION:STATUS}
 */
public record PhaseFigures(
    boolean load,
    boolean keysAreSpeed,
    int batchSize,
    double warmupSeconds,
    Integer durationSeconds,
    long recordBytes,
    long updateBytes,
    long loadBytes,
    Set<String> accepted) {

  /**
   * What identifies a run and goes with its figures unmeasured: where it ran, how it ended, the
   * fixed rate it was asked to hold (null: closed-loop).
   */
  public record Run(
      int trial,
      int index,
      String command,
      String error,
      Results.Disk disk,
      Results.Logs logs,
      Map<String, Results.Latency> latency,
      com.fasterxml.jackson.databind.JsonNode engineStats,
      Double target) {}

  /**
   * The window of a run, or null when it was too short for one. A load runs to completion: its
   * warm-up is at most a fifth of it; a load whose window would be under {@value
   * #LOAD_WINDOW_SECONDS} s (a bulk load of a few batches) is measured over its whole run instead,
   * its close included, since its status lines would count whole batches in a second or two.
   */
  public Window window(PhaseProcess.Measured m) {
    List<Results.Point> points = m.samples().stream().map(PhaseProcess.Sample::point).toList();
    double lastSecond = points.isEmpty() ? 0 : points.get(points.size() - 1).seconds();
    if (!load) {
      return Window.of(points, warmupSeconds, durationSeconds);
    }
    Window window = Window.of(points, Math.min(warmupSeconds, 0.2 * lastSecond));
    return window == null || window.seconds() < LOAD_WINDOW_SECONDS ? null : window;
  }

  /** The shortest load measured over its status lines rather than over its whole run. */
  static final double LOAD_WINDOW_SECONDS = 5;

  /**
   * Why a run's window cannot stand for the phase, or null: a time-bound run whose window measured
   * less than 80% of the seconds asked for (its start went to recovery or start-up), which would
   * otherwise count as a sample like the others.
   */
  public String shortWindow(Window window) {
    if (load || durationSeconds == null || window == null) {
      return null;
    }
    double asked = durationSeconds - warmupSeconds;
    return window.seconds() < SHORT * asked
        ? String.format(
            java.util.Locale.ROOT,
            "its window measured %.1f s of the %.0f s asked for, too short to stand for the phase",
            window.seconds(),
            asked)
        : null;
  }

  /**
   * The phase's CPU seconds between two status lines, the seconds stolen from the machine
   * meanwhile, and the machine's busy seconds that were not the phase's (other processes', and
   * interrupts'): never below 0, since the two files are read a moment apart.
   */
  static Results.Cpu cpu(ProcFiles.Counters first, ProcFiles.Counters last) {
    double user = last.userSeconds() - first.userSeconds();
    double system = last.systemSeconds() - first.systemSeconds();
    double busy = last.machine().busySeconds() - first.machine().busySeconds();
    return new Results.Cpu(
        user,
        system,
        last.machine().stealSeconds() - first.machine().stealSeconds(),
        Double.isNaN(busy) ? Double.NaN : Math.max(0, busy - user - system));
  }

  /** The share of the seconds asked for a window must measure to count as a sample. */
  static final double SHORT = 0.8;

  /** The figures of one run. */
  public Results.Repetition repetition(Run run, PhaseProcess.Measured m) {
    YcsbOutput output = YcsbOutput.parse(m.stdout());
    Window window = window(m);
    ProcFiles.Counters first = window == null ? null : countersAt(m, window.start());
    ProcFiles.Counters last = window == null ? null : countersAt(m, window.end());
    boolean fromLines = window != null && first != null && last != null;

    double throughput = fromLines ? window.throughput() : output.throughput();
    ProcFiles.Counters total = m.totalIo();
    long totalRead = total == null ? -1 : total.readBytes();
    long totalWritten = total == null ? -1 : total.bytesWritten();
    Map<String, Long> counts = fromLines ? window.counts() : counts(output);
    Results.WindowFigures figures =
        new Results.WindowFigures(
            fromLines ? window.seconds() : output.runtimeMs() / 1000.0,
            fromLines ? window.operations() : totalOperations(output),
            fromLines,
            counts,
            fromLines ? window.start().timeMs() : -1,
            fromLines ? window.end().timeMs() : -1,
            fromLines ? last.memoryStallSeconds() - first.memoryStallSeconds() : null);
    Results.Cpu cpu =
        fromLines ? cpu(first, last) : new Results.Cpu(m.totalCpu().user(), m.totalCpu().system());
    Results.Io io =
        new Results.Io(
            fromLines ? last.readBytes() - first.readBytes() : totalRead,
            fromLines ? last.bytesWritten() - first.bytesWritten() : totalWritten,
            totalRead,
            totalWritten);
    Results.Figures measured =
        new Results.Figures(
            new Results.MeasuredSpeed(
                throughput,
                keysAreSpeed ? throughput * batchSize : throughput,
                output.throughput(),
                output.runtimeMs(),
                output.cleanupMs(),
                run.target()),
            figures,
            cpu,
            io,
            memory(m.memory()),
            run.disk(),
            new Results.Amplification(
                writeAmplification(counts, io), readAmplification(counts, io)));
    return new Results.Repetition(
        run.trial(),
        run.index(),
        new Results.Outcome(run.command(), m.exitCode(), run.error(), run.logs()),
        measured,
        output.operations(),
        run.latency(),
        m.samples().stream().map(PhaseProcess.Sample::point).toList(),
        run.engineStats());
  }

  private static Results.MemoryUse memory(PhaseProcess.Memory m) {
    ProcFiles.MemoryStat atPeak = m.atPeak();
    Map<String, Long> jvm = m.jvm();
    Results.MemoryUse.Builder memory =
        Results.MemoryUse.builder()
            .peak(m.peakBytes(), m.averageBytes())
            .pageCache(m.pageCachePeakBytes(), m.pageCacheBaselineBytes())
            .jvm(
                jvm.getOrDefault("heap.peak", -1L),
                jvm.getOrDefault("jvm.resident", -1L),
                jvm.getOrDefault("process.anonymous", -1L));
    if (atPeak != null) {
      memory.atPeak(atPeak.anonymousBytes(), atPeak.pageCacheBytes(), atPeak.mappedFileBytes());
    }
    return memory.build();
  }

  /**
   * Bytes written to the device ÷ bytes of records written: for a load, the whole process's writes
   * (the final flush included) over the records it loaded; for a run phase, the window's writes
   * over its inserts and updates; null when the phase writes no records.
   */
  Double writeAmplification(Map<String, Long> counts, Results.Io io) {
    if (load) {
      return io.totalWritten() < 0 || loadBytes <= 0
          ? null
          : (double) io.totalWritten() / loadBytes;
    }
    long records =
        counts.getOrDefault("INSERT", 0L) * recordBytes
            + counts.getOrDefault("UPDATE", 0L) * updateBytes;
    return records <= 0 || io.written() < 0 ? null : (double) io.written() / records;
  }

  /**
   * Bytes read from the device ÷ bytes of records read in the window; null when the phase reads
   * none.
   */
  Double readAmplification(Map<String, Long> counts, Results.Io io) {
    long keys =
        counts.getOrDefault("READ", 0L)
            + counts.getOrDefault("UPDATE", 0L)
            + counts.getOrDefault("BATCH_READ", 0L) * batchSize;
    long records = keys * recordBytes;
    return load || records <= 0 || io.read() < 0 ? null : (double) io.read() / records;
  }

  private static ProcFiles.Counters countersAt(PhaseProcess.Measured m, Results.Point point) {
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
        .mapToLong(Results.Operation::operations)
        .sum();
  }

  private static Map<String, Long> counts(YcsbOutput output) {
    Map<String, Long> counts = new TreeMap<>();
    output.operations().forEach((name, op) -> counts.put(name, op.operations()));
    return counts;
  }
}
