package io.github.ycsbembedded.sqlite;

import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.EngineHandle;
import io.github.ycsbembedded.core.EngineStats;
import io.github.ycsbembedded.core.NativeLibrary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteJDBCLoader;
import site.ycsb.DBException;

/**
 * One SQLite database per data directory ({@code <dir>/ycsb.sqlite}, in WAL mode), shared by every
 * {@link SqliteClient} of the process. Each YCSB table is an SQL table {@code (k BLOB PRIMARY KEY,
 * v BLOB) WITHOUT ROWID}: the record lives in the primary key's B-tree, so a read is one B-tree
 * search (a rowid table would search the key's index, then the table).
 *
 * <p>Each client thread has a connection of its own ({@link #connect}): SQLite's connections are
 * not for sharing between threads at once, and in WAL mode readers on their own connections never
 * wait for the writer or for each other. SQLite lets one writer in at a time; were two connections
 * of the process to race for the write lock, the loser would sleep in SQLite's busy handler (1 ms
 * and more at a time). So the process's writes take one lock of the engine ({@link #write}) before
 * {@code BEGIN IMMEDIATE}: threads queue for it in Java, and SQLite's busy timeout ({@code
 * sqlite.busy_timeout_ms}) is left for a writer in another process.
 */
final class SqliteEngine implements EngineHandle {
  private static boolean libraryLoaded;

  private final Path dir;
  private final String url;
  private final Properties connectionProperties;
  private final int busyTimeoutMs;
  private final long cacheSize;
  private final long mmapSize;
  private final boolean sync;

  /** The engine's own connection: creates tables, checkpoints, reads the statistics. */
  private final Connection admin;

  private final ReentrantLock writer = new ReentrantLock();
  private final Set<String> tables = ConcurrentHashMap.newKeySet();
  private final Set<String> bulkTables = ConcurrentHashMap.newKeySet();
  private final Queue<Connection> connections = new ConcurrentLinkedQueue<>();

  private SqliteEngine(Path dir, Settings settings) throws SQLException {
    this.dir = dir;
    this.url = "jdbc:sqlite:" + dir.resolve(SqliteDescriptor.DATABASE);
    this.busyTimeoutMs = settings.busyTimeoutMs;
    this.cacheSize = settings.cacheSize;
    this.mmapSize = settings.mmapSize;
    this.sync = settings.sync;
    SQLiteConfig config = new SQLiteConfig();
    config.setBusyTimeout(busyTimeoutMs);
    this.connectionProperties = config.toProperties();
    this.admin = DriverManager.getConnection(url, connectionProperties);
  }

  /** The properties an engine opens with. */
  private record Settings(
      boolean sync, long cacheSize, long pageSize, long mmapSize, int busyTimeoutMs) {}

  static SqliteEngine open(Path dir, BindingProperties properties) throws Exception {
    Settings settings =
        new Settings(
            properties.bool("sqlite.sync", false),
            properties.size("sqlite.cache_size", 8L << 20, 0, 1L << 40),
            pageSize(properties),
            properties.size("sqlite.mmap_size", 0, 0, 1L << 40),
            properties.integer("sqlite.busy_timeout_ms", 10_000, 0, Integer.MAX_VALUE));
    loadLibrary();
    SqliteEngine engine = new SqliteEngine(dir, settings);
    try {
      engine.configure(engine.admin, settings.pageSize);
      engine.tables.addAll(engine.storedTables());
      return engine;
    } catch (SQLException | RuntimeException e) {
      engine.admin.close();
      throw e;
    }
  }

  /** {@code sqlite.page_size}: a power of two from 512 to 64k, as SQLite takes. */
  private static long pageSize(BindingProperties properties) throws DBException {
    long pageSize = properties.size("sqlite.page_size", 8L << 10, 512, 64L << 10);
    if (Long.bitCount(pageSize) != 1) {
      throw new DBException(
          "sqlite.page_size: '"
              + properties.raw("sqlite.page_size")
              + "' is not a power of two; use one from 512 to 64k, such as 4k or 8k");
    }
    return pageSize;
  }

  /**
   * Sets a connection up: on the engine's own connection of a new database first the page size
   * (fixed once the first table is written) and WAL mode (recorded in the file), then on every
   * connection the settings SQLite keeps per connection.
   */
  private void configure(Connection connection, long pageSize) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      if (pageSize > 0) {
        statement.execute("PRAGMA page_size = " + pageSize);
        try (ResultSet mode = statement.executeQuery("PRAGMA journal_mode = WAL")) {
          String journal = mode.next() ? mode.getString(1) : "";
          if (!journal.equalsIgnoreCase("wal")) {
            throw new SQLException("SQLite kept journal_mode " + journal + " where WAL was asked");
          }
        }
      }
      // NORMAL in WAL mode: a commit is written to the WAL (the OS has it; a killed process loses
      // nothing) and synced only at checkpoints; FULL syncs the WAL at every commit
      statement.execute("PRAGMA synchronous = " + (sync ? "FULL" : "NORMAL"));
      statement.execute("PRAGMA cache_size = " + -Math.max(1, cacheSize / 1024));
      statement.execute("PRAGMA mmap_size = " + mmapSize);
    }
  }

  /** The YCSB tables the database holds already. */
  private List<String> storedTables() throws SQLException {
    List<String> names = new ArrayList<>();
    try (Statement statement = admin.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT name FROM sqlite_schema WHERE type = 'table'"
                    + " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")) {
      while (rows.next()) {
        names.add(rows.getString(1));
      }
    }
    return names;
  }

  /**
   * Loads the SQLite library sqlite-jdbc carries from our own temporary copy, deleted once loaded:
   * sqlite-jdbc's own copy is deleted only at a normal JVM exit, so every kill -9 would leave one
   * in the temporary folder. A user's {@code org.sqlite.lib.path} is left alone.
   */
  private static synchronized void loadLibrary() throws Exception {
    if (libraryLoaded
        || System.getProperty("org.sqlite.lib.path") != null
        || NativeLibrary.platform() == null) {
      return;
    }
    Path copy =
        NativeLibrary.copyOut(
            SQLiteJDBCLoader.class,
            "/org/sqlite/native/Linux/x86_64/libsqlitejdbc.so",
            "libsqlitejdbc.so");
    try {
      System.setProperty("org.sqlite.lib.path", copy.getParent().toString());
      System.setProperty("org.sqlite.lib.name", copy.getFileName().toString());
      SQLiteJDBCLoader.initialize();
      libraryLoaded = true;
    } finally {
      Files.deleteIfExists(copy);
    }
  }

  /**
   * A new connection for a client thread, set up as every connection of the engine and closed with
   * it (or by {@link #release}).
   */
  Connection connect() throws SQLException {
    Connection connection = DriverManager.getConnection(url, connectionProperties);
    try {
      configure(connection, 0);
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
    connections.add(connection);
    return connection;
  }

  /** Closes a client thread's connection. */
  void release(Connection connection) throws SQLException {
    connections.remove(connection);
    connection.close();
  }

  /** Creates the table of {@code table} unless the database holds it already. */
  void ensureTable(String table) throws SQLException {
    if (tables.contains(table)) {
      return;
    }
    writer.lock();
    try {
      if (!tables.contains(table)) {
        try (Statement statement = admin.createStatement()) {
          statement.execute(SqliteStatement.CREATE.on(table));
        }
        tables.add(table);
      }
    } finally {
      writer.unlock();
    }
  }

  /** A write transaction's body, on the client's connection. */
  @FunctionalInterface
  interface WriteBody<R> {
    R run() throws SQLException;
  }

  /**
   * Runs {@code body} in one write transaction on {@code transaction}'s connection: the process's
   * writers queue for the engine's lock, then {@code BEGIN IMMEDIATE} takes SQLite's write lock (or
   * waits for another process's up to the busy timeout), and the body's writes are committed
   * together, or rolled back when it throws or {@code abort} holds for its result. Without a {@code
   * transaction} the body is one statement in SQLite's own implicit transaction, under the same
   * lock.
   */
  <R> R write(
      SqliteClient.Transaction transaction,
      WriteBody<R> body,
      java.util.function.Predicate<R> abort)
      throws SQLException {
    writer.lock();
    try {
      if (transaction == null) {
        return body.run();
      }
      transaction.begin();
      boolean done = false;
      try {
        R result = body.run();
        if (abort.test(result)) {
          transaction.rollback();
        } else {
          transaction.commit();
        }
        done = true;
        return result;
      } finally {
        if (!done) {
          transaction.rollbackQuietly();
        }
      }
    } finally {
      writer.unlock();
    }
  }

  /**
   * Marks {@code table} as being bulk loaded by this process; true the first time, when the caller
   * must check, in the same write transaction, that the table is empty.
   */
  boolean startBulk(String table) {
    return bulkTables.add(table);
  }

  /** Forgets a bulk load that was refused at its start (the table was not empty). */
  void abandonBulk(String table) {
    bulkTables.remove(table);
  }

  /**
   * Checkpoints the WAL into the database file and truncates it ({@code PRAGMA
   * wal_checkpoint(TRUNCATE)}, for {@code sqlite.flush_on_close}), so that the next open has no WAL
   * to read. SQLite's last connection to close checkpoints anyway; asked for, the checkpoint is
   * timed on its own. A checkpoint that could not finish (a reader of another process in the way)
   * is an error.
   */
  @Override
  public void flush() throws SQLException {
    writer.lock();
    try (Statement statement = admin.createStatement();
        ResultSet result = statement.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
      if (result.next() && result.getInt(1) != 0) {
        throw new SQLException(
            "the WAL checkpoint could not finish: another connection is in the way");
      }
    } finally {
      writer.unlock();
    }
  }

  /**
   * SQLite's figures now: the B-trees of every table (pages by kind, cells, depth) from the {@code
   * dbstat} virtual table, which walks every page, and the cheap figures of {@link #counters}.
   */
  @Override
  public EngineStats.Figures statistics() throws SQLException, IOException {
    Map<String, Object> own = ownFigures();
    long pageSize = (Long) own.get("page_size");
    long depth = 0;
    long branch = 0;
    long leaf = 0;
    long overflow = 0;
    long entries = 0;
    try (Statement statement = admin.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT pagetype, count(*), sum(ncell),"
                    + " max(length(path) - length(replace(path, '/', '')))"
                    + " FROM dbstat WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
                    + " GROUP BY pagetype")) {
      while (rows.next()) {
        long pages = rows.getLong(2);
        switch (rows.getString(1)) {
          case "internal" -> branch += pages;
          case "leaf" -> leaf += pages;
          default -> overflow += pages;
        }
        if (!rows.getString(1).equals("overflow")) {
          // in a WITHOUT ROWID table's B-tree every cell, interior ones too, is a record
          entries += rows.getLong(3);
          depth = Math.max(depth, rows.getLong(4));
        }
      }
    }
    return EngineStats.Figures.of(
            EngineStats.Tree.btree(depth, branch, leaf, overflow, entries, pageSize))
        .liveDataBytes((branch + leaf + overflow) * pageSize)
        .engine(own)
        .build();
  }

  /**
   * The figures SQLite reports through its PRAGMAs, cheap to read while a run goes on: pages in the
   * file and on its free list, the page size, the WAL's size on disk, the settings of the engine's
   * connections. SQLite's page-cache counters ({@code sqlite3_db_status}) are per connection and
   * sqlite-jdbc has no call for them, so no cache hits or misses.
   */
  @Override
  public EngineStats.Figures counters() throws SQLException, IOException {
    return EngineStats.Figures.of(null).engine(ownFigures()).build();
  }

  private Map<String, Object> ownFigures() throws SQLException, IOException {
    Map<String, Object> own = new LinkedHashMap<>();
    try (Statement statement = admin.createStatement()) {
      for (String pragma : List.of("page_size", "page_count", "freelist_count")) {
        try (ResultSet row = statement.executeQuery("PRAGMA " + pragma)) {
          own.put(pragma, row.next() ? row.getLong(1) : 0L);
        }
      }
    }
    Path wal = dir.resolve(SqliteDescriptor.WAL);
    own.put("wal_bytes", Files.exists(wal) ? Files.size(wal) : 0L);
    own.put("cache_size_bytes_per_connection", cacheSize);
    own.put("mmap_size", mmapSize);
    own.put("connections", connections.size());
    own.put("synchronous", sync ? "FULL" : "NORMAL");
    return own;
  }

  @Override
  public String version() {
    try (Statement statement = admin.createStatement();
        ResultSet row = statement.executeQuery("SELECT sqlite_version()")) {
      return "SQLite " + (row.next() ? row.getString(1) : "?");
    } catch (SQLException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /**
   * Closes every connection, the engine's own last, without a checkpoint of ours: every commit is
   * in the WAL, where the next open finds it (SQLite's last connection checkpoints as it closes).
   */
  @Override
  public void close() throws DBException {
    SQLException failure = null;
    for (Connection connection : connections) {
      try {
        connection.close();
      } catch (SQLException e) {
        failure = failure == null ? e : failure;
      }
    }
    connections.clear();
    try {
      admin.close();
    } catch (SQLException e) {
      failure = failure == null ? e : failure;
    }
    if (failure != null) {
      throw new DBException("sqlite: closing " + dir + " failed: " + failure.getMessage(), failure);
    }
  }
}
