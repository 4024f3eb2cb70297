package io.github.ycsbembedded.experiments.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The memory side of one phase's process, sampled every {@value PhaseProcess#SAMPLE_MS} ms: from
 * the end of the warm-up on it holds the cgroup's page cache to the phase's share ({@link
 * MemoryLimit#holdPageCache}), and from when that hold has settled it counts the memory the phase
 * used (peak, average, the cgroup's make-up at the peak). Without a cgroup it samples the process
 * tree's resident set.
 */
final class MemorySampler {
  private final PhaseProcess.Hold hold;
  private long peak;
  private long sum;
  private long count;
  private long pageCachePeak = -1;
  private long baseline = -1;
  private boolean holding;
  private boolean measuring;
  private boolean kernelPeakFromHold;
  private boolean outOfMemory;
  private ProcFiles.MemoryStat atPeak;

  MemorySampler(PhaseProcess.Hold hold) {
    this.hold = hold;
  }

  private boolean held() {
    return hold != null && hold.pageCacheBytes() > 0;
  }

  /**
   * One sample, {@code lastSecond} being the elapsed seconds of the last status line (-1 before the
   * first); returns false when the process must be ended (it needed more than the ceiling).
   */
  boolean sample(ProcessHandle process, long lastSecond) {
    MemoryLimit limit = hold == null ? null : hold.limit();
    if (held() && baseline < 0 && lastSecond >= 0) {
      // the workload has begun: the file pages the process has mapped by now are its own code and
      // libraries (the JVM, the engine's native library), which the share does not pay for; the
      // engines read their data with pread (LevelDB with mmap_reads=false in a regime) or, LMDB,
      // have mapped little of it yet
      ProcFiles.MemoryStat start = limit.stat();
      baseline = start == null ? 0 : start.mappedFileBytes();
    }
    if (!holding && baseline >= 0 && lastSecond >= hold.afterSeconds()) {
      holding = true;
    }
    if (holding && !limit.holdPageCache(baseline + hold.pageCacheBytes()) && !outOfMemory) {
      outOfMemory = true;
      return false;
    }
    if (holding && !measuring && limit.settled(baseline + hold.pageCacheBytes())) {
      // the page cache is down to its share: the memory figures start here, so that what the
      // warm-up cached before holding began is not counted as the phase's
      measuring = true;
      kernelPeakFromHold = limit.resetPeak();
    }
    long usage = limit != null ? limit.usageBytes() : rssOfTree(process);
    if (usage > 0 && (measuring || !held())) {
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
    return true;
  }

  boolean outOfMemory() {
    return outOfMemory;
  }

  /**
   * The peak: the kernel's where it covers the measured window (without a hold, or restarted when
   * the hold settled), else the sampled one; {@code jvmHwm} the JVM's own peak resident set stands
   * in without a cgroup.
   */
  long peakBytes(long jvmHwm) {
    MemoryLimit limit = hold == null ? null : hold.limit();
    long kernel =
        limit == null
            ? jvmHwm
            : !held() || kernelPeakFromHold || !measuring ? limit.peakBytes() : -1;
    return kernel > 0 ? kernel : peak;
  }

  long averageBytes() {
    return count == 0 ? 0 : sum / count;
  }

  ProcFiles.MemoryStat atPeak() {
    return atPeak;
  }

  long pageCachePeakBytes() {
    return pageCachePeak;
  }

  long baselineBytes() {
    return baseline;
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
