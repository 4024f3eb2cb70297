package io.github.ycsbembedded.sqlite;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.core.BatchWriteDB;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.testing.BindingConformanceTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

class SqliteClientTest extends BindingConformanceTest {
  @Override
  public String name() {
    return "sqlite";
  }

  @Override
  public DB newClient() {
    return new SqliteClient();
  }

  /** SQLite lets several processes share a database; only a wipe refuses one in use. */
  @Override
  public boolean locksDirectoryAgainstOtherProcesses() {
    return false;
  }

  /** The database file holds the records (the WAL is checkpointed into it at close). */
  @Override
  public boolean holdsRecords(Path file) {
    return file.getFileName().toString().equals(SqliteDescriptor.DATABASE);
  }

  @Override
  public void checkStatistics(JsonNode before, JsonNode after, int records) {
    for (JsonNode figures : List.of(before, after)) {
      JsonNode tree = figures.path("tree");
      assertThat(tree.path("kind").asText()).isEqualTo("btree");
      assertThat(tree.path("entries").asLong()).isEqualTo(records);
      assertThat(tree.path("pageSize").asLong()).isEqualTo(8192);
      // 1,000-byte values fit in an 8 KiB page's cell: no overflow pages, 5 to 7 records a leaf
      assertThat(tree.path("overflowPages").asLong()).isZero();
      assertThat(tree.path("leafPages").asLong()).isBetween(records / 8L, records / 4L);
      assertThat(tree.path("depth").asLong()).isBetween(2L, 4L);
      long pages =
          tree.path("branchPages").asLong()
              + tree.path("leafPages").asLong()
              + tree.path("overflowPages").asLong();
      assertThat(figures.path("liveDataBytes").asLong())
          .isEqualTo(pages * tree.path("pageSize").asLong());
      JsonNode own = figures.path("engine");
      assertThat(own.path("page_count").asLong())
          .isGreaterThanOrEqualTo(pages + own.path("freelist_count").asLong());
      assertThat(own.path("synchronous").asText()).isEqualTo("NORMAL");
    }
    assertThat(after.path("engine").path("wal_bytes").asLong()).as("checkpointed").isZero();
    assertThat(before.path("engine").path("wal_bytes").asLong()).isPositive();
  }

  @Test
  void aPageSizeThatIsNoPowerOfTwoIsRefusedNamingIt() {
    Properties properties = properties(dataDir);
    properties.setProperty("sqlite.page_size", "3k");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "sqlite.page_size: '3k' is not a power of two; use one from 512 to 64k, such as 4k or 8k");
  }

  @Test
  void theDatabaseIsOneFileInWalModeWithThePageSizeAskedFor() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("sqlite.page_size", "4k");
    DB db = open(properties);
    assertThat(db.insert(TABLE, "k", record("field0", "v"))).isEqualTo(Status.OK);
    assertThat(dataDir.resolve("ycsb.sqlite-wal")).as("the WAL while open").exists();
    close(db);
    try (Stream<Path> files = Files.list(dataDir)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .as("SQLite's last connection checkpointed and removed the WAL")
          .containsExactlyInAnyOrder("ycsb.sqlite", "ycsb-embedded.binding");
    }
    try (Connection sqlite =
            DriverManager.getConnection("jdbc:sqlite:" + dataDir.resolve("ycsb.sqlite"));
        Statement statement = sqlite.createStatement()) {
      assertThat(pragma(statement, "page_size")).isEqualTo("4096");
      assertThat(pragma(statement, "journal_mode")).isEqualTo("wal");
      try (ResultSet row =
          statement.executeQuery("SELECT sql FROM sqlite_schema WHERE name = 'usertable'")) {
        assertThat(row.next()).isTrue();
        assertThat(row.getString(1)).endsWith("WITHOUT ROWID");
      }
    }
  }

  private static String pragma(Statement statement, String name) throws Exception {
    try (ResultSet row = statement.executeQuery("PRAGMA " + name)) {
      return row.next() ? row.getString(1) : null;
    }
  }

  /**
   * A batch of more distinct keys than one statement binds is read in several IN statements of one
   * read transaction; every key, asked twice or missing, gets its own answer in the order asked.
   */
  @Test
  void aBatchLargerThanOneStatementTakesGetsEveryKeyInTheOrderAsked() throws Exception {
    DB db = open();
    int records = SqliteClient.MOST_KEYS_PER_STATEMENT + 1000;
    List<String> failed = new ArrayList<>();
    for (int from = 0; from < records; from += 5000) {
      List<BatchWriteDB.Insert> batch = new ArrayList<>();
      for (int i = from; i < Math.min(records, from + 5000); i++) {
        batch.add(new BatchWriteDB.Insert(key(i), record("n", key(i))));
      }
      assertThat(batches(db).bulkInsert(TABLE, batch, failed)).isEqualTo(Status.OK);
    }
    List<String> keys = new ArrayList<>();
    for (int i = records - 1; i >= 0; i--) {
      keys.add(key(i));
    }
    keys.add(key(7));
    keys.add("missing");
    List<KeyRead> results = new ArrayList<>();

    assertThat(batch(db).batchRead(TABLE, keys, null, results)).isEqualTo(Status.OK);

    assertThat(results).hasSize(keys.size());
    for (int i = 0; i < records + 1; i++) {
      assertThat(strings(results.get(i).record()))
          .as(keys.get(i))
          .containsExactly(java.util.Map.entry("n", keys.get(i)));
    }
    assertThat(results.get(records + 1).isFound()).isFalse();
  }

  @Test
  void syncTrueMakesEveryCommitSyncTheWal() throws Exception {
    Path file = dataDir.resolveSibling(dataDir.getFileName() + "-sync.json");
    Properties properties = properties(dataDir);
    properties.setProperty("sqlite.sync", "true");
    properties.setProperty("enginestats", file.toString());
    DB db = open(properties);
    assertThat(db.insert(TABLE, "k", record("field0", "v"))).isEqualTo(Status.OK);
    close(db);
    JsonNode stats = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
    Files.delete(file);
    assertThat(stats.path("beforeFlush").path("engine").path("synchronous").asText())
        .isEqualTo("FULL");
    assertThat(read(open(), TABLE, "k", null)).containsEntry("field0", "v");
  }

  /** SQLite shares a database between processes: one that has it open refuses nobody. */
  @Test
  @Tag("process")
  void anotherProcessMayHaveTheDatabaseOpenWhileThisOneReadsAndWrites() throws Exception {
    DB db = open();
    assertThat(db.insert(TABLE, "kept", record("field0", "before"))).isEqualTo(Status.OK);
    close(db);
    AutoCloseable holder = holdInAnotherProcess(dataDir);
    try {
      DB shared = open();
      assertThat(read(shared, TABLE, "kept", null)).containsEntry("field0", "before");
      assertThat(shared.update(TABLE, "kept", record("field1", "after"))).isEqualTo(Status.OK);
      close(shared);
    } finally {
      holder.close();
    }
    assertThat(read(open(), TABLE, "kept", null))
        .containsEntry("field0", "before")
        .containsEntry("field1", "after");
  }

  /**
   * sqlite-jdbc would extract its library into the temporary folder and delete it only at a normal
   * exit; the binding loads it from a copy of its own, deleted once loaded.
   */
  @Test
  void theNativeLibraryLeavesNoCopyOfSqliteJdbcsOwnInTheTemporaryFolder() throws Exception {
    close(open());
    try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .noneMatch(name -> name.startsWith("sqlite-") && name.endsWith("libsqlitejdbc.so"));
    }
  }
}
