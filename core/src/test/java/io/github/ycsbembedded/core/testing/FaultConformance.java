package io.github.ycsbembedded.core.testing;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.BatchWriteDB;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Faults below the binding: flipped bytes in a data file are errors, never wrong values; a full
 * disk fails writes as errors and loses nothing acknowledged.
 */
public interface FaultConformance extends Conformance {
  @Test
  default void flippedBytesInTheDataFileAreErrorsNeverWrongValues() throws Exception {
    DB db = open();
    int records = 3000;
    for (int i = 0; i < records; i++) {
      db.insert(TABLE, key(i), record("field0", bulkyValue(i).substring(0, 1000)));
    }
    close(db);
    Path largest;
    try (Stream<Path> files = Files.list(dataDir())) {
      largest =
          files
              .filter(Files::isRegularFile)
              .filter(this::holdsRecords)
              .max(Comparator.comparingLong(f -> f.toFile().length()))
              .orElseThrow();
    }
    try (RandomAccessFile file = new RandomAccessFile(largest.toFile(), "rw")) {
      byte[] bytes = new byte[64];
      file.seek(file.length() / 2);
      file.readFully(bytes);
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] ^= (byte) 0xA5;
      }
      file.seek(file.length() / 2);
      file.write(bytes);
    }

    DB reopened;
    try {
      reopened = open();
    } catch (DBException refused) {
      assertThat(refused.getMessage()).as("a refused open is one line").doesNotContain("\n");
      return;
    }
    int errors = 0;
    for (int i = 0; i < records; i++) {
      Map<String, ByteIterator> result = new HashMap<>();
      Status status = reopened.read(TABLE, key(i), null, result);
      if (status.isOk()) {
        assertThat(strings(result))
            .as("%s read back", key(i))
            .containsExactly(Map.entry("field0", bulkyValue(i).substring(0, 1000)));
      } else {
        errors++;
      }
    }
    assertThat(errors)
        .as("reads of the flipped bytes (%s)", largest.getFileName())
        .isGreaterThan(0);
    try {
      close(reopened);
    } catch (DBException e) {
      assertThat(e.getMessage()).as("a failed close is one line").doesNotContain("\n");
    }
  }

  @Test
  @Tag("process")
  default void aFullDiskFailsEachWriteAsAnErrorAndLosesNothingAcknowledged() throws Exception {
    try (SmallFileSystem disk = SmallFileSystem.mount(dataDir().resolve("small-disk"), 12L << 20)) {
      Properties properties = fullDiskProperties(disk.path().resolve("db"));
      DB db = open(properties);
      List<Integer> acknowledged = new ArrayList<>();
      int errors = 0;
      for (int i = 0; errors < 20 && i < 100_000; i++) {
        Status status = db.insert(TABLE, key(i), record("field0", bulkyValue(i)));
        if (status.isOk()) {
          acknowledged.add(i);
        } else {
          assertThat(status).as("insert %d", i).isEqualTo(Status.ERROR);
          errors++;
        }
      }
      assertThat(errors).as("inserts that failed on the full disk").isEqualTo(20);
      assertThat(acknowledged).as("inserts that fitted").hasSizeGreaterThan(100);
      closeGrowAndReadBack(db, disk, properties, acknowledged);
    }
  }

  /**
   * Closes {@code db} on its full disk (a failed close must be one line), gives the disk room and
   * reads every acknowledged record ({@link #bulkyValue}) back from the reopened database.
   */
  private void closeGrowAndReadBack(
      DB db, SmallFileSystem disk, Properties properties, List<Integer> acknowledged)
      throws Exception {
    try {
      close(db);
    } catch (DBException e) {
      assertThat(e.getMessage()).as("a failed close is one line").doesNotContain("\n");
    }
    disk.grow(1L << 30);
    DB reopened = open(properties);
    for (int i : acknowledged) {
      assertThat(read(reopened, TABLE, key(i), null))
          .as("acknowledged %s", key(i))
          .containsExactly(Map.entry("field0", bulkyValue(i)));
    }
    close(reopened);
  }

  @Test
  @Tag("process")
  default void aFullDiskDuringABulkLoadFailsABatchInOneLineAndKeepsEveryAcknowledgedOne()
      throws Exception {
    Assumptions.assumeTrue(
        bulkLoadKeepsAcknowledgedBatchesAfterAFailedWrite(),
        name() + " loses a bulk load whole when a write fails (its own test checks that)");
    try (SmallFileSystem disk = SmallFileSystem.mount(dataDir().resolve("small-disk"), 12L << 20)) {
      Properties properties = fullDiskProperties(disk.path().resolve("db"));
      DB db = open(properties);
      int acknowledged = 0;
      Status[] status = {Status.OK};
      String stderr = "";
      List<String> failed = new ArrayList<>();
      while (status[0].isOk() && acknowledged < 100_000) {
        List<BatchWriteDB.Insert> batch = new ArrayList<>();
        for (int i = acknowledged; i < acknowledged + 50; i++) {
          batch.add(new BatchWriteDB.Insert(key(i), record("field0", bulkyValue(i))));
        }
        stderr = stderrOf(() -> status[0] = batches(db).bulkInsert(TABLE, batch, failed));
        acknowledged += status[0].isOk() ? batch.size() : 0;
      }
      assertThat(status[0]).as("the batch that did not fit").isEqualTo(Status.ERROR);
      assertThat(stderr).as("counted, said once at the process's end").isEmpty();
      assertThat(io.github.ycsbembedded.core.ErrorLog.latest())
          .as("the failed batch's error")
          .startsWith(name() + ": bulk insert " + TABLE + "/");
      assertThat(failed)
          .as("the failed batch's keys")
          .isNotEmpty()
          .isSubsetOf(keys(acknowledged, acknowledged + 50));
      assertThat(acknowledged).as("records in batches that fitted").isGreaterThan(100);
      closeGrowAndReadBack(
          db, disk, properties, java.util.stream.IntStream.range(0, acknowledged).boxed().toList());
    }
  }
}
