package io.github.ycsbembedded.mvstore;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.core.RecordCodec;
import io.github.ycsbembedded.core.testing.BindingConformanceTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.ByteArrayDataType;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

class MvStoreClientTest extends BindingConformanceTest {
  @Override
  public String name() {
    return "mvstore";
  }

  @Override
  public DB newClient() {
    return new MvStoreClient();
  }

  /** MVStore's own open fails while anything in this process still holds the file's lock. */
  @Override
  public void assertDirectoryReleased(Path dir) {
    MVStore store = raw(dir);
    assertThat(store.getMapNames()).isNotNull();
    store.close();
  }

  @Override
  public List<String> compressions() {
    return List.of("none", "lzf", "deflate");
  }

  @Override
  public void checkStatistics(JsonNode before, JsonNode after, int records) {
    for (JsonNode figures : List.of(before, after)) {
      JsonNode tree = figures.path("tree");
      assertThat(tree.path("kind").asText()).isEqualTo("btree");
      assertThat(tree.path("entries").asLong()).isEqualTo(records);
      assertThat(tree.path("depth").asLong()).isBetween(2L, 4L);
      JsonNode own = figures.path("engine");
      assertThat(own.path("commits").asLong()).isEqualTo(records);
      assertThat(own.path("syncs").asLong()).isZero();
      assertThat(own.path("info.FILE_SIZE").asLong()).isGreaterThan(records * 1000L);
      assertThat(own.path("info.CHUNKS_FILL_RATE").asLong()).isBetween(1L, 100L);
      assertThat(own.path("info.CACHE_MAX_SIZE").asLong()).isEqualTo(16);
      assertThat(figures.path("memoryBytes").asLong()).isLessThanOrEqualTo(16L << 20);
      assertThat(figures.has("cacheMisses")).isTrue();
    }
    assertThat(after.path("engine").path("info.FILE_SIZE").asLong())
        .as("the final flush compacts the file")
        .isLessThanOrEqualTo(before.path("engine").path("info.FILE_SIZE").asLong());
  }

  private static MVStore raw(Path dir) {
    return new MVStore.Builder()
        .fileName(dir.resolve(MvStoreDescriptor.FILE).toString())
        .autoCommitDisabled()
        .open();
  }

  private static MVMap<byte[], byte[]> rawMap(MVStore store, String name) {
    return store.openMap(
        name,
        new MVMap.Builder<byte[], byte[]>()
            .keyType(ByteArrayDataType.INSTANCE)
            .valueType(ByteArrayDataType.INSTANCE));
  }

  @Test
  void eachTableIsAMapOfTheOneStoreFoundAgainOnReopen() throws Exception {
    DB db = open();
    db.insert("alpha", "k", record("field0", "a"));
    db.insert("beta", "k", record("field0", "b"));
    close(db);

    MVStore store = raw(dataDir);
    try {
      assertThat(store.getMapNames()).containsExactlyInAnyOrder("alpha", "beta");
    } finally {
      store.close();
    }
    DB reopened = open();
    assertThat(read(reopened, "beta", "k", null)).containsEntry("field0", "b");
    assertThat(read(reopened, "alpha", "k", null)).containsEntry("field0", "a");
  }

  @Test
  void storedValueIsTheSharedCodecsEncodingAndCorruptionIsAnError() throws Exception {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "v"));
    close(db);

    MVStore store = raw(dataDir);
    try {
      MVMap<byte[], byte[]> usertable = rawMap(store, TABLE);
      assertThat(usertable.get("k".getBytes(StandardCharsets.UTF_8)))
          .containsExactly(RecordCodec.encode(record("field0", "v")));
      usertable.put("bad".getBytes(StandardCharsets.UTF_8), new byte[] {7, 7});
      store.commit();
    } finally {
      store.close();
    }

    DB reopened = open();
    assertThat(reopened.read(TABLE, "bad", null, new HashMap<String, ByteIterator>()))
        .as("an undecodable value is an error, not an exception")
        .isEqualTo(Status.ERROR);
    assertThat(reopened.update(TABLE, "bad", record("field0", "x"))).isEqualTo(Status.ERROR);
    assertThat(reopened.scan(TABLE, "", 10, null, new java.util.Vector<>()))
        .isEqualTo(Status.ERROR);
    assertThat(read(reopened, TABLE, "k", null)).containsEntry("field0", "v");
  }

  @Test
  void compressionAcceptsOnlyMvStoresCodecs() {
    Properties properties = properties(dataDir);
    properties.setProperty("mvstore.compression", "snappy");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage("mvstore.compression: 'snappy' is not accepted; use one of none, lzf, deflate");
  }

  @Test
  void aCacheBelowOneMebibyteIsRefusedNamingIt() {
    Properties properties = properties(dataDir);
    properties.setProperty("mvstore.cache_size", "512k");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage("mvstore.cache_size: '512k' is too small; use at least 1048576 bytes");
  }

  /** MVStore's cache lives in the heap: one the heap cannot hold beside the run is refused. */
  @Test
  void aCacheMoreThanHalfTheHeapIsRefusedNamingIt() {
    Properties properties = properties(dataDir);
    properties.setProperty("mvstore.cache_size", "1t");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessageStartingWith("mvstore.cache_size: '1t' is more than half the JVM's heap (")
        .hasMessageEndingWith(
            "); MVStore's cache lives in the heap: raise -Xmx to at least twice the cache,"
                + " or lower mvstore.cache_size");
    assertThatThrownBy(() -> MvStoreEngine.refuseCacheBeyondHeap(513L << 20, 1L << 30))
        .hasMessage(
            "mvstore.cache_size: '513m' is more than half the JVM's heap (1.0 GiB); MVStore's"
                + " cache lives in the heap: raise -Xmx to at least twice the cache, or lower"
                + " mvstore.cache_size");
  }

  /** The cache is MVStore's, counted in whole MiB: a size between two is rounded down. */
  @Test
  void theCacheSizeIsGivenToMvStoreInWholeMebibytes() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("mvstore.cache_size", String.valueOf((64L << 20) + 1000));
    JsonNode own = figuresAfter(properties, db -> {});
    assertThat(own.path("info.CACHE_MAX_SIZE").asLong()).isEqualTo(64);
  }

  /** With mvstore.sync=true every acknowledged write was forced to the device. */
  @Test
  void syncForcesTheFileAfterEveryCommit() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("mvstore.sync", "true");
    JsonNode own =
        figuresAfter(
            properties,
            db -> {
              for (int i = 0; i < 10; i++) {
                assertThat(db.insert(TABLE, key(i), record("field0", "v"))).isEqualTo(Status.OK);
              }
              assertThat(db.delete(TABLE, key(0))).isEqualTo(Status.OK);
            });
    assertThat(own.path("commits").asLong()).isEqualTo(11);
    assertThat(own.path("syncs").asLong()).isEqualTo(11);
  }

  /** Work done on a client. */
  interface Work {
    void on(DB db) throws Exception;
  }

  /** MVStore's own figures ({@code enginestats}, {@code engine}) after {@code work}. */
  private JsonNode figuresAfter(Properties properties, Work work) throws Exception {
    Path file = dataDir.resolveSibling(dataDir.getFileName() + "-stats.json");
    properties.setProperty("enginestats", file.toString());
    DB db = open(properties);
    work.on(db);
    close(db);
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper()
          .readTree(file.toFile())
          .path("beforeFlush")
          .path("engine");
    } finally {
      java.nio.file.Files.delete(file);
    }
  }

  /**
   * The suite's flip of the file's middle, aimed at a live record: MVStore writes every commit as a
   * new chunk at the file's end and reuses a dead chunk's space only after its retention time (45
   * s), so after 3,000 committed inserts most of the file holds superseded pages, and the middle of
   * the file, which the suite flips, is nearly always one of them (read back as nothing at all).
   * Here the bytes flipped are in the last copy the file holds of one record's value (its live
   * one), and every read must be the record or an error, and that record's an error.
   */
  @Test
  @Override
  public void flippedBytesInTheDataFileAreErrorsNeverWrongValues() throws Exception {
    DB db = open();
    int records = 3000;
    for (int i = 0; i < records; i++) {
      db.insert(TABLE, key(i), record("field0", bulkyValue(i).substring(0, 1000)));
    }
    close(db);
    Path file = dataDir.resolve(MvStoreDescriptor.FILE);
    byte[] bytes = java.nio.file.Files.readAllBytes(file);
    byte[] value = bulkyValue(1500).substring(0, 1000).getBytes(StandardCharsets.UTF_8);
    int at = lastIndexOf(bytes, value);
    assertThat(at).as("the live copy of user001500's value").isPositive();
    try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(file.toFile(), "rw")) {
      byte[] flipped = new byte[64];
      raf.seek(at + 500);
      raf.readFully(flipped);
      for (int i = 0; i < flipped.length; i++) {
        flipped[i] ^= (byte) 0xA5;
      }
      raf.seek(at + 500);
      raf.write(flipped);
    }

    DB reopened = open();
    int errors = 0;
    for (int i = 0; i < records; i++) {
      java.util.Map<String, ByteIterator> result = new HashMap<>();
      Status status = reopened.read(TABLE, key(i), null, result);
      if (status.isOk()) {
        assertThat(strings(result))
            .as("%s read back", key(i))
            .containsExactly(java.util.Map.entry("field0", bulkyValue(i).substring(0, 1000)));
      } else {
        assertThat(status).as(key(i)).isEqualTo(Status.ERROR);
        errors++;
      }
    }
    assertThat(errors).as("reads of the flipped record").isEqualTo(1);
  }

  private static int lastIndexOf(byte[] haystack, byte[] needle) {
    for (int i = haystack.length - needle.length; i >= 0; i--) {
      if (java.util.Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * A write that finds the disk full says so: Java tells it only in its message, so the binding
   * asks the device for its room; every write after it fails (MVStore stopped), as the engine that
   * stopped after an earlier failure.
   */
  @Test
  @org.junit.jupiter.api.Tag("process")
  void aFullDiskIsNamedAsSuch() throws Exception {
    try (io.github.ycsbembedded.core.testing.SmallFileSystem disk =
        io.github.ycsbembedded.core.testing.SmallFileSystem.mount(
            dataDir.resolve("small-disk"), 12L << 20)) {
      DB db = open(properties(disk.path().resolve("db")));
      int i = 0;
      while (db.insert(TABLE, key(i), record("field0", bulkyValue(i))).isOk()) {
        i++;
      }
      assertThat(io.github.ycsbembedded.core.ErrorLog.latest())
          .as("the first failed write")
          .contains("no space left on the device");
      assertThat(db.insert(TABLE, key(i + 1), record("field0", "x"))).isEqualTo(Status.ERROR);
      assertThat(io.github.ycsbembedded.core.ErrorLog.latest())
          .contains("the engine stopped after an earlier failure");
      try {
        close(db);
      } catch (DBException e) {
        assertThat(e.getMessage()).doesNotContain("\n");
      }
    }
  }
}
