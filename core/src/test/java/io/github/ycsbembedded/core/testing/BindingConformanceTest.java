package io.github.ycsbembedded.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.BatchWriteDB;
import io.github.ycsbembedded.core.EngineDirectory;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.MultiWriteDB;
import io.github.ycsbembedded.core.RangeScanDB;
import io.github.ycsbembedded.core.SharedEngines;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The behaviour every binding must have, checked by reading values back. A binding's test extends
 * this class and supplies only how to create its client and, if needed, extra properties.
 */
public abstract class BindingConformanceTest {
  protected static final String TABLE = "usertable";

  @TempDir protected Path dataDir;
  private final List<DB> opened = Collections.synchronizedList(new ArrayList<>());

  /** The binding's name, the prefix of its properties: {@code lmdb} for {@code lmdb.dir}. */
  protected abstract String name();

  /** A new, uninitialized client of the binding. */
  protected abstract DB newClient();

  /** A size property of the binding, used to check the malformed-size message. */
  protected String sizeProperty() {
    return name() + ".cache_size";
  }

  /** The properties a client gets for {@code dir}; override to add engine settings. */
  protected Properties properties(Path dir) {
    Properties properties = new Properties();
    properties.setProperty(name() + ".dir", dir.toString());
    return properties;
  }

  /** An initialized client on {@link #dataDir}, cleaned up after the test. */
  protected DB open() throws DBException {
    return open(properties(dataDir));
  }

  protected DB open(Properties properties) throws DBException {
    DB db = newClient();
    db.setProperties(properties);
    db.init();
    opened.add(db);
    return db;
  }

  protected void close(DB db) throws DBException {
    opened.remove(db);
    db.cleanup();
  }

  @BeforeEach
  void noEngineLeftOpen() throws Exception {
    assertThat(SharedEngines.isOpen(dataDir.toRealPath())).isFalse();
  }

  @AfterEach
  void cleanupClients() throws DBException {
    for (DB db : new ArrayList<>(opened)) {
      close(db);
    }
  }

  protected static Map<String, ByteIterator> record(String... namesAndValues) {
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      values.put(namesAndValues[i], namesAndValues[i + 1]);
    }
    return StringByteIterator.getByteIteratorMap(values);
  }

  protected static Map<String, String> strings(Map<String, ByteIterator> values) {
    return StringByteIterator.getStringMap(values);
  }

  protected static Map<String, String> read(DB db, String table, String key, Set<String> fields) {
    Map<String, ByteIterator> result = new HashMap<>();
    assertThat(db.read(table, key, fields, result))
        .as("read %s/%s", table, key)
        .isEqualTo(Status.OK);
    return strings(result);
  }

  protected static String key(int i) {
    return String.format("user%06d", i);
  }

  @Test
  void insertThenReadReturnsEveryField() throws DBException {
    DB db = open();
    assertThat(
            db.insert(
                TABLE, "k1", record("field0", "alpha", "field1", "", "field2", "x".repeat(5000))))
        .isEqualTo(Status.OK);

    assertThat(read(db, TABLE, "k1", null))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("field0", "alpha", "field1", "", "field2", "x".repeat(5000)));
  }

  @Test
  void binaryValuesAndNonAsciiNamesRoundTrip() throws DBException {
    DB db = open();
    byte[] binary = {0, -1, 127, -128, 10, 0, 13};
    Map<String, ByteIterator> values = new HashMap<>();
    values.put("γράμμα", new ByteArrayByteIterator(binary));
    assertThat(db.insert(TABLE, "k1", values)).isEqualTo(Status.OK);

    Map<String, ByteIterator> result = new HashMap<>();
    assertThat(db.read(TABLE, "k1", null, result)).isEqualTo(Status.OK);
    assertThat(result).containsOnlyKeys("γράμμα");
    assertThat(result.get("γράμμα").toArray()).containsExactly(binary);
  }

  @Test
  void readOfSomeFieldsReturnsOnlyThose() throws DBException {
    DB db = open();
    db.insert(TABLE, "k1", record("field0", "a", "field1", "b", "field2", "c"));

    assertThat(read(db, TABLE, "k1", Set.of("field2", "field0")))
        .containsExactlyInAnyOrderEntriesOf(Map.of("field0", "a", "field2", "c"));
    assertThat(read(db, TABLE, "k1", Set.of("nosuchfield"))).isEmpty();
  }

  @Test
  void readOfMissingKeyIsNotFound() throws DBException {
    DB db = open();
    db.insert(TABLE, "k1", record("field0", "a"));

    Map<String, ByteIterator> result = new HashMap<>();
    assertThat(db.read(TABLE, "k2", null, result)).isEqualTo(Status.NOT_FOUND);
    assertThat(result).isEmpty();
  }

  @Test
  void updateReplacesGivenFieldsAndKeepsTheOthers() throws DBException {
    DB db = open();
    db.insert(TABLE, "k1", record("field0", "a", "field1", "b", "field2", "c"));

    assertThat(db.update(TABLE, "k1", record("field1", "B", "field3", "new"))).isEqualTo(Status.OK);

    assertThat(read(db, TABLE, "k1", null))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("field0", "a", "field1", "B", "field2", "c", "field3", "new"));
  }

  @Test
  void updateOfMissingKeyIsNotFoundAndCreatesNothing() throws DBException {
    DB db = open();
    assertThat(db.update(TABLE, "absent", record("field0", "x"))).isEqualTo(Status.NOT_FOUND);
    assertThat(db.read(TABLE, "absent", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void insertOverwritesTheWholeRecord() throws DBException {
    DB db = open();
    db.insert(TABLE, "k1", record("field0", "a", "field1", "b"));
    db.insert(TABLE, "k1", record("field1", "c"));

    assertThat(read(db, TABLE, "k1", null)).containsExactlyEntriesOf(Map.of("field1", "c"));
  }

  @Test
  void deleteRemovesTheRecord() throws DBException {
    DB db = open();
    db.insert(TABLE, "k1", record("field0", "a"));
    db.insert(TABLE, "k2", record("field0", "b"));

    assertThat(db.delete(TABLE, "k1")).isEqualTo(Status.OK);

    assertThat(db.read(TABLE, "k1", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(read(db, TABLE, "k2", null)).containsEntry("field0", "b");
  }

  @Test
  void scanReturnsRecordsInKeyOrderFromTheStartKey() throws DBException {
    DB db = open();
    for (int i : new int[] {7, 3, 9, 1, 5, 2, 8, 4, 6, 0}) {
      db.insert(TABLE, key(i), record("field0", "v" + i, "field1", "w" + i));
    }

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan(TABLE, key(3), 4, null, result)).isEqualTo(Status.OK);

    assertThat(result).hasSize(4);
    for (int i = 0; i < 4; i++) {
      assertThat(strings(result.get(i)))
          .containsExactlyInAnyOrderEntriesOf(
              Map.of("field0", "v" + (i + 3), "field1", "w" + (i + 3)));
    }
  }

  /**
   * A client reads what another committed since its own last read, scan and batch: none of them
   * keeps a snapshot (or a positioned cursor) past its call.
   */
  @Test
  void readsScansAndBatchesSeeWhatAnotherClientWroteSinceTheirLastCall() throws DBException {
    DB reader = open();
    DB writer = open();
    reader.insert(TABLE, key(1), record("field0", "old"));
    reader.insert(TABLE, key(2), record("field0", "old"));
    assertThat(read(reader, TABLE, key(1), null)).containsEntry("field0", "old");
    Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
    assertThat(reader.scan(TABLE, key(1), 10, null, scanned)).isEqualTo(Status.OK);
    assertThat(scanned).hasSize(2);
    List<KeyRead> batch = new ArrayList<>();
    assertThat(batch(reader).batchRead(TABLE, List.of(key(1), key(2)), null, batch))
        .isEqualTo(Status.OK);

    assertThat(writer.update(TABLE, key(1), record("field0", "new"))).isEqualTo(Status.OK);
    assertThat(writer.insert(TABLE, key(3), record("field0", "added"))).isEqualTo(Status.OK);

    assertThat(read(reader, TABLE, key(1), null)).containsEntry("field0", "new");
    scanned.clear();
    assertThat(reader.scan(TABLE, key(1), 10, null, scanned)).isEqualTo(Status.OK);
    assertThat(scanned)
        .extracting(r -> r.get("field0").toString())
        .containsExactly("new", "old", "added");
    batch.clear();
    assertThat(batch(reader).batchRead(TABLE, List.of(key(3), key(1)), null, batch))
        .isEqualTo(Status.OK);
    assertThat(batch)
        .extracting(r -> strings(r.record()).get("field0"))
        .containsExactly("added", "new");
  }

  @Test
  void scanStartsAtTheNextKeyWhenTheStartKeyIsAbsent() throws DBException {
    DB db = open();
    db.insert(TABLE, "b", record("field0", "b"));
    db.insert(TABLE, "d", record("field0", "d"));

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan(TABLE, "c", 5, null, result)).isEqualTo(Status.OK);

    assertThat(result).extracting(r -> r.get("field0").toString()).containsExactly("d");
  }

  @Test
  void scanReturnsFewerAtTheEndOfTheTableAndOnlyRequestedFields() throws DBException {
    DB db = open();
    for (int i = 0; i < 10; i++) {
      db.insert(TABLE, key(i), record("field0", "v" + i, "field1", "w" + i));
    }

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan(TABLE, key(7), 100, Set.of("field1"), result)).isEqualTo(Status.OK);

    assertThat(result).hasSize(3);
    assertThat(result)
        .extracting(r -> strings(r))
        .containsExactly(Map.of("field1", "w7"), Map.of("field1", "w8"), Map.of("field1", "w9"));
  }

  @Test
  void tablesDoNotSeeEachOthersKeys() throws DBException {
    DB db = open();
    db.insert("alpha", "k1", record("field0", "in alpha"));
    db.insert("alpha", "k3", record("field0", "in alpha"));
    db.insert("beta", "k2", record("field0", "in beta"));

    assertThat(db.read("beta", "k1", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(read(db, "beta", "k2", null)).containsEntry("field0", "in beta");

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan("alpha", "", 10, null, result)).isEqualTo(Status.OK);
    assertThat(result)
        .hasSize(2)
        .allSatisfy(r -> assertThat(r.get("field0").toString()).isEqualTo("in alpha"));

    result.clear();
    assertThat(db.scan("beta", "", 10, null, result)).isEqualTo(Status.OK);
    assertThat(result).hasSize(1);
  }

  @Test
  void concurrentInsertsAndUpdatesFromFourThreadsLoseNothing() throws Exception {
    int threads = 4;
    int perThread = 500;
    runConcurrently(
        threads,
        t -> {
          DB db = open();
          for (int i = 0; i < perThread; i++) {
            String key = key(t * perThread + i);
            assertThat(db.insert(TABLE, key, record("field0", "ins" + i, "field1", "keep")))
                .isEqualTo(Status.OK);
            if (i % 2 == 0) {
              assertThat(db.update(TABLE, key, record("field0", "upd" + i))).isEqualTo(Status.OK);
            }
          }
          close(db);
          return null;
        });

    DB db = open();
    for (int t = 0; t < threads; t++) {
      for (int i = 0; i < perThread; i++) {
        assertThat(read(db, TABLE, key(t * perThread + i), null))
            .containsExactlyInAnyOrderEntriesOf(
                Map.of("field0", (i % 2 == 0 ? "upd" : "ins") + i, "field1", "keep"));
      }
    }
  }

  @Test
  void concurrentUpdatesOfDifferentFieldsOfTheSameKeysLoseNoField() throws Exception {
    int threads = 8;
    int keys = 3;
    int rounds = 200;
    DB setup = open();
    for (int k = 0; k < keys; k++) {
      setup.insert(TABLE, key(k), record("base", "b"));
    }

    runConcurrently(
        threads,
        t -> {
          DB db = open();
          for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < keys; k++) {
              assertThat(db.update(TABLE, key(k), record("field" + t, t + ":" + r)))
                  .isEqualTo(Status.OK);
            }
          }
          close(db);
          return null;
        });

    for (int k = 0; k < keys; k++) {
      Map<String, String> expected = new HashMap<>();
      expected.put("base", "b");
      for (int t = 0; t < threads; t++) {
        expected.put("field" + t, t + ":" + (rounds - 1));
      }
      assertThat(read(setup, TABLE, key(k), null)).containsExactlyInAnyOrderEntriesOf(expected);
    }
  }

  @Test
  void dataSurvivesCloseAndReopen() throws DBException {
    DB db = open();
    for (int i = 0; i < 100; i++) {
      db.insert(TABLE, key(i), record("field0", "v" + i));
    }
    db.update(TABLE, key(5), record("field0", "changed"));
    db.delete(TABLE, key(6));
    close(db);

    DB reopened = open();
    assertThat(read(reopened, TABLE, key(0), null)).containsEntry("field0", "v0");
    assertThat(read(reopened, TABLE, key(5), null)).containsEntry("field0", "changed");
    assertThat(reopened.read(TABLE, key(6), null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    Vector<HashMap<String, ByteIterator>> all = new Vector<>();
    reopened.scan(TABLE, "", 1000, null, all);
    assertThat(all).hasSize(99);
  }

  @Test
  void dataSurvivesACloseWithAFinalFlushAndReopen() throws DBException {
    Properties flushing = properties(dataDir);
    flushing.setProperty(name() + ".flush_on_close", "true");
    DB db = open(flushing);
    for (int i = 0; i < 100; i++) {
      db.insert(TABLE, key(i), record("field0", "v" + i));
    }
    close(db);

    DB reopened = open();
    Vector<HashMap<String, ByteIterator>> all = new Vector<>();
    reopened.scan(TABLE, "", 1000, null, all);
    assertThat(all).hasSize(100);
    assertThat(read(reopened, TABLE, key(99), null)).containsEntry("field0", "v99");
  }

  // ---- engine statistics (enginestats) ----

  /** Records of {@code field0} = 1,000 bytes written for the statistics tests. */
  protected static final int STATS_RECORDS = 2_000;

  private JsonNode statisticsAfterLoad(boolean flushOnClose) throws Exception {
    Path file = dataDir.resolveSibling(dataDir.getFileName() + "-stats.json");
    Properties properties = properties(dataDir);
    properties.setProperty("enginestats", file.toString());
    properties.setProperty(name() + ".flush_on_close", Boolean.toString(flushOnClose));
    DB db = open(properties);
    for (int i = 0; i < STATS_RECORDS; i++) {
      assertThat(db.insert(TABLE, key(i), record("field0", "x".repeat(1000)))).isEqualTo(Status.OK);
    }
    close(db);
    try {
      return new ObjectMapper().readTree(file.toFile());
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  void engineStatisticsAreWrittenBeforeAndAfterTheFinalFlush() throws Exception {
    JsonNode stats = statisticsAfterLoad(true);

    assertThat(stats.path("schema").asInt()).isEqualTo(1);
    assertThat(stats.path("engine").asText()).isEqualTo(name());
    assertThat(stats.path("version").asText()).isNotBlank();
    assertThat(stats.path("flushMillis").isIntegralNumber()).isTrue();
    checkStatistics(stats.path("beforeFlush"), stats.path("afterFlush"), STATS_RECORDS);
  }

  @Test
  void engineStatisticsWithoutAFinalFlushHaveOnlyTheFiguresAtClose() throws Exception {
    JsonNode stats = statisticsAfterLoad(false);

    assertThat(stats.path("beforeFlush").path("tree").path("kind").asText()).isIn("lsm", "btree");
    assertThat(stats.has("afterFlush")).isFalse();
    assertThat(stats.has("flushMillis")).isFalse();
  }

  /**
   * Checks the engine's figures after {@code records} inserts of 1,000 bytes: {@code before} at the
   * last cleanup, {@code after} the final flush. Each engine checks what it keeps.
   */
  protected abstract void checkStatistics(JsonNode before, JsonNode after, int records);

  /**
   * With {@code enginestats.from}, the file also holds the counters at that time after the engine
   * opened (0: before the first operation), so a run's counters can be taken past its warm-up.
   */
  @Test
  void theCountersAtTheWindowsStartAreWrittenWhenAskedFor() throws Exception {
    Path file = dataDir.resolveSibling(dataDir.getFileName() + "-window.json");
    Properties properties = properties(dataDir);
    properties.setProperty("enginestats", file.toString());
    properties.setProperty("enginestats.from", "0");
    DB db = open(properties);
    for (int i = 0; i < 100; i++) {
      assertThat(db.insert(TABLE, key(i), record("field0", "v" + i))).isEqualTo(Status.OK);
    }
    close(db);
    JsonNode stats = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
    Files.delete(file);
    assertThat(stats.path("atWindowStart").isObject()).as(stats.toString()).isTrue();
    assertThat(stats.path("windowStartMillis").asLong()).isZero();
    assertThat(stats.path("beforeFlush").isObject()).isTrue();
  }

  @Test
  void aNegativeWindowStartIsRefusedNamingIt() {
    Properties properties = properties(dataDir);
    properties.setProperty("enginestats", dataDir.resolveSibling("s.json").toString());
    properties.setProperty("enginestats.from", "-1");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessageStartingWith("enginestats.from: '-1'");
  }

  @Test
  void anEmptyEngineStatsFileIsRefused() {
    Properties properties = properties(dataDir);
    properties.setProperty("enginestats", "");

    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage("enginestats: empty value; name a file, or leave it out for no statistics");
  }

  @Test
  void anEngineStatsFileInAMissingFolderIsRefusedBeforeAnyWork() {
    Path file = dataDir.resolve("no-such-folder").resolve("stats.json");
    Properties properties = properties(dataDir);
    properties.setProperty("enginestats", file.toString());

    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "enginestats: '" + file + "': " + file.getParent() + " is not a writable folder");
  }

  @Test
  void lastCleanupClosesTheEngineAndTheFirstInitOpensIt() throws Exception {
    Path canonical = dataDir.toRealPath();
    DB first = open();
    DB second = open();
    first.insert(TABLE, "k", record("field0", "v"));
    assertThat(SharedEngines.isOpen(canonical)).isTrue();

    close(first);
    assertThat(SharedEngines.isOpen(canonical)).as("open while a client remains").isTrue();
    assertThat(read(second, TABLE, "k", null)).containsEntry("field0", "v");

    close(second);
    assertThat(SharedEngines.isOpen(canonical)).as("closed by the last cleanup").isFalse();
    assertDirectoryReleased(dataDir);

    DB again = open();
    assertThat(read(again, TABLE, "k", null)).containsEntry("field0", "v");
  }

  /**
   * Checks, engine by engine, that nothing still holds {@code dir} after the last cleanup (for
   * example by opening it with the engine's own API). By default nothing more than the registry.
   */
  protected void assertDirectoryReleased(Path dir) throws Exception {}

  @Test
  void destroyWipesTheDirectoryAtInit() throws DBException {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "v"));
    close(db);

    Properties destroy = properties(dataDir);
    destroy.setProperty(name() + ".destroy", "true");
    DB wiped = open(destroy);
    assertThat(wiped.read(TABLE, "k", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  /**
   * The values {@code <name>.compression} accepts; each is checked to round-trip. None by default.
   */
  protected List<String> compressions() {
    return List.of();
  }

  @Test
  void everyCompressionRoundTripsAcrossReopen() throws Exception {
    for (String codec : compressions()) {
      Path dir = Files.createDirectories(dataDir.resolve("compression-" + codec));
      Properties properties = properties(dir);
      properties.setProperty(name() + ".compression", codec);
      DB db = open(properties);
      db.insert(TABLE, "k", record("field0", "z".repeat(5000), "field1", codec));
      close(db);

      DB reopened = open(properties);
      assertThat(read(reopened, TABLE, "k", null))
          .as(codec)
          .containsExactlyInAnyOrderEntriesOf(Map.of("field0", "z".repeat(5000), "field1", codec));
      close(reopened);
    }
  }

  /**
   * docs/bindings.md documents every property the binding accepts, and no other, in its section's
   * table (the first cell of each row, {@code `lmdb.mapsize`}).
   */
  @Test
  void thePropertyTableInTheDocsListsExactlyThePropertiesTheBindingAccepts() throws Exception {
    Set<String> accepted =
        ((io.github.ycsbembedded.core.EngineClient<?>) newClient()).acceptedProperties();

    assertThat(documentedProperties()).containsExactlyInAnyOrderElementsOf(accepted);
  }

  /**
   * The binding registers itself: its module publishes one descriptor under its name, naming this
   * client class and exactly the properties the client accepts.
   */
  @Test
  void theBindingsDescriptorNamesItsClientAndItsProperties() throws Exception {
    io.github.ycsbembedded.core.EngineClient<?> client =
        (io.github.ycsbembedded.core.EngineClient<?>) newClient();
    List<io.github.ycsbembedded.core.EngineDescriptor> named =
        io.github.ycsbembedded.core.Engines.all().stream()
            .filter(e -> e.name().equals(name()))
            .toList();

    assertThat(named).as("descriptors named %s", name()).hasSize(1);
    assertThat(named.get(0).clientClass()).isEqualTo(client.getClass().getName());
    assertThat(io.github.ycsbembedded.core.Engines.properties(named.get(0)))
        .containsExactlyInAnyOrderElementsOf(client.acceptedProperties());
  }

  private Set<String> documentedProperties() throws Exception {
    List<String> lines = Files.readAllLines(YcsbProcess.root().resolve("docs/bindings.md"));
    java.util.regex.Pattern section =
        java.util.regex.Pattern.compile("^## .* \\(`" + name() + "`\\) .*");
    java.util.regex.Pattern row =
        java.util.regex.Pattern.compile(
            "^\\| `(" + java.util.regex.Pattern.quote(name()) + "\\.[a-z0-9_]+)` \\|");
    Set<String> documented = new java.util.TreeSet<>();
    boolean inSection = false;
    for (String line : lines) {
      if (line.startsWith("## ")) {
        inSection = section.matcher(line).matches();
      } else if (inSection) {
        java.util.regex.Matcher m = row.matcher(line);
        if (m.find()) {
          documented.add(m.group(1));
        }
      }
    }
    assertThat(documented).as("the section of %s in docs/bindings.md", name()).isNotEmpty();
    return documented;
  }

  @Test
  void missingDirectoryPropertyIsNamedInTheError() {
    Properties properties = properties(dataDir);
    properties.remove(name() + ".dir");

    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessageContaining(name() + ".dir")
        .hasMessageContaining("required");
  }

  @Test
  void malformedSizeIsNamedInTheError() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty(sizeProperty(), "12x");

    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            sizeProperty()
                + ": '12x' is not a size; use a number with an optional k, m, g or t suffix");
    assertThat(SharedEngines.isOpen(dataDir.toRealPath()))
        .as("a failed init leaves nothing open")
        .isFalse();
  }

  @Test
  void malformedBooleanIsNamedInTheError() {
    Properties properties = properties(dataDir);
    properties.setProperty(name() + ".sync", "maybe");

    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(name() + ".sync: 'maybe' is not a boolean; use true or false");
  }

  // ---- batch reads (BatchReadDB) ----

  protected BatchReadDB batch(DB db) {
    assertThat(db).as("every binding implements BatchReadDB").isInstanceOf(BatchReadDB.class);
    return (BatchReadDB) db;
  }

  @Test
  void batchReadEqualsSingleReadsInTheOrderOfTheKeysGiven() throws DBException {
    DB db = open();
    for (int i = 0; i < 50; i++) {
      db.insert(TABLE, key(i), record("field0", "v" + i, "field1", "w" + i));
    }
    List<String> keys = List.of(key(42), key(3), key(17), key(0), key(49), key(25));

    List<KeyRead> results = new ArrayList<>();
    assertThat(batch(db).batchRead(TABLE, keys, null, results)).isEqualTo(Status.OK);

    assertThat(results).hasSize(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      assertThat(results.get(i).status()).isEqualTo(Status.OK);
      assertThat(strings(results.get(i).record())).isEqualTo(read(db, TABLE, keys.get(i), null));
    }
  }

  /**
   * A batch is one snapshot even when the binding reads it in runs on several threads: while a
   * writer keeps the first and the last of 256 keys at the same round (one atomic write each),
   * every batch that holds both sees them at the same round, and in the order the keys were given.
   */
  @Test
  void aBatchReadInRunsSeesOneSnapshotWhileWritesCommit() throws Exception {
    DB setup = open();
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 256; i++) {
      keys.add(key(i));
      setup.insert(TABLE, key(i), record("round", "0"));
    }
    java.util.concurrent.atomic.AtomicBoolean done =
        new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicInteger batches =
        new java.util.concurrent.atomic.AtomicInteger();
    runConcurrently(
        2,
        t -> {
          DB db = open();
          if (t == 0) {
            for (int r = 1; !done.get(); r++) {
              assertThat(
                      multi(db)
                          .writeAtomically(
                              List.of(
                                  MultiWriteDB.Write.put(
                                      TABLE, key(0), record("round", Integer.toString(r))),
                                  MultiWriteDB.Write.put(
                                      TABLE, key(255), record("round", Integer.toString(r))))))
                  .isEqualTo(Status.OK);
            }
          } else {
            List<KeyRead> results = new ArrayList<>();
            try {
              while (batches.get() < 300) {
                assertThat(batch(db).batchRead(TABLE, keys, null, results)).isEqualTo(Status.OK);
                assertThat(results).hasSize(256);
                assertThat(strings(results.get(255).record()).get("round"))
                    .as("the last key's round, batch " + batches)
                    .isEqualTo(strings(results.get(0).record()).get("round"));
                batches.incrementAndGet();
              }
            } finally {
              done.set(true);
            }
          }
          close(db);
          return null;
        });
    assertThat(batches.get()).isEqualTo(300);
  }

  @Test
  void batchReadReportsMissingKeysInPlaceWithoutFailingTheBatch() throws DBException {
    DB db = open();
    db.insert(TABLE, "b", record("field0", "B"));
    db.insert(TABLE, "d", record("field0", "D"));

    List<KeyRead> results = new ArrayList<>();
    assertThat(batch(db).batchRead(TABLE, List.of("d", "a", "b", "zz"), null, results))
        .isEqualTo(Status.OK);

    assertThat(results)
        .extracting(KeyRead::status)
        .containsExactly(Status.OK, Status.NOT_FOUND, Status.OK, Status.NOT_FOUND);
    assertThat(strings(results.get(0).record())).containsEntry("field0", "D");
    assertThat(strings(results.get(2).record())).containsEntry("field0", "B");
  }

  @Test
  void batchReadAnswersDuplicateKeysEachTime() throws DBException {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "v"));
    db.insert(TABLE, "j", record("field0", "u"));

    List<KeyRead> results = new ArrayList<>();
    batch(db).batchRead(TABLE, List.of("k", "j", "k", "k"), null, results);

    assertThat(results)
        .extracting(r -> strings(r.record()).get("field0"))
        .containsExactly("v", "u", "v", "v");
  }

  @Test
  void batchLargerThanTheTableFindsWhatExists() throws DBException {
    DB db = open();
    for (int i = 0; i < 10; i++) {
      db.insert(TABLE, key(i), record("field0", "v" + i));
    }
    List<String> keys = new ArrayList<>();
    for (int i = 300; i >= 0; i--) {
      keys.add(key(i));
    }

    List<KeyRead> results = new ArrayList<>();
    assertThat(batch(db).batchRead(TABLE, keys, null, results)).isEqualTo(Status.OK);

    assertThat(results).hasSize(301);
    assertThat(results.stream().filter(KeyRead::isFound).count()).isEqualTo(10);
    assertThat(strings(results.get(300).record())).containsEntry("field0", "v0");
    assertThat(strings(results.get(291).record())).containsEntry("field0", "v9");
    assertThat(results.get(0).status()).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void batchReadReturnsOnlyTheRequestedFieldsAndOnlyItsTable() throws DBException {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "a", "field1", "b", "field2", "c"));
    db.insert("othertable", "o", record("field0", "x"));

    List<KeyRead> results = new ArrayList<>();
    batch(db).batchRead(TABLE, List.of("k", "o"), Set.of("field2"), results);

    assertThat(strings(results.get(0).record())).containsExactlyEntriesOf(Map.of("field2", "c"));
    assertThat(results.get(1).status()).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void emptyBatchIsOkAndEmpty() throws DBException {
    DB db = open();
    List<KeyRead> results = new ArrayList<>(List.of(KeyRead.missing()));
    assertThat(batch(db).batchRead(TABLE, List.of(), null, results)).isEqualTo(Status.OK);
    assertThat(results).isEmpty();
  }

  // ---- batch inserts and bulk loads (BatchWriteDB) ----

  protected BatchWriteDB batches(DB db) {
    assertThat(db).as("every binding implements BatchWriteDB").isInstanceOf(BatchWriteDB.class);
    return (BatchWriteDB) db;
  }

  /** Records {@code from} to {@code to - 1}, each with field n = its key, in a shuffled order. */
  private static List<BatchWriteDB.Insert> inserts(int from, int to, long seed) {
    List<BatchWriteDB.Insert> records = new ArrayList<>();
    for (int i = from; i < to; i++) {
      records.add(new BatchWriteDB.Insert(key(i), record("n", key(i), "pad", "v".repeat(i % 50))));
    }
    Collections.shuffle(records, new java.util.Random(seed));
    return records;
  }

  /** Every record's field n from the start of the table, in the order the scan returns them. */
  private static List<String> scanAll(DB db, int limit) {
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertThat(db.scan(TABLE, key(0), limit, Set.of("n"), rows)).isEqualTo(Status.OK);
    return rows.stream().map(row -> row.get("n").toString()).toList();
  }

  private static List<String> keys(int from, int to) {
    List<String> keys = new ArrayList<>();
    for (int i = from; i < to; i++) {
      keys.add(key(i));
    }
    return keys;
  }

  /** What the binding printed on stderr while {@code body} ran. */
  private static String stderrOf(Callable<?> body) throws Exception {
    java.io.PrintStream saved = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      body.call();
    } finally {
      System.setErr(saved);
    }
    return captured.toString(StandardCharsets.UTF_8);
  }

  @Test
  void batchInsertStoresEveryRecordGivenInAnyOrder() throws DBException {
    DB db = open();
    List<String> failed = new ArrayList<>(List.of("stale"));

    assertThat(batches(db).batchInsert(TABLE, inserts(0, 300, 7), failed)).isEqualTo(Status.OK);

    assertThat(failed).isEmpty();
    for (int i = 0; i < 300; i++) {
      assertThat(read(db, TABLE, key(i), null))
          .isEqualTo(Map.of("n", key(i), "pad", "v".repeat(i % 50)));
    }
    assertThat(scanAll(db, 1000)).isEqualTo(keys(0, 300));
  }

  @Test
  void batchInsertReplacesExistingRecordsAndKeepsTheLastOfAKeyGivenTwice() throws DBException {
    DB db = open();
    db.insert(TABLE, "a", record("field0", "old", "field1", "gone"));
    List<String> failed = new ArrayList<>();

    assertThat(
            batches(db)
                .batchInsert(
                    TABLE,
                    List.of(
                        new BatchWriteDB.Insert("a", record("field0", "new")),
                        new BatchWriteDB.Insert("b", record("field0", "first")),
                        new BatchWriteDB.Insert("b", record("field0", "second"))),
                    failed))
        .isEqualTo(Status.OK);

    assertThat(read(db, TABLE, "a", null)).isEqualTo(Map.of("field0", "new"));
    assertThat(read(db, TABLE, "b", null)).isEqualTo(Map.of("field0", "second"));
  }

  @Test
  void aFailedBatchInsertNamesTheKeysItDidNotStore() throws DBException {
    DB db = open();
    List<String> failed = new ArrayList<>();
    List<BatchWriteDB.Insert> records =
        List.of(
            new BatchWriteDB.Insert("a", record("field0", "x")),
            new BatchWriteDB.Insert("", record("field0", "empty key")),
            new BatchWriteDB.Insert("b", record("field0", "y")));

    assertThat(batches(db).batchInsert(TABLE, records, failed)).isEqualTo(Status.BAD_REQUEST);

    for (String key : List.of("a", "b")) {
      boolean stored = db.read(TABLE, key, null, new HashMap<>()) == Status.OK;
      assertThat(failed.contains(key))
          .as("%s named as failed exactly when not stored", key)
          .isEqualTo(!stored);
    }
    assertThat(failed).contains("");
    if (batches(db).batchAtomic()) {
      assertThat(failed).containsExactly("a", "", "b");
    }
  }

  @Test
  void bulkLoadIntoAnEmptyTableReadsEveryRecordBackInKeyOrderAfterReopening() throws DBException {
    DB db = open();
    List<String> failed = new ArrayList<>();
    for (int b = 0; b < 3; b++) {
      List<BatchWriteDB.Insert> batch = new ArrayList<>(inserts(b * 200, (b + 1) * 200, b));
      if (b == 1) {
        batch.add(0, new BatchWriteDB.Insert(key(250), record("n", "overwritten")));
      }
      assertThat(batches(db).bulkInsert(TABLE, batch, failed))
          .as("batch %d", b)
          .isEqualTo(Status.OK);
      assertThat(failed).isEmpty();
    }
    close(db);

    DB reopened = open();
    for (int i = 0; i < 600; i++) {
      assertThat(read(reopened, TABLE, key(i), null))
          .isEqualTo(Map.of("n", key(i), "pad", "v".repeat(i % 50)));
    }
    assertThat(scanAll(reopened, 1000)).isEqualTo(keys(0, 600));
  }

  @Test
  void bulkLoadIntoATableThatHoldsRecordsIsRefusedInOneLineAndStoresNothing() throws Exception {
    DB db = open();
    db.insert(TABLE, "kept", record("field0", "before"));
    List<String> failed = new ArrayList<>();
    List<BatchWriteDB.Insert> batch = inserts(0, 10, 1);

    String stderr =
        stderrOf(
            () ->
                assertThat(batches(db).bulkInsert(TABLE, batch, failed))
                    .isEqualTo(Status.BAD_REQUEST));

    assertThat(stderr).as("counted, said once at the process's end").isEmpty();
    assertThat(io.github.ycsbembedded.core.ErrorLog.latest())
        .contains(name() + ": bulk insert " + TABLE + "/")
        .contains("a bulk load fills an empty table, and " + TABLE + " already holds records");
    assertThat(failed).containsExactlyInAnyOrderElementsOf(keys(0, 10));
    close(db);
    DB reopened = open();
    assertThat(scanAll(reopened, 100)).isEmpty();
    assertThat(read(reopened, TABLE, "kept", null)).containsEntry("field0", "before");
    assertThat(reopened.read(TABLE, key(0), null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void aBulkBatchBelowTheKeysLoadedBeforeIsRefusedWhereTheEngineNeedsKeyOrder() throws Exception {
    DB db = open();
    List<String> failed = new ArrayList<>();
    assertThat(batches(db).bulkInsert(TABLE, inserts(100, 200, 1), failed)).isEqualTo(Status.OK);
    boolean inOrder = batches(db).bulkInKeyOrder();

    String stderr =
        stderrOf(
            () ->
                assertThat(batches(db).bulkInsert(TABLE, inserts(0, 100, 2), failed))
                    .isEqualTo(inOrder ? Status.BAD_REQUEST : Status.OK));

    assertThat(stderr).as("counted, said once at the process's end").isEmpty();
    if (inOrder) {
      assertThat(io.github.ycsbembedded.core.ErrorLog.latest())
          .contains(
              "takes batches in ascending key order, and this batch's first key "
                  + key(0)
                  + " is not above "
                  + key(199));
      assertThat(failed).containsExactlyInAnyOrderElementsOf(keys(0, 100));
    } else {
      assertThat(failed).isEmpty();
    }
    close(db);
    DB reopened = open();
    assertThat(scanAll(reopened, 1000)).isEqualTo(inOrder ? keys(100, 200) : keys(0, 200));
  }

  /**
   * Tables whose keys an engine with one key space stores before and after this one's (LevelDB,
   * LMDB: each key behind its table's name) hold records: the bulk load still sees its table as
   * empty, stores every batch, and leaves the neighbours alone.
   */
  @Test
  void bulkLoadBesideTablesHoldingRecordsFillsItsOwnTableOnly() throws DBException {
    DB db = open();
    String before = "a";
    String after = "a-table-with-a-longer-name";
    assertThat(db.insert(before, key(5), record("n", "before"))).isEqualTo(Status.OK);
    assertThat(db.insert(after, key(0), record("n", "after"))).isEqualTo(Status.OK);
    List<String> failed = new ArrayList<>();
    for (int b = 0; b < 2; b++) {
      assertThat(batches(db).bulkInsert(TABLE, inserts(b * 100, (b + 1) * 100, b), failed))
          .as("batch %d", b)
          .isEqualTo(Status.OK);
      assertThat(failed).isEmpty();
    }
    close(db);

    DB reopened = open();
    assertThat(scanAll(reopened, 1000)).isEqualTo(keys(0, 200));
    assertThat(read(reopened, TABLE, key(173), null))
        .isEqualTo(Map.of("n", key(173), "pad", "v".repeat(23)));
    for (String[] neighbour :
        new String[][] {{before, key(5), "before"}, {after, key(0), "after"}}) {
      Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
      assertThat(reopened.scan(neighbour[0], "", 1000, null, rows)).isEqualTo(Status.OK);
      assertThat(rows)
          .as(neighbour[0])
          .extracting(row -> row.get("n").toString())
          .containsExactly(neighbour[2]);
      assertThat(read(reopened, neighbour[0], neighbour[1], null)).containsEntry("n", neighbour[2]);
    }
  }

  // ---- atomic multi-key writes (MultiWriteDB) and range scans (RangeScanDB) ----

  protected MultiWriteDB multi(DB db) {
    assertThat(db).as("every binding implements MultiWriteDB").isInstanceOf(MultiWriteDB.class);
    return (MultiWriteDB) db;
  }

  protected RangeScanDB ranges(DB db) {
    assertThat(db).as("every binding implements RangeScanDB").isInstanceOf(RangeScanDB.class);
    return (RangeScanDB) db;
  }

  @Test
  void atomicWriteAcrossTablesAppliesEveryPutAndDelete() throws DBException {
    DB db = open();
    db.insert("likes_by_user", "old", record("dt", "1"));

    assertThat(
            multi(db)
                .writeAtomically(
                    List.of(
                        MultiWriteDB.Write.put("likes_by_user", "u1:p2", record("dt", "2026")),
                        MultiWriteDB.Write.put("likes_by_post", "p2:u1", record("dt", "2026")),
                        MultiWriteDB.Write.delete("likes_by_user", "old"),
                        MultiWriteDB.Write.delete("likes_by_post", "never-there"))))
        .isEqualTo(Status.OK);

    assertThat(read(db, "likes_by_user", "u1:p2", null)).containsEntry("dt", "2026");
    assertThat(read(db, "likes_by_post", "p2:u1", null)).containsEntry("dt", "2026");
    assertThat(db.read("likes_by_user", "old", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void atomicWriteWithAKeyTheEngineCannotStoreWritesNothing() throws DBException {
    DB db = open();
    db.insert(TABLE, "kept", record("field0", "before"));

    assertThat(
            multi(db)
                .writeAtomically(
                    List.of(
                        MultiWriteDB.Write.put(TABLE, "a", record("field0", "x")),
                        MultiWriteDB.Write.delete(TABLE, "kept"),
                        MultiWriteDB.Write.put("othertable", "", record("field0", "empty key")))))
        .isEqualTo(Status.BAD_REQUEST);

    assertThat(db.read(TABLE, "a", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(read(db, TABLE, "kept", null)).containsEntry("field0", "before");
  }

  @Test
  void atomicWritesAndUpdatesOfTheSameKeysFromManyThreadsLoseNothing() throws Exception {
    DB setup = open();
    setup.insert(TABLE, "shared", record("base", "b"));
    int threads = 4;
    int rounds = 100;
    runConcurrently(
        threads,
        t -> {
          DB db = open();
          for (int r = 0; r < rounds; r++) {
            assertThat(
                    multi(db)
                        .writeAtomically(
                            List.of(
                                MultiWriteDB.Write.put(
                                    "pairs", "left" + t, record("round", Integer.toString(r))),
                                MultiWriteDB.Write.put(
                                    "pairs", "right" + t, record("round", Integer.toString(r))))))
                .isEqualTo(Status.OK);
            assertThat(db.update(TABLE, "shared", record("field" + t, Integer.toString(r))))
                .isEqualTo(Status.OK);
          }
          close(db);
          return null;
        });
    for (int t = 0; t < threads; t++) {
      assertThat(read(setup, "pairs", "left" + t, null))
          .containsEntry("round", Integer.toString(rounds - 1));
      assertThat(read(setup, "pairs", "right" + t, null))
          .containsEntry("round", Integer.toString(rounds - 1));
      assertThat(read(setup, TABLE, "shared", null))
          .containsEntry("field" + t, Integer.toString(rounds - 1));
    }
  }

  /**
   * A reader probing a pair while it is written sees both halves or neither: once the first key
   * (written first) is visible, the second must be too. Two separate writes would show the gap.
   */
  @Test
  void aConcurrentReaderSeesAnAtomicPairWholeOrNotAtAll() throws Exception {
    DB setup = open();
    int pairs = 300;
    java.util.concurrent.atomic.AtomicInteger halfSeen =
        new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicInteger probed =
        new java.util.concurrent.atomic.AtomicInteger();
    runConcurrently(
        2,
        t -> {
          DB db = open();
          if (t == 0) {
            for (int i = 0; i < pairs; i++) {
              assertThat(
                      multi(db)
                          .writeAtomically(
                              List.of(
                                  MultiWriteDB.Write.put(
                                      "likes_by_user", "u" + i, record("dt", "1")),
                                  MultiWriteDB.Write.put(
                                      "likes_by_post", "p" + i, record("dt", "1")))))
                  .isEqualTo(Status.OK);
            }
          } else {
            for (int i = 0; i < pairs; i++) {
              while (db.read("likes_by_user", "u" + i, null, new HashMap<>()) == Status.NOT_FOUND) {
                Thread.onSpinWait();
              }
              if (db.read("likes_by_post", "p" + i, null, new HashMap<>()) != Status.OK) {
                halfSeen.incrementAndGet();
              }
              probed.incrementAndGet();
            }
          }
          close(db);
          return null;
        });
    assertThat(probed.get()).isEqualTo(pairs);
    assertThat(halfSeen.get()).as("pairs seen with one index entry only").isZero();
    assertThat(read(setup, "likes_by_post", "p" + (pairs - 1), null)).containsEntry("dt", "1");
  }

  @Test
  void rangeScanReturnsKeysInOrderFromStartUntilBeforeEnd() throws DBException {
    DB db = open();
    for (String key : new String[] {"b:3", "a:1", "a:9", "b:1", "a:5", "c:0", "b:2"}) {
      db.insert(TABLE, key, record("field0", "v" + key, "field1", "w"));
    }

    List<RangeScanDB.KeyedRecord> results = new ArrayList<>();
    assertThat(ranges(db).scanRange(TABLE, "b:", RangeScanDB.prefixEnd("b:"), 100, null, results))
        .isEqualTo(Status.OK);
    assertThat(results)
        .extracting(RangeScanDB.KeyedRecord::key)
        .containsExactly("b:1", "b:2", "b:3");
    assertThat(strings(results.get(1).record()))
        .containsExactlyInAnyOrderEntriesOf(Map.of("field0", "vb:2", "field1", "w"));

    assertThat(ranges(db).scanRange(TABLE, "a:5", "b:2", 100, Set.of("field0"), results))
        .isEqualTo(Status.OK);
    assertThat(results)
        .extracting(RangeScanDB.KeyedRecord::key)
        .containsExactly("a:5", "a:9", "b:1");
    assertThat(results).allSatisfy(r -> assertThat(r.record()).containsOnlyKeys("field0"));

    assertThat(ranges(db).scanRange(TABLE, "a:", "c", 2, null, results)).isEqualTo(Status.OK);
    assertThat(results).extracting(RangeScanDB.KeyedRecord::key).containsExactly("a:1", "a:5");

    assertThat(ranges(db).scanRange(TABLE, "d:", RangeScanDB.prefixEnd("d:"), 10, null, results))
        .isEqualTo(Status.OK);
    assertThat(results).isEmpty();
  }

  @Test
  void rangeScanStaysInItsTable() throws DBException {
    DB db = open();
    db.insert("t1", "k1", record("field0", "one"));
    db.insert("t2", "k2", record("field0", "two"));
    db.insert("t3", "k3", record("field0", "three"));

    List<RangeScanDB.KeyedRecord> results = new ArrayList<>();
    assertThat(ranges(db).scanRange("t2", "k", RangeScanDB.prefixEnd("k"), 10, null, results))
        .isEqualTo(Status.OK);
    assertThat(results).extracting(RangeScanDB.KeyedRecord::key).containsExactly("k2");
  }

  /**
   * Whether the engine refuses a directory that another process holds (RocksDB, LevelDB, WiredTiger
   * lock it; LMDB is multi-process by design).
   */
  protected boolean locksDirectoryAgainstOtherProcesses() {
    return true;
  }

  @Test
  void directoryHeldByAnotherProcessGivesOneClearError() throws Exception {
    Assumptions.assumeTrue(locksDirectoryAgainstOtherProcesses(), "the engine is multi-process");
    AutoCloseable holder = holdInAnotherProcess(dataDir);
    try {
      assertThatThrownBy(this::open)
          .isInstanceOf(DBException.class)
          .hasMessageContaining(dataDir.toRealPath().toString())
          .hasMessageContaining("in use by another process")
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
      assertThat(SharedEngines.isOpen(dataDir.toRealPath())).isFalse();
    } finally {
      holder.close();
    }
  }

  /**
   * Starts a second process holding the binding's engine on {@code dir} until the returned handle
   * closes.
   */
  protected AutoCloseable holdInAnotherProcess(Path dir) throws Exception {
    List<String> command = YcsbProcess.java(HoldDirectory.class.getName());
    command.add(newClient().getClass().getName());
    properties(dir).forEach((k, v) -> command.add(k + "=" + v));
    Process holder = new ProcessBuilder(command).redirectErrorStream(true).start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
    // the binding announces its class and engine version before the holder says ready
    List<String> said = new java.util.ArrayList<>();
    String line;
    YcsbProcess.Bound bounded = YcsbProcess.bound(holder, 2);
    try {
      while ((line = out.readLine()) != null && !line.equals("ready")) {
        said.add(line);
      }
    } finally {
      bounded.close();
    }
    assertThat(line)
        .as("the holder process opened the directory; it said " + said)
        .isEqualTo("ready");
    return () -> {
      holder.getOutputStream().close();
      if (!holder.waitFor(1, TimeUnit.MINUTES)) {
        YcsbProcess.destroyTree(holder);
      }
      out.close();
    };
  }

  @Test
  void destroyRefusesADirectoryAnotherProcessHasOpenAndWipesNothing() throws Exception {
    DB db = open();
    db.insert(TABLE, "kept", record("field0", "still here"));
    close(db);

    AutoCloseable holder = holdInAnotherProcess(dataDir);
    try {
      Properties destroy = properties(dataDir);
      destroy.setProperty(name() + ".destroy", "true");
      assertThatThrownBy(() -> open(destroy))
          .isInstanceOf(DBException.class)
          .hasMessage(
              name()
                  + ": "
                  + dataDir.toRealPath()
                  + " is in use by another process"
                  + " (it holds a lock on the directory's lock file)");
    } finally {
      holder.close();
    }
    assertThat(read(open(), TABLE, "kept", null)).containsEntry("field0", "still here");
  }

  @Test
  void destroyRefusesToWipeFilesNoEngineWrites() throws Exception {
    Path notes = Files.writeString(dataDir.resolve("notes.txt"), "mine");
    Properties destroy = properties(dataDir);
    destroy.setProperty(name() + ".destroy", "true");
    assertThatThrownBy(() -> open(destroy))
        .isInstanceOf(DBException.class)
        .hasMessage(
            name()
                + ".destroy: "
                + dataDir.toRealPath()
                + " holds notes.txt, which no engine writes;"
                + " refusing to wipe it (use an empty directory or one an engine wrote)");
    assertThat(notes).hasContent("mine");
  }

  @Test
  void aDirectoryHoldingAnotherBindingsDataIsRefused() throws Exception {
    String other = name().equals("rocksdb") ? "leveldb" : "rocksdb";
    Files.writeString(dataDir.resolve("ycsb-embedded.binding"), other + "\n");
    assertThatThrownBy(this::open)
        .isInstanceOf(DBException.class)
        .hasMessage(
            name()
                + ": "
                + dataDir.toRealPath()
                + " holds a "
                + other
                + " database;"
                + " use an empty directory or one "
                + name()
                + " wrote");
  }

  @Test
  void theBindingMarksTheDirectoryItOpened() throws Exception {
    close(open());
    assertThat(dataDir.resolve("ycsb-embedded.binding")).hasContent(name());
  }

  @Test
  void aDatabaseMissingAnEssentialFileIsRefusedNotStartedEmpty() throws Exception {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "v"));
    close(db);
    String essential = EngineDirectory.essentialFiles(name()).get(0);
    Files.delete(dataDir.resolve(essential));

    assertThatThrownBy(this::open)
        .isInstanceOf(DBException.class)
        .hasMessageStartingWith(
            name()
                + ": "
                + dataDir.toRealPath()
                + " holds an incomplete "
                + name()
                + " database: "
                + essential
                + " is missing");
  }

  /**
   * A directory removed while the engine had it open: the engine may write on into unlinked files
   * and close without an error; the last cleanup fails in one line (naming the directory where the
   * close itself went well) instead of letting the run end well with its data gone.
   */
  @Test
  void aDirectoryRemovedDuringTheRunFailsTheLastCleanupNamingIt() throws Exception {
    DB db = open();
    assertThat(db.insert(TABLE, "k", record("field0", "v"))).isEqualTo(Status.OK);
    deleteRecursively(dataDir);
    Exception failure = null;
    try {
      db.cleanup();
    } catch (DBException e) {
      failure = e;
    } finally {
      opened.remove(db);
    }
    assertThat(failure).isNotNull();
    // an engine that closed without an error is told by the directory check; one whose close
    // failed (WiredTiger's checkpoint) by its own line
    assertThat(failure.getMessage()).startsWith(name() + ": ").doesNotContain("\n");
    assertThat(io.github.ycsbembedded.core.RunStatus.failures()).contains(failure.getMessage());
  }

  private static void deleteRecursively(Path dir) throws java.io.IOException {
    try (var walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  @Test
  void aMistypedPropertyIsRefusedNamingTheNearestOne() {
    Properties properties = properties(dataDir);
    properties.setProperty(name() + ".dri", "/somewhere");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(name() + ".dri: unknown property; did you mean " + name() + ".dir?");
  }

  /**
   * {@code <name>.compact_on_close} is the LSM engines' alone: a binding whose descriptor lists it
   * opens, closes and reopens with it and keeps its data; any other refuses it as unknown.
   */
  @Test
  void compactOnCloseIsTakenExactlyWhereTheDescriptorListsIt() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty(name() + ".compact_on_close", "true");
    boolean listed =
        io.github.ycsbembedded.core.Engines.named(name())
            .orElseThrow()
            .properties()
            .contains(name() + ".compact_on_close");
    if (listed) {
      DB db = open(properties);
      assertThat(db.insert(TABLE, "k", record("field0", "v"))).isEqualTo(Status.OK);
      close(db);
      DB again = open(properties(dataDir));
      assertThat(read(again, TABLE, "k", null)).containsEntry("field0", "v");
      close(again);
    } else {
      assertThatThrownBy(() -> open(properties))
          .isInstanceOf(DBException.class)
          .hasMessageStartingWith(name() + ".compact_on_close: unknown property");
    }
  }

  @Test
  void anEmptyValueIsRefusedNamingTheProperty() {
    Properties properties = properties(dataDir);
    properties.setProperty(name() + ".sync", "");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            name() + ".sync: empty value; use true or false, or leave it out for the default");
  }

  /**
   * Whether a file of the data directory holds the records themselves (not a log of them): the file
   * whose bytes {@link #flippedBytesInTheDataFileAreErrorsNeverWrongValues} flips is the largest of
   * these.
   */
  protected boolean holdsRecords(Path file) {
    return true;
  }

  @Test
  void flippedBytesInTheDataFileAreErrorsNeverWrongValues() throws Exception {
    DB db = open();
    int records = 3000;
    for (int i = 0; i < records; i++) {
      db.insert(TABLE, key(i), record("field0", bulkyValue(i).substring(0, 1000)));
    }
    close(db);
    Path largest;
    try (Stream<Path> files = Files.list(dataDir)) {
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

  /**
   * The properties with which the binding keeps every acknowledged write through a full disk (the
   * engine's defaults unless it needs more, e.g. a log).
   */
  protected Properties fullDiskProperties(Path dir) {
    return properties(dir);
  }

  /** A record value of 4,000 bytes that names its key, so a wrong one cannot pass. */
  protected static String bulkyValue(int i) {
    return (key(i) + ":").repeat(4000 / 11 + 1).substring(0, 4000);
  }

  @Test
  void aFullDiskFailsEachWriteAsAnErrorAndLosesNothingAcknowledged() throws Exception {
    try (SmallFileSystem disk = SmallFileSystem.mount(dataDir.resolve("small-disk"), 12L << 20)) {
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

  /**
   * Whether a bulk load keeps the batches it acknowledged when a later write fails. WiredTiger's
   * bulk cursor cannot survive a failed write, and its own test checks that the load is lost in one
   * line instead.
   */
  protected boolean bulkLoadKeepsAcknowledgedBatchesAfterAFailedWrite() {
    return true;
  }

  @Test
  void aFullDiskDuringABulkLoadFailsABatchInOneLineAndKeepsEveryAcknowledgedOne() throws Exception {
    Assumptions.assumeTrue(
        bulkLoadKeepsAcknowledgedBatchesAfterAFailedWrite(),
        name() + " loses a bulk load whole when a write fails (its own test checks that)");
    try (SmallFileSystem disk = SmallFileSystem.mount(dataDir.resolve("small-disk"), 12L << 20)) {
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

  /** The body of one thread in {@link #runConcurrently}; {@code t} is the thread's index. */
  protected interface ThreadBody {
    Void run(int t) throws Exception;
  }

  /** Runs {@code threads} bodies at once and rethrows the first failure. */
  protected void runConcurrently(int threads, ThreadBody body) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Void>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int id = t;
        Callable<Void> task = () -> body.run(id);
        futures.add(pool.submit(task));
      }
      for (Future<Void> future : futures) {
        future.get(5, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdown();
      assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
    }
  }
}
