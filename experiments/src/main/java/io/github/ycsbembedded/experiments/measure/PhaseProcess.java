package io.github.ycsbembedded.experiments.measure;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs one phase as its own process ({@code bin/ycsb ...}, in a memory cgroup when given one) and
 * measures it from outside with the kernel's own counters: at each YCSB status line (every second)
 * the JVM's CPU time and device I/O ({@code /proc/<pid>/stat}, {@code /proc/<pid>/io}), so that any
 * window of the run can be measured exactly; every {@value #SAMPLE_MS} ms the cgroup's memory (or
 * the process tree's resident set without one), and from the end of the warm-up the figures leave
 * out (a load's from its first status line) on holds the group's page cache at the file pages
 * mapped at the first status line (the process's own code and libraries) plus the phase's share
 * ({@link MemoryLimit#holdPageCache}), its memory figures counted from when that hold has settled;
 * at exit the whole process's CPU time and I/O (bash's {@code times} and its {@code
 * /proc/<pid>/io}, which include its reaped child) and the JVM's own memory report.
 */
public final class PhaseProcess {
  static final int SAMPLE_MS = 100;

  /**
   * A status line with the JVM's counters read when it arrived (null when the JVM could not be
   * read).
   */
  public record Sample(YcsbOutput.StatusPoint point, ProcFiles.Counters counters) {}

  /**
   * What was measured of the process. {@code totalCpu} and {@code totalIo} cover its whole life;
   * {@code peakMemoryBytes} is the cgroup's peak (or the JVM's peak resident set), {@code atPeak}
   * the cgroup's make-up at the sampled peak (null without a cgroup); {@code jvm} the JVM's own
   * report ({@code heap.max}, {@code heap.peak}, {@code vm.hwm}); {@code pageCachePeakBytes} the
   * most page cache sampled (-1 without a cgroup), {@code pageCacheBaselineBytes} the file pages
   * mapped when the workload began (its code and libraries; -1 when not held); {@code outOfMemory}
   * that the JVM was ended because it needed more than the group's ceiling.
   */
  public record Measured(
      int exitCode,
      String stdout,
      String stderr,
      List<Sample> samples,
      ProcFiles.CpuSeconds totalCpu,
      ProcFiles.Counters totalIo,
      long peakMemoryBytes,
      long averageMemoryBytes,
      ProcFiles.MemoryStat atPeak,
      long pageCachePeakBytes,
      long pageCacheBaselineBytes,
      boolean outOfMemory,
      Map<String, Long> jvm) {}

  private PhaseProcess() {}

  /**
   * Runs {@code command} in {@code home}, its output saved as {@code logPrefix.stdout/.stderr}.
   *
   * @param limit the memory cgroup to run in, or null
   * @param pageCacheBytes the page cache {@code limit} holds the phase to (0: only its ceiling)
   * @param jvmReport the file the JVM writes its memory report to (the command must ask it to)
   * @param progress where the live progress line goes (a terminal), or null for none
   * @param progressTotal operations expected, or seconds when {@code timeBound}, for the percentage
   * @param holdAfterSeconds the warm-up the figures leave out (0 for a load, whose figures cover
   *     almost all of it): the page cache is held from the first status line at or past it. A JVM's
   *     first seconds grow its memory fast (the engine's cache filling, the JIT compiler's work),
   *     by up to 18 MiB between two samples at Unum's quick scale, and a limit that lags such
   *     growth left the group no page cache to reclaim: with the OOM killer off (cgroup v1), a read
   *     then failed with ENOMEM
   */
  public static Measured run(
      List<String> command,
      Path home,
      Path logPrefix,
      MemoryLimit limit,
      long pageCacheBytes,
      Path jvmReport,
      String progressLabel,
      PrintStream progress,
      long progressTotal,
      boolean timeBound,
      double holdAfterSeconds)
      throws IOException, InterruptedException {
    Path stdoutFile = Path.of(logPrefix + ".stdout");
    Path stderrFile = Path.of(logPrefix + ".stderr");
    Path timesFile = Path.of(logPrefix + ".times");
    Path ioFile = Path.of(logPrefix + ".io");
    // bash joins the memory cgroup (if any), runs the command, then records its children's CPU
    // times and its own I/O counters, which include the reaped child's
    String script =
        (limit == null ? "" : "echo $$ > \"$YCSBE_CGROUP_PROCS\" || exit 97; ")
            + "\"$@\"; rc=$?; times > \"$YCSBE_TIMES\"; cat /proc/$$/io > \"$YCSBE_IO\" 2>/dev/null; exit $rc";
    List<String> wrapped = new ArrayList<>(List.of("bash", "-c", script, "bash"));
    wrapped.addAll(command);
    ProcessBuilder builder =
        new ProcessBuilder(wrapped)
            .directory(home.toFile())
            .redirectOutput(stdoutFile.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    builder.environment().put("YCSBE_TIMES", timesFile.toString());
    builder.environment().put("YCSBE_IO", ioFile.toString());
    if (limit != null) {
      builder.environment().put("YCSBE_CGROUP_PROCS", limit.procs().toString());
    }
    Process process = builder.start();

    List<Sample> samples = new ArrayList<>();
    Thread stderrReader =
        new Thread(
            () ->
                readStderr(
                    process,
                    stderrFile,
                    samples,
                    progressLabel,
                    progress,
                    progressTotal,
                    timeBound),
            "stderr-" + progressLabel);
    stderrReader.start();

    long peak = 0;
    long sum = 0;
    long count = 0;
    long pageCachePeak = -1;
    long baseline = -1;
    boolean held = limit != null && pageCacheBytes > 0;
    boolean holding = false;
    boolean measuringMemory = false;
    boolean kernelPeakFromHold = false;
    boolean outOfMemory = false;
    ProcFiles.MemoryStat atPeak = null;
    while (!process.waitFor(SAMPLE_MS, TimeUnit.MILLISECONDS)) {
      if (limit != null && pageCacheBytes > 0 && baseline < 0 && !samplesEmpty(samples)) {
        // the workload has begun: the file pages the process has mapped by now are its own code and
        // libraries (the JVM, the engine's native library), which the share does not pay for; the
        // engines read their data with pread (LevelDB with mmap_reads=false in a regime) or, LMDB,
        // have mapped little of it yet
        ProcFiles.MemoryStat start = limit.stat();
        baseline = start == null ? 0 : start.mappedFileBytes();
      }
      if (!holding && baseline >= 0 && lastSecond(samples) >= holdAfterSeconds) {
        holding = true;
      }
      if (holding && !limit.holdPageCache(baseline + pageCacheBytes) && !outOfMemory) {
        outOfMemory = true;
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
      if (holding && !measuringMemory && limit.settled(baseline + pageCacheBytes)) {
        // the page cache is down to its share: the memory figures start here, so that what the
        // warm-up cached before holding began is not counted as the phase's
        measuringMemory = true;
        kernelPeakFromHold = limit.resetPeak();
      }
      long usage = limit != null ? limit.usageBytes() : rssOfTree(process.toHandle());
      if (usage > 0 && (measuringMemory || !held)) {
        if (limit != null) {
          ProcFiles.MemoryStat stat = limit.stat();
          if (stat != null) {
            pageCachePeak = Math.max(pageCachePeak, stat.pageCacheBytes());
            if (usage > peak) {
              atPeak = stat;
            }
          }
        }
        peak = Math.max(peak, usage);
        sum += usage;
        count++;
      }
    }
    stderrReader.join();
    if (progress != null) {
      progress.print("\r\033[K");
      progress.flush();
    }
    Map<String, Long> jvm = readReport(jvmReport);
    // where the page cache was held, the peak covers the measured window: the kernel's when it
    // could
    // be restarted there, else the sampled one (the whole run's when holding never settled)
    long kernelPeak =
        limit == null
            ? jvm.getOrDefault("vm.hwm", -1L)
            : !held || kernelPeakFromHold || !measuringMemory ? limit.peakBytes() : -1;
    ProcFiles.CpuSeconds cpu =
        Files.exists(timesFile)
            ? ProcFiles.timesOfChildren(Files.readString(timesFile))
            : ProcFiles.CpuSeconds.UNKNOWN;
    ProcFiles.Counters io = Files.exists(ioFile) ? ProcFiles.io(Files.readString(ioFile)) : null;
    Files.deleteIfExists(timesFile);
    Files.deleteIfExists(ioFile);
    Files.deleteIfExists(jvmReport);
    synchronized (samples) {
      return new Measured(
          process.exitValue(),
          Files.readString(stdoutFile, StandardCharsets.UTF_8),
          Files.readString(stderrFile, StandardCharsets.UTF_8),
          List.copyOf(samples),
          cpu,
          io,
          kernelPeak > 0 ? kernelPeak : peak,
          count == 0 ? 0 : sum / count,
          atPeak,
          pageCachePeak,
          baseline,
          outOfMemory,
          jvm);
    }
  }

  private static boolean samplesEmpty(List<Sample> samples) {
    synchronized (samples) {
      return samples.isEmpty();
    }
  }

  /** The elapsed seconds of the last status line, or -1 before the first. */
  private static long lastSecond(List<Sample> samples) {
    synchronized (samples) {
      return samples.isEmpty() ? -1 : samples.get(samples.size() - 1).point().seconds();
    }
  }

  private static void readStderr(
      Process process,
      Path file,
      List<Sample> samples,
      String label,
      PrintStream progress,
      long total,
      boolean timeBound) {
    try (BufferedReader in =
            new BufferedReader(
                new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      String line;
      while ((line = in.readLine()) != null) {
        Optional<YcsbOutput.StatusPoint> status = YcsbOutput.status(line);
        if (status.isPresent()) {
          // read the JVM's counters first, as close to the line's moment as can be
          ProcFiles.Counters counters =
              jvm(process.toHandle()).map(h -> ProcFiles.read(h.pid())).orElse(null);
          YcsbOutput.StatusPoint point = status.get();
          synchronized (samples) {
            samples.add(new Sample(point, counters));
          }
          if (progress != null) {
            long done = timeBound ? point.seconds() : point.operations();
            double percent = total > 0 ? Math.min(100, 100.0 * done / total) : 0;
            progress.printf(
                Locale.ROOT,
                "\r\033[K%s: %3.0f%% %,d ops, %,.0f ops/s",
                label,
                percent,
                point.operations(),
                point.opsPerSecond());
            progress.flush();
          }
        }
        out.write(line);
        out.write('\n');
      }
    } catch (IOException e) {
      // the process ended; what was read is kept
    }
  }

  /** The JVM under bash: bin/ycsb execs java, so it is bash's java child. */
  private static Optional<ProcessHandle> jvm(ProcessHandle bash) {
    try (Stream<ProcessHandle> children = bash.children()) {
      return children
          .filter(
              h ->
                  h.info()
                      .command()
                      .map(c -> c.endsWith("/java") || c.equals("java"))
                      .orElse(false))
          .findFirst();
    }
  }

  private static Map<String, Long> readReport(Path file) {
    Properties properties = new Properties();
    if (file != null && Files.exists(file)) {
      try (var in = Files.newInputStream(file)) {
        properties.load(in);
      } catch (IOException e) {
        // no report: figures stay unknown
      }
    }
    Map<String, Long> report = new java.util.TreeMap<>();
    properties.forEach(
        (k, v) -> {
          try {
            report.put(k.toString(), Long.parseLong(v.toString().trim()));
          } catch (NumberFormatException e) {
            // not a figure
          }
        });
    return report;
  }

  /** Resident bytes of a process and its descendants, from /proc. */
  static long rssOfTree(ProcessHandle root) {
    long total = rss(root.pid());
    try (Stream<ProcessHandle> children = root.descendants()) {
      total += children.mapToLong(h -> rss(h.pid())).sum();
    }
    return total;
  }

  private static long rss(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.trim().split("\\s+", -1)[1]) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // gone, or not Linux
    }
    return 0;
  }
}
