package io.github.ycsbembedded.rocksdb;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.core.RecordCodec;
import io.github.ycsbembedded.core.testing.BindingConformanceTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

class RocksDbClientTest extends BindingConformanceTest {
  @Override
  public String name() {
    return "rocksdb";
  }

  @Override
  public DB newClient() {
    return new RocksDbClient();
  }

  /** RocksDB's own open fails while anything in this process still holds the LOCK file. */
  @Override
  public void assertDirectoryReleased(Path dir) throws Exception {
    List<ColumnFamilyDescriptor> families = new ArrayList<>();
    try (Options options = new Options()) {
      RocksDB.listColumnFamilies(options, dir.toString())
          .forEach(n -> families.add(new ColumnFamilyDescriptor(n)));
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (DBOptions options = new DBOptions();
        RocksDB db = RocksDB.open(options, dir.toString(), families, handles)) {
      assertThat(db.getName()).isEqualTo(dir.toString());
      assertThat(handles).hasSize(families.size());
      handles.forEach(ColumnFamilyHandle::close);
    }
  }

  @Test
  void eachTableIsAColumnFamilyFoundAgainOnReopen() throws Exception {
    DB db = open();
    db.insert("alpha", "k", record("field0", "a"));
    db.insert("beta", "k", record("field0", "b"));
    close(db);

    try (Options options = new Options()) {
      List<String> names = new ArrayList<>();
      for (byte[] name : RocksDB.listColumnFamilies(options, dataDir.toString())) {
        names.add(new String(name, StandardCharsets.UTF_8));
      }
      assertThat(names).containsExactlyInAnyOrder("default", "alpha", "beta");
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

    List<ColumnFamilyDescriptor> families = new ArrayList<>();
    try (Options options = new Options()) {
      RocksDB.listColumnFamilies(options, dataDir.toString())
          .forEach(n -> families.add(new ColumnFamilyDescriptor(n)));
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (DBOptions options = new DBOptions();
        RocksDB raw = RocksDB.open(options, dataDir.toString(), families, handles)) {
      ColumnFamilyHandle usertable = handles.get(1);
      assertThat(raw.get(usertable, "k".getBytes(StandardCharsets.UTF_8)))
          .containsExactly(RecordCodec.encode(record("field0", "v")));
      raw.put(usertable, "bad".getBytes(StandardCharsets.UTF_8), new byte[] {7, 7});
      handles.forEach(ColumnFamilyHandle::close);
    }

    DB reopened = open();
    assertThat(reopened.read(TABLE, "bad", null, new HashMap<String, ByteIterator>()))
        .as("an undecodable value is an error, not an exception")
        .isEqualTo(Status.ERROR);
    assertThat(reopened.update(TABLE, "bad", record("field0", "x"))).isEqualTo(Status.ERROR);
    assertThat(read(reopened, TABLE, "k", null)).containsEntry("field0", "v");
  }

  @Test
  void compressionAcceptsOnlyKnownCodecs() {
    Properties properties = properties(dataDir);
    properties.setProperty("rocksdb.compression", "gzip");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "rocksdb.compression: 'gzip' is not accepted; use one of none, snappy, lz4, zstd");
  }

  @Override
  public List<String> compressions() {
    return List.of("none", "snappy", "lz4", "zstd");
  }

  /**
   * The filter policy RocksDB recorded in the table files of {@code table}, from their properties.
   */
  private static String filterPolicyOfTables(Path dir, String table) throws Exception {
    List<ColumnFamilyDescriptor> families = new ArrayList<>();
    try (Options options = new Options()) {
      RocksDB.listColumnFamilies(options, dir.toString())
          .forEach(n -> families.add(new ColumnFamilyDescriptor(n)));
    }
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (DBOptions options = new DBOptions();
        RocksDB db = RocksDB.openReadOnly(options, dir.toString(), families, handles)) {
      try {
        for (int i = 0; i < families.size(); i++) {
          if (new String(families.get(i).getName(), StandardCharsets.UTF_8).equals(table)) {
            return db.getPropertiesOfAllTables(handles.get(i)).values().stream()
                .map(t -> t.getFilterPolicyName() == null ? "" : t.getFilterPolicyName())
                .distinct()
                .reduce((a, b) -> a + "," + b)
                .orElse("no table files");
          }
        }
        return "no column family " + table;
      } finally {
        handles.forEach(ColumnFamilyHandle::close);
      }
    }
  }

  @Test
  void tableFilesCarryABloomFilterByDefaultAndItAnswersPresentAndAbsentKeys() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("rocksdb.flush_on_close", "true"); // a table file to look into
    DB db = open(properties);
    db.insert(TABLE, "present", record("field0", "x"));
    close(db);

    // 11.8.1 names it bloomfilter, 6.20.3 rocksdb.BuiltinBloomFilter
    assertThat(filterPolicyOfTables(dataDir, TABLE)).containsIgnoringCase("bloomfilter");
    DB reopened = open();
    assertThat(read(reopened, TABLE, "present", null)).containsEntry("field0", "x");
    assertThat(reopened.read(TABLE, "absent", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void bloomBitsZeroWritesTableFilesWithoutAFilter() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("rocksdb.bloom_bits", "0");
    properties.setProperty("rocksdb.flush_on_close", "true"); // a table file to look into
    DB db = open(properties);
    db.insert(TABLE, "present", record("field0", "x"));
    close(db);

    assertThat(filterPolicyOfTables(dataDir, TABLE)).isEmpty();
  }

  /**
   * RocksDB records the options it opened with in its OPTIONS file; reads go around the page cache.
   */
  @Test
  void directReadsReachRocksDbAndRecordsReadBackAfterReopening() throws Exception {
    Path probe = Files.writeString(dataDir.resolve("probe"), "x");
    try (var channel = Files.newByteChannel(probe, com.sun.nio.file.ExtendedOpenOption.DIRECT)) {
      assertThat(channel.isOpen()).isTrue();
    } catch (UnsupportedOperationException | java.io.IOException e) {
      org.junit.jupiter.api.Assumptions.abort(
          "the test folder's file system refuses O_DIRECT: " + e);
    }
    Path dir = Files.createDirectories(dataDir.resolve("direct"));
    Properties properties = properties(dir);
    properties.setProperty("rocksdb.direct_reads", "true");
    DB db = open(properties);
    for (int i = 0; i < 1000; i++) {
      db.insert(TABLE, "k" + i, record("field0", "v" + i));
    }
    close(db);

    DB reopened = open(properties);
    assertThat(read(reopened, TABLE, "k0", null)).containsEntry("field0", "v0");
    assertThat(read(reopened, TABLE, "k999", null)).containsEntry("field0", "v999");
    close(reopened);
    try (var files = Files.list(dir)) {
      Path options =
          files
              .filter(f -> f.getFileName().toString().startsWith("OPTIONS-"))
              .max(Path::compareTo)
              .orElseThrow();
      assertThat(Files.readAllLines(options)).contains("  use_direct_reads=true");
    }
  }

  /**
   * The block checksum a table is written with: the one RocksDB's C++ library defaults to in the
   * version loaded (CRC32c in 6.20.3, XXH3 in 11.8.1), unless {@code rocksdb.checksum} asks.
   */
  @Test
  void blocksAreChecksummedAsTheCppLibraryDefaultsUnlessAsked() throws Exception {
    String loaded = org.rocksdb.RocksDB.rocksdbVersion().toString();
    Path byDefault = Files.createDirectories(dataDir.resolve("default"));
    close(open(properties(byDefault)));
    assertThat(optionsLines(byDefault))
        .contains(loaded.equals("6.20.3") ? "  checksum=kCRC32c" : "  checksum=kXXH3");

    Path asked = Files.createDirectories(dataDir.resolve("asked"));
    Properties properties = properties(asked);
    properties.setProperty("rocksdb.checksum", "xxhash64");
    close(open(properties));
    assertThat(optionsLines(asked)).contains("  checksum=kxxHash64");

    properties.setProperty("rocksdb.checksum", "md5");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "rocksdb.checksum: 'md5' is not accepted; use one of crc32c, xxhash, xxhash64, xxh3");
  }

  private static List<String> optionsLines(Path dir) throws java.io.IOException {
    try (var files = Files.list(dir)) {
      return Files.readAllLines(
          files
              .filter(f -> f.getFileName().toString().startsWith("OPTIONS-"))
              .max(Path::compareTo)
              .orElseThrow());
    }
  }

  @Test
  void directReadsOffByDefault() throws Exception {
    Path dir = Files.createDirectories(dataDir.resolve("buffered"));
    close(open(properties(dir)));
    try (var files = Files.list(dir)) {
      Path options =
          files
              .filter(f -> f.getFileName().toString().startsWith("OPTIONS-"))
              .max(Path::compareTo)
              .orElseThrow();
      assertThat(Files.readAllLines(options)).contains("  use_direct_reads=false");
    }
  }

  @Test
  void directReadsRefusesANonBooleanNamingTheProperty() {
    Properties properties = properties(dataDir);
    properties.setProperty("rocksdb.direct_reads", "yes");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage("rocksdb.direct_reads: 'yes' is not a boolean; use true or false");
  }

  @Test
  void optionsFileIsUsedWhenGiven() throws Exception {
    Path dir = Files.createDirectories(dataDir.resolve("db"));
    Properties properties = properties(dir);
    properties.setProperty("rocksdb.optionsfile", optionsFile().toString());
    DB db = open(properties);
    db.insert(TABLE, "k", record("field0", "v"));
    assertThat(read(db, TABLE, "k", null)).containsEntry("field0", "v");
  }

  /** A RocksDB OPTIONS file in the data folder that sets a 1 MiB write buffer. */
  protected Path optionsFile() throws IOException {
    return Files.writeString(
        dataDir.resolve("OPTIONS.ini"),
        String.join(
            "\n",
            "[Version]",
            "  rocksdb_version=8.0.0",
            "  options_file_version=1.1",
            "[DBOptions]",
            "  create_if_missing=true",
            "[CFOptions \"default\"]",
            "  write_buffer_size=1048576",
            ""));
  }

  @Test
  void unreadableOptionsFileIsNamed() {
    Properties properties = properties(dataDir);
    properties.setProperty("rocksdb.optionsfile", "/no/such/OPTIONS");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage("rocksdb.optionsfile: '/no/such/OPTIONS' is not a readable file");
  }

  @Test
  void largeValuesGrowTheReadBuffer() throws Exception {
    DB db = open();
    db.insert(TABLE, "small", record("field0", "s"));
    db.insert(TABLE, "big", record("field0", "b".repeat(100_000)));
    assertThat(read(db, TABLE, "small", null)).containsEntry("field0", "s");
    assertThat(read(db, TABLE, "big", null)).containsEntry("field0", "b".repeat(100_000));
    assertThat(read(db, TABLE, "small", null)).containsEntry("field0", "s");
  }

  /**
   * The 2,000 records fit RocksDB's 64 MiB memtable: at close no table file, every key counted; the
   * flush writes them into one level-0 file, and nothing is compacted.
   */
  @Override
  public void checkStatistics(JsonNode before, JsonNode after, int records) {
    assertThat(before.path("tree").path("kind").asText()).isEqualTo("lsm");
    assertThat(before.path("tree").path("levels")).isEmpty();
    assertThat(before.path("engine").path("rocksdb.estimate-num-keys").asLong()).isEqualTo(records);
    assertThat(before.path("engine").path("BYTES_WRITTEN").asLong()).isGreaterThan(records * 1000L);
    assertThat(before.path("memoryBytes").asLong()).isGreaterThan(records * 1000L);
    assertThat(before.path("flushedBytes").asLong()).isZero();

    JsonNode level0 = after.path("tree").path("levels").path(0);
    assertThat(after.path("tree").path("levels")).hasSize(1);
    assertThat(level0.path("level").asInt()).isZero();
    assertThat(level0.path("files").asLong()).isEqualTo(1);
    assertThat(level0.path("bytes").asLong()).isGreaterThan(records * 1000L);
    assertThat(after.path("flushedBytes").asLong()).isGreaterThan(records * 1000L);
    assertThat(after.path("compactionWrittenBytes").asLong()).isZero();
    assertThat(after.path("liveDataBytes").asLong()).isEqualTo(level0.path("bytes").asLong());
  }

  /**
   * With a 64 KiB memtable, 2,000 records of 1,000 bytes in scattered key order are flushed about
   * 30 times and level 0's overlapping files compacted into level 1: the counters show both; the
   * table files hold the values' bytes and 20% at most besides, and RocksDB's estimate of the live
   * data is at most that.
   */
  @Test
  void aLoadThroughSmallMemtablesShowsFlushesAndCompactionsInTheStatistics() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("rocksdb.write_buffer_size", "64k");
    properties.setProperty("rocksdb.flush_on_close", "true");
    JsonNode after = afterScatteredLoad(properties);

    long data = 2000L * 1000;
    assertThat(after.path("flushedBytes").asLong()).isGreaterThan(data);
    assertThat(after.path("compactionReadBytes").asLong()).isPositive();
    assertThat(after.path("compactionWrittenBytes").asLong()).isPositive();
    long levelBytes = 0;
    for (JsonNode level : after.path("tree").path("levels")) {
      levelBytes += level.path("bytes").asLong();
    }
    // every key was written once: the files hold each value once, whatever compaction has done
    assertThat(levelBytes).isBetween(data, data * 12 / 10);
    // the estimate counts a key range once, at the highest level holding it: below the files'
    // bytes while compaction is under way
    assertThat(after.path("liveDataBytes").asLong()).isBetween(data / 2, levelBytes);
  }

  /**
   * With 64 KiB memtables, files and level base, 2,000 records of 1,000 bytes in scattered key
   * order leave RocksDB compactions to do down several levels when the load ends. With {@code
   * rocksdb.compact_on_close} the close waits them out: RocksDB then estimates no pending
   * compaction, and the data reached level 2 or deeper.
   */
  @Test
  void compactOnCloseWaitsUntilRocksDbHasNoCompactionPending() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("rocksdb.write_buffer_size", "64k");
    properties.setProperty("rocksdb.target_file_size_base", "64k");
    properties.setProperty("rocksdb.max_bytes_for_level_base", "64k");
    properties.setProperty("rocksdb.level_compaction_dynamic_level_bytes", "false");
    properties.setProperty("rocksdb.compact_on_close", "true");
    JsonNode after = afterScatteredLoad(properties);

    assertThat(after.path("pendingCompactionBytes").asLong()).isZero();
    int deepest = 0;
    for (JsonNode level : after.path("tree").path("levels")) {
      deepest = Math.max(deepest, level.path("level").asInt());
    }
    assertThat(deepest).isGreaterThanOrEqualTo(2);
  }

  /**
   * Loads 2,000 records of 1,000 bytes with {@code properties}, keys in a scattered order (so that
   * level 0's files overlap and are merged, not moved down), closes, and returns the statistics the
   * last cleanup wrote after its flush.
   */
  private JsonNode afterScatteredLoad(Properties properties) throws Exception {
    Path file = dataDir.resolveSibling(dataDir.getFileName() + "-stats.json");
    properties.setProperty("enginestats", file.toString());
    DB db = open(properties);
    for (int i = 0; i < 2000; i++) {
      assertThat(db.insert(TABLE, key(i * 7919 % 2000), record("field0", "x".repeat(1000))))
          .isEqualTo(Status.OK);
    }
    close(db);
    JsonNode after =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(file.toFile())
            .path("afterFlush");
    Files.delete(file);
    return after;
  }
}
