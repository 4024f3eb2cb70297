package io.github.ycsbembedded.benchmarks;

import com.wiredtiger.db.Connection;
import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.SearchStatus;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerRollbackException;
import com.wiredtiger.db.wiredtiger;
import com.wiredtiger.db.wiredtigerConstants;
import com.wiredtiger.db.wiredtigerJNI;
import java.lang.reflect.Method;
import java.nio.file.Path;

/**
 * WiredTiger through its Java API, on the binding's table: one session and cursor per thread, the
 * update in a snapshot transaction as the binding's (closed explicitly, on their own thread). Point
 * reads and the update's search and write call the native entry points under the API's cursor
 * methods ({@code wiredtigerJNI}) with the key's and the value's bytes, skipping the API's packing
 * streams, as the binding does: for {@code key_format=u,value_format=u} those streams only copy.
 */
final class RawWiredTiger implements RawEngine {
  private static final Method NATIVE_CURSOR;

  static {
    try {
      NATIVE_CURSOR = Cursor.class.getDeclaredMethod("getCPtr", Cursor.class);
      NATIVE_CURSOR.setAccessible(true);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Connection connection;

  private RawWiredTiger(Connection connection) {
    this.connection = connection;
  }

  /**
   * Opens the directory with the binding's default cache and its log as the binding had it ({@code
   * wiredtiger.log}, on unless false): a write pays for the log on both sides or on neither.
   */
  static RawWiredTiger open(Path dir, java.util.Properties binding) {
    boolean log = !"false".equals(binding.getProperty("wiredtiger.log", "true").trim());
    return new RawWiredTiger(
        wiredtiger.open(
            dir.toString(), "cache_size=256MB,log=(enabled=" + (log ? "true" : "false") + ")"));
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
    // snapshot isolation as the session's default, so that a transaction begins without a
    // configuration string to parse, as the binding's sessions do (WiredTigerEngine.openSession)
    private final Session session = connection.open_session("isolation=snapshot");
    private final Cursor cursor = session.open_cursor("table:" + Keys.TABLE, null, null);
    private final long nativeCursor = nativeCursor(cursor);
    private final byte[] key = new byte[Keys.LENGTH];

    private long nativeCursor(Cursor c) {
      try {
        return (Long) NATIVE_CURSOR.invoke(null, c);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }

    /** Positions the cursor on the key of {@code index}: 0 or WT_NOTFOUND. */
    private int search(int index) {
      Keys.write(index, key, 0);
      return wiredtigerJNI.Cursor_search_wrap(nativeCursor, cursor, key);
    }

    private void position(int index) {
      Keys.write(index, key, 0);
      cursor.putKeyByteArray(key);
    }

    @Override
    public int read(int index) {
      try {
        return search(index) == wiredtigerConstants.WT_NOTFOUND
            ? -1 : wiredtigerJNI.Cursor_get_value_wrap(nativeCursor, cursor).length;
      } finally {
        cursor.reset();
      }
    }

    /** Retried whole when another thread's transaction wrote the key first, as the binding's. */
    @Override
    public void update(int index) {
      while (true) {
        session.begin_transaction(null);
        try {
          search(index);
          byte[] value = wiredtigerJNI.Cursor_get_value_wrap(nativeCursor, cursor);
          value[value.length - 1]++;
          wiredtigerJNI.Cursor_update_wrap(nativeCursor, cursor, key, value);
          session.commit_transaction(null);
          cursor.reset();
          return;
        } catch (WiredTigerRollbackException e) {
          cursor.reset();
          session.rollback_transaction(null);
        }
      }
    }

    private byte[] record;

    /** An insert outside a transaction, as the binding's (WiredTiger commits it alone). */
    @Override
    public void insert(int index) {
      if (record == null) {
        search(0);
        record = wiredtigerJNI.Cursor_get_value_wrap(nativeCursor, cursor);
        cursor.reset();
      }
      Keys.write(index, key, 0);
      wiredtigerJNI.Cursor_insert_wrap(nativeCursor, cursor, key, record);
      cursor.reset();
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
        if (search(index) != wiredtigerConstants.WT_NOTFOUND) {
          wiredtigerJNI.Cursor_get_value_wrap(nativeCursor, cursor);
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
