package io.github.ycsbembedded.wiredtiger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import com.wiredtiger.db.Connection;
import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.wiredtiger;
import io.github.ycsbembedded.core.CheckedClient;
import io.github.ycsbembedded.core.EngineFailure;
import io.github.ycsbembedded.core.RecordCodec;
import io.github.ycsbembedded.core.RunStatus;
import io.github.ycsbembedded.core.testing.SmallFileSystem;
import io.github.ycsbembedded.core.testing.BindingConformanceTest;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

class WiredTigerClientTest extends BindingConformanceTest {
  @Override
  protected String name() {
    return "wiredtiger";
  }

  @Override
  protected DB newClient() {
    return new WiredTigerClient();
  }

  /** Without a log (sync=false) WiredTiger's data reaches disk only at checkpoints. */
  @Override
  protected Properties fullDiskProperties(Path dir) {
    Properties properties = properties(dir);
    properties.setProperty("wiredtiger.sync", "true");
    return properties;
  }

  /** snappy is loaded as an extension: Debian's build has no built-in snappy. */
  @Override
  protected List<String> compressions() {
    return List.of("none", "snappy");
  }

  /** WiredTiger's own JNI loader would print and System.exit(1); the binding fails init instead. */
  @Test
  void missingNativeLibraryIsAClearInitErrorNotAnExit() throws Exception {
    List<String> command = new ArrayList<>(YcsbProcess.java(CheckedClient.class.getName()));
    command.set(1, "-Djava.library.path=" + dataDir.resolve("no-libraries-here"));
    command.addAll(List.of("-db", WiredTigerClient.class.getName(), "-load", "-P", YcsbProcess.workload("workloada").toString(),
        "-p", "wiredtiger.dir=" + dataDir, "-p", "recordcount=1"));

    YcsbProcess result = YcsbProcess.run(command, null);

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.stderr().strip())
        .startsWith("ycsb: wiredtiger: native library libwiredtiger_java.so not found on java.library.path ("
            + dataDir.resolve("no-libraries-here") + "); run bin/setup")
        .doesNotContain("Native code library failed to load");
  }

  /**
   * Point reads and writes skip the Java API's packing layer (RawCursor); what they write must be the
   * very bytes the API reads, and the other way round, or a scan, a bulk load and a point read
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
      assertThat(strings(found)).containsOnly(entry("field0", "through the binding"), entry("field1", "y"));
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
    assertThat(read(reopened, TABLE, "by-api", null)).containsOnly(entry("field0", "through the Java API"));
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

    assertThat(result).extracting(r -> r.get("id").toString())
        .containsExactly(key(20), key(21), key(22), key(23), key(24), key(25), key(26), key(27), key(28), key(29));
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
  void aBadTableConfigurationFailsInitNamingTheProperty() {
    Properties properties = properties(dataDir);
    properties.setProperty("wiredtiger.table_config", "garbage((");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessageStartingWith("wiredtiger.table_config: WiredTiger refuses the table configuration"
            + " 'key_format=u,value_format=u,garbage(('")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aTableConfigurationThatSetsTheRecordFormatIsRefusedNamingTheProperty() {
    Properties properties = properties(dataDir);
    properties.setProperty("wiredtiger.table_config", "leaf_page_max=64KB, key_format=S");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage("wiredtiger.table_config: 'leaf_page_max=64KB, key_format=S' sets key_format, which the"
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
    java.util.concurrent.atomic.AtomicInteger failed = new java.util.concurrent.atomic.AtomicInteger();
    runConcurrently(8, t -> {
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
      assertThat(read(loader, TABLE, key(k), null)).as(key(k))
          .containsOnlyKeys("field0", "field1", "field2", "field3", "field4", "field5", "field6", "field7");
    }
  }

  @Test
  void withoutALogAFullDiskMakesTheLastCleanupFailLoudly() throws Exception {
    try (SmallFileSystem disk = SmallFileSystem.mount(dataDir.resolve("small-disk"), 8L << 20)) {
      DB db = open(properties(disk.path().resolve("db")));
      int errors = 0;
      for (int i = 0; i < 20_000 && errors == 0; i++) {
        errors += db.insert(TABLE, key(i), record("field0", bulkyValue(i))).isOk() ? 0 : 1;
      }
      assertThatThrownBy(() -> close(db))
          .isInstanceOf(EngineFailure.class)
          .hasMessageStartingWith("wiredtiger: the final checkpoint failed")
          .hasMessageContaining("writes since the last checkpoint are lost unless wiredtiger.sync=true logged them")
          .satisfies(e -> assertThat(e.toString()).isEqualTo(e.getMessage()));
      assertThat(RunStatus.failures()).anySatisfy(f -> assertThat(f).startsWith("wiredtiger: the final checkpoint failed"));
    }
  }
}
