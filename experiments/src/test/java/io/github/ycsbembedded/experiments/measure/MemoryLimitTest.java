package io.github.ycsbembedded.experiments.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The memory cgroup of a phase; needs root and a writable cgroup file system, skipped otherwise.
 */
@Tag("process")
class MemoryLimitTest {
  private static MemoryLimit create(String name) {
    return create(name, 256L << 20);
  }

  private static MemoryLimit create(String name, long ceiling) {
    try {
      return MemoryLimit.create(name, ceiling);
    } catch (IOException e) {
      assumeTrue(false, "no writable memory cgroup here: " + e.getMessage());
      throw new AssertionError(e);
    }
  }

  @Test
  void closeRemovesTheGroupEvenWithAProcessLeftInIt() throws Exception {
    String name = "ycsb-embedded-test-" + ProcessHandle.current().pid();
    MemoryLimit limit = create(name);
    Path group = limit.procs().getParent();
    Process left = new ProcessBuilder("sleep", "600").start();
    try {
      Files.writeString(limit.procs(), Long.toString(left.pid()));
      assertThat(Files.readAllLines(limit.procs())).contains(Long.toString(left.pid()));

      limit.close();

      assertThat(group).doesNotExist();
      assertThat(left.waitFor(5, TimeUnit.SECONDS))
          .as("the process left in the group was killed")
          .isTrue();
    } finally {
      left.destroyForcibly();
    }
  }

  @Test
  void theGroupHasTheLimitAskedFor() throws Exception {
    try (MemoryLimit limit = create("ycsb-embedded-test-limit-" + ProcessHandle.current().pid())) {
      Path group = limit.procs().getParent();
      Path max =
          Files.exists(group.resolve("memory.max"))
              ? group.resolve("memory.max")
              : group.resolve("memory.limit_in_bytes");
      assertThat(Files.readString(max).trim()).isEqualTo(Long.toString(256L << 20));
      assertThat(group.startsWith(Paths.get("/sys/fs/cgroup"))).isTrue();
    }
  }

  /**
   * The regime's point: a process in the group that writes and reads a file four times the limit
   * keeps its page cache (and all its memory) under the limit, as the kernel counts it.
   */
  @Test
  void aPhaseWritingAndReadingMoreThanTheLimitKeepsItsPageCacheUnderIt(
      @org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    long limitBytes = 64L << 20;
    try (MemoryLimit limit = create("ycsb-embedded-test-cache-" + ProcessHandle.current().pid())) {
      Path group = limit.procs().getParent();
      Files.writeString(
          group.resolve(
              Files.exists(group.resolve("memory.max")) ? "memory.max" : "memory.limit_in_bytes"),
          Long.toString(limitBytes));
      Path big = tmp.resolve("big");
      PhaseProcess.Measured m =
          PhaseProcess.run(
              new PhaseProcess.Request(
                  java.util.List.of(
                      "bash",
                      "-c",
                      "head -c 256M /dev/urandom > \"$0\" && cat \"$0\" > /dev/null",
                      big.toString()),
                  tmp,
                  tmp.resolve("io"),
                  tmp.resolve("jvm"),
                  new PhaseProcess.Hold(limit, 0, 0),
                  null,
                  null));

      assertThat(m.exitCode()).isZero();
      assertThat(Files.size(big)).isEqualTo(256L << 20);
      assertThat(m.memory().peakBytes())
          .as("peak of the group: the file's pages were charged to it, up to the limit")
          .isGreaterThan(16L << 20)
          .isLessThanOrEqualTo(limitBytes);
      assertThat(limit.stat().pageCacheBytes())
          .as("page cache left in the group")
          .isLessThanOrEqualTo(limitBytes);
    }
  }

  /**
   * Page cache charged to a phase's group is dropped with the group: otherwise it would move to the
   * parent group, and the next phase would read it from memory without being charged, outside the
   * regime. The second phase here has to read the file from the device.
   */
  @Test
  void theNextPhaseReadsFromTheDeviceWhatThePreviousPhaseCached(
      @org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    Path file = tmp.resolve("data");
    try (MemoryLimit first = create("ycsb-embedded-test-first-" + ProcessHandle.current().pid())) {
      PhaseProcess.Measured wrote =
          PhaseProcess.run(
              new PhaseProcess.Request(
                  java.util.List.of(
                      "bash",
                      "-c",
                      "head -c 48M /dev/urandom > \"$0\" && sync && cat \"$0\" > /dev/null",
                      file.toString()),
                  tmp,
                  tmp.resolve("write"),
                  tmp.resolve("jvm"),
                  new PhaseProcess.Hold(first, 0, 0),
                  null,
                  null));
      assertThat(wrote.exitCode()).isZero();
    }
    try (MemoryLimit second =
        create("ycsb-embedded-test-second-" + ProcessHandle.current().pid())) {
      PhaseProcess.Measured read =
          PhaseProcess.run(
              new PhaseProcess.Request(
                  java.util.List.of("bash", "-c", "cat \"$0\" > /dev/null", file.toString()),
                  tmp,
                  tmp.resolve("read"),
                  tmp.resolve("jvm"),
                  new PhaseProcess.Hold(second, 0, 0),
                  null,
                  null));
      assertThat(read.exitCode()).isZero();
      assertThat(read.totalIo().readBytes())
          .as("bytes the second phase read from the device")
          .isGreaterThanOrEqualTo(40L << 20);
    }
  }

  /**
   * Within a generous ceiling, once the workload has begun (its first status line) and its warm-up
   * (none here) has passed, the page cache is held to the phase's share above what was cached then:
   * a process that writes a file eight times its share and reads it back has to read most of it
   * from the device. With the ceiling alone the file would stay cached.
   */
  @Test
  void thePageCacheIsHeldToItsShareWellBelowTheCeiling(@org.junit.jupiter.api.io.TempDir Path tmp)
      throws Exception {
    long share = 32L << 20;
    WrittenAndRead phase = writeAndReadBack(tmp, "hold", share, 0);
    PhaseProcess.Measured m = phase.measured();

    assertThat(m.exitCode()).isZero();
    assertThat(m.memory().outOfMemory()).isFalse();
    assertThat(m.memory().pageCacheBaselineBytes())
        .as("cached when the status line came")
        .isBetween(0L, 96L << 20);
    assertThat(m.totalIo().readBytes())
        .as("bytes read back from the device of the 256 MiB written")
        .isGreaterThanOrEqualTo(
            (256L << 20) - m.memory().pageCacheBaselineBytes() - share - (16L << 20));
    // the limit last set allows the pages that waited for the disk then, up to UNWRITTEN_MAX of the
    // ceiling (MemoryLimit.target): a sample taken while the file was still being written back
    // leaves that much room for the read that follows it, whatever the share. Unheld, more than
    // 192 MiB stays (thePageCacheIsNotHeldBeforeTheWarmUpEnds).
    assertThat(phase.pageCacheLeft())
        .as("page cache left in the group")
        .isLessThanOrEqualTo(
            m.memory().pageCacheBaselineBytes()
                + share
                + (long) (MemoryLimit.UNWRITTEN_MAX * (768L << 20))
                + (4L << 20));
  }

  /**
   * The same phase with a warm-up of two seconds that its status lines never pass (its only line
   * says 0 sec): nothing is held, so the file it wrote stays cached and is read back from memory. A
   * JVM's first seconds grow its own memory faster than the samples follow (PhaseProcess.run).
   */
  @Test
  void thePageCacheIsNotHeldBeforeTheWarmUpEnds(@org.junit.jupiter.api.io.TempDir Path tmp)
      throws Exception {
    WrittenAndRead phase = writeAndReadBack(tmp, "warmup", 32L << 20, 2);

    assertThat(phase.measured().exitCode()).isZero();
    assertThat(phase.measured().totalIo().readBytes())
        .as("bytes read back from the device of the 256 MiB written")
        .isLessThan(64L << 20);
    assertThat(phase.pageCacheLeft()).as("page cache left in the group").isGreaterThan(192L << 20);
  }

  private record WrittenAndRead(PhaseProcess.Measured measured, long pageCacheLeft) {}

  /**
   * A phase in a group of a 768 MiB ceiling that prints a status line of 0 seconds, writes a 256
   * MiB file and reads it back, held to {@code share} from the end of {@code warmUpSeconds}.
   */
  private static WrittenAndRead writeAndReadBack(
      Path tmp, String name, long share, double warmUpSeconds) throws Exception {
    try (MemoryLimit limit =
        create("ycsb-embedded-test-" + name + "-" + ProcessHandle.current().pid(), 768L << 20)) {
      PhaseProcess.Measured m =
          PhaseProcess.run(
              new PhaseProcess.Request(
                  java.util.List.of(
                      "bash",
                      "-c",
                      "echo '2026-11-23 21:00:00:000 0 sec: 0 operations; est completion in 0 second' >&2;"
                          + " head -c 256M /dev/urandom > \"$0\" && sync && cat \"$0\" > /dev/null",
                      tmp.resolve("data").toString()),
                  tmp,
                  tmp.resolve(name),
                  tmp.resolve("jvm"),
                  new PhaseProcess.Hold(limit, share, warmUpSeconds),
                  null,
                  null));
      return new WrittenAndRead(m, limit.stat().pageCacheBytes());
    }
  }

  private static final long MIB = 1L << 20;

  /**
   * 100 MiB besides page cache, 30 MiB of page cache of which {@code dirty} and {@code writeback}
   * wait for the disk.
   */
  private static ProcFiles.MemoryStat cache(long dirty, long writeback) {
    return new ProcFiles.MemoryStat(100 * MIB, 30 * MIB, 0, dirty, writeback);
  }

  /**
   * Pages waiting for the disk are held beside the share, up to a fifth of the ceiling, so that a
   * writer whose share is all dirty still leaves reclaim clean pages to free; the ceiling bounds
   * all.
   */
  @Test
  void pagesWaitingForTheDiskAreHeldBesideTheShareUpToAFifthOfTheCeiling() {
    assertThat(MemoryLimit.target(130 * MIB, cache(0, 0), 10 * MIB, 500 * MIB))
        .isEqualTo(110 * MIB);
    assertThat(MemoryLimit.target(130 * MIB, cache(12 * MIB, 4 * MIB), 10 * MIB, 500 * MIB))
        .isEqualTo(126 * MIB);
    assertThat(MemoryLimit.target(130 * MIB, cache(60 * MIB, 0), 10 * MIB, 200 * MIB))
        .isEqualTo(150 * MIB);
    assertThat(MemoryLimit.target(130 * MIB, cache(12 * MIB, 4 * MIB), 10 * MIB, 115 * MIB))
        .isEqualTo(115 * MIB);
  }

  /**
   * Writeback starts once dirty pages pass a tenth of the ceiling; pages already being written do
   * not count.
   */
  @Test
  void writebackStartsWhenDirtyPagesPassATenthOfTheCeiling() {
    assertThat(MemoryLimit.startsWriteback(cache(12 * MIB, 0), 100 * MIB)).isTrue();
    assertThat(MemoryLimit.startsWriteback(cache(12 * MIB, 0), 200 * MIB)).isFalse();
    assertThat(MemoryLimit.startsWriteback(cache(0, 50 * MIB), 100 * MIB)).isFalse();
  }

  /**
   * A phase that leaves more than a tenth of its ceiling dirty has the writeback of its directory
   * started.
   */
  @Test
  void aPhaseThatDirtiesATenthOfTheCeilingHasItsWritebackStarted(
      @org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    try (MemoryLimit limit =
        create("ycsb-embedded-test-writeback-" + ProcessHandle.current().pid(), 1024L << 20)) {
      limit.writeBack(tmp);
      PhaseProcess.Measured m =
          PhaseProcess.run(
              new PhaseProcess.Request(
                  java.util.List.of(
                      "bash",
                      "-c",
                      "echo '2026-11-23 21:00:00:000 0 sec: 0 operations; est completion in 0 second' >&2;"
                          + " head -c 640M /dev/zero > \"$0\"",
                      tmp.resolve("data").toString()),
                  tmp,
                  tmp.resolve("dirty"),
                  tmp.resolve("jvm"),
                  new PhaseProcess.Hold(limit, 512L << 20, 0),
                  null,
                  null));

      assertThat(m.exitCode()).isZero();
      assertThat(limit.writebacksStarted()).isPositive();
    }
  }
}
