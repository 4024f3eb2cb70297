package io.github.ycsbembedded.lmdb;

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
import io.github.ycsbembedded.core.TablePrefix;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.Env;
import org.lmdbjava.GetOp;
import org.lmdbjava.LmdbException;
import org.lmdbjava.LmdbNativeException;
import org.lmdbjava.PutFlags;
import org.lmdbjava.Txn;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for LMDB through lmdbjava. Every YCSB table's records are in LMDB's main database,
 * each key behind its table's {@link TablePrefix} (see {@link LmdbEngine}); records encoded by
 * {@link RecordCodec}. Reads reuse one read transaction per client (reset between operations,
 * renewed for the next); writes run in one write transaction each, and an update's
 * read-modify-write happens inside it, so concurrent updates of one key lose nothing.
 *
 * <p>A read transaction holds its snapshot, and LMDB cannot reuse a page freed after that snapshot
 * until it ends: a writer meanwhile takes new pages and the free list grows, for good, making every
 * later commit write a longer list. So reads, scans and batches copy the values out in the
 * transaction and decode them after it
 * (docs/notes/performance-against-ycsb-cpp-and-upstream-ycsb.md, has figures), and every read
 * transaction is announced in the thread's {@link TxnGate} slot, so that a writer waits for one
 * that stalled holding its snapshot rather than commit past it.
 *
 * <p>Properties: docs/bindings.md, section "LMDB", lists every {@code lmdb.*} property with its
 * default; {@link LmdbDescriptor} declares them.
 */
public final class LmdbClient extends EngineClient<LmdbEngine>
    implements BatchReadDB, BatchWriteDB, MultiWriteDB, RangeScanDB {
  private static final int MAX_KEY_BYTES = LmdbEngine.MAX_KEY_BYTES;

  private final ByteBuffer keyMemory = ByteBuffer.allocateDirect(MAX_KEY_BYTES);
  private final UnsafeBuffer key = new UnsafeBuffer(keyMemory);
  private final RecordCodec.Encoder encoder = new RecordCodec.Encoder();
  private byte[] value = new byte[1024];

  /**
   * A read's body: {@link #key}'s value copied out, or null (one object per client, not per read).
   */
  private final ReadBody<byte[]> readKey =
      txn -> {
        DirectBuffer found = engine().records().get(txn, key);
        return found == null ? null : owned(found);
      };

  private Txn<DirectBuffer> readTxn;

  /** Map growth waits for this client's transactions through its slot (see {@link TxnGate}). */
  private TxnGate gate;

  private TxnGate.Slot slot;

  /** errno values LMDB passes through from the file system. */
  private static final int EIO = 5;

  private static final int EACCES = 13;
  private static final int EINVAL = 22;
  private static final int ENOSPC = 28;
  private static final int EDQUOT = 122;

  public LmdbClient() {
    super(new LmdbDescriptor(), LmdbEngine.class, LmdbEngine::open);
  }

  /** LMDB is multi-process by design: another process may have the directory open. */
  @Override
  protected boolean multiProcess() {
    return true;
  }

  /** lmdbjava's exception types for LMDB's own codes, and the errno of a failed system call. */
  @Override
  protected Condition classify(Throwable e) {
    if (e instanceof LmdbNativeException.PageCorruptedException
        || e instanceof LmdbNativeException.PageNotFoundException
        || e instanceof Env.FileInvalidException
        || e instanceof Env.VersionMismatchException) {
      return Condition.CORRUPTION;
    }
    if (e instanceof LmdbNativeException.PanicException) {
      return Condition.ENGINE_STOPPED;
    }
    if (e instanceof LmdbNativeException n) {
      return switch (n.getResultCode()) {
        case ENOSPC, EDQUOT -> Condition.NO_SPACE;
        case EIO, EACCES -> Condition.IO_ERROR;
        case EINVAL -> Condition.INVALID_ARGUMENT;
        default -> Condition.OTHER;
      };
    }
    return e instanceof java.io.IOException ? Condition.IO_ERROR : Condition.OTHER;
  }

  @Override
  protected void initThread(LmdbEngine engine, BindingProperties properties) throws DBException {
    gate = engine.gate();
    slot = gate.slot();
    gate.enter(slot);
    try {
      readTxn = engine.env().txnRead();
      readTxn.reset();
    } catch (LmdbException e) {
      throw new DBException("lmdb: cannot start a read transaction: " + e.getMessage(), e);
    } finally {
      gate.exit(slot);
    }
  }

  @Override
  protected void cleanupThread() {
    if (readTxn != null) {
      readTxn.close();
      readTxn = null;
    }
    if (gate != null) {
      gate.release(slot);
      gate = null;
      slot = null;
    }
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      if (!setKey("read", table, key)) {
        return Status.BAD_REQUEST;
      }
      byte[] data = inReadTransaction(readKey);
      if (data == null) {
        return Status.NOT_FOUND;
      }
      RecordCodec.decodeOwned(data, fields, result);
      return Status.OK;
    } catch (LmdbException | CorruptRecordException e) {
      return error("read", table, key, e);
    }
  }

  /**
   * The batch in key order, cut into up to {@code lmdb.batch_parallelism} runs, each read by a
   * thread of its own in its own read transaction, so that many page faults are in flight when the
   * map is not in memory. Every run's transaction must see the snapshot this client's transaction
   * saw before the runs began ({@link SnapshotRuns}: read again when a write committed in between;
   * false when the caller must read the batch in one transaction). The values are copied into
   * {@code copies}, to be decoded after the transactions.
   */
  private boolean readInRuns(byte[][] encoded, byte[][] copies, KeyRead[] reads) {
    int[] order =
        Arrays.stream(KeyOrder.ascending(encoded)).filter(i -> reads[i] == null).toArray();
    try {
      return SnapshotRuns.read(
          engine().workers(),
          order.length,
          () -> inReadTransaction(Txn::getId),
          (token, from, to) ->
              engine()
                  .readRun(
                      token, encoded, order, from, to, (i, found) -> keep(i, found, copies, reads)),
          token -> true, // each run checked its own transaction's id against the token
          () -> {
            for (int i : order) {
              reads[i] = null;
              copies[i] = null;
            }
          });
    } catch (Exception e) {
      throw e instanceof LmdbException lmdb ? lmdb : new IllegalStateException(e.getMessage(), e);
    }
  }

  /** A batch key's value copied out of its transaction into {@code copies}, or the key missing. */
  private static void keep(int i, DirectBuffer found, byte[][] copies, KeyRead[] reads) {
    if (found == null) {
      reads[i] = KeyRead.missing();
    } else {
      copies[i] = owned(found);
    }
  }

  /** One read transaction for the whole batch; keys visited in key order. */
  @Override
  public Status batchRead(
      String table, List<String> keys, Set<String> fields, List<KeyRead> results) {
    results.clear();
    KeyRead[] reads = new KeyRead[keys.size()];
    byte[][] encoded = new byte[keys.size()][];
    byte[] prefix = engine().prefix(table);
    for (int i = 0; i < encoded.length; i++) {
      byte[] bytes = keys.get(i).getBytes(StandardCharsets.UTF_8);
      String refused = refusedKey(prefix, bytes.length);
      if (refused != null) {
        reads[i] = KeyRead.failed(keys.get(i), refused);
      }
      encoded[i] = TablePrefix.join(prefix, bytes);
    }
    byte[][] copies = new byte[encoded.length][];
    try {
      Dbi<DirectBuffer> dbi = engine().records();
      if (engine().workers().parallelism() <= 1 || !readInRuns(encoded, copies, reads)) {
        inReadTransaction(
            txn -> {
              for (int i : KeyOrder.ascending(encoded)) {
                if (reads[i] != null) {
                  continue;
                }
                keep(i, dbi.get(txn, pointKey(encoded[i])), copies, reads);
              }
              return null;
            });
      }
      for (int i = 0; i < copies.length; i++) {
        if (copies[i] != null) {
          reads[i] = decodeForBatch(table, keys.get(i), copies[i], fields);
        }
      }
    } catch (LmdbException | IllegalStateException e) {
      return messages().batchReadError(table, keys, e);
    }
    results.addAll(Arrays.asList(reads));
    return BatchReadDB.overall(results);
  }

  /** One write transaction for the whole group (retried whole if the map has to grow). */
  @Override
  public Status writeAtomically(List<Write> writes) {
    if (invalidWrite(writes) != null) {
      return Status.BAD_REQUEST;
    }
    try {
      Dbi<DirectBuffer> dbi = engine().records();
      List<byte[]> keys = new ArrayList<>(writes.size());
      List<byte[]> values = new ArrayList<>(writes.size());
      for (Write write : writes) {
        keys.add(
            TablePrefix.join(
                engine().prefix(write.table()), write.key().getBytes(StandardCharsets.UTF_8)));
        values.add(write.isDelete() ? null : RecordCodec.encode(write.values()));
      }
      return engine()
          .write(
              txn -> {
                for (int i = 0; i < writes.size(); i++) {
                  pointKey(keys.get(i));
                  if (values.get(i) == null) {
                    dbi.delete(txn, key);
                  } else {
                    MutableDirectBuffer reserved =
                        (MutableDirectBuffer) dbi.reserve(txn, key, values.get(i).length);
                    reserved.putBytes(0, values.get(i));
                  }
                }
                return Status.OK;
              });
    } catch (LmdbException e) {
      return messages().atomicWriteError(writes, e);
    }
  }

  /**
   * One write transaction per batch that writes its records in key order, appending them ({@code
   * MDB_APPEND}: each goes at the end of the B-tree, pages are filled, none is split) unless a
   * table whose keys sort after this one's holds records. The first key must lie above the table's
   * last; the table must have been empty when the process's bulk load of it began.
   */
  @Override
  protected Status writeBulk(
      String table, SortedBatch batch, List<Insert> records, List<String> failedKeys) {
    byte[] prefix = engine().prefix(table);
    try {
      Dbi<DirectBuffer> dbi = engine().records();
      String refused =
          engine()
              .write(
                  txn -> {
                    byte[] last;
                    boolean laterTable;
                    try (Cursor<DirectBuffer> cursor = dbi.openCursor(txn)) {
                      laterTable =
                          cursor.get(pointKey(TablePrefix.end(prefix)), GetOp.MDB_SET_RANGE);
                      last =
                          (laterTable ? cursor.prev() : cursor.last()) ? owned(cursor.key()) : null;
                    }
                    last =
                        last != null && TablePrefix.startsWith(last, prefix)
                            ? Arrays.copyOfRange(last, prefix.length, last.length)
                            : null;
                    if (engine().startBulk(table) && last != null) {
                      engine().abandonBulk(table);
                      return messages().notEmpty(table);
                    }
                    if (last != null && !SortedBatch.below(last, batch.key(0))) {
                      return messages().outOfOrder(table, batch.key(0), last);
                    }
                    PutFlags[] append =
                        laterTable ? new PutFlags[0] : new PutFlags[] {PutFlags.MDB_APPEND};
                    for (int j = 0; j < batch.size(); j++) {
                      pointKey(prefix, batch.key(j));
                      byte[] encoded = batch.value(j);
                      ((MutableDirectBuffer) dbi.reserve(txn, key, encoded.length, append))
                          .putBytes(0, encoded);
                    }
                    return null;
                  },
                  refusal -> refusal != null);
      return refused == null
          ? Status.OK
          : messages().bulkRefused(table, records, failedKeys, refused);
    } catch (LmdbException e) {
      return messages().bulkFailed(table, records, failedKeys, e);
    }
  }

  /** LMDB's key limit less the table's prefix. */
  @Override
  protected int maxKeyBytes(String table) {
    return mostKeyBytes(engine().prefix(table));
  }

  /** The longest key LMDB takes behind {@code prefix}: its key limit less the prefix. */
  private static int mostKeyBytes(byte[] prefix) {
    return MAX_KEY_BYTES - prefix.length;
  }

  @Override
  public boolean bulkInKeyOrder() {
    return true;
  }

  /**
   * A cursor in one read transaction from {@code start} (the table's first record when empty), up
   * to {@code limit} records, stopping at the end of the table or at the first key not below {@code
   * end} when one is given (only then are keys copied out for the sink). The values are copied out
   * in the transaction and decoded after it (see {@link #read}).
   */
  @Override
  protected Status walk(Walk walk) {
    try {
      Dbi<DirectBuffer> dbi = engine().records();
      byte[] prefix = engine().prefix(walk.table());
      if (walk.start().isEmpty()) {
        pointKey(prefix);
      } else if (!setKey(walk.operation(), walk.table(), walk.start())) {
        return Status.BAD_REQUEST;
      }
      byte[] stop =
          walk.end() == null ? TablePrefix.end(prefix) : TablePrefix.join(prefix, walk.end());
      List<byte[]> keys = new ArrayList<>();
      List<byte[]> values = new ArrayList<>();
      inReadTransaction(
          txn -> {
            try (Cursor<DirectBuffer> cursor = dbi.openCursor(txn)) {
              boolean more = cursor.get(this.key, GetOp.MDB_SET_RANGE);
              for (int n = 0; more && n < walk.limit() && below(cursor.key(), stop); n++) {
                byte[] found = null;
                if (walk.end() != null) {
                  found = new byte[cursor.key().capacity() - prefix.length];
                  cursor.key().getBytes(prefix.length, found);
                }
                keys.add(found);
                values.add(owned(cursor.val()));
                more = cursor.next();
              }
            }
            return null;
          });
      for (int i = 0; i < values.size(); i++) {
        HashMap<String, ByteIterator> record = new HashMap<>();
        RecordCodec.decodeOwned(values.get(i), walk.fields(), record);
        walk.sink().accept(keys.get(i), record);
      }
      return Status.OK;
    } catch (LmdbException | CorruptRecordException e) {
      return error(walk.operation(), walk.table(), walk.start(), e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Dbi<DirectBuffer> dbi = engine().records();
    int length = encoder.encode(values);
    return writeKey("insert", table, key, txn -> put(dbi, txn, length));
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Dbi<DirectBuffer> dbi = engine().records();
    // the new values are read once, outside the transaction body that may be retried
    SortedMap<String, byte[]> updates = RecordCodec.fields(values);
    return writeKey(
        "update",
        table,
        key,
        txn -> {
          DirectBuffer found = dbi.get(txn, this.key);
          if (found == null) {
            return Status.NOT_FOUND;
          }
          int length = copy(found);
          try {
            return put(dbi, txn, encoder.encodeMerged(value, 0, length, updates));
          } catch (CorruptRecordException e) {
            return error("update", table, key, e);
          }
        });
  }

  @Override
  public Status delete(String table, String key) {
    Dbi<DirectBuffer> dbi = engine().records();
    return writeKey(
        "delete", table, key, txn -> dbi.delete(txn, this.key) ? Status.OK : Status.NOT_FOUND);
  }

  /**
   * One write transaction ({@code body}) on {@link #key} pointed at the table's {@code key}: {@code
   * BAD_REQUEST} when LMDB cannot take the key, the operation's ERROR when the engine fails.
   */
  private Status writeKey(
      String operation, String table, String key, LmdbEngine.WriteBody<Status> body) {
    try {
      if (!setKey(operation, table, key)) {
        return Status.BAD_REQUEST;
      }
      return engine().write(body);
    } catch (LmdbException e) {
      return error(operation, table, key, e);
    }
  }

  /** The current map size of the shared environment (grows when the map fills). */
  long mapSize() {
    return engine().mapSize();
  }

  /** Writes the encoder's first {@code length} bytes as the value of {@link #key}. */
  private Status put(Dbi<DirectBuffer> dbi, Txn<DirectBuffer> txn, int length) {
    DirectBuffer reserved = dbi.reserve(txn, key, length);
    ((MutableDirectBuffer) reserved).putBytes(0, encoder.buffer(), 0, length);
    return Status.OK;
  }

  /**
   * Points {@link #key} at the table's prefix and the UTF-8 bytes of {@code text}; false, with the
   * error reported, when LMDB cannot take the key.
   */
  private boolean setKey(String operation, String table, String text) {
    byte[] prefix = engine().prefix(table);
    int length = text.length();
    if (length > 0 && length <= mostKeyBytes(prefix) && putAscii(prefix, text, length)) {
      return true;
    }
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    String refused = refusedKey(prefix, bytes.length);
    if (refused != null) {
      error(operation, table, text, new IllegalArgumentException(refused));
      return false;
    }
    pointKey(prefix, bytes);
    return true;
  }

  /** Points {@link #key} at {@code bytes}; returns it. */
  private UnsafeBuffer pointKey(byte[] bytes) {
    key.wrap(keyMemory, 0, bytes.length);
    key.putBytes(0, bytes);
    return key;
  }

  /** Points {@link #key} at {@code prefix} followed by {@code rest}. */
  private void pointKey(byte[] prefix, byte[] rest) {
    key.wrap(keyMemory, 0, prefix.length + rest.length);
    key.putBytes(0, prefix);
    key.putBytes(prefix.length, rest);
  }

  /**
   * Why LMDB cannot take a key of {@code length} UTF-8 bytes in the table of {@code prefix}; null
   * when it can.
   */
  private static String refusedKey(byte[] prefix, int length) {
    int most = mostKeyBytes(prefix);
    if (length > 0 && length <= most) {
      return null;
    }
    return most < 1
        ? "the table's name leaves no room for a key: LMDB keys are at most "
            + MAX_KEY_BYTES
            + " bytes, and the table's prefix takes "
            + prefix.length
        : "key of "
            + length
            + " bytes; LMDB accepts 1 to "
            + most
            + " in this table ("
            + MAX_KEY_BYTES
            + " less the table's "
            + prefix.length
            + "-byte prefix)";
  }

  /**
   * Writes the table's prefix and an ASCII key's chars as its bytes straight into {@link #key} (no
   * byte array per operation, as a YCSB key always is); false, with {@link #key} unusable, at the
   * first char that is not ASCII.
   */
  private boolean putAscii(byte[] prefix, String text, int length) {
    key.wrap(keyMemory, 0, prefix.length + length);
    key.putBytes(0, prefix);
    for (int i = 0; i < length; i++) {
      char c = text.charAt(i);
      if (c >= 0x80) {
        return false;
      }
      key.putByte(prefix.length + i, (byte) c);
    }
    return true;
  }

  /**
   * Whether {@code found} sorts below {@code stop} in LMDB's order (unsigned bytes), without
   * copying it.
   */
  private static boolean below(DirectBuffer found, byte[] stop) {
    int length = found.capacity();
    for (int i = 0; i < Math.min(length, stop.length); i++) {
      int difference = (found.getByte(i) & 0xFF) - (stop[i] & 0xFF);
      if (difference != 0) {
        return difference < 0;
      }
    }
    return length < stop.length;
  }

  /** Copies a value out of the map into the reused {@link #value} buffer, for an update's merge. */
  private int copy(DirectBuffer found) {
    int length = found.capacity();
    if (value.length < length) {
      value = new byte[Math.max(length, value.length * 2)];
    }
    found.getBytes(0, value, 0, length);
    return length;
  }

  /** What runs in this client's read transaction; buffers it returns are valid only inside it. */
  @FunctionalInterface
  private interface ReadBody<T> {
    T run(Txn<DirectBuffer> txn);
  }

  /**
   * Runs {@code body} in this client's read transaction (renewed, then reset), announced in the
   * thread's gate slot from before the renew to after the reset, whatever happens: map growth waits
   * for it, and so does a writer once it has stalled ({@link TxnGate#readBegins}).
   */
  private <T> T inReadTransaction(ReadBody<T> body) {
    gate.enter(slot);
    long began = gate.readBegins(slot);
    try {
      readTxn.renew();
      try {
        return body.run(readTxn);
      } finally {
        readTxn.reset();
      }
    } finally {
      gate.readEnds(slot, began);
      gate.exit(slot);
    }
  }

  /** The value copied out of the map into an exact-size array (valid after the transaction). */
  private static byte[] owned(DirectBuffer found) {
    byte[] data = new byte[found.capacity()];
    found.getBytes(0, data);
    return data;
  }
}
