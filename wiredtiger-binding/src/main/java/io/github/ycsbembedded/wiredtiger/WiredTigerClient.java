package io.github.ycsbembedded.wiredtiger;

import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.SearchStatus;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerException;
import com.wiredtiger.db.WiredTigerPanicException;
import com.wiredtiger.db.WiredTigerRollbackException;
import com.wiredtiger.db.wiredtigerConstants;
import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.BatchWriteDB;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.CorruptRecordException;
import io.github.ycsbembedded.core.EngineClient;
import io.github.ycsbembedded.core.EngineFailure.Condition;
import io.github.ycsbembedded.core.KeyOrder;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.MultiWriteDB;
import io.github.ycsbembedded.core.RangeScanDB;
import io.github.ycsbembedded.core.RecordCodec;
import io.github.ycsbembedded.core.SnapshotRuns;
import io.github.ycsbembedded.core.SortedBatch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for WiredTiger through its own Java API (Debian's 3.2.1 build). One connection per
 * directory; one session per client thread with one cursor per table, opened once and reused; point
 * reads and writes reach it through {@link RawCursor}, without the Java API's packing layer. An
 * update's read-modify-write is a snapshot transaction, retried with a growing, randomized pause
 * when WiredTiger rolls it back for a conflict, for up to {@code wiredtiger.retry_timeout_ms}. A
 * failure anywhere in an operation, a panic included, is that operation's {@code ERROR}.
 *
 * <p>Properties: docs/bindings.md, section "WiredTiger", lists every {@code wiredtiger.*} property
 * with its default; {@link WiredTigerDescriptor} declares them.
 */
public final class WiredTigerClient extends EngineClient<WiredTigerEngine>
    implements BatchReadDB, BatchWriteDB, MultiWriteDB, RangeScanDB {
  /** The longest pause between two attempts of a conflicting transaction. */
  private static final long MAX_BACKOFF_NANOS = 10_000_000;

  private final RecordCodec.Encoder encoder = new RecordCodec.Encoder();
  private final Map<String, RawCursor> cursors = new HashMap<>();

  /** This thread's bulk cursors, open from its first bulk insert into a table to its cleanup. */
  private final Map<String, Cursor> bulkCursors = new HashMap<>();

  private final Map<String, byte[]> lastBulkKeys = new HashMap<>();

  /**
   * Tables whose bulk cursor a failed write broke, with where and why; see {@link #cleanupThread}.
   */
  private final Map<String, String> failedBulkLoads = new HashMap<>();

  private Session session;

  /**
   * {@code wiredtiger.blind_update}: an update writes the update's fields as the whole record, with
   * no read and no transaction (ucsb's WiredTiger update), rather than merging them into the
   * record.
   */
  private boolean blindUpdate;

  public WiredTigerClient() {
    super(new WiredTigerDescriptor(), WiredTigerEngine.class, WiredTigerEngine::open);
  }

  /**
   * WiredTiger's Java API has a type for a panic (WiredTiger panics on corrupt data and on a write
   * that fails, e.g. a full disk, and prints why on stderr) and one for a conflict; other errors
   * carry only strerror's text, which is not read.
   */
  @Override
  protected Condition classify(Throwable e) {
    return e instanceof WiredTigerPanicException ? Condition.ENGINE_STOPPED : Condition.OTHER;
  }

  @Override
  protected void initThread(WiredTigerEngine engine, BindingProperties properties)
      throws DBException {
    blindUpdate = blindUpdate(properties);
    try {
      session = engine.openSession();
    } catch (WiredTigerException e) {
      throw new DBException("wiredtiger: cannot open a session: " + e.getMessage(), e);
    }
  }

  /**
   * Whether updates are blind writes ({@code wiredtiger.blind_update}). A blind write replaces the
   * record with the update's fields, so it is refused unless every update carries every field:
   * {@code writeallfields=true} or {@code fieldcount=1}.
   */
  static boolean blindUpdate(BindingProperties properties) throws DBException {
    if (!properties.bool("wiredtiger.blind_update", false)) {
      return false;
    }
    boolean allFields = "true".equalsIgnoreCase(properties.raw("writeallfields"));
    if (!allFields && !"1".equals(properties.raw("fieldcount"))) {
      throw new DBException(
          "wiredtiger.blind_update=true writes an update's fields as the whole record, so every"
              + " update must carry every field: set writeallfields=true or fieldcount=1");
    }
    return true;
  }

  /**
   * Closes every cursor, then the session, explicitly and on this thread. WiredTiger's Java API
   * must never close them implicitly (a session closing its open cursors, a connection closing its
   * open sessions): its JNI close handler then uses the JNIEnv of the thread that opened the
   * connection, which crashes the JVM when that is another thread.
   *
   * <p>A bulk cursor whose write failed is the exception: WiredTiger 3.2.1 cannot finish it
   * (closing it retries the failed page and, once that write succeeds, crashes reconciling the
   * tree). It stays open, and so does this session; the engine keeps its connection open and
   * checkpoints the other tables instead ({@link WiredTigerEngine#abandon}); the lost load is this
   * cleanup's failure.
   */
  @Override
  protected void cleanupThread() throws DBException {
    Failures failures = new Failures();
    for (Map.Entry<String, Cursor> bulk : bulkCursors.entrySet()) {
      String failedAt = failedBulkLoads.get(bulk.getKey());
      if (failedAt != null) {
        failures.phrases.add(
            "the bulk load of "
                + bulk.getKey()
                + " failed at "
                + failedAt
                + " and is lost: WiredTiger"
                + " cannot finish a bulk cursor after a failed write, so "
                + bulk.getKey()
                + " keeps none of it; the"
                + " connection is left open, its other tables checkpointed; load again into a new wiredtiger.dir or with"
                + " wiredtiger.destroy=true");
        continue;
      }
      // a bulk cursor's records are in the table once it is closed
      failures.attempt(
          "finishing the bulk load of " + bulk.getKey(), () -> bulk.getValue().close());
    }
    for (RawCursor cursor : cursors.values()) {
      failures.attempt("closing a cursor", () -> cursor.cursor.close());
    }
    if (!failedBulkLoads.isEmpty()) {
      // closing the session would close the failed bulk cursor
      engine().abandon(failedBulkLoads.keySet());
    } else if (failures.cause instanceof WiredTigerPanicException panic) {
      // after a panic nothing closes, and closing the session would close the cursors it could
      // not close itself; the connection stays open too (WiredTigerEngine#sessionLeftOpen)
      failures.phrases.add("the session is left open");
      engine().sessionLeftOpen(panic);
    } else if (session != null) {
      Session open = session;
      failures.attempt("closing a session", () -> open.close(null));
      if (failures.cause instanceof WiredTigerPanicException panic) {
        engine().sessionLeftOpen(panic);
      }
    }
    bulkCursors.clear();
    failedBulkLoads.clear();
    cursors.clear();
    session = null;
    if (!failures.phrases.isEmpty()) {
      throw new DBException("wiredtiger: " + String.join("; ", failures.phrases), failures.cause);
    }
  }

  /** What a cleanup could not close, a phrase each; the first WiredTiger exception is the cause. */
  private static final class Failures {
    final List<String> phrases = new ArrayList<>();
    WiredTigerException cause;

    /**
     * Runs {@code close}; when WiredTiger refuses, records "{@code what} failed: why" and goes on.
     */
    void attempt(String what, Runnable close) {
      try {
        close.run();
      } catch (WiredTigerException e) {
        phrases.add(what + " failed: " + e.getMessage());
        cause = cause == null ? e : cause;
      }
    }
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    RawCursor cursor = null;
    Status status;
    try {
      cursor = raw(table);
      if (cursor.search(bytes(key)) == wiredtigerConstants.WT_NOTFOUND) {
        status = Status.NOT_FOUND;
      } else {
        RecordCodec.decodeOwned(cursor.value(), fields, result);
        status = Status.OK;
      }
    } catch (WiredTigerException | CorruptRecordException e) {
      status = error("read", table, key, e);
    }
    return release(cursor, status, "read", table, key);
  }

  /** The thread's cursor on the table, in one snapshot transaction, keys visited in key order. */
  @Override
  public Status batchRead(
      String table, List<String> keys, Set<String> fields, List<KeyRead> results) {
    results.clear();
    byte[][] encoded = keys.stream().map(WiredTigerClient::bytes).toArray(byte[][]::new);
    KeyRead[] reads = new KeyRead[keys.size()];
    if (engine().workers().parallelism() > 1 && readInRuns(table, keys, fields, encoded, reads)) {
      results.addAll(Arrays.asList(reads));
      return BatchReadDB.overall(results);
    }
    RawCursor cursor = null;
    Status status = Status.OK;
    try {
      cursor = raw(table);
      session.begin_transaction(null);
      try {
        for (int i : KeyOrder.ascending(encoded)) {
          if (cursor.search(encoded[i]) == wiredtigerConstants.WT_NOTFOUND) {
            reads[i] = KeyRead.missing();
          } else {
            reads[i] = decodeForBatch(table, keys.get(i), cursor.value(), fields);
          }
        }
      } finally {
        session.rollback_transaction(null); // nothing was written; this also resets the cursor
      }
    } catch (WiredTigerException e) {
      status = messages().batchReadError(table, keys, e);
    }
    status = release(cursor, status, "batch read", table, keys.isEmpty() ? "" : keys.get(0));
    if (!status.isOk()) {
      return status;
    }
    results.addAll(Arrays.asList(reads));
    return BatchReadDB.overall(results);
  }

  /**
   * The batch in key order, cut into up to {@code wiredtiger.batch_parallelism} runs, each read by
   * a thread of its own in a snapshot transaction of its own session, so that many reads are in
   * flight when the data is not in the cache. The runs' snapshots see the same data when no write
   * committed while they read ({@link WiredTigerEngine#quiet}; {@link SnapshotRuns}: read again
   * otherwise, false when the caller must read the batch in one transaction).
   */
  private boolean readInRuns(
      String table, List<String> keys, Set<String> fields, byte[][] encoded, KeyRead[] reads) {
    String uri;
    try {
      uri = engine().table(session, table);
    } catch (WiredTigerException e) {
      return false;
    }
    int[] order = KeyOrder.ascending(encoded);
    try {
      return SnapshotRuns.read(
          engine().workers(),
          order.length,
          () -> engine().quiet(),
          (token, from, to) -> {
            WiredTigerEngine.Reader reader = engine().reader();
            RawCursor cursor = reader.cursor(uri);
            reader.session.begin_transaction(null);
            try {
              for (int k = from; k < to; k++) {
                int i = order[k];
                reads[i] =
                    cursor.search(encoded[i]) == wiredtigerConstants.WT_NOTFOUND
                        ? KeyRead.missing()
                        : decodeForBatch(table, keys.get(i), cursor.value(), fields);
              }
              return true;
            } finally {
              reader.session.rollback_transaction(null);
            }
          },
          token -> !engine().wroteSince(token),
          () -> Arrays.fill(reads, null));
    } catch (Exception e) {
      return false; // the batch is read again in the client's own transaction
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return writeWhole("insert", table, key, values);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    if (blindUpdate) {
      return writeWhole("update", table, key, values);
    }
    SortedMap<String, byte[]> updates = RecordCodec.fields(values);
    byte[] k = bytes(key);
    RawCursor cursor = null;
    Status status;
    try {
      cursor = raw(table);
      RawCursor c = cursor;
      status =
          transaction(
              "update",
              table,
              key,
              () -> {
                if (c.search(k) == wiredtigerConstants.WT_NOTFOUND) {
                  return Status.NOT_FOUND;
                }
                byte[] found = c.value();
                encoder.encodeMerged(found, 0, found.length, updates);
                c.update(k, encoder.encoded());
                return Status.OK;
              });
    } catch (WiredTigerException e) {
      status = error("update", table, key, e);
    }
    return release(cursor, status, "update", table, key);
  }

  /**
   * The record written whole in one autocommit, whether or not it was there (the table's cursors
   * overwrite): an insert, and an update as ucsb's ({@code wiredtiger.blind_update}: WT_CURSOR's
   * update, no read and no transaction around it).
   */
  private Status writeWhole(
      String operation, String table, String key, Map<String, ByteIterator> values) {
    RawCursor cursor = null;
    Status status;
    engine().beginWrite();
    try {
      cursor = raw(table);
      encoder.encode(values);
      if (operation.equals("update")) {
        cursor.update(bytes(key), encoder.encoded());
      } else {
        cursor.insert(bytes(key), encoder.encoded());
      }
      status = Status.OK;
    } catch (WiredTigerException e) {
      status = error(operation, table, key, e);
    } finally {
      engine().endWrite();
    }
    return release(cursor, status, operation, table, key);
  }

  /**
   * One snapshot transaction for the group, retried when WiredTiger rolls it back for a conflict.
   */
  @Override
  public Status writeAtomically(List<Write> writes) {
    if (invalidWrite(writes) != null) {
      return Status.BAD_REQUEST;
    }
    List<byte[]> values = new ArrayList<>(writes.size());
    for (Write write : writes) {
      values.add(write.isDelete() ? null : RecordCodec.encode(write.values()));
    }
    String table = writes.isEmpty() ? "" : writes.get(0).table();
    String key = writes.isEmpty() ? "" : writes.get(0).key();
    return transaction(
        "atomic write",
        table,
        key,
        () -> {
          for (int i = 0; i < writes.size(); i++) {
            Cursor cursor = cursor(writes.get(i).table());
            try {
              cursor.putKeyByteArray(bytes(writes.get(i).key()));
              if (values.get(i) == null) {
                cursor.remove();
              } else {
                cursor.putValueByteArray(values.get(i));
                cursor.insert();
              }
            } finally {
              cursor.reset();
            }
          }
          return Status.OK;
        });
  }

  /**
   * A bulk cursor ({@code open_cursor(..., "bulk")}), opened on this thread's first bulk insert
   * into the table and kept open until its cleanup: WiredTiger then builds the table's pages in key
   * order, without transactions or page splits. It takes one thread, an empty table and keys in
   * ascending order; the records are in the table once the cursor closes. Not atomic: a failure in
   * the middle of a batch leaves its earlier records.
   */
  @Override
  protected Status writeBulk(
      String table, SortedBatch batch, List<Insert> records, List<String> failedKeys) {
    String failedAt = failedBulkLoads.get(table);
    if (failedAt != null) {
      return messages()
          .bulkRefused(
              table,
              records,
              failedKeys,
              "the bulk load of " + table + " failed at " + failedAt + " and cannot go on");
    }
    Cursor bulk = bulkCursors.get(table);
    if (bulk == null) {
      try {
        Cursor plain = cursor(table);
        boolean empty = plain.next() == wiredtigerConstants.WT_NOTFOUND;
        // a bulk cursor needs the table to itself: no other cursor of this session on it
        cursors.remove(table);
        plain.close();
        if (!empty) {
          return messages().bulkRefused(table, records, failedKeys, messages().notEmpty(table));
        }
        bulk = session.open_cursor(engine().table(session, table), null, "bulk");
      } catch (WiredTigerException e) {
        return messages()
            .bulkRefused(
                table,
                records,
                failedKeys,
                "WiredTiger opens a bulk cursor only on an empty table that"
                    + " no other thread has open (a bulk load runs in one thread): "
                    + e.getMessage());
      }
      bulkCursors.put(table, bulk);
    }
    byte[] last = lastBulkKeys.get(table);
    if (last != null && !SortedBatch.below(last, batch.key(0))) {
      return messages()
          .bulkRefused(
              table, records, failedKeys, messages().outOfOrder(table, batch.key(0), last));
    }
    for (int j = 0; j < batch.size(); j++) {
      try {
        bulk.putKeyByteArray(batch.key(j));
        bulk.putValueByteArray(batch.value(j));
        bulk.insert();
        lastBulkKeys.put(table, batch.key(j));
      } catch (WiredTigerException e) {
        // the cursor cannot go on, nor be closed: see cleanupThread
        failedBulkLoads.put(table, records.get(batch.index(j)).key() + " (" + e.getMessage() + ")");
        for (int k = j; k < batch.size(); k++) {
          failedKeys.add(records.get(batch.index(k)).key());
        }
        return error("bulk insert", table, records.get(batch.index(j)).key(), e);
      }
    }
    return Status.OK;
  }

  @Override
  public boolean bulkInKeyOrder() {
    return true;
  }

  /** A transaction body; returns the operation's status, a commit follows only for OK. */
  @FunctionalInterface
  private interface Body {
    Status run() throws WiredTigerException, CorruptRecordException;
  }

  /**
   * Runs {@code body} in a snapshot transaction and commits it. When WiredTiger rolls it back for a
   * conflict it is run again after a randomized pause that grows with each attempt (a conflict
   * storm slows down rather than fails), until {@code wiredtiger.retry_timeout_ms} has passed.
   */
  private Status transaction(String operation, String table, String key, Body body) {
    engine().beginWrite();
    try {
      return attempts(operation, table, key, body);
    } finally {
      engine().endWrite();
    }
  }

  private Status attempts(String operation, String table, String key, Body body) {
    long deadline = System.nanoTime() + engine().retryTimeoutNanos();
    for (int attempt = 0; ; attempt++) {
      try {
        session.begin_transaction(null);
      } catch (WiredTigerException e) {
        return error(operation, table, key, e);
      }
      try {
        Status status = body.run();
        if (status.isOk()) {
          session.commit_transaction(null);
        } else {
          session.rollback_transaction(null);
        }
        return status;
      } catch (WiredTigerRollbackException e) {
        Status failed = rollback(operation, table, key);
        if (failed != null) {
          return failed;
        }
        if (System.nanoTime() - deadline >= 0) {
          return error(operation, table, key, e);
        }
        pause(attempt);
      } catch (WiredTigerException | CorruptRecordException e) {
        rollback(operation, table, key);
        return error(operation, table, key, e);
      }
    }
  }

  /**
   * Ends the current transaction after a failure; ERROR (reported) if even that fails, else null.
   */
  private Status rollback(String operation, String table, String key) {
    try {
      session.rollback_transaction(null);
      return null;
    } catch (WiredTigerException e) {
      return error(operation, table, key, e);
    }
  }

  /**
   * Nothing for the first attempts, then a random pause of up to 10 µs × 2^attempt, at most 10 ms.
   */
  @SuppressWarnings(
      "ThreadPriorityCheck") // a conflict's first retries give the winner the core, no more
  private static void pause(int attempt) {
    if (attempt < 3) {
      Thread.yield();
      return;
    }
    long bound = Math.min(MAX_BACKOFF_NANOS, 10_000L << Math.min(attempt, 20));
    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(bound / 2, bound));
  }

  /** The thread's cursor from the first key at or after {@code start}, while below {@code end}. */
  /**
   * The thread's cursor positioned with {@code search_near} at the first key at or after {@code
   * start} (the first record when empty), advanced with {@code next}, up to {@code limit} records,
   * stopping at the first key not below {@code end} when one is given (only then are keys read
   * out).
   */
  @Override
  protected Status walk(Walk walk) {
    Cursor cursor = null;
    Status status = Status.OK;
    try {
      cursor = cursor(walk.table());
      boolean positioned;
      if (walk.start().isEmpty()) {
        positioned = cursor.next() == 0;
      } else {
        cursor.putKeyByteArray(bytes(walk.start()));
        SearchStatus near = cursor.search_near();
        // landed before the walk.start() key: step to the first after it
        positioned =
            near != SearchStatus.NOTFOUND && (near != SearchStatus.SMALLER || cursor.next() == 0);
      }
      for (int n = 0; positioned && n < walk.limit(); n++) {
        byte[] key = walk.end() == null ? null : cursor.getKeyByteArray();
        if (key != null && Arrays.compareUnsigned(key, walk.end()) >= 0) {
          break;
        }
        HashMap<String, ByteIterator> record = new HashMap<>();
        RecordCodec.decodeOwned(cursor.getValueByteArray(), walk.fields(), record);
        walk.sink().accept(key, record);
        positioned = cursor.next() == 0;
      }
    } catch (WiredTigerException | CorruptRecordException e) {
      status = error(walk.operation(), walk.table(), walk.start(), e);
    }
    return release(cursor, status, walk.operation(), walk.table(), walk.start());
  }

  @Override
  public Status delete(String table, String key) {
    RawCursor cursor = null;
    Status status;
    engine().beginWrite();
    try {
      cursor = raw(table);
      status =
          cursor.remove(bytes(key)) == wiredtigerConstants.WT_NOTFOUND
              ? Status.NOT_FOUND
              : Status.OK;
    } catch (WiredTigerException e) {
      status = error("delete", table, key, e);
    } finally {
      engine().endWrite();
    }
    return release(cursor, status, "delete", table, key);
  }

  /** This session's cursor on a table, opened once. */
  private Cursor cursor(String table) {
    return raw(table).cursor;
  }

  /** This session's cursor on a table with its point operations (see {@link RawCursor}). */
  private RawCursor raw(String table) {
    RawCursor cursor = cursors.get(table);
    if (cursor == null) {
      cursor = new RawCursor(session.open_cursor(engine().table(session, table), null, null));
      cursors.put(table, cursor);
    }
    return cursor;
  }

  /**
   * Releases the cursor's position (and the pages it pins) after an operation. When that fails
   * (WiredTiger panicked meanwhile) an operation that had succeeded is an ERROR after all.
   */
  private Status release(Cursor cursor, Status status, String operation, String table, String key) {
    if (cursor == null) {
      return status;
    }
    try {
      cursor.reset();
      return status;
    } catch (WiredTigerException e) {
      return status.isOk() ? error(operation, table, key, e) : status;
    }
  }

  private Status release(
      RawCursor cursor, Status status, String operation, String table, String key) {
    return release(cursor == null ? null : cursor.cursor, status, operation, table, key);
  }

  private static byte[] bytes(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }
}
