package io.github.ycsbembedded.benchmarks;

import com.wiredtiger.db.Connection;
import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.SearchStatus;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerRollbackException;
import com.wiredtiger.db.wiredtiger;
import com.wiredtiger.db.wiredtigerConstants;
import java.nio.file.Path;

/**
 * WiredTiger through its Java API, on the binding's table: one session and cursor per thread, the
 * update in a snapshot transaction as the binding's (closed explicitly, on their own thread).
 */
final class RawWiredTiger implements RawEngine {
  private final Connection connection;

  private RawWiredTiger(Connection connection) {
    this.connection = connection;
  }

  static RawWiredTiger open(Path dir) {
    return new RawWiredTiger(wiredtiger.open(dir.toString(), "cache_size=256MB"));
  }

  @Override
  public RawSession session() {
    return new WtSession();
  }

  @Override
  public void close() {
    connection.close(null);
  }

  private final class WtSession implements RawSession {
    private final Session session = connection.open_session(null);
    private final Cursor cursor = session.open_cursor("table:" + Keys.TABLE, null, null);
    private final byte[] key = new byte[Keys.LENGTH];

    private void position(int index) {
      Keys.write(index, key, 0);
      cursor.putKeyByteArray(key);
    }

    @Override
    public int read(int index) {
      position(index);
      try {
        return cursor.search() == wiredtigerConstants.WT_NOTFOUND ? -1 : cursor.getValueByteArray().length;
      } finally {
        cursor.reset();
      }
    }

    /** Retried whole when another thread's transaction wrote the key first, as the binding's. */
    @Override
    public void update(int index) {
      while (true) {
        session.begin_transaction("isolation=snapshot");
        try {
          position(index);
          cursor.search();
          byte[] value = cursor.getValueByteArray();
          value[value.length - 1]++;
          cursor.putKeyByteArray(key);
          cursor.putValueByteArray(value);
          cursor.update();
          session.commit_transaction(null);
          cursor.reset();
          return;
        } catch (WiredTigerRollbackException e) {
          cursor.reset();
          session.rollback_transaction(null);
        }
      }
    }

    @Override
    public int scan(int index, int count) {
      position(index);
      try {
        SearchStatus near = cursor.search_near();
        boolean positioned = near != SearchStatus.NOTFOUND && (near != SearchStatus.SMALLER || cursor.next() == 0);
        int n = 0;
        while (positioned && n < count) {
          n += cursor.getValueByteArray().length > 0 ? 1 : 0;
          positioned = cursor.next() == 0;
        }
        return n;
      } finally {
        cursor.reset();
      }
    }

    @Override
    public int batchRead(int[] indexes) {
      int found = 0;
      for (int index : Keys.sorted(indexes)) {
        position(index);
        if (cursor.search() != wiredtigerConstants.WT_NOTFOUND) {
          cursor.getValueByteArray();
          found++;
        }
      }
      cursor.reset();
      return found;
    }

    @Override
    public void close() {
      cursor.close();
      session.close(null);
    }
  }
}
