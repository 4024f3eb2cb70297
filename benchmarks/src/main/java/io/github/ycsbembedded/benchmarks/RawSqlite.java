package io.github.ycsbembedded.benchmarks;

import io.github.ycsbembedded.sqlite.SqliteStatement;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * SQLite through sqlite-jdbc, with the binding's settings (WAL, {@code synchronous=NORMAL}, an 8
 * MiB page cache per connection) and layout: the table {@code usertable (k BLOB PRIMARY KEY, v
 * BLOB) WITHOUT ROWID}, keys as bytes. One connection per session, its statements prepared once; a
 * writer of another session waits in SQLite's busy handler (the binding queues its writers in Java
 * instead).
 */
final class RawSqlite implements RawEngine {
  private final String url;

  private RawSqlite(String url) {
    this.url = url;
  }

  static RawSqlite open(Path dir, java.util.Properties binding) {
    return new RawSqlite("jdbc:sqlite:" + dir.resolve("ycsb.sqlite"));
  }

  @Override
  public RawSession session() throws SQLException {
    return new Session(DriverManager.getConnection(url));
  }

  @Override
  public void close() {}

  private static final class Session implements RawSession {
    private final Connection connection;
    private final PreparedStatement read;
    private final PreparedStatement upsert;
    private final PreparedStatement update;
    private final PreparedStatement scan;
    private final PreparedStatement batch;
    private final PreparedStatement begin;
    private final PreparedStatement commit;
    private final byte[] key = new byte[Keys.LENGTH];
    private byte[] value = new byte[0];

    Session(Connection connection) throws SQLException {
      this.connection = connection;
      try (Statement statement = connection.createStatement()) {
        statement.execute("PRAGMA busy_timeout = 10000");
        statement.execute("PRAGMA synchronous = NORMAL");
        statement.execute("PRAGMA cache_size = -8192");
      }
      // the binding's own statements (SqliteStatement), so that the two run the same SQL
      read = connection.prepareStatement(SqliteStatement.READ.on(Keys.TABLE));
      upsert = connection.prepareStatement(SqliteStatement.UPSERT.on(Keys.TABLE));
      update = connection.prepareStatement(SqliteStatement.UPDATE.on(Keys.TABLE));
      scan = connection.prepareStatement(SqliteStatement.SCAN.on(Keys.TABLE));
      batch = connection.prepareStatement(SqliteStatement.batchRead(Keys.TABLE, States.BATCH_SIZE));
      begin = connection.prepareStatement("BEGIN IMMEDIATE");
      commit = connection.prepareStatement("COMMIT");
    }

    private byte[] key(int index) {
      Keys.write(index, key, 0);
      return key;
    }

    @Override
    public int read(int index) throws SQLException {
      read.setBytes(1, key(index));
      try (ResultSet row = read.executeQuery()) {
        if (!row.next()) {
          return -1;
        }
        value = row.getBytes(1);
        return value.length;
      }
    }

    @Override
    public void update(int index) throws SQLException {
      begin.execute();
      try {
        int length = read(index);
        value[length - 1]++;
        update.setBytes(1, value);
        update.setBytes(2, key);
        update.executeUpdate();
        commit.execute();
      } catch (SQLException | RuntimeException e) {
        try (Statement rollback = connection.createStatement()) {
          rollback.execute("ROLLBACK");
        }
        throw e;
      }
    }

    // the stored bytes of record 0, written by every insert (read on the first)
    private byte[] record;

    @Override
    public void insert(int index) throws SQLException {
      if (record == null) {
        read(0);
        record = value;
      }
      upsert.setBytes(1, key(index));
      upsert.setBytes(2, record);
      upsert.executeUpdate();
    }

    @Override
    public int scan(int index, int count) throws SQLException {
      scan.setBytes(1, key(index));
      scan.setInt(2, count);
      int n = 0;
      try (ResultSet rows = scan.executeQuery()) {
        while (rows.next()) {
          value = rows.getBytes(2);
          n++;
        }
      }
      return n;
    }

    /**
     * One {@code IN} statement for the batch, as the binding's; a key asked twice is one row, so
     * the rows are matched to the keys asked.
     */
    @Override
    public int batchRead(int[] indexes) throws SQLException {
      if (indexes.length != States.BATCH_SIZE) {
        throw new IllegalArgumentException("a batch of " + States.BATCH_SIZE + " keys is expected");
      }
      for (int i = 0; i < indexes.length; i++) {
        batch.setBytes(i + 1, Keys.bytes(indexes[i]));
      }
      java.util.Map<java.nio.ByteBuffer, byte[]> rows = new java.util.HashMap<>();
      try (ResultSet found = batch.executeQuery()) {
        while (found.next()) {
          rows.put(java.nio.ByteBuffer.wrap(found.getBytes(1)), found.getBytes(2));
        }
      }
      int found = 0;
      for (int index : indexes) {
        if (rows.containsKey(java.nio.ByteBuffer.wrap(Keys.bytes(index)))) {
          found++;
        }
      }
      return found;
    }

    @Override
    public void close() throws SQLException {
      connection.close();
    }
  }
}
