package io.github.ycsbembedded.experiments.measure;

import io.github.ycsbembedded.experiments.results.Results;
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
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs one phase as its own process ({@code bin/ycsb ...}, in a memory cgroup when given one) and
 * measures it from outside with the kernel's own counters: at each YCSB status line (every second)
 * the JVM's CPU time and device I/O ({@code /proc/<pid>/stat}, {@code /proc/<pid>/io}), so that any
 * window of the run can be measured exactly; its memory through a {@link MemorySampler}; at exit
 * the whole process's CPU time and I/O (bash's {@code times} and its {@code /proc/<pid>/io}, which
 * include its reaped child) and the JVM's own memory report.
 */
public final class PhaseProcess {
  static final int SAMPLE_MS = 100;

  /**
   * A status line with the JVM's counters read when it arrived (null when the JVM could not be
   * read).
   */
  public record Sample(Results.Point point, ProcFiles.Counters counters) {}

  /**
   * The memory cgroup a phase runs in, the page cache it is held to there ({@code 0}: only the
   * group's ceiling), and from which elapsed second on ({@code afterSeconds}: the warm-up the
   * figures leave out; 0 for a load, whose figures cover almost all of it). A JVM's first seconds
   * grow its memory fast (the engine's cache filling, the JIT compiler's work), by up to 18 MiB
   * between two samples at Unum's quick scale, and a limit that lags such growth left the group no
   * page cache to reclaim: with the OOM killer off (cgroup v1), a read then failed with ENOMEM.
   */
  public record Hold(MemoryLimit limit, long pageCacheBytes, double afterSeconds) {}

  /**
   * The live progress line on a terminal ({@code out}; null for none): {@code label}, and the
   * percentage of {@code total} operations, or seconds when {@code timeBound}.
   */
  public record Progress(String label, PrintStream out, long total, boolean timeBound) {
    static final Progress NONE = new Progress("", null, 0, false);

    void show(Results.Point point) {
      if (out == null) {
        return;
      }
      long done = timeBound ? point.seconds() : point.operations();
      double percent = total > 0 ? Math.min(100, 100.0 * done / total) : 0;
      out.printf(
          Locale.ROOT,
          "\r\033[K%s: %3.0f%% %,d ops, %,.0f ops/s",
          label,
          percent,
          point.operations(),
          point.opsPerSecond());
      out.flush();
    }

    void clear() {
      if (out != null) {
        out.print("\r\033[K");
        out.flush();
      }
    }
  }

  /**
   * One phase to run: {@code command} in {@code home}, its output saved as {@code
   * logPrefix.stdout/.stderr}, the JVM's memory report in {@code jvmReport} (the command must ask
   * it for one), in {@code hold}'s memory cgroup (null: none).
   */
  public record Request(
      List<String> command,
      Path home,
      Path logPrefix,
      Path jvmReport,
      Hold hold,
      Progress progress,
      ProcessWatch watch) {
    public Request {
      progress = progress == null ? Progress.NONE : progress;
      watch = watch == null ? ProcessWatch.NONE : watch;
    }
  }

  /**
   * What was measured of the process: its exit code and output, its status lines ({@code samples}),
   * and {@code totalCpu} and {@code totalIo} over its whole life, and its {@code memory}.
   */
  public record Measured(
      int exitCode,
      String stdout,
      String stderr,
      List<Sample> samples,
      ProcFiles.CpuSeconds totalCpu,
      ProcFiles.Counters totalIo,
      Memory memory) {}

  /**
   * The process's memory: {@code peakBytes} is the cgroup's peak (or the JVM's peak resident set),
   * {@code averageBytes} the average sampled, {@code atPeak} the cgroup's make-up at the sampled
   * peak (null without a cgroup); {@code pageCachePeakBytes} the most page cache sampled (-1
   * without a cgroup), {@code pageCacheBaselineBytes} the file pages mapped when the workload began
   * (-1 when not held); {@code outOfMemory} that the JVM was ended because it needed more than the
   * group's ceiling; {@code jvm} the JVM's own report (see core's {@code JvmMemory}).
   */
  public record Memory(
      long peakBytes,
      long averageBytes,
      ProcFiles.MemoryStat atPeak,
      long pageCachePeakBytes,
      long pageCacheBaselineBytes,
      boolean outOfMemory,
      Map<String, Long> jvm) {}

  private PhaseProcess() {}

  /**
   * Starts the command in a session of its own, inside the request's memory cgroup (if any), its
   * output to {@code stdoutFile}; on its end the wrapping shell writes its children's CPU times and
   * its I/O counters to the two files.
   */
  private static Process start(Request request, Path stdoutFile, Path timesFile, Path ioFile)
      throws IOException {
    MemoryLimit limit = request.hold() == null ? null : request.hold().limit();
    // the phase runs in a session (and so a process group) of its own, so that a stop reaches
    // its whole tree and a Ctrl-C at the terminal reaches only the runner; bash joins the memory
    // cgroup (if any), watches that the runner lives (if it dies, even by SIGKILL, the group is
    // stopped: nothing runs on orphaned), runs the command, then records its children's CPU times
    // and its own I/O counters, which include the reaped child's
    String script =
        (limit == null ? "" : "echo $$ > \"$YCSBE_CGROUP_PROCS\" || exit 97; ")
            + "( while kill -0 \"$YCSBE_RUNNER\" 2>/dev/null; do sleep 1; done;"
            + " kill -TERM -- -$$ ) & watchdog=$!; "
            + "\"$@\"; rc=$?; kill \"$watchdog\" 2>/dev/null; "
            + "times > \"$YCSBE_TIMES\"; cat /proc/$$/io > \"$YCSBE_IO\" 2>/dev/null; exit $rc";
    List<String> wrapped = new ArrayList<>(List.of("setsid", "bash", "-c", script, "bash"));
    wrapped.addAll(request.command());
    ProcessBuilder builder =
        new ProcessBuilder(wrapped)
            .directory(request.home().toFile())
            .redirectOutput(stdoutFile.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    builder.environment().put("YCSBE_TIMES", timesFile.toString());
    builder.environment().put("YCSBE_IO", ioFile.toString());
    builder.environment().put("YCSBE_RUNNER", Long.toString(ProcessHandle.current().pid()));
    if (limit != null) {
      builder.environment().put("YCSBE_CGROUP_PROCS", limit.procs().toString());
    }
    return builder.start();
  }

  /** Runs the request's command to its end and measures it. */
  public static Measured run(Request request) throws IOException, InterruptedException {
    Path stdoutFile = Path.of(request.logPrefix() + ".stdout");
    Path stderrFile = Path.of(request.logPrefix() + ".stderr");
    Path timesFile = Path.of(request.logPrefix() + ".times");
    Path ioFile = Path.of(request.logPrefix() + ".io");
    Process process = start(request, stdoutFile, timesFile, ioFile);
    // setsid execs bash in a new session when it can (a child of the JVM leads no group), so
    // bash's pid is the group's id
    request.watch().started(process.pid());

    List<Sample> samples = new ArrayList<>();
    Thread stderrReader =
        new Thread(
            () -> readStderr(process, stderrFile, samples, request.progress()),
            "stderr-" + request.progress().label());
    stderrReader.start();

    MemorySampler memory = new MemorySampler(request.hold());
    while (!process.waitFor(SAMPLE_MS, TimeUnit.MILLISECONDS)) {
      if (!memory.sample(process.toHandle(), lastSecond(samples))) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    }
    stderrReader.join();
    request.watch().ended();
    request.progress().clear();
    Map<String, Long> jvm = readReport(request.jvmReport());
    ProcFiles.CpuSeconds cpu =
        Files.exists(timesFile)
            ? ProcFiles.timesOfChildren(Files.readString(timesFile))
            : ProcFiles.CpuSeconds.UNKNOWN;
    ProcFiles.Counters io = Files.exists(ioFile) ? ProcFiles.io(Files.readString(ioFile)) : null;
    Files.deleteIfExists(timesFile);
    Files.deleteIfExists(ioFile);
    if (request.jvmReport() != null) {
      Files.deleteIfExists(request.jvmReport());
    }
    synchronized (samples) {
      return new Measured(
          process.exitValue(),
          Files.readString(stdoutFile, StandardCharsets.UTF_8),
          Files.readString(stderrFile, StandardCharsets.UTF_8),
          List.copyOf(samples),
          cpu,
          io,
          new Memory(
              memory.peakBytes(jvm.getOrDefault("vm.hwm", -1L)),
              memory.averageBytes(),
              memory.atPeak(),
              memory.pageCachePeakBytes(),
              memory.baselineBytes(),
              memory.outOfMemory(),
              jvm));
    }
  }

  /** The elapsed seconds of the last status line, or -1 before the first. */
  private static long lastSecond(List<Sample> samples) {
    synchronized (samples) {
      return samples.isEmpty() ? -1 : samples.get(samples.size() - 1).point().seconds();
    }
  }

  private static void readStderr(
      Process process, Path file, List<Sample> samples, Progress progress) {
    try (BufferedReader in =
            new BufferedReader(
                new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      String line;
      while ((line = in.readLine()) != null) {
        Optional<Results.Point> status = YcsbOutput.status(line);
        if (status.isPresent()) {
          // read the client's counters first, as close to the line's moment as can be
          ProcFiles.Counters counters =
              client(process.toHandle()).map(h -> ProcFiles.read(h.pid())).orElse(null);
          synchronized (samples) {
            samples.add(new Sample(status.get(), counters));
          }
          progress.show(status.get());
        }
        out.write(line);
        out.write('\n');
      }
    } catch (IOException e) {
      // the process ended; what was read is kept
    }
  }

  /**
   * The client under bash: {@code bin/ycsb} execs java, so it is bash's java child; another client
   * (a peer's binary) is bash's child that is no shell (the watchdog is a shell of its own).
   */
  public static Optional<ProcessHandle> client(ProcessHandle bash) {
    List<ProcessHandle> children;
    try (Stream<ProcessHandle> all = bash.children()) {
      children = all.toList();
    }
    Optional<ProcessHandle> java =
        children.stream()
            .filter(h -> command(h).map(PhaseProcess::isJava).orElse(false))
            .findFirst();
    if (java.isPresent()) {
      return java;
    }
    return children.stream()
        .filter(h -> command(h).map(c -> !c.endsWith("bash") && !c.endsWith("/sh")).orElse(false))
        .findFirst();
  }

  private static Optional<String> command(ProcessHandle h) {
    return h.info().command();
  }

  private static boolean isJava(String command) {
    return command.endsWith("/java") || command.equals("java");
  }

  /** The JVM's report: {@code name=bytes} lines; empty when there is none. */
  static Map<String, Long> readReport(Path file) {
    Properties properties = new Properties();
    if (file != null && Files.exists(file)) {
      try (var in = Files.newInputStream(file)) {
        properties.load(in);
      } catch (IOException e) {
        // no report: figures stay unknown
      }
    }
    Map<String, Long> report = new TreeMap<>();
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
}
