package io.github.ycsbembedded.experiments;

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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs one engine × phase as its own process ({@code bin/ycsb ...}) and measures it from outside:
 * CPU time of the process tree (user + sys, from bash's {@code times} after it exits), resident
 * memory sampled every {@value #SAMPLE_MS} ms (peak and average), and the status lines YCSB prints
 * every second, which drive the live progress line.
 */
final class PhaseExecution {
  static final int SAMPLE_MS = 200;
  private static final Pattern TIMES = Pattern.compile("(\\d+)m([\\d.]+)s\\s+(\\d+)m([\\d.]+)s");

  /** What was measured of the process. */
  record Measured(int exitCode, String stdout, String stderr, double cpuUserSeconds, double cpuSystemSeconds,
      long rssPeakBytes, long rssAverageBytes, List<YcsbOutput.StatusPoint> timeline) {}

  private PhaseExecution() {}

  /**
   * Runs {@code command} in {@code home}, its output saved as {@code logPrefix.stdout/.stderr}.
   *
   * @param expectedOperations for the progress percentage
   * @param progress where the live progress line goes, or null for none
   */
  static Measured run(List<String> command, Path home, Path logPrefix, MemoryLimit limit,
      long expectedOperations, String progressLabel, PrintStream progress) throws IOException, InterruptedException {
    Path stdoutFile = Path.of(logPrefix + ".stdout");
    Path stderrFile = Path.of(logPrefix + ".stderr");
    Path timesFile = Path.of(logPrefix + ".times");
    // bash joins the memory cgroup (if any), runs the command, then prints its children's CPU times
    String script = (limit == null ? "" : "echo $$ > \"$YCSBE_CGROUP_PROCS\" || exit 97; ")
        + "\"$@\"; rc=$?; times > \"$YCSBE_TIMES\"; exit $rc";
    List<String> wrapped = new ArrayList<>(List.of("bash", "-c", script, "bash"));
    wrapped.addAll(command);
    ProcessBuilder builder = new ProcessBuilder(wrapped)
        .directory(home.toFile())
        .redirectOutput(stdoutFile.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    builder.environment().put("YCSBE_TIMES", timesFile.toString());
    if (limit != null) {
      builder.environment().put("YCSBE_CGROUP_PROCS", limit.procs().toString());
    }
    Process process = builder.start();

    List<YcsbOutput.StatusPoint> timeline = new ArrayList<>();
    Thread stderrReader = new Thread(() -> copyStderr(process, stderrFile, timeline, expectedOperations,
        progressLabel, progress), "stderr-" + progressLabel);
    stderrReader.start();

    long peak = 0;
    long sum = 0;
    long samples = 0;
    while (!process.waitFor(SAMPLE_MS, TimeUnit.MILLISECONDS)) {
      long rss = rssOfTree(process.toHandle());
      if (rss > 0) {
        peak = Math.max(peak, rss);
        sum += rss;
        samples++;
      }
    }
    stderrReader.join();
    if (progress != null) {
      progress.print("\r\033[K");
      progress.flush();
    }
    double[] cpu = cpuTimes(timesFile);
    Files.deleteIfExists(timesFile);
    synchronized (timeline) {
      return new Measured(process.exitValue(), Files.readString(stdoutFile, StandardCharsets.UTF_8),
          Files.readString(stderrFile, StandardCharsets.UTF_8), cpu[0], cpu[1], peak,
          samples == 0 ? 0 : sum / samples, List.copyOf(timeline));
    }
  }

  private static void copyStderr(Process process, Path file, List<YcsbOutput.StatusPoint> timeline,
      long expected, String label, PrintStream progress) {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      String line;
      while ((line = in.readLine()) != null) {
        out.write(line);
        out.write('\n');
        YcsbOutput.status(line).ifPresent(point -> {
          synchronized (timeline) {
            timeline.add(point);
          }
          if (progress != null) {
            double percent = expected > 0 ? Math.min(100, 100.0 * point.operations() / expected) : 0;
            progress.printf(Locale.ROOT, "\r\033[K%s: %3.0f%% %,d ops, %,.0f ops/s", label, percent,
                point.operations(), point.opsPerSecond());
            progress.flush();
          }
        });
      }
    } catch (IOException e) {
      // the process ended; what was read is kept
    }
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
          String[] parts = line.trim().split("\\s+");
          return Long.parseLong(parts[1]) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // gone, or not Linux
    }
    return 0;
  }

  /** User and system CPU seconds of the children, the second line of bash's {@code times}. */
  static double[] cpuTimes(Path timesFile) throws IOException {
    if (!Files.exists(timesFile)) {
      return new double[] {Double.NaN, Double.NaN};
    }
    List<String> lines = Files.readAllLines(timesFile);
    if (lines.size() < 2) {
      return new double[] {Double.NaN, Double.NaN};
    }
    Matcher m = TIMES.matcher(lines.get(1));
    if (!m.find()) {
      return new double[] {Double.NaN, Double.NaN};
    }
    return new double[] {
      Integer.parseInt(m.group(1)) * 60 + Double.parseDouble(m.group(2)),
      Integer.parseInt(m.group(3)) * 60 + Double.parseDouble(m.group(4))
    };
  }
}
