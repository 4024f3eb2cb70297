package io.github.ycsbembedded.benchmarks;

import com.sleepycat.je.Cursor;
import com.sleepycat.je.CursorConfig;
import com.sleepycat.je.Database;
import com.sleepycat.je.DatabaseConfig;
import com.sleepycat.je.DatabaseEntry;
import com.sleepycat.je.Durability;
import com.sleepycat.je.Environment;
import com.sleepycat.je.EnvironmentConfig;
import com.sleepycat.je.LockMode;
import com.sleepycat.je.OperationStatus;
import com.sleepycat.je.Transaction;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Berkeley DB Java Edition through its own API, on the binding's database: the same transactions
 * and lock modes as the binding (reads committed without a transaction, an update one transaction
 * with a write lock from its read, a batch one transaction over its sorted keys), with the
 * binding's durability ({@code berkeleydb.sync}).
 */
final class RawBerkeleyDb implements RawEngine {
  private final Environment environment;
  private final Database table;

  private RawBerkeleyDb(Environment environment, Database table) {
    this.environment = environment;
    this.table = table;
  }

  static RawBerkeleyDb open(Path dir, Properties binding) {
    EnvironmentConfig config = new EnvironmentConfig();
    config.setTransactional(true);
    config.setDurability(
        Boolean.parseBoolean(binding.getProperty("berkeleydb.sync", "false"))
            ? Durability.COMMIT_SYNC
            : Durability.COMMIT_WRITE_NO_SYNC);
    config.setConfigParam(EnvironmentConfig.STATS_COLLECT, "false");
    config.setConfigParam(EnvironmentConfig.FILE_LOGGING_LEVEL, "OFF");
    Environment environment = new Environment(dir.toFile(), config);
    try {
      return new RawBerkeleyDb(
          environment,
          environment.openDatabase(null, Keys.TABLE, new DatabaseConfig().setTransactional(true)));
    } catch (RuntimeException e) {
      environment.close();
      throw e;
    }
  }

  @Override
  public RawSession session() {
    return new Session();
  }

  @Override
  public void close() {
    table.close();
    environment.close();
  }

  private final class Session implements RawSession {
    private final byte[] keyBytes = new byte[Keys.LENGTH];
    private final DatabaseEntry key = new DatabaseEntry(keyBytes);
    private final DatabaseEntry value = new DatabaseEntry();
    private DatabaseEntry record;

    @Override
    public int read(int index) {
      Keys.write(index, keyBytes, 0);
      return table.get(null, key, value, LockMode.READ_COMMITTED) == OperationStatus.SUCCESS
          ? value.getSize()
          : -1;
    }

    @Override
    public void update(int index) {
      Keys.write(index, keyBytes, 0);
      Transaction txn = environment.beginTransaction(null, null);
      try {
        if (table.get(txn, key, value, LockMode.RMW) == OperationStatus.SUCCESS) {
          value.getData()[value.getOffset() + value.getSize() - 1]++;
          table.put(txn, key, value);
        }
        txn.commit();
      } finally {
        if (txn.isValid()) {
          txn.abort();
        }
      }
    }

    @Override
    public void insert(int index) {
      if (record == null) {
        read(0);
        record = new DatabaseEntry(value.getData().clone(), value.getOffset(), value.getSize());
      }
      Keys.write(index, keyBytes, 0);
      table.put(null, key, record);
    }

    @Override
    public int scan(int index, int count) {
      Keys.write(index, keyBytes, 0);
      DatabaseEntry at = new DatabaseEntry(keyBytes.clone());
      try (Cursor cursor = table.openCursor(null, CursorConfig.READ_COMMITTED)) {
        int n = 0;
        for (OperationStatus s = cursor.getSearchKeyRange(at, value, null);
            s == OperationStatus.SUCCESS && n < count;
            s = cursor.getNext(at, value, null)) {
          n += value.getSize() > 0 ? 1 : 0;
        }
        return n;
      }
    }

    @Override
    public int batchRead(int[] indexes) {
      int found = 0;
      Transaction txn = environment.beginTransaction(null, null);
      try (Cursor cursor = table.openCursor(txn, null)) {
        for (int index : Keys.sorted(indexes)) {
          Keys.write(index, keyBytes, 0);
          found += cursor.getSearchKey(key, value, null) == OperationStatus.SUCCESS ? 1 : 0;
        }
      } finally {
        txn.abort(); // read only: ends the transaction and its read locks
      }
      return found;
    }

    @Override
    public void close() {}
  }
}
