package io.github.ycsbembedded.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.measure.PhaseProcess;
import io.github.ycsbembedded.experiments.measure.ProcFiles;
import io.github.ycsbembedded.experiments.measure.YcsbOutputTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When a phase counts as failed, which line of its output says why, and what its data takes on
 * disk.
 */
class FailuresTest {
  private static PhaseProcess.Measured measured(int exit, String stdout, String stderr) {
    return new PhaseProcess.Measured(
        exit,
        stdout,
        stderr,
        List.of(),
        new ProcFiles.CpuSeconds(0.4, 0.1),
        null,
        new PhaseProcess.Memory(0, 0, null, -1, -1, false, Map.of()));
  }

  @Test
  void failedPhaseHasNoReportAndItsReasonIsTheLaunchersLine() throws IOException {
    PhaseProcess.Measured m =
        measured(
            1, YcsbOutputTest.captured("locked.stdout"), YcsbOutputTest.captured("locked.stderr"));

    assertThat(Failures.of(m, Set.of()))
        .startsWith("exit 1: rocksdb: ")
        .contains("is in use by another process");
  }

  @Test
  void phaseWithOperationsNotOkIsAFailureNamingTheCount() throws IOException {
    PhaseProcess.Measured m = measured(0, YcsbOutputTest.captured("empty-run.stdout"), "");

    assertThat(Failures.of(m, Set.of())).startsWith("1000 operations did not return OK");
    assertThat(Failures.of(m, Set.of("READ:NOT_FOUND", "UPDATE:NOT_FOUND")))
        .as("a phase whose reads may find nothing accepts it")
        .isNull();
  }

  @Test
  void lastMessagePrefersTheLaunchersLineThenAnException() {
    assertThat(Failures.lastMessage("noise\nycsb: lmdb.dir is required\nmore"))
        .isEqualTo("lmdb.dir is required");
    assertThat(Failures.lastMessage("a\njava.lang.IllegalStateException: boom\nb"))
        .isEqualTo("java.lang.IllegalStateException: boom");
    assertThat(Failures.lastMessage("a\nlast line\n\n")).isEqualTo("last line");
    assertThat(Failures.lastMessage("")).isEqualTo("(no output on stderr)");
  }

  /**
   * The engine's own folder holds other phases' data sets (e.g. the bulk load's) as subfolders:
   * they are not the phase's data, and its disk figures leave them out.
   */
  @Test
  @Tag("process")
  void diskUsageLeavesOutOtherDataSetsInsideTheFolder(@TempDir Path dir) throws Exception {
    Files.write(dir.resolve("data.mdb"), new byte[40_000]);
    Files.createDirectories(dir.resolve("own/sub"));
    Files.write(dir.resolve("own/sub/000001.sst"), new byte[8_000]);
    Files.createDirectories(dir.resolve("bulk"));
    Files.write(dir.resolve("bulk/data.mdb"), new byte[100_000]);

    var all = DiskUsage.of(dir, "lmdb", Set.of());
    var own = DiskUsage.of(dir, "lmdb", Set.of("bulk"));

    assertThat(all.apparent()).isEqualTo(148_000);
    assertThat(own.apparent()).isEqualTo(48_000);
    assertThat(own.allocated())
        .as("allocated, from du")
        .isBetween(48_000L, all.allocated() - 100_000);
    assertThat(DiskUsage.of(dir.resolve("missing"), "lmdb", Set.of()))
        .isEqualTo(new io.github.ycsbembedded.experiments.results.Results.Disk(0, 0, 0));
  }

  /**
   * An engine's write-ahead log is counted apart from its data (here RocksDB's numbered .log files;
   * each engine's log names are checked in EnginesTest, WiredTiger's where bin/setup installed it),
   * and what is not its log is data.
   */
  @Test
  @Tag("process")
  void diskUsageCountsTheWriteAheadLogApartFromTheData(@TempDir Path dir) throws Exception {
    Files.write(dir.resolve("000013.sst"), new byte[40_000]);
    Files.write(dir.resolve("000012.log"), new byte[100_000]);
    Files.write(dir.resolve("LOG"), new byte[7_000]);

    var rocksDb = DiskUsage.of(dir, "rocksdb", Set.of());
    var lmdb = DiskUsage.of(dir, "lmdb", Set.of());

    assertThat(rocksDb.apparent()).isEqualTo(47_000);
    assertThat(rocksDb.logApparent()).isEqualTo(100_000);
    assertThat(rocksDb.allocated()).isBetween(47_000L, 47_000L + 3 * 4096);
    assertThat(lmdb.apparent()).as("an engine without such a log").isEqualTo(147_000);
    assertThat(lmdb.logApparent()).isZero();
  }
}
