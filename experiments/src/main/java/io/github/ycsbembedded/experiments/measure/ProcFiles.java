package io.github.ycsbembedded.experiments.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Readers of the kernel's own accounting: a process's CPU time ({@code /proc/<pid>/stat}) and
 * device I/O ({@code /proc/<pid>/io}), a memory cgroup's {@code memory.stat}, and bash's {@code
 * times}. Each parser takes the file's text, so the tests feed them captured files.
 */
public final class ProcFiles {
  private static final long CLOCK_TICKS = clockTicks();

  private ProcFiles() {}

  /**
   * CPU seconds (user, system) and device bytes (read, written, cancelled writes) of a process, the
   * whole machine's CPU seconds so far ({@code machine}: every process's, and what the hypervisor
   * stole), and the seconds so far in which some task of the machine waited for memory ({@code
   * /proc/pressure/memory}'s "some" total); NaN where the kernel does not say.
   */
  public record Counters(
      double userSeconds,
      double systemSeconds,
      long readBytes,
      long writeBytes,
      long cancelledWriteBytes,
      MachineCpu machine,
      double memoryStallSeconds) {
    /**
     * Bytes that reached (or will reach) the device: written minus writes cancelled by truncation.
     */
    public long bytesWritten() {
      return writeBytes - cancelledWriteBytes;
    }
  }

  /**
   * The CPU seconds of the whole machine so far, all CPUs together, from {@code /proc/stat}'s first
   * line ({@code cpu user nice system idle iowait irq softirq steal ...}): {@code busySeconds}, the
   * time its CPUs ran any process or interrupt (user, nice, system, irq, softirq; a guest's time is
   * in user), and {@code stealSeconds}, the time the hypervisor took from them; NaN where the
   * kernel does not say.
   */
  public record MachineCpu(double busySeconds, double stealSeconds) {
    public static final MachineCpu UNKNOWN = new MachineCpu(Double.NaN, Double.NaN);
  }

  /** Anonymous memory, page cache and mapped file pages of a memory cgroup, in bytes. */
  public record MemoryStat(
      long anonymousBytes,
      long pageCacheBytes,
      long mappedFileBytes,
      long dirtyBytes,
      long writebackBytes) {
    /** Page cache waiting for the disk: dirty, or being written. */
    public long unwrittenBytes() {
      return dirtyBytes + writebackBytes;
    }
  }

  /** User and system CPU seconds. */
  public record CpuSeconds(double user, double system) {
    public static final CpuSeconds UNKNOWN = new CpuSeconds(Double.NaN, Double.NaN);
  }

  /** The counters of a live process, or null when it is gone. */
  public static Counters read(long pid) {
    try {
      CpuSeconds cpu = cpuSeconds(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
      Map<String, Long> io =
          keyValues(Files.readString(Path.of("/proc", Long.toString(pid), "io")), ":");
      return new Counters(
          cpu.user(),
          cpu.system(),
          io.getOrDefault("read_bytes", 0L),
          io.getOrDefault("write_bytes", 0L),
          io.getOrDefault("cancelled_write_bytes", 0L),
          machineCpu(),
          memoryStall());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The machine's CPU seconds so far; {@link MachineCpu#UNKNOWN} where unreadable. */
  static MachineCpu machineCpu() {
    try {
      return machineCpu(Files.readString(Path.of("/proc/stat")));
    } catch (IOException | RuntimeException e) {
      return MachineCpu.UNKNOWN;
    }
  }

  /**
   * The machine's CPU seconds from the text of {@code /proc/stat}: its first line's figures in
   * clock ticks; {@link MachineCpu#UNKNOWN} where the first line is not the machine's {@code cpu}
   * line, and a NaN steal where a kernel gives none.
   */
  static MachineCpu machineCpu(String stat) {
    String first = stat.lines().findFirst().orElse("");
    String[] fields = first.trim().split("\\s+", -1);
    if (fields.length < 8 || !fields[0].equals("cpu")) {
      return MachineCpu.UNKNOWN;
    }
    long busy = 0;
    for (int field : new int[] {1, 2, 3, 6, 7}) {
      busy += Long.parseLong(fields[field]);
    }
    double steal =
        fields.length < 9 ? Double.NaN : Long.parseLong(fields[8]) / (double) CLOCK_TICKS;
    return new MachineCpu(busy / (double) CLOCK_TICKS, steal);
  }

  /** The seconds so far in which some task of the machine waited for memory; NaN where unknown. */
  static double memoryStall() {
    return figure("/proc/pressure/memory", ProcFiles::memoryStall);
  }

  /** A figure parsed from the text of {@code file}; NaN where it cannot be read or parsed. */
  private static double figure(String file, ToDoubleFunction<String> parse) {
    try {
      return parse.applyAsDouble(Files.readString(Path.of(file)));
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  /**
   * Seconds of memory stall from the text of {@code /proc/pressure/memory}: its "some" line's
   * {@code total}, in µs; NaN where the text has none.
   */
  static double memoryStall(String pressure) {
    for (String line : pressure.split("\n", -1)) {
      if (line.startsWith("some ")) {
        for (String field : line.trim().split("\\s+", -1)) {
          if (field.startsWith("total=")) {
            return Long.parseLong(field.substring("total=".length())) / 1e6;
          }
        }
      }
    }
    return Double.NaN;
  }

  /** User and system CPU seconds from the text of {@code /proc/<pid>/stat} (fields 14 and 15). */
  public static CpuSeconds cpuSeconds(String stat) {
    // the command name (field 2) may hold spaces and parentheses: fields resume after the last ')'
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+", -1);
    return new CpuSeconds(
        Long.parseLong(fields[11]) / (double) CLOCK_TICKS,
        Long.parseLong(fields[12]) / (double) CLOCK_TICKS);
  }

  /** Device bytes from the text of {@code /proc/<pid>/io}. */
  public static Counters io(String text) {
    Map<String, Long> io = keyValues(text, ":");
    return new Counters(
        Double.NaN,
        Double.NaN,
        io.getOrDefault("read_bytes", 0L),
        io.getOrDefault("write_bytes", 0L),
        io.getOrDefault("cancelled_write_bytes", 0L),
        MachineCpu.UNKNOWN,
        Double.NaN);
  }

  /**
   * A memory cgroup's {@code memory.stat}: v1 names ({@code rss}, {@code cache}) or v2 ({@code
   * anon}, {@code file}).
   */
  public static MemoryStat memoryStat(String text) {
    Map<String, Long> stat = keyValues(text, " ");
    if (stat.containsKey("anon")) {
      return new MemoryStat(
          stat.get("anon"),
          stat.getOrDefault("file", 0L),
          stat.getOrDefault("file_mapped", 0L),
          stat.getOrDefault("file_dirty", 0L),
          stat.getOrDefault("file_writeback", 0L));
    }
    // v1's rss includes transparent huge pages
    return new MemoryStat(
        stat.getOrDefault("rss", 0L),
        stat.getOrDefault("cache", 0L),
        stat.getOrDefault("mapped_file", 0L),
        stat.getOrDefault("dirty", 0L),
        stat.getOrDefault("writeback", 0L));
  }

  /** User and system CPU seconds of the children, from bash's {@code times} (its second line). */
  public static CpuSeconds timesOfChildren(String times) {
    String[] lines = times.strip().split("\n", -1);
    if (lines.length < 2) {
      return CpuSeconds.UNKNOWN;
    }
    String[] parts = lines[1].trim().split("\\s+", -1);
    return new CpuSeconds(minutesSeconds(parts[0]), minutesSeconds(parts[1]));
  }

  private static double minutesSeconds(String text) {
    int m = text.indexOf('m');
    return Integer.parseInt(text.substring(0, m)) * 60
        + Double.parseDouble(text.substring(m + 1, text.length() - 1));
  }

  private static Map<String, Long> keyValues(String text, String separator) {
    Map<String, Long> values = new HashMap<>();
    for (String line : text.split("\n", -1)) {
      int at = line.indexOf(separator);
      if (at > 0) {
        try {
          values.put(line.substring(0, at).trim(), Long.parseLong(line.substring(at + 1).trim()));
        } catch (NumberFormatException e) {
          // a line of another form
        }
      }
    }
    return values;
  }

  private static long clockTicks() {
    try {
      Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
      String out =
          new String(getconf.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return getconf.waitFor() == 0 ? Long.parseLong(out) : 100;
    } catch (IOException | RuntimeException e) {
      return 100;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 100;
    }
  }
}
