package io.github.ycsbembedded.experiments.measure;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * A memory cgroup (v2, or v1) that a phase's JVM joins before it starts, so that a data set larger
 * than memory really has to come from disk. Its limit is a ceiling (the JVM's allowance plus the
 * engines' share); within it {@link #holdPageCache} keeps the page cache at its share by moving a
 * lower limit with the group's other memory: without that, whatever the JVM does not use of its
 * allowance would fill with page cache and hold most of the data. It also reports the group's
 * memory as the kernel accounts it: usage, peak, and how much of it is anonymous memory, page cache
 * and mapped file pages. Needs root.
 */
public final class MemoryLimit implements AutoCloseable {
  private static final Path ROOT = Paths.get("/sys/fs/cgroup");

  /** Changes of the moving limit smaller than this are not written. */
  private static final long STEP = 256 << 10;

  /**
   * The share of the ceiling that pages waiting for the disk may take beside the page cache's
   * share.
   */
  static final double UNWRITTEN_MAX = 0.20;

  /** The share of the ceiling that dirty pages may take before their writeback is started. */
  static final double BACKGROUND_WRITEBACK = 0.10;

  private final Path group;
  private final boolean v2;
  private final long ceiling;
  private final Thread onExit;
  private long held;

  /** Whether {@link #holdPageCache} has run. */
  private boolean begun;

  private Path writebackDirectory;
  private Process writeback;
  private int writebacks;

  private MemoryLimit(Path group, boolean v2, long ceiling) {
    this.group = group;
    this.v2 = v2;
    this.ceiling = ceiling;
    this.held = ceiling;
    // the runner interrupted (Ctrl-C) leaves no group behind
    this.onExit =
        new Thread(
            () -> {
              try {
                remove();
              } catch (IOException e) {
                System.err.println("experiment: " + e.getMessage());
              }
            },
            "remove-" + group.getFileName());
    Runtime.getRuntime().addShutdownHook(onExit);
  }

  /**
   * Why no memory cgroup can be made here (no controller mounted, not root), or null when one can.
   */
  public static String unavailable() {
    boolean v2 = Files.exists(ROOT.resolve("cgroup.controllers"));
    Path parent = v2 ? ROOT : ROOT.resolve("memory");
    if (!v2 && !Files.isDirectory(parent)) {
      return "no memory cgroup controller is mounted (neither cgroup v2 at "
          + ROOT
          + " nor v1 at "
          + parent
          + ")";
    }
    if (!Files.isWritable(parent)) {
      return "making a memory cgroup needs root (" + parent + " is not writable)";
    }
    return null;
  }

  /** Creates the group with {@code bytes} as its limit, or says why it cannot. */
  public static MemoryLimit create(String name, long bytes) throws IOException {
    String unavailable = unavailable();
    if (unavailable != null) {
      throw new IOException(unavailable);
    }
    boolean v2 = Files.exists(ROOT.resolve("cgroup.controllers"));
    Path parent = v2 ? ROOT : ROOT.resolve("memory");
    if (v2 && !Files.readString(ROOT.resolve("cgroup.subtree_control")).contains("memory")) {
      Files.writeString(ROOT.resolve("cgroup.subtree_control"), "+memory");
    }
    Path group = Files.createDirectories(parent.resolve(name));
    try {
      if (v2) {
        Files.writeString(group.resolve("memory.max"), Long.toString(bytes));
        Files.writeString(group.resolve("memory.swap.max"), "0");
      } else {
        Files.writeString(group.resolve("memory.limit_in_bytes"), Long.toString(bytes));
        // a process that outgrows the moving limit waits for it to move up instead of being killed;
        // at the ceiling the runner ends it (see holdPageCache)
        Files.writeString(group.resolve("memory.oom_control"), "1");
      }
    } catch (IOException e) {
      Files.deleteIfExists(group);
      throw new IOException("cannot set the memory limit of " + group + ": " + e.getMessage(), e);
    }
    return new MemoryLimit(group, v2, bytes);
  }

  /** The group's ceiling: the most it may ever use. */
  public long ceilingBytes() {
    return ceiling;
  }

  /**
   * Holds the group's page cache at {@code pageCacheBytes}: sets the group's limit (v1), or its
   * {@code memory.high} (v2), to what it uses besides page cache plus {@code pageCacheBytes}, never
   * above the ceiling, so the kernel reclaims page cache beyond that share (see {@link #target} for
   * the pages waiting for the disk). Called every sample; a process that grows between two calls
   * waits in reclaim (v2) or, at the limit, for the next call (v1, with the OOM killer off for the
   * group).
   *
   * @return false when the group is out of memory at its ceiling: the JVM needs more than its
   *     allowance
   */
  public boolean holdPageCache(long pageCacheBytes) {
    long usage = usageBytes();
    ProcFiles.MemoryStat stat = stat();
    if (usage < 0 || stat == null) {
      return true;
    }
    long target = target(usage, stat, pageCacheBytes, ceiling);
    // the first call writes back whatever the time before holding left dirty (a run phase's warm-up
    // ran unheld): dirty pages cannot be reclaimed, and they would stay cached beside the share
    boolean first = !begun;
    begun = true;
    if (writebackDirectory != null
        && ((first && stat.dirtyBytes() > 0) || startsWriteback(stat, ceiling))
        && (writeback == null || !writeback.isAlive())) {
      try {
        writeback =
            new ProcessBuilder("sync", "-f", writebackDirectory.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        writebacks++;
      } catch (IOException e) {
        // no sync(1): the kernel's own writeback, later
      }
    }
    boolean outOfMemory = !v2 && underOom();
    if (outOfMemory) {
      if (held >= ceiling) {
        return false;
      }
      target = ceiling;
    }
    if (Math.abs(target - held) >= STEP || (target == ceiling && held != ceiling)) {
      try {
        Files.writeString(
            group.resolve(v2 ? "memory.high" : "memory.limit_in_bytes"),
            v2 && target == ceiling ? "max" : Long.toString(target));
        held = target;
      } catch (IOException e) {
        // v1 refuses (EBUSY) a limit it cannot reclaim down to at once: the next sample tries again
      }
    }
    return true;
  }

  /**
   * The limit that holds the page cache at {@code pageCacheBytes}: the group's memory besides page
   * cache, plus the share, plus the pages waiting for the disk (dirty or being written), up to
   * {@link #UNWRITTEN_MAX} of the ceiling, at most the ceiling. Those pages cannot be reclaimed
   * until the disk has them, and cgroup v1 has no dirty-page limit of a group's own (only the
   * machine's, sized for all its memory): squeezed into the share they left reclaim nothing to
   * free, and with the OOM killer off the kernel failed the engine's next write with ENOMEM. The
   * allowance is the kernel's default {@code vm.dirty_ratio} applied to the group, as on a machine
   * of its size.
   */
  static long target(long usage, ProcFiles.MemoryStat stat, long pageCacheBytes, long ceiling) {
    long besidesCache = Math.max(0, usage - stat.pageCacheBytes());
    long unwritten = Math.min(stat.unwrittenBytes(), (long) (UNWRITTEN_MAX * ceiling));
    return Math.min(ceiling, besidesCache + pageCacheBytes + unwritten);
  }

  /**
   * Whether the group's dirty pages call for writeback now: above the kernel's default {@code
   * vm.dirty_background_ratio} of the group's ceiling, where the kernel would start writing them
   * back on a machine of the group's size (the machine's own threshold is far higher).
   */
  static boolean startsWriteback(ProcFiles.MemoryStat stat, long ceiling) {
    return stat.dirtyBytes() > BACKGROUND_WRITEBACK * ceiling;
  }

  /**
   * The folder whose file system {@link #holdPageCache} writes back ({@code sync -f}, in the
   * background, one at a time) when the group's dirty pages pass {@link #BACKGROUND_WRITEBACK} of
   * its ceiling: the phase's data directory.
   */
  public void writeBack(Path directory) {
    this.writebackDirectory = directory;
  }

  /** How many times {@link #holdPageCache} started a writeback. */
  int writebacksStarted() {
    return writebacks;
  }

  private boolean underOom() {
    try {
      return Files.readString(group.resolve("memory.oom_control")).contains("under_oom 1");
    } catch (IOException e) {
      return false;
    }
  }

  /** The file a process writes its pid into to join the group. */
  public Path procs() {
    return group.resolve("cgroup.procs");
  }

  /** Bytes the group uses now (anonymous memory, page cache and kernel memory), or -1. */
  public long usageBytes() {
    return number(v2 ? "memory.current" : "memory.usage_in_bytes");
  }

  /**
   * Whether holding has brought the page cache down to {@code pageCacheBytes} (the pages waiting
   * for the disk beside it, as {@link #target} allows them); false before the first {@link
   * #holdPageCache}.
   */
  boolean settled(long pageCacheBytes) {
    ProcFiles.MemoryStat stat = stat();
    return begun
        && stat != null
        && stat.pageCacheBytes() <= pageCacheBytes + stat.unwrittenBytes() + STEP;
  }

  /**
   * Starts the kernel's count of the most the group used again from what it uses now (cgroup v1:
   * {@code memory.max_usage_in_bytes}), so that {@link #peakBytes} covers the measured window; v2's
   * {@code memory.peak} counts from the start.
   *
   * @return whether {@link #peakBytes} now counts from here
   */
  boolean resetPeak() {
    if (v2) {
      return false;
    }
    try {
      Files.writeString(group.resolve("memory.max_usage_in_bytes"), "0");
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The most the group used at once, as the kernel counted it, or -1 where it does not (cgroup v2
   * before Linux 5.19).
   */
  public long peakBytes() {
    return number(v2 ? "memory.peak" : "memory.max_usage_in_bytes");
  }

  /** How the group's memory is made up now, or null when it cannot be read. */
  public ProcFiles.MemoryStat stat() {
    try {
      return ProcFiles.memoryStat(Files.readString(group.resolve("memory.stat")));
    } catch (IOException e) {
      return null;
    }
  }

  private long number(String file) {
    try {
      return Long.parseLong(Files.readString(group.resolve(file)).trim());
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  /**
   * Drops the page cache charged to the group (cgroup v1: {@code memory.force_empty}; v2: {@code
   * memory.reclaim}). Without it the group's cached pages would move to the parent group when it is
   * removed, and the next phase would read them from memory without being charged for them: the
   * regime would hold only for the first phase that touched the data.
   */
  void dropPageCache() {
    try {
      if (v2) {
        Path reclaim = group.resolve("memory.reclaim");
        if (Files.exists(reclaim)) {
          Files.writeString(reclaim, Long.toString(Math.max(usageBytes(), 1)));
        }
      } else {
        Files.writeString(group.resolve("memory.force_empty"), "0");
      }
    } catch (IOException e) {
      // a process still in the group: what it keeps is reclaimed once it is gone, or moves up
    }
  }

  /**
   * Drops the group's page cache, then removes the group. A process the phase left in it (the JVM
   * killed from outside and not yet reaped, a child it started) keeps the group busy: those are
   * killed, and the removal retried for up to 5 seconds.
   */
  @Override
  public void close() throws IOException {
    try {
      Runtime.getRuntime().removeShutdownHook(onExit);
    } catch (IllegalStateException e) {
      // already exiting: the hook removes the group
      return;
    }
    remove();
  }

  private void remove() throws IOException {
    boolean dropped = false;
    for (int attempt = 1; ; attempt++) {
      if (!dropped && (!Files.exists(procs()) || Files.readAllLines(procs()).isEmpty())) {
        dropPageCache();
        dropped = true;
      }
      try {
        Files.deleteIfExists(group);
        return;
      } catch (FileSystemException e) {
        List<String> left = Files.exists(procs()) ? Files.readAllLines(procs()) : List.of();
        if (attempt == 50) {
          throw new IOException(
              "cannot remove the memory cgroup " + group + " (processes still in it: " + left + ")",
              e);
        }
        left.forEach(
            pid ->
                ProcessHandle.of(Long.parseLong(pid.trim()))
                    .ifPresent(ProcessHandle::destroyForcibly));
        try {
          Thread.sleep(100);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new IOException(
              "interrupted while removing the memory cgroup " + group, interrupted);
        }
      }
    }
  }
}
