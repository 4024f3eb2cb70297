package io.github.ycsbembedded.wiredtiger;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import com.fasterxml.jackson.databind.JsonNode;
import com.wiredtiger.db.Connection;
import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.wiredtiger;
import io.github.ycsbembedded.core.BatchWriteDB;
import io.github.ycsbembedded.core.CheckedClient;
import io.github.ycsbembedded.core.EngineFailure;
import io.github.ycsbembedded.core.RecordCodec;
import io.github.ycsbembedded.core.RunStatus;
import io.github.ycsbembedded.core.testing.BindingConformanceTest;
import io.github.ycsbembedded.core.testing.SmallFileSystem;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Vector;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

class WiredTigerClientTest extends BindingConformanceTest {
  @Override
  public String name() {
    return "wiredtiger";
  }

  @Override
  public DB newClient() {
    return new WiredTigerClient();
  }

  /** The log files (and the ones WiredTiger allocates ahead) hold a log of the records. */
  @Override
  public boolean holdsRecords(Path file) {
    String name = file.getFileName().toString();
    return !name.startsWith("WiredTigerLog.") && !name.startsWith("WiredTigerPreplog.");
  }

  /**
   * A failed write breaks WiredTiger's bulk cursor: the whole load is lost (see the test below).
   */
  @Override
  public boolean bulkLoadKeepsAcknowledgedBatchesAfterAFailedWrite() {
    return false;
  }

  /** snappy is loaded as an extension: Debian's build has no built-in snappy. */
  @Override
  public List<String> compressions() {
    return List.of("none", "snappy");
  }

  /** WiredTiger's own JNI loader would print and System.exit(1); the binding fails init instead. */
  @Test
  @Tag("process")
  void missingNativeLibraryIsAClearInitErrorNotAnExit() throws Exception {
    List<String> command = new ArrayList<>(YcsbProcess.java(CheckedClient.class.getName()));
    command.replaceAll(
        option ->
            option.startsWith("-Djava.library.path=")
                ? "-Djava.library.path=" + dataDir.resolve("no-libraries-here")
                : option);
    command.addAll(
        List.of(
            "-db",
            WiredTigerClient.class.getName(),
            "-load",
            "-P",
            YcsbProcess.workload("workloada").toString(),
            "-p",
            "wiredtiger.dir=" + dataDir,
            "-p",
            "recordcount=1"));

    YcsbProcess result = YcsbProcess.run(command, null);

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.stderr().strip())
        .startsWith(
            "ycsb: wiredtiger: native library libwiredtiger_java.so not found on java.library.path ("
                + dataDir.resolve("no-libraries-here")
                + "); run bin/setup")
        .doesNotContain("Native code library failed to load");
  }

  /**
   * Point reads and writes skip the Java API's packing layer (RawCursor); what they write must be
   * the very bytes the API reads, and the other way round, or a scan, a bulk load and a point read
   * would disagree about one table.
   */
  @Test
  void pointWritesAreTheBytesWiredTigersJavaApiReadsAndTheOtherWayRound() throws Exception {
    Map<String, ByteIterator> written = record("field0", "through the binding", "field1", "x");
    Map<String, ByteIterator> apiRecord = record("field0", "through the Java API");
    byte[] apiValue = RecordCodec.encode(apiRecord);
    DB db = open();
    assertThat(db.insert(TABLE, "by-binding", written)).isEqualTo(Status.OK);
    assertThat(db.update(TABLE, "by-binding", record("field1", "y"))).isEqualTo(Status.OK);
    close(db);

    Connection connection = wiredtiger.open(dataDir.toString(), null);
    try {
      Session session = connection.open_session(null);
      Cursor cursor = session.open_cursor("table:" + TABLE, null, null);
      cursor.putKeyByteArray("by-binding".getBytes(StandardCharsets.UTF_8));
      assertThat(cursor.search()).isZero();
      Map<String, ByteIterator> found = new HashMap<>();
      RecordCodec.decodeOwned(cursor.getValueByteArray(), null, found);
      assertThat(strings(found))
          .containsOnly(entry("field0", "through the binding"), entry("field1", "y"));
      cursor.reset();
      cursor.putKeyByteArray("by-api".getBytes(StandardCharsets.UTF_8));
      cursor.putValueByteArray(apiValue);
      cursor.insert();
      cursor.close();
      session.close(null);
    } finally {
      connection.close(null);
    }

    DB reopened = open();
    assertThat(read(reopened, TABLE, "by-api", null))
        .containsOnly(entry("field0", "through the Java API"));
    assertThat(reopened.delete(TABLE, "by-api")).isEqualTo(Status.OK);
    assertThat(reopened.read(TABLE, "by-api", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(read(reopened, TABLE, "by-binding", null))
        .containsOnly(entry("field0", "through the binding"), entry("field1", "y"));
  }

  @Test
  void scanOfTenReturnsTenDistinctKeysInOrder() throws Exception {
    DB db = open();
    for (int i = 0; i < 50; i++) {
      db.insert(TABLE, key(i), record("id", key(i)));
    }
    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan(TABLE, key(20), 10, null, result)).isEqualTo(Status.OK);

    assertThat(result)
        .extracting(r -> r.get("id").toString())
        .containsExactly(
            key(20), key(21), key(22), key(23), key(24), key(25), key(26), key(27), key(28),
            key(29));
  }

  @Test
  void scanFromAStartKeyPastTheLastRecordIsEmpty() throws Exception {
    DB db = open();
    db.insert(TABLE, "a", record("id", "a"));
    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan(TABLE, "b", 10, null, result)).isEqualTo(Status.OK);
    assertThat(result).isEmpty();
  }

  @Test
  void extraConfigurationIsAppliedAndABadOneIsNamed() {
    Properties properties = properties(dataDir);
    properties.setProperty("wiredtiger.config", "no_such_option=1");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessageContaining("wiredtiger: cannot open")
        .hasMessageContaining("no_such_option=1");
  }

  @Test
  void syncModeWritesAndReadsBack() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("wiredtiger.sync", "true");
    DB db = open(properties);
    db.insert(TABLE, "k", record("field0", "durable"));
    close(db);
    DB reopened = open(properties);
    assertThat(read(reopened, TABLE, "k", null)).containsEntry("field0", "durable");
  }

  @Test
  void aBlindUpdateReplacesTheRecordWithoutReadingAndWritesAMissingKey() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("wiredtiger.blind_update", "true");
    properties.setProperty("fieldcount", "1");
    DB db = open(properties);
    db.insert(TABLE, "k", record("field0", "old"));
    assertThat(db.update(TABLE, "k", record("field0", "new"))).isEqualTo(Status.OK);
    assertThat(db.update(TABLE, "absent", record("field0", "written"))).isEqualTo(Status.OK);
    assertThat(read(db, TABLE, "k", null)).containsExactly(entry("field0", "new"));
    assertThat(read(db, TABLE, "absent", null)).containsExactly(entry("field0", "written"));
    close(db);
  }

  @Test
  void aBlindUpdateIsRefusedUnlessEveryUpdateCarriesEveryField() {
    Properties properties = properties(dataDir);
    properties.setProperty("wiredtiger.blind_update", "true");
    properties.setProperty("fieldcount", "10");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "wiredtiger.blind_update=true writes an update's fields as the whole record, so every"
                + " update must carry every field: set writeallfields=true or fieldcount=1");
    properties.setProperty("writeallfields", "true");
    assertThatCode(() -> close(open(properties))).doesNotThrowAnyException();
  }

  @Test
  void aBadTableConfigurationFailsInitNamingTheProperty() {
    Properties properties = properties(dataDir);
    properties.setProperty("wiredtiger.table_config", "garbage((");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessageStartingWith(
            "wiredtiger.table_config: WiredTiger refuses the table configuration"
                + " 'key_format=u,value_format=u,garbage(('")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aCacheAboveWiredTigersLimitIsRefusedBeforeWiredTigerSeesIt() {
    Properties properties = properties(dataDir);
    properties.setProperty("wiredtiger.cache_size", "11t");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "wiredtiger.cache_size: '11t' is too large; use at most " + (10L << 40) + " bytes");
  }

  @Test
  void aTableConfigurationThatSetsTheRecordFormatIsRefusedNamingTheProperty() {
    Properties properties = properties(dataDir);
    properties.setProperty("wiredtiger.table_config", "leaf_page_max=64KB, key_format=S");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "wiredtiger.table_config: 'leaf_page_max=64KB, key_format=S' sets key_format, which the"
                + " binding fixes at u (its keys and values are bytes, read and written as such); leave it out");
    properties.setProperty("wiredtiger.table_config", "value_format:S");
    assertThatThrownBy(() -> open(properties)).hasMessageContaining("sets value_format");
  }

  @Test
  void aConflictStormOfEightThreadsOnTenKeysSlowsDownButEveryUpdateSucceeds() throws Exception {
    DB loader = open();
    for (int k = 0; k < 10; k++) {
      loader.insert(TABLE, key(k), record("field0", "start"));
    }
    java.util.concurrent.atomic.AtomicInteger failed =
        new java.util.concurrent.atomic.AtomicInteger();
    runConcurrently(
        8,
        t -> {
          DB db = open();
          for (int i = 0; i < 1500; i++) {
            Status status = db.update(TABLE, key(i % 10), record("field" + t, "v" + i));
            if (!status.isOk()) {
              failed.incrementAndGet();
            }
          }
          close(db);
          return null;
        });
    assertThat(failed.get()).as("updates that did not succeed").isZero();
    for (int k = 0; k < 10; k++) {
      assertThat(read(loader, TABLE, key(k), null))
          .as(key(k))
          .containsOnlyKeys(
              "field0", "field1", "field2", "field3", "field4", "field5", "field6", "field7");
    }
  }

  @Test
  @Tag("process")
  void withoutALogAFullDiskMakesTheLastCleanupFailLoudly() throws Exception {
    try (SmallFileSystem disk = SmallFileSystem.mount(dataDir.resolve("small-disk"), 8L << 20)) {
      Properties unlogged = properties(disk.path().resolve("db"));
      unlogged.setProperty("wiredtiger.log", "false");
      DB db = open(unlogged);
      int errors = 0;
      for (int i = 0; i < 20_000 && errors == 0; i++) {
        errors += db.insert(TABLE, key(i), record("field0", bulkyValue(i))).isOk() ? 0 : 1;
      }
      assertThatThrownBy(() -> close(db))
          .isInstanceOf(EngineFailure.class)
          .hasMessageStartingWith("wiredtiger: the final checkpoint failed")
          .hasMessageContaining(
              "writes since the last checkpoint are lost unless the log (wiredtiger.log, on by"
                  + " default) holds them")
          .satisfies(e -> assertThat(e.toString()).isEqualTo(e.getMessage()));
      assertThat(RunStatus.failures())
          .anySatisfy(f -> assertThat(f).startsWith("wiredtiger: the final checkpoint failed"));
    }
  }

  /**
   * A write that fails in the middle of a bulk load leaves WiredTiger 3.2.1's bulk cursor unable to
   * finish: closing it once the write would succeed (the disk has room again, the memory cgroup's
   * page cache was reclaimed) crashed the JVM in WiredTiger's reconciliation. The load runs in a
   * child JVM that frees the room before its cleanup; it must end normally, say in one line that
   * the load is lost, and keep what another table acknowledged; the table reopens empty and takes
   * writes.
   */
  @Test
  @Tag("process")
  void aBulkLoadWhoseWriteFailedIsLostInOneLineWithoutACrashAndTheOtherTablesAreKept()
      throws Exception {
    try (SmallFileSystem disk = SmallFileSystem.mount(dataDir.resolve("small-disk"), 8L << 20)) {
      Path db = disk.path().resolve("db");
      List<String> command = new ArrayList<>(YcsbProcess.java(FailedBulkLoad.class.getName()));
      command.add(
          1,
          "-XX:ErrorFile="
              + dataDir.resolve("hs_err_pid%p.log")); // a crash's report stays out of the tree
      command.addAll(List.of(db.toString(), disk.path().toString()));

      YcsbProcess child = YcsbProcess.run(command, null);

      assertThat(child.exitCode()).as("the child's exit; its stderr:%n%s", child.stderr()).isZero();
      assertThat(child.stdout().lines().filter(line -> line.startsWith("child: ")))
          .hasSize(3)
          .anySatisfy(line -> assertThat(line).matches("child: bulk load ERROR after \\d+ records"))
          .anySatisfy(
              line ->
                  assertThat(line)
                      .matches(
                          "child: loader cleanup: wiredtiger: the bulk load of usertable"
                              + " failed at user\\d{6} \\(No space left on device\\) and is lost: WiredTiger cannot finish a bulk"
                              + " cursor after a failed write, so usertable keeps none of it; the connection is left open, its other"
                              + " tables checkpointed; load again into a new wiredtiger.dir or with wiredtiger.destroy=true"))
          .contains("child: other cleanup: ok");
      assertThat(child.stderr())
          .containsPattern(
              "wiredtiger: bulk insert usertable/user\\d{6} failed: No space left on device");

      DB reopened = open(properties(db));
      for (int i = 0; i < FailedBulkLoad.OTHER_RECORDS; i++) {
        assertThat(read(reopened, "other", key(i), null))
            .as("other/%s", key(i))
            .containsExactly(entry("field0", key(i)));
      }
      assertThat(reopened.read(TABLE, key(0), null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
      assertThat(reopened.insert(TABLE, key(0), record("field0", "again"))).isEqualTo(Status.OK);
      close(reopened);
      DB again = open(properties(db));
      assertThat(read(again, TABLE, key(0), null)).containsExactly(entry("field0", "again"));
      close(again);
    }
  }

  /**
   * The child JVM of the failed bulk load above; arguments: the database directory, the tmpfs's
   * mount point.
   */
  public static final class FailedBulkLoad {
    static final int OTHER_RECORDS = 50;

    public static void main(String[] args) throws Exception {
      Properties properties = new Properties();
      properties.setProperty("wiredtiger.dir", args[0]);
      DB other = new WiredTigerClient();
      other.setProperties(properties);
      other.init();
      for (int i = 0; i < OTHER_RECORDS; i++) {
        if (!other.insert("other", key(i), record("field0", key(i))).isOk()) {
          throw new IllegalStateException("insert other/" + key(i) + " failed");
        }
      }
      DB loader = new WiredTigerClient();
      loader.setProperties(properties);
      loader.init();
      Status status = Status.OK;
      int loaded = 0;
      while (status.isOk() && loaded < 100_000) {
        List<BatchWriteDB.Insert> batch = new ArrayList<>();
        for (int i = loaded; i < loaded + 100; i++) {
          batch.add(new BatchWriteDB.Insert(key(i), record("field0", bulkyValue(i))));
        }
        status = ((BatchWriteDB) loader).bulkInsert(TABLE, batch, new ArrayList<>());
        loaded += status.isOk() ? batch.size() : 0;
      }
      System.out.println("child: bulk load " + status.getName() + " after " + loaded + " records");
      // room again: WiredTiger's write of the failed page would now succeed
      Process grow =
          new ProcessBuilder("mount", "-o", "remount,size=" + (1L << 30), args[1])
              .inheritIO()
              .start();
      if (!grow.waitFor(2, java.util.concurrent.TimeUnit.MINUTES) || grow.exitValue() != 0) {
        throw new IllegalStateException("remount of " + args[1] + " failed");
      }
      System.out.println("child: loader cleanup: " + cleanup(loader));
      System.out.println("child: other cleanup: " + cleanup(other));
    }

    private static String cleanup(DB db) {
      try {
        db.cleanup();
        return "ok";
      } catch (DBException e) {
        return e.getMessage();
      }
    }
  }

  /**
   * WiredTiger's tree holds every record at close, its cache all of them; the checkpoint writes
   * them to the table's file.
   */
  @Override
  public void checkStatistics(JsonNode before, JsonNode after, int records) {
    assertThat(before.path("tree").path("kind").asText()).isEqualTo("btree");
    assertThat(before.path("tree").path("entries").asLong()).isEqualTo(records);
    assertThat(before.path("memoryBytes").asLong()).isGreaterThan(records * 1000L);
    assertThat(before.path("engine").path("log: log bytes written").asLong())
        .isGreaterThan(records * 1000L);

    assertThat(after.path("tree").path("entries").asLong()).isEqualTo(records);
    assertThat(after.path("tree").path("leafPages").asLong()).isPositive();
    assertThat(after.path("liveDataBytes").asLong()).isGreaterThan(records * 1000L);
    assertThat(after.path("engine").path("transaction: transaction checkpoints").asLong())
        .isGreaterThan(before.path("engine").path("transaction: transaction checkpoints").asLong());
  }
}
