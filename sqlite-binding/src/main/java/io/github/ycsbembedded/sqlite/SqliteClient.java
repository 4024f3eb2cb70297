package io.github.ycsbembedded.sqlite;

import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.BatchWriteDB;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.CorruptRecordException;
import io.github.ycsbembedded.core.EngineClient;
import io.github.ycsbembedded.core.EngineFailure.Condition;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.MultiWriteDB;
import io.github.ycsbembedded.core.RangeScanDB;
import io.github.ycsbembedded.core.RecordCodec;
import io.github.ycsbembedded.core.SortedBatch;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import org.sqlite.SQLiteException;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for SQLite through sqlite-jdbc. Each client thread has its own connection with its
 * statements prepared once per table; records encoded by {@link RecordCodec}, keys stored as their
 * UTF-8 bytes (a BLOB, compared as unsigned bytes like every engine's keys). A read, a scan and a
 * batch read are one statement each, in one implicit read transaction; an update's
 * read-modify-write runs in one write transaction ({@code BEGIN IMMEDIATE}), so concurrent updates
 * of one key lose nothing. Writes of the process queue for one lock ({@link SqliteEngine#write}).
 *
 * <p>Properties: docs/bindings.md, section "SQLite", lists every {@code sqlite.*} property with its
 * default; {@link SqliteDescriptor} declares them.
 */
public final class SqliteClient extends EngineClient<SqliteEngine>
    implements BatchReadDB, BatchWriteDB, MultiWriteDB, RangeScanDB {
  /**
   * The most keys one batch statement binds: SQLite's default limit of host parameters ({@code
   * SQLITE_MAX_VARIABLE_NUMBER}, 32,766 since 3.32); a larger batch is read in statements of this
   * many keys inside one read transaction.
   */
  static final int MOST_KEYS_PER_STATEMENT = 32_766;

  /** Batch statements kept prepared per table (one per batch size seen, Workload Z uses one). */
  private static final int BATCH_SIZES_KEPT = 4;

  private final RecordCodec.Encoder encoder = new RecordCodec.Encoder();
  private final Map<String, TableStatements> statements = new HashMap<>();
  private Connection connection;
  private Transaction transaction;

  public SqliteClient() {
    super(new SqliteDescriptor(), SqliteEngine.class, SqliteEngine::open);
  }

  /**
   * SQLite lets several processes open one database (the WAL's shared-memory index coordinates
   * them); a directory another process has open is refused only for {@code sqlite.destroy}.
   */
  @Override
  protected boolean multiProcess() {
    return true;
  }

  /** SQLite's result code, the primary one of an extended code ({@code SQLITE_IOERR_WRITE}). */
  @Override
  protected Condition classify(Throwable e) {
    if (e instanceof SQLiteException sqlite) {
      return switch (sqlite.getResultCode().code & 0xFF) {
        case 11, 26 -> Condition.CORRUPTION; // SQLITE_CORRUPT, SQLITE_NOTADB
        case 13 -> Condition.NO_SPACE; // SQLITE_FULL
        case 10, 14 -> Condition.IO_ERROR; // SQLITE_IOERR, SQLITE_CANTOPEN
        case 5, 6 -> Condition.IN_USE; // SQLITE_BUSY, SQLITE_LOCKED
        case 18, 20, 25 -> Condition.INVALID_ARGUMENT; // SQLITE_TOOBIG, _MISMATCH, _RANGE
        default -> Condition.OTHER;
      };
    }
    return e instanceof java.io.IOException ? Condition.IO_ERROR : Condition.OTHER;
  }

  @Override
  protected void initThread(SqliteEngine engine, BindingProperties properties) throws DBException {
    try {
      connection = engine.connect();
      transaction = new Transaction(connection);
    } catch (SQLException e) {
      throw failure("cannot open a connection", e);
    }
  }

  @Override
  protected void cleanupThread() throws DBException {
    if (connection == null) {
      return;
    }
    try {
      for (TableStatements table : statements.values()) {
        table.close();
      }
      statements.clear();
      transaction.close();
      engine().release(connection);
    } catch (SQLException e) {
      throw failure("closing a connection failed", e);
    } finally {
      connection = null;
      transaction = null;
    }
  }

  /** The prepared statements of a table on this client's connection (its table created first). */
  private TableStatements statements(String table) throws SQLException {
    TableStatements found = statements.get(table);
    if (found == null) {
      engine().ensureTable(table);
      found = new TableStatements(connection, table);
      statements.put(table, found);
    }
    return found;
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      byte[] value = valueOf(statements(table).read, bytes(key));
      if (value == null) {
        return Status.NOT_FOUND;
      }
      RecordCodec.decodeOwned(value, fields, result);
      return Status.OK;
    } catch (SQLException | CorruptRecordException e) {
      return error("read", table, key, e);
    }
  }

  /** The value {@code select} (one key parameter) finds for {@code key}, or null. */
  private static byte[] valueOf(PreparedStatement select, byte[] key) throws SQLException {
    select.setBytes(1, key);
    try (ResultSet row = select.executeQuery()) {
      return row.next() ? row.getBytes(1) : null;
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      PreparedStatement upsert = statements(table).upsert;
      byte[] encoded = RecordCodec.encode(values);
      return engine()
          .write(
              null,
              () -> {
                upsert.setBytes(1, bytes(key));
                upsert.setBytes(2, encoded);
                upsert.executeUpdate();
                return Status.OK;
              },
              status -> false);
    } catch (SQLException e) {
      return error("insert", table, key, e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    // the new values are read once, outside the transaction
    SortedMap<String, byte[]> updates = RecordCodec.fields(values);
    byte[] stored = bytes(key);
    try {
      TableStatements statements = statements(table);
      return engine()
          .write(
              transaction,
              () -> {
                byte[] found = valueOf(statements.read, stored);
                if (found == null) {
                  return Status.NOT_FOUND;
                }
                int length;
                try {
                  length = encoder.encodeMerged(found, 0, found.length, updates);
                } catch (CorruptRecordException e) {
                  return error("update", table, key, e);
                }
                statements.update.setBytes(1, java.util.Arrays.copyOf(encoder.buffer(), length));
                statements.update.setBytes(2, stored);
                statements.update.executeUpdate();
                return Status.OK;
              },
              status -> !status.isOk());
    } catch (SQLException e) {
      return error("update", table, key, e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      PreparedStatement delete = statements(table).delete;
      return engine()
          .write(
              null,
              () -> {
                delete.setBytes(1, bytes(key));
                return delete.executeUpdate() == 0 ? Status.NOT_FOUND : Status.OK;
              },
              status -> false);
    } catch (SQLException e) {
      return error("delete", table, key, e);
    }
  }

  /**
   * One statement for the whole batch, {@code SELECT k, v FROM t WHERE k IN (?, ?, ...)}: SQLite
   * puts the keys into a temporary B-tree, in key order, and looks each up in the table's B-tree in
   * that order, in one read transaction (one snapshot). Keys beyond {@link
   * #MOST_KEYS_PER_STATEMENT} take more statements of the kind inside one explicit read
   * transaction. The rows come back in key order and are matched to the keys as asked.
   */
  @Override
  public Status batchRead(
      String table, List<String> keys, Set<String> fields, List<KeyRead> results) {
    results.clear();
    if (keys.isEmpty()) {
      return Status.OK;
    }
    Map<ByteBuffer, byte[]> found = new HashMap<>();
    try {
      TableStatements statements = statements(table);
      List<byte[]> distinct = distinctKeys(keys);
      if (distinct.size() <= MOST_KEYS_PER_STATEMENT) {
        readIn(statements, distinct, found);
      } else {
        transaction.beginRead();
        try {
          for (int from = 0; from < distinct.size(); from += MOST_KEYS_PER_STATEMENT) {
            int to = Math.min(distinct.size(), from + MOST_KEYS_PER_STATEMENT);
            readIn(statements, distinct.subList(from, to), found);
          }
        } finally {
          transaction.commitRead();
        }
      }
    } catch (SQLException e) {
      return messages().batchReadError(table, keys, e);
    }
    for (String key : keys) {
      byte[] value = found.get(ByteBuffer.wrap(bytes(key)));
      results.add(value == null ? KeyRead.missing() : decodeForBatch(table, key, value, fields));
    }
    return BatchReadDB.overall(results);
  }

  /** The keys' UTF-8 bytes, each once, in the order first asked. */
  private static List<byte[]> distinctKeys(List<String> keys) {
    Map<ByteBuffer, byte[]> seen = new java.util.LinkedHashMap<>();
    for (String key : keys) {
      byte[] bytes = bytes(key);
      seen.putIfAbsent(ByteBuffer.wrap(bytes), bytes);
    }
    return new ArrayList<>(seen.values());
  }

  /** One {@code IN} statement for {@code keys}; each row found goes into {@code found}. */
  private static void readIn(
      TableStatements statements, List<byte[]> keys, Map<ByteBuffer, byte[]> found)
      throws SQLException {
    PreparedStatement select = statements.batch(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      select.setBytes(i + 1, keys.get(i));
    }
    try (ResultSet rows = select.executeQuery()) {
      while (rows.next()) {
        found.put(ByteBuffer.wrap(rows.getBytes(1)), rows.getBytes(2));
      }
    }
  }

  /**
   * One write transaction for the whole group, across tables: every put an upsert, every delete a
   * {@code DELETE}, committed together or rolled back.
   */
  @Override
  public Status writeAtomically(List<Write> writes) {
    if (invalidWrite(writes) != null) {
      return Status.BAD_REQUEST;
    }
    try {
      List<TableStatements> tables = new ArrayList<>(writes.size());
      List<byte[]> values = new ArrayList<>(writes.size());
      for (Write write : writes) {
        tables.add(statements(write.table())); // tables created before the transaction
        values.add(write.isDelete() ? null : RecordCodec.encode(write.values()));
      }
      return engine()
          .write(
              transaction,
              () -> {
                for (int i = 0; i < writes.size(); i++) {
                  byte[] key = bytes(writes.get(i).key());
                  PreparedStatement statement =
                      values.get(i) == null ? tables.get(i).delete : tables.get(i).upsert;
                  statement.setBytes(1, key);
                  if (values.get(i) != null) {
                    statement.setBytes(2, values.get(i));
                  }
                  statement.executeUpdate();
                }
                return Status.OK;
              },
              status -> false);
    } catch (SQLException e) {
      return messages().atomicWriteError(writes, e);
    }
  }

  /**
   * One write transaction per batch, its records inserted in key order (SQLite's B-tree appends a
   * record that sorts after the last one without splitting a page in the middle). The table must
   * have been empty when the process's bulk load of it began.
   */
  @Override
  protected Status writeBulk(
      String table, SortedBatch batch, List<Insert> records, List<String> failedKeys) {
    try {
      TableStatements statements = statements(table);
      String refused =
          engine()
              .write(
                  transaction,
                  () -> {
                    if (engine().startBulk(table) && statements.holdsRecords()) {
                      engine().abandonBulk(table);
                      return messages().notEmpty(table);
                    }
                    for (int j = 0; j < batch.size(); j++) {
                      statements.upsert.setBytes(1, batch.key(j));
                      statements.upsert.setBytes(2, batch.value(j));
                      statements.upsert.executeUpdate();
                    }
                    return null;
                  },
                  refusal -> refusal != null);
      return refused == null
          ? Status.OK
          : messages().bulkRefused(table, records, failedKeys, refused);
    } catch (SQLException e) {
      return messages().bulkFailed(table, records, failedKeys, e);
    }
  }

  /**
   * {@code SELECT k, v FROM t WHERE k >= ? [AND k < ?] ORDER BY k LIMIT ?}: the primary key's
   * B-tree walked from {@code start}, in one read transaction; the values are decoded after it.
   */
  @Override
  protected Status walk(Walk walk) {
    try {
      TableStatements statements = statements(walk.table());
      PreparedStatement select = walk.end() == null ? statements.scan : statements.range;
      select.setBytes(1, bytes(walk.start()));
      int limit = 2;
      if (walk.end() != null) {
        select.setBytes(2, walk.end());
        limit = 3;
      }
      select.setInt(limit, walk.limit());
      List<byte[]> keys = new ArrayList<>();
      List<byte[]> values = new ArrayList<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          keys.add(walk.end() == null ? null : rows.getBytes(1));
          values.add(rows.getBytes(2));
        }
      }
      for (int i = 0; i < values.size(); i++) {
        HashMap<String, ByteIterator> record = new HashMap<>();
        RecordCodec.decodeOwned(values.get(i), walk.fields(), record);
        walk.sink().accept(keys.get(i), record);
      }
      return Status.OK;
    } catch (SQLException | CorruptRecordException e) {
      return error(walk.operation(), walk.table(), walk.start(), e);
    }
  }

  private static byte[] bytes(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }

  /** A client's transaction statements, prepared once on its connection. */
  static final class Transaction implements AutoCloseable {
    private final PreparedStatement beginImmediate;
    private final PreparedStatement beginRead;
    private final PreparedStatement commit;
    private final PreparedStatement rollback;

    Transaction(Connection connection) throws SQLException {
      beginImmediate = connection.prepareStatement("BEGIN IMMEDIATE");
      beginRead = connection.prepareStatement("BEGIN DEFERRED");
      commit = connection.prepareStatement("COMMIT");
      rollback = connection.prepareStatement("ROLLBACK");
    }

    /** Begins a write transaction, taking SQLite's write lock at once. */
    void begin() throws SQLException {
      beginImmediate.execute();
    }

    void commit() throws SQLException {
      commit.execute();
    }

    void rollback() throws SQLException {
      rollback.execute();
    }

    /** Rolls back after a failure, which stays the one reported. */
    void rollbackQuietly() {
      try {
        rollback.execute();
      } catch (SQLException e) {
        // no transaction was open (SQLite rolled it back itself), or the connection failed
      }
    }

    /** Begins a read transaction: its first read fixes the snapshot. */
    void beginRead() throws SQLException {
      beginRead.execute();
    }

    void commitRead() throws SQLException {
      commit.execute();
    }

    @Override
    public void close() throws SQLException {
      beginImmediate.close();
      beginRead.close();
      commit.close();
      rollback.close();
    }
  }

  /** The statements of one table on a client's connection. */
  private static final class TableStatements implements AutoCloseable {
    private final Connection connection;
    private final String name;
    final PreparedStatement read;
    final PreparedStatement upsert;
    final PreparedStatement update;
    final PreparedStatement delete;
    final PreparedStatement scan;
    final PreparedStatement range;
    private final PreparedStatement any;
    private final Map<Integer, PreparedStatement> batches = new HashMap<>();

    TableStatements(Connection connection, String name) throws SQLException {
      this.connection = connection;
      this.name = name;
      read = connection.prepareStatement(SqliteStatement.READ.on(name));
      upsert = connection.prepareStatement(SqliteStatement.UPSERT.on(name));
      update = connection.prepareStatement(SqliteStatement.UPDATE.on(name));
      delete = connection.prepareStatement(SqliteStatement.DELETE.on(name));
      scan = connection.prepareStatement(SqliteStatement.SCAN.on(name));
      range = connection.prepareStatement(SqliteStatement.RANGE.on(name));
      any = connection.prepareStatement(SqliteStatement.ANY.on(name));
    }

    /** The batch statement for {@code size} keys, prepared on first use. */
    PreparedStatement batch(int size) throws SQLException {
      PreparedStatement found = batches.get(size);
      if (found == null) {
        if (batches.size() >= BATCH_SIZES_KEPT) {
          for (PreparedStatement old : batches.values()) {
            old.close();
          }
          batches.clear();
        }
        found = connection.prepareStatement(SqliteStatement.batchRead(name, size));
        batches.put(size, found);
      }
      return found;
    }

    /** Whether the table holds a record. */
    boolean holdsRecords() throws SQLException {
      try (ResultSet row = any.executeQuery()) {
        return row.next();
      }
    }

    @Override
    public void close() throws SQLException {
      for (PreparedStatement statement : List.of(read, upsert, update, delete, scan, range, any)) {
        statement.close();
      }
      for (PreparedStatement statement : batches.values()) {
        statement.close();
      }
    }
  }
}
