package io.github.ycsbembedded.berkeleydb;

import com.sleepycat.je.Cursor;
import com.sleepycat.je.CursorConfig;
import com.sleepycat.je.Database;
import com.sleepycat.je.DatabaseEntry;
import com.sleepycat.je.DatabaseException;
import com.sleepycat.je.DiskLimitException;
import com.sleepycat.je.EnvironmentFailureException;
import com.sleepycat.je.LockConflictException;
import com.sleepycat.je.LockMode;
import com.sleepycat.je.LogWriteException;
import com.sleepycat.je.OperationStatus;
import com.sleepycat.je.Transaction;
import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.BatchWriteDB;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.CorruptRecordException;
import io.github.ycsbembedded.core.EngineClient;
import io.github.ycsbembedded.core.EngineFailure;
import io.github.ycsbembedded.core.EngineFailure.Condition;
import io.github.ycsbembedded.core.KeyOrder;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.MultiWriteDB;
import io.github.ycsbembedded.core.RangeScanDB;
import io.github.ycsbembedded.core.RecordCodec;
import io.github.ycsbembedded.core.SortedBatch;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * YCSB binding for Berkeley DB Java Edition ({@code com.sleepycat:je}). One transactional database
 * per YCSB table in one environment per directory ({@link BerkeleyDbEngine}). Reads take no
 * transaction and read committed data; an update's read-modify-write is one transaction holding the
 * key's write lock from its read on ({@link LockMode#RMW}), so concurrent updates of one key lose
 * no field. A lock conflict ({@link LockConflictException}: a deadlock JE detected, or a lock wait
 * past {@code berkeleydb.lock_timeout_ms}) aborts the attempt, which is run again after a
 * randomized pause that grows with each attempt, for up to {@code berkeleydb.retry_timeout_ms}.
 *
 * <p>Properties: docs/bindings.md, section "Berkeley DB Java Edition", lists every {@code
 * berkeleydb.*} property with its default; {@link BerkeleyDbDescriptor} declares them.
 */
public final class BerkeleyDbClient extends EngineClient<BerkeleyDbEngine>
    implements BatchReadDB, BatchWriteDB, MultiWriteDB, RangeScanDB {
  /** The longest pause between two attempts of a conflicting operation. */
  private static final long MAX_BACKOFF_NANOS = 10_000_000;

  private final RecordCodec.Encoder encoder = new RecordCodec.Encoder();

  public BerkeleyDbClient() {
    super(new BerkeleyDbDescriptor(), BerkeleyDbEngine.class, BerkeleyDbEngine::open);
  }

  /** JE's exception types: a full disk, corruption, a failed log write, a stopped environment. */
  @Override
  protected Condition classify(Throwable e) {
    return conditionOf(e);
  }

  private static Condition conditionOf(Throwable e) {
    if (e instanceof DiskLimitException) {
      return Condition.NO_SPACE;
    }
    if (e instanceof EnvironmentFailureException failure) {
      if (failure.isCorrupted()) {
        return Condition.CORRUPTION;
      }
      return failure instanceof LogWriteException ? Condition.IO_ERROR : Condition.ENGINE_STOPPED;
    }
    return e instanceof IllegalArgumentException ? Condition.INVALID_ARGUMENT : Condition.OTHER;
  }

  /** The shared engine, for the binding's own tests (a transaction of their own holds a lock). */
  BerkeleyDbEngine sharedEngine() {
    return engine();
  }

  @Override
  protected void initThread(BerkeleyDbEngine engine, BindingProperties properties) {}

  @Override
  protected void cleanupThread() {}

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    DatabaseEntry k = entry(key);
    return retrying(
        "read",
        table,
        key,
        () -> {
          DatabaseEntry value = new DatabaseEntry();
          if (engine().table(table).get(null, k, value, LockMode.READ_COMMITTED)
              != OperationStatus.SUCCESS) {
            return Status.NOT_FOUND;
          }
          RecordCodec.decodeOwned(value.getData(), fields, result);
          return Status.OK;
        });
  }

  /**
   * An auto-commit put: one transaction of JE's own, committed with the environment's durability.
   */
  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    DatabaseEntry k = entry(key);
    int length = encoder.encode(values);
    DatabaseEntry value = new DatabaseEntry(encoder.buffer(), 0, length);
    return retrying(
        "insert",
        table,
        key,
        () -> {
          engine().table(table).put(null, k, value);
          return Status.OK;
        });
  }

  /** One transaction: the record read with a write lock ({@link LockMode#RMW}), merged, put. */
  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    SortedMap<String, byte[]> updates = RecordCodec.fields(values);
    DatabaseEntry k = entry(key);
    return transaction(
        "update",
        table,
        key,
        txn -> {
          Database database = engine().table(table);
          DatabaseEntry found = new DatabaseEntry();
          if (database.get(txn, k, found, LockMode.RMW) != OperationStatus.SUCCESS) {
            return Status.NOT_FOUND;
          }
          int length =
              encoder.encodeMerged(found.getData(), found.getOffset(), found.getSize(), updates);
          database.put(txn, k, new DatabaseEntry(encoder.buffer(), 0, length));
          return Status.OK;
        });
  }

  @Override
  public Status delete(String table, String key) {
    DatabaseEntry k = entry(key);
    return retrying(
        "delete",
        table,
        key,
        () ->
            engine().table(table).delete(null, k) == OperationStatus.SUCCESS
                ? Status.OK
                : Status.NOT_FOUND);
  }

  /**
   * JE has no multi-get and no snapshots (it isolates by locks): the batch is one transaction whose
   * reads keep their read locks to its end, so that the batch sees one consistent state. Its keys,
   * in key order, are cut into runs ({@link io.github.ycsbembedded.core.BatchWorkers}), each read
   * through a cursor of its own in that transaction on a reader thread (JE's transactions are
   * free-threaded; its cursors are not), so that many reads are in flight when the data is not in
   * the cache. A deadlock with a writer aborts the batch, which is read again. The answers keep the
   * order asked.
   */
  @Override
  public Status batchRead(
      String table, List<String> keys, Set<String> fields, List<KeyRead> results) {
    results.clear();
    byte[][] stored = keys.stream().map(BerkeleyDbClient::bytes).toArray(byte[][]::new);
    int[] order = KeyOrder.ascending(stored);
    KeyRead[] reads = new KeyRead[stored.length];
    Status status =
        transaction(
            "batch read",
            table,
            keys.isEmpty() ? "" : keys.get(0),
            txn -> {
              Database database = engine().table(table);
              engine()
                  .workers()
                  .read(
                      order.length,
                      (from, to) -> {
                        try (Cursor cursor = database.openCursor(txn, null)) {
                          DatabaseEntry value = new DatabaseEntry();
                          for (int j = from; j < to; j++) {
                            int i = order[j];
                            reads[i] =
                                cursor.getSearchKey(new DatabaseEntry(stored[i]), value, null)
                                        == OperationStatus.SUCCESS
                                    ? decodeForBatch(table, keys.get(i), value.getData(), fields)
                                    : KeyRead.missing();
                          }
                        }
                      });
              return Status.OK;
            });
    if (status.isOk()) {
      Collections.addAll(results, reads);
      status = BatchReadDB.overall(results);
    }
    return status;
  }

  /**
   * One transaction for the group, retried when JE aborts it for a lock conflict; each record is
   * encoded as it is put (JE copies it into its own node).
   */
  @Override
  public Status writeAtomically(List<Write> writes) {
    if (invalidWrite(writes) != null) {
      return Status.BAD_REQUEST;
    }
    Write first = writes.isEmpty() ? Write.delete("", "") : writes.get(0);
    return transaction(
        "atomic write",
        first.table(),
        first.key(),
        txn -> {
          for (Write write : writes) {
            Database database = engine().table(write.table());
            if (write.isDelete()) {
              database.delete(txn, entry(write.key()));
            } else {
              int length = encoder.encode(write.values());
              database.put(txn, entry(write.key()), new DatabaseEntry(encoder.buffer(), 0, length));
            }
          }
          return Status.OK;
        });
  }

  /**
   * A bulk load's batch: one transaction, its records put in key order through one cursor, which JE
   * appends to the tree's last bottom node when they come after every stored key. The table must be
   * empty when the first batch of its load comes. JE's own bulk path, a deferred-write database, is
   * not transactional and a table's database is; one transaction per batch keeps every batch
   * acknowledged through kill -9, as the durability contract asks.
   */
  @Override
  protected Status writeBulk(
      String table, SortedBatch batch, List<Insert> records, List<String> failedKeys) {
    try {
      if (!engine().startBulk(table)) {
        return messages().bulkRefused(table, records, failedKeys, messages().notEmpty(table));
      }
    } catch (DatabaseException e) {
      return messages().bulkFailed(table, records, failedKeys, oneLine(e));
    }
    Status status =
        transaction(
            "bulk insert",
            table,
            records.get(0).key(),
            txn -> {
              try (Cursor cursor = engine().table(table).openCursor(txn, null)) {
                for (int j = 0; j < batch.size(); j++) {
                  cursor.put(new DatabaseEntry(batch.key(j)), new DatabaseEntry(batch.value(j)));
                }
              }
              return Status.OK;
            });
    if (!status.isOk()) {
      BatchWriteDB.allFailed(records, failedKeys);
    }
    return status;
  }

  /**
   * A cursor without a transaction, reading committed records: positioned with {@code
   * getSearchKeyRange} at the first key at or after {@code start} (JE orders keys by their unsigned
   * bytes, as the other engines do), advanced with {@code getNext}, up to {@code limit} records,
   * stopping at the first key not below {@code end} when one is given.
   */
  @Override
  protected Status walk(Walk walk) {
    try (Cursor cursor =
        engine().table(walk.table()).openCursor(null, CursorConfig.READ_COMMITTED)) {
      DatabaseEntry key = new DatabaseEntry(bytes(walk.start()));
      DatabaseEntry value = new DatabaseEntry();
      OperationStatus found =
          walk.start().isEmpty()
              ? cursor.getFirst(key, value, null)
              : cursor.getSearchKeyRange(key, value, null);
      for (int n = 0; found == OperationStatus.SUCCESS && n < walk.limit(); n++) {
        byte[] k = walk.end() == null ? null : key.getData();
        if (k != null && Arrays.compareUnsigned(k, walk.end()) >= 0) {
          break;
        }
        HashMap<String, ByteIterator> record = new HashMap<>();
        RecordCodec.decodeOwned(value.getData(), walk.fields(), record);
        walk.sink().accept(k, record);
        found = cursor.getNext(key, value, null);
      }
      return Status.OK;
    } catch (DatabaseException e) {
      return error(walk.operation(), walk.table(), walk.start(), oneLine(e));
    } catch (CorruptRecordException e) {
      return error(walk.operation(), walk.table(), walk.start(), e);
    }
  }

  /** One attempt of an operation; a {@link LockConflictException} asks for another. */
  @FunctionalInterface
  private interface Attempt {
    Status run() throws Exception;
  }

  /** A transaction's body; a commit follows only for OK. */
  @FunctionalInterface
  private interface Body {
    Status run(Transaction txn) throws Exception;
  }

  /**
   * Runs {@code body} in a transaction of its own (with the environment's durability) and commits
   * it, or aborts it when the body's status is not OK; retried as {@link #retrying} says.
   */
  private Status transaction(String operation, String table, String key, Body body) {
    return retrying(
        operation,
        table,
        key,
        () -> {
          Transaction txn = engine().environment().beginTransaction(null, null);
          boolean ended = false;
          try {
            Status status = body.run(txn);
            if (status.isOk()) {
              txn.commit();
            } else {
              txn.abort();
            }
            ended = true;
            return status;
          } finally {
            if (!ended) {
              abort(txn);
            }
          }
        });
  }

  /**
   * Runs {@code attempt}; when JE refuses it for a lock conflict (a deadlock it detected, or a lock
   * wait past the lock timeout) it is run again after a randomized pause that grows with each
   * attempt, until {@code berkeleydb.retry_timeout_ms} has passed, so that no thread waits on a
   * lock for good. Any other failure is the operation's ERROR, reported once.
   */
  private Status retrying(String operation, String table, String key, Attempt attempt) {
    long deadline = 0; // from the first conflict on: an operation without one reads no clock
    for (int n = 0; ; n++) {
      try {
        return attempt.run();
      } catch (LockConflictException e) {
        long now = System.nanoTime();
        if (n == 0) {
          deadline = now + engine().retryTimeoutNanos();
        }
        if (now - deadline >= 0) {
          return error(operation, table, key, refused(e));
        }
        pause(n);
      } catch (DatabaseException | IllegalStateException | IllegalArgumentException e) {
        return error(operation, table, key, oneLine(e));
      } catch (Exception e) { // a record's checksum, or a batch's reader thread interrupted
        return error(operation, table, key, e);
      }
    }
  }

  /**
   * A lock conflict that outlasted the retries, as one line that names JE's type ({@code
   * DeadlockException}, {@code LockTimeoutException}, ...) and how long it was retried.
   */
  private Throwable refused(LockConflictException e) {
    EngineFailure failure =
        new EngineFailure(
            Condition.OTHER,
            "a lock conflict, still there after "
                + TimeUnit.NANOSECONDS.toMillis(engine().retryTimeoutNanos())
                + " ms of retries (berkeleydb.retry_timeout_ms): "
                + e.getClass().getSimpleName()
                + ": "
                + flat(e.getMessage() == null ? "" : e.getMessage()));
    failure.initCause(e);
    return failure;
  }

  /** Aborts a transaction whose body or commit failed; the failure itself is what is reported. */
  private static void abort(Transaction txn) {
    try {
      txn.abort();
    } catch (DatabaseException | IllegalStateException e) {
      // the environment failed, or the transaction ended already: the first failure is reported
    }
  }

  /**
   * None before the second attempt (a deadlock's victim retries at once: JE let the other
   * transaction go on; a lock timeout has waited already), then a random pause in the upper half of
   * 10 ms / 2^(10 - attempt): about 20 µs, doubling with each attempt up to 10 ms.
   */
  private static void pause(int attempt) {
    if (attempt == 0) {
      return;
    }
    long bound = MAX_BACKOFF_NANOS >> Math.max(0, 10 - attempt);
    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(bound / 2, bound + 1));
  }

  /**
   * JE's exception as one line: its messages may span several (a lock conflict lists the lock's
   * owners and waiters), which an error line must not. The condition is JE's type's ({@link
   * #classify}).
   */
  static Throwable oneLine(RuntimeException e) {
    String message = e.getMessage();
    if (message == null || message.indexOf('\n') < 0) {
      return e;
    }
    EngineFailure failure = new EngineFailure(conditionOf(e), flat(message));
    failure.initCause(e);
    return failure;
  }

  /** A message of several lines as one: each line break, with the blanks around it, one space. */
  private static String flat(String message) {
    return message.strip().replaceAll("\\s*\\R\\s*", " ");
  }

  private static DatabaseEntry entry(String key) {
    return new DatabaseEntry(bytes(key));
  }

  private static byte[] bytes(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }
}
