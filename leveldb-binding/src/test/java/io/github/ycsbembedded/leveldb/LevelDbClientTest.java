package io.github.ycsbembedded.leveldb;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.core.RecordCodec;
import io.github.ycsbembedded.core.testing.BindingConformanceTest;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Vector;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

class LevelDbClientTest extends BindingConformanceTest {
  /** The meta block LevelDB's built-in Bloom filter policy writes into every table file. */
  private static final String BLOOM_FILTER_BLOCK = "filter.leveldb.BuiltinBloomFilter2";

  @Override
  public String name() {
    return "leveldb";
  }

  @Override
  public DB newClient() {
    return new LevelDbClient();
  }

  @Override
  public List<String> compressions() {
    return List.of("none", "snappy");
  }

  /** LevelDB's own open fails while anything in this process still holds the LOCK file. */
  @Override
  public void assertDirectoryReleased(Path dir) throws Exception {
    try (LevelDb db = LevelDb.open(dir, LevelDb.Options.defaults())) {
      assertThat(db.property("leveldb.stats")).isNotNull();
    }
  }

  @Test
  void theJniLibraryIsLevelDb123() throws IOException {
    assertThat(LevelDb.version()).isEqualTo("1.23");
  }

  /**
   * LevelDB's CRC32C is this library's hardware one (crc32c.cc); it must be the standard function.
   */
  @Test
  void levelDbsCrc32cIsTheStandardOne() throws IOException {
    java.util.Random random = new java.util.Random(7);
    for (int length : new int[] {0, 1, 7, 8, 9, 63, 4096, 4099, 100_001}) {
      byte[] data = new byte[length];
      random.nextBytes(data);
      java.util.zip.CRC32C expected = new java.util.zip.CRC32C();
      expected.update(data);
      assertThat(LevelDb.crc32c(data)).as("%d bytes", length).isEqualTo((int) expected.getValue());
    }
    assertThat(LevelDb.crc32c("123456789".getBytes(StandardCharsets.US_ASCII)))
        .isEqualTo(0xE3069283);
  }

  @Test
  void aTableWhoseNameExtendsAnotherIsKeptApart() throws Exception {
    DB db = open();
    db.insert("user", "1", record("field0", "short name"));
    db.insert("usertable", "0", record("field0", "long name"));
    db.insert("u", "x", record("field0", "one letter"));

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan("user", "", 10, null, result)).isEqualTo(Status.OK);
    assertThat(result).extracting(r -> r.get("field0").toString()).containsExactly("short name");
    assertThat(db.read("user", "table0", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void undecodableValueIsAnError() throws Exception {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "v"));
    close(db);
    try (LevelDb raw = LevelDb.open(dataDir, LevelDb.Options.defaults())) {
      byte[] bad = {1, 5};
      raw.put(storedKey("bad"), bad, bad.length, false);
    }
    DB reopened = open();
    assertThat(reopened.read(TABLE, "bad", null, new HashMap<>())).isEqualTo(Status.ERROR);
    assertThat(read(reopened, TABLE, "k", null)).containsEntry("field0", "v");
  }

  @Test
  void filterBitsBuildABloomFilterIntoEveryTableFile() throws Exception {
    assertThat(tableFilesAfterLoading("10"))
        .allSatisfy(
            file ->
                assertThat(contains(file, BLOOM_FILTER_BLOCK))
                    .as("%s has a Bloom filter block", file)
                    .isTrue());
  }

  @Test
  void filterBitsZeroBuildsNoFilter() throws Exception {
    assertThat(tableFilesAfterLoading("0"))
        .allSatisfy(
            file ->
                assertThat(contains(file, BLOOM_FILTER_BLOCK))
                    .as("%s has no filter block", file)
                    .isFalse());
  }

  @Test
  void filterBitsOutOfRangeAreNamedInTheError() {
    Properties properties = properties(dataDir);
    properties.setProperty("leveldb.filter_bits", "65");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage("leveldb.filter_bits: '65' is not an integer from 0 to 64");
  }

  @Test
  void aCorruptBlockIsAnErrorAndNeverWrongData() throws Exception {
    int records = 2000;
    writeTableFile(records);
    corruptMiddleOf(onlyTableFile());

    DB db = open();
    int errors = 0;
    for (int i = 0; i < records; i++) {
      Map<String, ByteIterator> result = new HashMap<>();
      Status status = db.read(TABLE, key(i), null, result);
      if (status.isOk()) {
        assertThat(strings(result))
            .as("what %s read back", key(i))
            .containsExactly(Map.entry("field0", value(i)));
      } else {
        assertThat(status).as(key(i)).isEqualTo(Status.ERROR);
        errors++;
      }
    }
    assertThat(errors).as("reads of the corrupt block").isGreaterThan(0);
  }

  @Test
  void verifiedChecksumsReportACorruptBlockAsCorruption() throws Exception {
    writeTableFile(2000);
    corruptMiddleOf(onlyTableFile());
    try (LevelDb raw = LevelDb.open(dataDir, LevelDb.Options.defaults())) {
      assertThatThrownBy(
              () -> {
                for (int i = 0; i < 2000; i++) {
                  raw.get(storedKey(key(i)));
                }
              })
          .isInstanceOf(LevelDbException.Corruption.class)
          .hasMessageContaining("checksum mismatch");
    }
  }

  @Test
  void aCorruptBlockStopsAScanWithAnError() throws Exception {
    writeTableFile(2000);
    corruptMiddleOf(onlyTableFile());
    DB db = open();
    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan(TABLE, key(0), 2000, null, result)).isEqualTo(Status.ERROR);
  }

  @Test
  void aTableFileMissingAtOpenIsNamedInTheError() throws Exception {
    writeTableFile(100);
    Path table = onlyTableFile();
    Files.delete(table);
    assertThatThrownBy(this::open)
        .isInstanceOf(DBException.class)
        .hasMessageContaining("missing files")
        .hasMessageContaining(table.getFileName().toString());
  }

  @Test
  void aTableFileDeletedWhileOpenIsAnErrorNotAMissingKey() throws Exception {
    writeTableFile(100);
    DB db = open();
    Files.delete(onlyTableFile());
    assertThat(db.read(TABLE, key(5), null, new HashMap<>())).isEqualTo(Status.ERROR);
  }

  @Test
  void paranoidChecksKeepACompactionFromRewritingACorruptBlockAsData() throws Exception {
    int[] outcome = compactCorruptInterleavedFiles(true);
    assertThat(outcome[WRONG]).as("wrong values read back").isZero();
    assertThat(outcome[CORRUPT]).as("reads that report the corruption").isGreaterThan(0);
  }

  /** Why paranoid checks are on by default: LevelDB's own default launders corruption. */
  @Test
  void withoutParanoidChecksACompactionRewritesACorruptBlockAsData() throws Exception {
    int[] outcome = compactCorruptInterleavedFiles(false);
    assertThat(outcome[CORRUPT]).as("reads that report the corruption").isZero();
    assertThat(outcome[WRONG]).as("wrong values read back").isGreaterThan(0);
  }

  private static final int WRONG = 0;
  private static final int CORRUPT = 1;

  /**
   * Two table files with interleaved keys (even, then odd), the older one corrupted, then a
   * compaction of everything through LevelDB; returns how many reads of the even keys gave a wrong
   * value and how many reported corruption.
   */
  private int[] compactCorruptInterleavedFiles(boolean paranoidChecks) throws Exception {
    Properties flushing = properties(dataDir);
    flushing.setProperty("leveldb.flush_on_close", "true");
    for (int parity = 0; parity < 2; parity++) {
      DB db = open(flushing);
      for (int i = parity; i < 4000; i += 2) {
        assertThat(db.insert(TABLE, key(i), record("field0", value(i)))).isEqualTo(Status.OK);
      }
      close(db);
    }
    List<Path> tables = tableFiles(dataDir);
    assertThat(tables).hasSize(2);
    corruptMiddleOf(tables.stream().sorted().findFirst().orElseThrow());

    int[] outcome = new int[2];
    try (LevelDb raw =
        LevelDb.open(dataDir, LevelDb.Options.defaults().withParanoidChecks(paranoidChecks))) {
      raw.compactRange(null, null);
      for (int i = 0; i < 4000; i += 2) {
        try {
          byte[] expected = RecordCodec.encode(record("field0", value(i)));
          if (!Arrays.equals(raw.get(storedKey(key(i))), expected)) {
            outcome[WRONG]++;
          }
        } catch (LevelDbException.Corruption e) {
          outcome[CORRUPT]++;
        }
      }
    }
    return outcome;
  }

  @Test
  void withoutMmapReadsTableFilesAreReadWithoutMappingThem() throws Exception {
    writeTableFile(2000);
    Properties properties = properties(dataDir);
    properties.setProperty("leveldb.mmap_reads", "false");
    DB db = open(properties);
    for (int i = 0; i < 2000; i += 7) {
      assertThat(read(db, TABLE, key(i), null)).containsExactly(Map.entry("field0", value(i)));
    }
    assertThat(mappedTableFiles()).as("table files mapped into this process").isEmpty();
  }

  @Test
  void byDefaultLevelDbMapsItsTableFiles() throws Exception {
    writeTableFile(2000);
    DB db = open();
    assertThat(read(db, TABLE, key(3), null)).containsExactly(Map.entry("field0", value(3)));
    assertThat(mappedTableFiles()).as("table files mapped into this process").isNotEmpty();
  }

  private List<String> mappedTableFiles() throws IOException {
    String dir = dataDir.toRealPath().toString();
    return Files.readAllLines(Path.of("/proc/self/maps")).stream()
        .filter(line -> line.contains(dir) && line.endsWith(".ldb"))
        .toList();
  }

  /**
   * 30,000 records of 1,000 bytes in scattered key order through a 64 KiB memtable: three times
   * level 1's 10 MiB target, written faster than LevelDB compacts them, so LevelDB most often owes
   * compactions when the load ends. With {@code leveldb.compact_on_close} the close waits them out:
   * after it no level is over LevelDB's target (level 0 under 4 files, level 1 at most 10 MiB), and
   * a deeper level holds the rest.
   */
  @Test
  void compactOnCloseWaitsUntilNoLevelIsOverLevelDbsTarget() throws Exception {
    Path file = dataDir.resolveSibling(dataDir.getFileName() + "-compact.json");
    Properties properties = properties(dataDir);
    properties.setProperty("leveldb.write_buffer_size", "64k");
    properties.setProperty("leveldb.compact_on_close", "true");
    properties.setProperty("enginestats", file.toString());
    DB db = open(properties);
    int records = 30_000;
    for (int i = 0; i < records; i++) {
      assertThat(db.insert(TABLE, key(i * 7919 % records), record("field0", value(i))))
          .isEqualTo(Status.OK);
    }
    close(db);
    JsonNode after = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
    Files.delete(file);

    // the load most often leaves debt when the last cleanup begins (a flush alone leaves some in
    // about half of the runs here); none is left when it closes
    List<io.github.ycsbembedded.core.EngineStats.Level> levels = levels(after.path("afterFlush"));
    assertThat(LevelDbStats.needsCompaction(levels)).isFalse();
    assertThat(levels).anyMatch(level -> level.level() >= 2);
    assertThat(levels.stream().mapToLong(l -> l.bytes()).sum()).isGreaterThan(records * 1000L);
    assertThat(after.path("flushMillis").asLong()).isNotNegative();
  }

  /** The levels of figures in the statistics file, as LevelDbStats reads them. */
  private static List<io.github.ycsbembedded.core.EngineStats.Level> levels(JsonNode figures) {
    List<io.github.ycsbembedded.core.EngineStats.Level> levels = new java.util.ArrayList<>();
    for (JsonNode level : figures.path("tree").path("levels")) {
      levels.add(
          new io.github.ycsbembedded.core.EngineStats.Level(
              level.path("level").asInt(),
              level.path("files").asLong(),
              level.path("bytes").asLong()));
    }
    return levels;
  }

  @Test
  void levelDbsCompactionRuleCountsLevelZeroFilesAndDeeperLevelsBytes() {
    assertThat(LevelDbStats.needsCompaction(List.of())).isFalse();
    assertThat(
            LevelDbStats.needsCompaction(
                List.of(
                    new io.github.ycsbembedded.core.EngineStats.Level(0, 3, 1L << 30),
                    new io.github.ycsbembedded.core.EngineStats.Level(1, 5, 10L << 20),
                    new io.github.ycsbembedded.core.EngineStats.Level(2, 50, 100L << 20),
                    new io.github.ycsbembedded.core.EngineStats.Level(6, 9000, 1L << 40))))
        .isFalse();
    assertThat(
            LevelDbStats.needsCompaction(
                List.of(new io.github.ycsbembedded.core.EngineStats.Level(0, 4, 1))))
        .isTrue();
    assertThat(
            LevelDbStats.needsCompaction(
                List.of(new io.github.ycsbembedded.core.EngineStats.Level(1, 5, (10L << 20) + 1))))
        .isTrue();
    assertThat(
            LevelDbStats.needsCompaction(
                List.of(
                    new io.github.ycsbembedded.core.EngineStats.Level(
                        5, 5, 1_000_000L * 1048576 + 1))))
        .isTrue();
  }

  /** 1 KB records, then a close that writes them into one table file. */
  private void writeTableFile(int records) throws DBException {
    Properties properties = properties(dataDir);
    properties.setProperty("leveldb.write_buffer_size", "16m");
    properties.setProperty("leveldb.flush_on_close", "true");
    DB db = open(properties);
    for (int i = 0; i < records; i++) {
      assertThat(db.insert(TABLE, key(i), record("field0", value(i)))).isEqualTo(Status.OK);
    }
    close(db);
  }

  private static String value(int i) {
    return (key(i) + "|").repeat(100).substring(0, 1000);
  }

  private Path onlyTableFile() throws IOException {
    List<Path> tables = tableFiles(dataDir);
    assertThat(tables).hasSize(1);
    return tables.get(0);
  }

  /** Flips 64 bytes in the middle of a file (inside a data block of a large table). */
  private static void corruptMiddleOf(Path file) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      long middle = raf.length() / 2;
      byte[] bytes = new byte[64];
      raf.seek(middle);
      raf.readFully(bytes);
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = (byte) ~bytes[i];
      }
      raf.seek(middle);
      raf.write(bytes);
    }
  }

  private List<Path> tableFilesAfterLoading(String filterBits) throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("leveldb.filter_bits", filterBits);
    properties.setProperty("leveldb.flush_on_close", "true");
    DB db = open(properties);
    for (int i = 0; i < 500; i++) {
      db.insert(TABLE, key(i), record("field0", "v" + i));
    }
    close(db);
    List<Path> tables = tableFiles(dataDir);
    assertThat(tables).isNotEmpty();
    return tables;
  }

  private static List<Path> tableFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".ldb")).toList();
    }
  }

  private static boolean contains(Path file, String text) {
    try {
      return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(text);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The binding's stored key: the table name's length, the name, the key. */
  private static byte[] storedKey(String key) {
    byte[] table = TABLE.getBytes(StandardCharsets.UTF_8);
    byte[] k = key.getBytes(StandardCharsets.UTF_8);
    byte[] stored = new byte[1 + table.length + k.length];
    stored[0] = (byte) table.length;
    System.arraycopy(table, 0, stored, 1, table.length);
    System.arraycopy(k, 0, stored, 1 + table.length, k.length);
    return stored;
  }

  /**
   * The 2,000 records fit LevelDB's 4 MiB memtable: at close no table file; the flush writes them
   * into one file (at the level LevelDB picks for it), counted by leveldb.stats in whole MiB.
   */
  @Override
  public void checkStatistics(JsonNode before, JsonNode after, int records) {
    assertThat(before.path("tree").path("kind").asText()).isEqualTo("lsm");
    assertThat(before.path("tree").path("levels")).isEmpty();
    assertThat(before.path("memoryBytes").asLong()).isGreaterThan(records * 1000L);
    assertThat(before.path("engine").path("leveldb.stats").asText()).contains("Compactions");

    JsonNode levels = after.path("tree").path("levels");
    assertThat(levels).hasSize(1);
    assertThat(levels.path(0).path("files").asLong()).isEqualTo(1);
    assertThat(levels.path(0).path("bytes").asLong()).isGreaterThan(records * 1000L);
    assertThat(after.path("compactionWrittenBytes").asLong()).isGreaterThanOrEqualTo(1L << 20);
    assertThat(after.path("compactionReadBytes").asLong()).isZero();
  }
}
