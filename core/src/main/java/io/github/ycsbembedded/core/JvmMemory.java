package io.github.ycsbembedded.core;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

/**
 * The JVM's own resident memory, told apart from what an engine's native library allocated in the
 * same process. Native Memory Tracking ({@code -XX:NativeMemoryTracking=detail}) names every region
 * the JVM mapped for itself (heap, metaspace, code cache, thread stacks, GC structures) and how
 * much it allocated with malloc; the pages of those regions that are resident ({@code
 * /proc/self/smaps}) plus the JVM's malloc'd bytes are the JVM's; the rest of the process's
 * anonymous resident memory ({@code RssAnon}) is the engine's: its caches, write buffers and its
 * allocator's arenas. Taken at the last cleanup, before the engine closes, when its caches are as
 * full as the run left them.
 */
public final class JvmMemory {
  private static final Pattern COMMITTED =
      Pattern.compile("^\\s*\\[0x([0-9a-f]+) - 0x([0-9a-f]+)\\] (?:reserved and )?committed ");
  private static final Pattern MALLOC = Pattern.compile("^\\s*malloc: (\\d+)KB");
  private static final Pattern MAPPING = Pattern.compile("^([0-9a-f]+)-([0-9a-f]+) ");
  private static final Pattern RSS = Pattern.compile("^Rss:\\s+(\\d+) kB");

  /** The process's anonymous resident memory and the JVM's own part of it, in bytes. */
  public record Snapshot(long processAnonymous, long jvmResident) {
    /** What the engine's native library holds: the anonymous memory the JVM does not. */
    public long engineNative() {
      return Math.max(0, processAnonymous - jvmResident);
    }
  }

  private static volatile Snapshot taken;

  private JvmMemory() {}

  /**
   * Takes the snapshot the JVM report will carry, where the run asks for a report and Native Memory
   * Tracking is on; nothing otherwise.
   */
  static void takeForReport() {
    if (System.getProperty(CheckedClient.JVM_REPORT) != null) {
      Snapshot snapshot = measure();
      if (snapshot != null) {
        taken = snapshot;
      }
    }
  }

  /** The snapshot taken for the report, or null. */
  static Snapshot taken() {
    return taken;
  }

  /** The snapshot now, or null without Native Memory Tracking or outside Linux. */
  public static Snapshot measure() {
    try {
      String nmt = nativeMemory();
      if (nmt == null) {
        return null;
      }
      long anonymous = rssAnon(Files.readAllLines(Path.of("/proc/self/status")));
      List<long[]> regions = committedRegions(nmt);
      long resident = residentIn(Files.readAllLines(Path.of("/proc/self/smaps")), regions);
      return new Snapshot(anonymous, resident + mallocBytes(nmt));
    } catch (IOException | RuntimeException | ReflectiveOperationException e) {
      return null;
    }
  }

  /** Native Memory Tracking's detail, or null when it is off. */
  private static String nativeMemory() throws ReflectiveOperationException {
    try {
      Object out =
          ManagementFactory.getPlatformMBeanServer()
              .invoke(
                  new ObjectName("com.sun.management:type=DiagnosticCommand"),
                  "vmNativeMemory",
                  new Object[] {new String[] {"detail"}},
                  new String[] {String[].class.getName()});
      String text = String.valueOf(out);
      return text.contains("Virtual memory map") ? text : null;
    } catch (javax.management.JMException e) {
      return null;
    }
  }

  /** The address ranges Native Memory Tracking lists as committed, merged where they overlap. */
  static List<long[]> committedRegions(String nmt) {
    List<long[]> ranges = new ArrayList<>();
    for (String line : nmt.split("\n", -1)) {
      Matcher m = COMMITTED.matcher(line);
      if (m.find()) {
        ranges.add(
            new long[] {
              Long.parseUnsignedLong(m.group(1), 16), Long.parseUnsignedLong(m.group(2), 16)
            });
      }
    }
    ranges.sort((a, b) -> Long.compareUnsigned(a[0], b[0]));
    List<long[]> merged = new ArrayList<>();
    for (long[] r : ranges) {
      long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && Long.compareUnsigned(r[0], last[1]) <= 0) {
        last[1] = Long.compareUnsigned(r[1], last[1]) > 0 ? r[1] : last[1];
      } else {
        merged.add(new long[] {r[0], r[1]});
      }
    }
    return merged;
  }

  /** The JVM's malloc'd bytes, from the summary's total. */
  static long mallocBytes(String nmt) {
    for (String line : nmt.split("\n", -1)) {
      Matcher m = MALLOC.matcher(line);
      if (m.find()) {
        return Long.parseLong(m.group(1)) * 1024;
      }
    }
    return 0;
  }

  /**
   * Resident bytes of the mappings in {@code smaps} that lie in {@code regions}, a mapping only
   * partly inside counted in proportion.
   */
  static long residentIn(List<String> smaps, List<long[]> regions) {
    long total = 0;
    long start = 0;
    long end = 0;
    for (String line : smaps) {
      Matcher mapping = MAPPING.matcher(line);
      if (mapping.find()) {
        start = Long.parseUnsignedLong(mapping.group(1), 16);
        end = Long.parseUnsignedLong(mapping.group(2), 16);
        continue;
      }
      Matcher rss = RSS.matcher(line);
      if (rss.find() && end > start) {
        long overlap = 0;
        for (long[] r : regions) {
          long from = Math.max(start, r[0]);
          long to = Math.min(end, r[1]);
          if (to > from) {
            overlap += to - from;
          }
        }
        total += (long) (Long.parseLong(rss.group(1)) * 1024 * ((double) overlap / (end - start)));
      }
    }
    return total;
  }

  /** {@code RssAnon} of {@code /proc/self/status}, in bytes. */
  static long rssAnon(List<String> status) {
    for (String line : status) {
      if (line.startsWith("RssAnon:")) {
        return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
      }
    }
    return -1;
  }
}
