package io.github.ycsbembedded.lmdb;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.core.EngineFailure;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.TablePrefix;
import io.github.ycsbembedded.core.testing.BindingConformanceTest;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Vector;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.DirectBufferProxy;
import org.lmdbjava.Env;
import org.lmdbjava.Txn;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

class LmdbClientTest extends BindingConformanceTest {
  @Override
  public String name() {
    return "lmdb";
  }

  @Override
  public DB newClient() {
    return new LmdbClient();
  }

  /** LMDB is multi-process by design: a second process shares the environment. */
  @Override
  public boolean locksDirectoryAgainstOtherProcesses() {
    return false;
  }

  @Override
  public String sizeProperty() {
    return "lmdb.mapsize";
  }

  @Test
  void aLibraryThatIsNoFileIsRefusedNamingTheProperty() {
    Properties properties = properties(dataDir);
    properties.setProperty("lmdb.library", dataDir.resolve("no-liblmdb.so").toString());
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "lmdb.library: "
                + dataDir.resolve("no-liblmdb.so")
                + " is no file; install the library (Debian: apt-get install liblmdb0), or leave"
                + " the property out for the library lmdbjava bundles");
  }

  @Test
  void systemIsTheLmdbTheLoaderListsForThisArchitectureVersionedFirst() {
    String listing =
        "4 libs found in cache `/etc/ld.so.cache'\n"
            + "\tliblmdb.so (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/liblmdb.so\n"
            + "\tliblmdb.so.0 (libc6,AArch64) => /usr/lib/aarch64-linux-gnu/liblmdb.so.0\n"
            + "\tliblmdb.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/liblmdb.so.0\n"
            + "\tliblmdbx.so.0 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/liblmdbx.so.0\n";

    assertThat(LmdbEngine.fromLdconfig(listing, "amd64"))
        .isEqualTo(Path.of("/lib/x86_64-linux-gnu/liblmdb.so.0"));
    assertThat(LmdbEngine.fromLdconfig(listing, "aarch64"))
        .isEqualTo(Path.of("/usr/lib/aarch64-linux-gnu/liblmdb.so.0"));
    assertThat(
            LmdbEngine.fromLdconfig(String.join("\n", listing.lines().limit(2).toList()), "amd64"))
        .as("only the unversioned name: taken")
        .isEqualTo(Path.of("/usr/lib/x86_64-linux-gnu/liblmdb.so"));
    assertThat(
            LmdbEngine.fromLdconfig("\tliblmdbx.so.0 (libc6,x86-64) => /x/liblmdbx.so.0", "amd64"))
        .as("LMDBX is another library")
        .isNull();
    assertThat(LmdbEngine.fromLdconfig("", "aarch64")).isNull();
  }

  @Test
  void aSecondLibraryInOneProcessIsRefusedNamingTheFirst() throws Exception {
    DB bundled = open();
    bundled.insert(TABLE, "k", record("field0", "v"));
    Path other = Files.writeString(dataDir.resolveSibling("other-liblmdb.so"), "not loaded");
    Properties properties = properties(dataDir.resolveSibling("other-dir"));
    properties.setProperty("lmdb.library", other.toString());
    Files.createDirectories(dataDir.resolveSibling("other-dir"));
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "lmdb.library: this process already loaded LMDB from the library lmdbjava bundles;"
                + " one LMDB library per process (asked for "
                + other
                + ")");
  }

  @Test
  void fullMapGrowsSoThatEveryInsertSucceeds() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("lmdb.mapsize", "256k");
    DB db = open(properties);
    String field = "x".repeat(1000);
    for (int i = 0; i < 3000; i++) {
      assertThat(db.insert(TABLE, key(i), record("field0", field + i))).isEqualTo(Status.OK);
    }
    assertThat(((LmdbClient) db).mapSize()).isGreaterThan(256 * 1024 * 4);
    for (int i = 0; i < 3000; i += 7) {
      assertThat(read(db, TABLE, key(i), null)).containsEntry("field0", field + i);
    }
  }

  @Test
  void mapGrowsWhileOtherThreadsReadAndWrite() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("lmdb.mapsize", "256k");
    String field = "y".repeat(500);
    runConcurrently(
        4,
        t -> {
          DB db = open(properties);
          for (int i = 0; i < 1000; i++) {
            String key = key(t * 1000 + i);
            assertThat(db.insert(TABLE, key, record("field0", field + i))).isEqualTo(Status.OK);
            assertThat(db.read(TABLE, key, null, new HashMap<>())).isEqualTo(Status.OK);
          }
          close(db);
          return null;
        });
    DB db = open(properties);
    for (int i = 0; i < 4000; i += 13) {
      assertThat(read(db, TABLE, key(i), null)).containsEntry("field0", field + (i % 1000));
    }
  }

  @Test
  void aTruncatedDataFileIsRefusedInsteadOfCrashingTheJvm() throws Exception {
    DB db = open();
    for (int i = 0; i < 2000; i++) {
      db.insert(TABLE, key(i), record("field0", bulkyValue(i)));
    }
    close(db);
    Path data = dataDir.resolve("data.mdb");
    long size = Files.size(data);
    try (FileChannel channel = FileChannel.open(data, StandardOpenOption.WRITE)) {
      channel.truncate(size / 2);
    }

    assertThatThrownBy(this::open)
        .isInstanceOf(DBException.class)
        .hasMessage(
            "lmdb: "
                + data.toRealPath()
                + " holds "
                + size / 2
                + " bytes but its last page ends at byte "
                + size
                + ": the file was cut short; refusing to open it");
  }

  @Test
  void lmdbsConditionsAreToldApartByTheirCodes() {
    LmdbClient client = new LmdbClient();
    assertThat(client.classify(lmdbError(28))).isEqualTo(EngineFailure.Condition.NO_SPACE);
    assertThat(client.classify(lmdbError(5))).isEqualTo(EngineFailure.Condition.IO_ERROR);
    assertThat(client.classify(lmdbError(-30796))).isEqualTo(EngineFailure.Condition.CORRUPTION);
  }

  /** What lmdbjava throws for an LMDB return code (its own mapping from codes to types). */
  private static RuntimeException lmdbError(int code) {
    try {
      java.lang.reflect.Method check =
          Class.forName("org.lmdbjava.ResultCodeMapper").getDeclaredMethod("checkRc", int.class);
      check.setAccessible(true);
      check.invoke(null, code);
    } catch (java.lang.reflect.InvocationTargetException e) {
      return (RuntimeException) e.getCause();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("no exception for code " + code);
  }

  /** LMDB takes keys of up to 511 bytes, the table's prefix (10 bytes for usertable) included. */
  @Test
  void keyLongerThanLmdbAcceptsWithTheTablesPrefixIsBadRequest() throws Exception {
    DB db = open();
    assertThat(db.insert(TABLE, "k".repeat(502), record("field0", "v")))
        .isEqualTo(Status.BAD_REQUEST);
    // 501 chars but 502 UTF-8 bytes: too long, although the chars would fit
    assertThat(db.insert(TABLE, "k".repeat(500) + "\u00e9", record("field0", "v")))
        .isEqualTo(Status.BAD_REQUEST);
    assertThat(db.insert(TABLE, "k".repeat(501), record("field0", "longest"))).isEqualTo(Status.OK);
    assertThat(read(db, TABLE, "k".repeat(501), null)).containsEntry("field0", "longest");
    // a shorter table name leaves room for a longer key
    assertThat(db.insert("t", "k".repeat(509), record("field0", "in t"))).isEqualTo(Status.OK);
    assertThat(read(db, "t", "k".repeat(509), null)).containsEntry("field0", "in t");

    List<KeyRead> batch = new ArrayList<>();
    assertThat(
            ((LmdbClient) db)
                .batchRead(TABLE, List.of("k".repeat(501), "k".repeat(502)), null, batch))
        .isEqualTo(Status.ERROR);
    assertThat(batch).extracting(KeyRead::status).containsExactly(Status.OK, Status.ERROR);
    assertThat(batch.get(1).error())
        .contains(
            "key of 502 bytes; LMDB accepts 1 to 501 in this table (511 less the table's 10-byte prefix)");
  }

  @Test
  void aDirectoryInTheNamedDatabaseLayoutOfEarlierVersionsIsRefusedAndKept() throws Exception {
    // what earlier versions wrote: the table as a named database
    try (Env<DirectBuffer> env =
        Env.create(DirectBufferProxy.PROXY_DB)
            .setMaxDbs(1)
            .setMapSize(1 << 20)
            .open(dataDir.toFile())) {
      env.openDbi(TABLE, DbiFlags.MDB_CREATE)
          .put(
              buffer(key(1).getBytes(StandardCharsets.UTF_8)),
              buffer("value".getBytes(StandardCharsets.US_ASCII)));
    }

    assertThatThrownBy(this::open)
        .isInstanceOf(DBException.class)
        .hasMessage(
            "lmdb: "
                + dataDir
                + " holds its records in named databases (table "
                + TABLE
                + "), as earlier"
                + " versions of this binding wrote them; this one keeps every table in the main database: load the"
                + " data again into an empty lmdb.dir");
    assertThat(openFilesIn(dataDir)).as("the refused environment was closed").isEmpty();

    try (Env<DirectBuffer> env =
        Env.create(DirectBufferProxy.PROXY_DB).setMaxDbs(1).open(dataDir.toFile())) {
      Dbi<DirectBuffer> table = env.openDbi(TABLE);
      try (Txn<DirectBuffer> txn = env.txnRead()) {
        DirectBuffer value = table.get(txn, buffer(key(1).getBytes(StandardCharsets.UTF_8)));
        assertThat(value.getStringWithoutLengthAscii(0, value.capacity())).isEqualTo("value");
      }
    }
  }

  /** The files of {@code dir} this process has open (Linux: its /proc/self/fd links). */
  private static List<Path> openFilesIn(Path dir) throws java.io.IOException {
    List<Path> open = new ArrayList<>();
    try (java.util.stream.Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (Path fd : fds.toList()) {
        try {
          Path target = Files.readSymbolicLink(fd);
          if (target.startsWith(dir)) {
            open.add(target);
          }
        } catch (java.io.IOException closedMeanwhile) {
          // the listing's own descriptor, closed by now
        }
      }
    }
    return open;
  }

  private static UnsafeBuffer buffer(byte[] bytes) {
    return new UnsafeBuffer(ByteBuffer.allocateDirect(bytes.length).put(bytes).flip());
  }

  @Test
  void asciiAndNonAsciiKeysAreStoredAsTheirUtf8BytesInByteOrder() throws Exception {
    DB db = open();
    // ASCII keys take a path of their own (chars written as bytes); the others are UTF-8 encoded
    String[][] keys = {
      {"key-\u00e9", "e-acute"},
      {"key-f", "f"},
      {"key-e", "e"},
      {"key-\u00ff", "y-diaeresis"},
      {"key-\u0101", "a-macron"}
    };
    for (String[] key : keys) {
      assertThat(db.insert(TABLE, key[0], record("field0", key[1]))).isEqualTo(Status.OK);
    }
    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan(TABLE, "key-", 10, null, result)).isEqualTo(Status.OK);

    // UTF-8: \u00e9 = C3 A9, \u00ff = C3 BF, \u0101 = C4 81, all after 'f' = 66
    assertThat(result)
        .extracting(record -> strings(record).get("field0"))
        .containsExactly("e", "f", "e-acute", "y-diaeresis", "a-macron");
    assertThat(read(db, TABLE, "key-\u00e9", null)).containsEntry("field0", "e-acute");
    assertThat(db.delete(TABLE, "key-\u00e9")).isEqualTo(Status.OK);
    assertThat(db.read(TABLE, "key-\u00e9", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(read(db, TABLE, "key-e", null)).containsEntry("field0", "e");
  }

  @Test
  void aCorruptRecordIsAnErrorInAReadAScanAndABatchAndItsNeighboursReadBack() throws Exception {
    DB db = open();
    for (int i = 0; i < 3; i++) {
      assertThat(db.insert(TABLE, key(i), record("field0", "value" + i))).isEqualTo(Status.OK);
    }
    close(db);
    // the binding copies a value out of its transaction and decodes it after: overwrite the
    // middle record with bytes the codec refuses, through lmdbjava with the binding closed
    try (Env<DirectBuffer> env =
        Env.create(DirectBufferProxy.PROXY_DB).setMapSize(1 << 30).open(dataDir.toFile())) {
      Dbi<DirectBuffer> main = env.openDbi((byte[]) null);
      byte[] keyBytes =
          TablePrefix.join(TablePrefix.of(TABLE), key(1).getBytes(StandardCharsets.UTF_8));
      main.put(buffer(keyBytes), buffer("notcodec".getBytes(StandardCharsets.US_ASCII)));
      try (Txn<DirectBuffer> txn = env.txnRead()) {
        assertThat(main.stat(txn).entries).as("the record was overwritten, not added").isEqualTo(3);
      }
    }

    // batches with reader threads, and in the client's one transaction (batch_parallelism 1)
    for (String parallelism : new String[] {"32", "1"}) {
      Properties properties = properties(dataDir);
      properties.setProperty("lmdb.batch_parallelism", parallelism);
      db = open(properties);
      assertThat(db.read(TABLE, key(1), null, new HashMap<>())).isEqualTo(Status.ERROR);
      assertThat(read(db, TABLE, key(2), null)).containsExactly(Map.entry("field0", "value2"));
      Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
      assertThat(db.scan(TABLE, key(0), 3, null, scanned)).isEqualTo(Status.ERROR);
      List<KeyRead> batch = new ArrayList<>();
      assertThat(((LmdbClient) db).batchRead(TABLE, List.of(key(2), key(1), key(0)), null, batch))
          .isEqualTo(Status.ERROR);
      assertThat(batch)
          .as("parallelism %s", parallelism)
          .extracting(KeyRead::status)
          .containsExactly(Status.OK, Status.ERROR, Status.OK);
      assertThat(strings(batch.get(0).record())).containsExactly(Map.entry("field0", "value2"));
      assertThat(batch.get(1).error()).contains(key(1));
      assertThat(strings(batch.get(2).record())).containsExactly(Map.entry("field0", "value0"));
      close(db);
    }
  }

  /**
   * LMDB's B-tree holds every record at close, three to a 4 KiB leaf page; the sync changes none of
   * it.
   */
  @Override
  public void checkStatistics(JsonNode before, JsonNode after, int records) {
    for (JsonNode figures : List.of(before, after)) {
      JsonNode tree = figures.path("tree");
      assertThat(tree.path("kind").asText()).isEqualTo("btree");
      assertThat(tree.path("entries").asLong()).isEqualTo(records);
      assertThat(tree.path("leafPages").asLong()).isBetween(records / 4L, records / 2L);
      assertThat(tree.path("depth").asLong()).isBetween(2L, 4L);
      long pages =
          tree.path("branchPages").asLong()
              + tree.path("leafPages").asLong()
              + tree.path("overflowPages").asLong();
      assertThat(figures.path("liveDataBytes").asLong())
          .isEqualTo(pages * tree.path("pageSize").asLong());
      JsonNode own = figures.path("engine");
      assertThat(own.path("me_last_pgno").asLong() + 1)
          .isEqualTo(2 + pages + own.path("free_pages").asLong());
      assertThat(own.path("me_mapsize").asLong()).isEqualTo(1L << 30);
    }
  }
}
