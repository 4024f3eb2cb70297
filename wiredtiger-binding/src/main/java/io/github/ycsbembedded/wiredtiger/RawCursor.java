package io.github.ycsbembedded.wiredtiger;

import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.WiredTigerException;
import com.wiredtiger.db.wiredtigerJNI;
import java.lang.reflect.Method;

/**
 * One of this thread's cursors with its point operations made through the native entry points that
 * WiredTiger's Java API itself calls ({@code wiredtigerJNI}, public), without the API's packing
 * layer. The binding's tables are {@code key_format=u,value_format=u}, and a {@code u} in the last
 * place of a format packs as its bytes alone, so a key or a value here is its plain bytes and what
 * one side writes the other reads.
 *
 * <p>What it saves per operation: the API's {@code search()} copies the key into a packing stream
 * and out of it again, then fetches the found key and the value from the engine and wraps each in
 * an unpacking stream, from which {@code getValueByteArray()} copies the value once more; its
 * writes copy the value in and out of a packing stream. Here the key goes in as given and the value
 * comes back in the one array the engine's JNI call fills.
 *
 * <p>These calls work on the native cursor only and leave the Java {@link Cursor}'s own state (its
 * packing streams) as its last {@code reset()} left it; every operation of the binding ends with
 * that {@code reset()}, and scans, bulk loads and close go through the Java API as before. Errors
 * are the same exceptions the API's methods throw, raised by the same native calls.
 */
final class RawCursor {
  private static final Method POINTER;

  static {
    try {
      POINTER = Cursor.class.getDeclaredMethod("getCPtr", Cursor.class);
      POINTER.setAccessible(true);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final Cursor cursor;
  private final long pointer;

  RawCursor(Cursor cursor) {
    this.cursor = cursor;
    try {
      this.pointer = (Long) POINTER.invoke(null, cursor);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "wiredtiger: cannot reach the native cursor of " + cursor.getUri(), e);
    }
  }

  /** Positions the cursor on {@code key}: 0, or {@code WT_NOTFOUND}. */
  int search(byte[] key) throws WiredTigerException {
    return wiredtigerJNI.Cursor_search_wrap(pointer, cursor, key);
  }

  /** The value under the cursor (after a successful {@link #search}), in a new array. */
  byte[] value() throws WiredTigerException {
    return wiredtigerJNI.Cursor_get_value_wrap(pointer, cursor);
  }

  /** Inserts or overwrites {@code key} (the table's cursors overwrite). */
  void insert(byte[] key, byte[] value) throws WiredTigerException {
    wiredtigerJNI.Cursor_insert_wrap(pointer, cursor, key, value);
  }

  /** Overwrites the value of {@code key}. */
  void update(byte[] key, byte[] value) throws WiredTigerException {
    wiredtigerJNI.Cursor_update_wrap(pointer, cursor, key, value);
  }

  /** Removes {@code key}: 0, or {@code WT_NOTFOUND} when it was not there. */
  int remove(byte[] key) throws WiredTigerException {
    return wiredtigerJNI.Cursor_remove_wrap(pointer, cursor, key);
  }
}
