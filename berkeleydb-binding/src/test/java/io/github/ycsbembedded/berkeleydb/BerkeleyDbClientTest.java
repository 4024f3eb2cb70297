package io.github.ycsbembedded.berkeleydb;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.sleepycat.je.DatabaseEntry;
import com.sleepycat.je.LockMode;
import com.sleepycat.je.OperationStatus;
import com.sleepycat.je.Transaction;
import io.github.ycsbembedded.core.ErrorLog;
import io.github.ycsbembedded.core.MultiWriteDB;
import io.github.ycsbembedded.core.RangeScanDB;
import io.github.ycsbembedded.core.testing.BindingConformanceTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import java.util.Vector;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

class BerkeleyDbClientTest extends BindingConformanceTest {
  @Override
  public String name() {
    return "berkeleydb";
  }

  @Override
  public DB newClient() {
    return new BerkeleyDbClient();
  }

  /**
   * JE stops writing while the disk has less than je.freeDisk (5 GB) free; the small disk has 12
   * MB.
   */
  @Override
  public Properties fullDiskProperties(Path dir) {
    Properties properties = properties(dir);
    properties.setProperty("berkeleydb.free_disk", "0");
    return properties;
  }

  @Override
  public void checkStatistics(JsonNode before, JsonNode after, int records) {
    assertThat(before.path("tree").path("kind").asText()).isEqualTo("btree");
    assertThat(before.path("tree").path("entries").asLong()).isEqualTo(records);
    assertThat(before.path("memoryBytes").asLong()).isPositive();
    assertThat(before.path("engine").path("sequential write bytes").asLong())
        .isGreaterThan(records * 1000L);

    assertThat(after.path("tree").path("entries").asLong()).isEqualTo(records);
    assertThat(after.path("tree").path("leafPages").asLong()).isPositive();
    // JE counts its log files' bytes at a checkpoint
    assertThat(after.path("engine").path("total log size").asLong()).isGreaterThan(records * 1000L);
    assertThat(after.path("engine").path("checkpoints").asLong())
        .isGreaterThan(before.path("engine").path("checkpoints").asLong());
  }

  /**
   * JE has no one essential file (its cleaner deletes any log file whose records all became
   * obsolete, the first one included): a directory the binding marked that has lost every log file,
   * where JE would start empty, is refused instead.
   */
  @Test
  @Override
  public void aDatabaseMissingAnEssentialFileIsRefusedNotStartedEmpty() throws Exception {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "v"));
    close(db);
    List<Path> logs;
    try (Stream<Path> files = Files.list(dataDir)) {
      logs = files.filter(f -> f.getFileName().toString().endsWith(".jdb")).toList();
    }
    assertThat(logs).isNotEmpty();
    for (Path log : logs) {
      Files.delete(log);
    }

    assertThatThrownBy(this::open)
        .isInstanceOf(DBException.class)
        .hasMessage(
            "berkeleydb: "
                + dataDir.toRealPath()
                + " holds an incomplete berkeleydb database: its log files (*.jdb) are missing"
                + " (the engine would start empty; restore them or use berkeleydb.destroy=true)");
  }

  @Test
  void aCacheLargerThanTheHeapIsRefusedNamingTheProperty() {
    Properties properties = properties(dataDir);
    properties.setProperty("berkeleydb.cache_size", "1t");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessageStartingWith(
            "berkeleydb.cache_size: '1t' does not fit the JVM's heap of "
                + Runtime.getRuntime().maxMemory()
                + " bytes");
  }

  /**
   * Two threads write the same two keys in opposite orders, each pair in one transaction: JE
   * detects the deadlocks and refuses one side, which the binding runs again; every write succeeds
   * and the two keys always hold the values of one write.
   */
  @Test
  void deadlockedAtomicWritesAreRetriedAndEachGroupStaysWhole() throws Exception {
    runConcurrently(
        2,
        t -> {
          DB db = open();
          for (int i = 0; i < 300; i++) {
            String round = t + "-" + i;
            List<String> keys = t == 0 ? List.of("a", "b") : List.of("b", "a");
            assertThat(
                    multi(db)
                        .writeAtomically(
                            List.of(
                                MultiWriteDB.Write.put(TABLE, keys.get(0), record("w", round)),
                                MultiWriteDB.Write.put(TABLE, keys.get(1), record("w", round)))))
                .as("thread %d write %d", t, i)
                .isEqualTo(Status.OK);
          }
          close(db);
          return null;
        });
    DB db = open();
    assertThat(read(db, TABLE, "a", null)).isEqualTo(read(db, TABLE, "b", null));
  }

  /**
   * A lock held longer than the retries last (a transaction of JE's own here) fails the update with
   * ERROR, reported with JE's type, rather than leaving the YCSB thread waiting; once the lock is
   * given back the update goes through.
   */
  @Test
  void anUpdateBlockedPastTheRetryTimeoutIsAnErrorNotAHang() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("berkeleydb.lock_timeout_ms", "20");
    properties.setProperty("berkeleydb.retry_timeout_ms", "100");
    DB db = open(properties);
    assertThat(db.insert(TABLE, "k", record("field0", "before"))).isEqualTo(Status.OK);
    BerkeleyDbEngine engine = ((BerkeleyDbClient) db).sharedEngine();
    Transaction holder = engine.environment().beginTransaction(null, null);
    try {
      assertThat(
              engine
                  .table(TABLE)
                  .get(holder, new DatabaseEntry(bytes("k")), new DatabaseEntry(), LockMode.RMW))
          .isEqualTo(OperationStatus.SUCCESS);

      assertThat(db.update(TABLE, "k", record("field0", "blocked"))).isEqualTo(Status.ERROR);
      assertThat(ErrorLog.latest())
          .startsWith(
              "berkeleydb: update usertable/k failed: a lock conflict, still there after 100 ms"
                  + " of retries (berkeleydb.retry_timeout_ms): LockTimeoutException: ")
          .doesNotContain("\n");
    } finally {
      holder.abort();
    }
    assertThat(db.update(TABLE, "k", record("field0", "after"))).isEqualTo(Status.OK);
    assertThat(read(db, TABLE, "k", null)).containsEntry("field0", "after");
  }

  /**
   * JE's default comparator orders keys by their unsigned bytes, as the other engines do: a key
   * whose UTF-8 starts above 0x7F comes after every ASCII key, in a scan and a range scan alike.
   */
  @Test
  void scansFollowTheKeysUnsignedByteOrder() throws Exception {
    DB db = open();
    List<String> keys = List.of("\u00e9t\u00e9", "~tilde", "alpha", "Zulu", "zeta");
    for (int i = 0; i < keys.size(); i++) {
      db.insert(TABLE, keys.get(i), record("n", Integer.toString(i)));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertThat(db.scan(TABLE, "A", 10, null, rows)).isEqualTo(Status.OK);
    assertThat(rows)
        .extracting(r -> keys.get(Integer.parseInt(r.get("n").toString())))
        .containsExactly("Zulu", "alpha", "zeta", "~tilde", "\u00e9t\u00e9");

    List<RangeScanDB.KeyedRecord> range = new ArrayList<>();
    assertThat(ranges(db).scanRange(TABLE, "zeta", "\u00ff", 10, null, range)).isEqualTo(Status.OK);
    assertThat(range)
        .extracting(RangeScanDB.KeyedRecord::key)
        .containsExactly("zeta", "~tilde", "\u00e9t\u00e9");
  }

  private static byte[] bytes(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }
}
