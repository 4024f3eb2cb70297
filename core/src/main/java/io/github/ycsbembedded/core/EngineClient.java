package io.github.ycsbembedded.core;

import io.github.ycsbembedded.core.EngineFailure.Condition;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.function.Function;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * What every binding does the same way around its engine. Its life from {@code init()} to {@code
 * cleanup()} is {@link EngineLifecycle}'s (properties, the directory, one shared engine per
 * directory, the last cleanup); what it says when something goes wrong is {@link EngineMessages}'
 * (errors reported once with the condition the binding's {@link #classify} tells). This class holds
 * the operations written once for every engine: scans over the binding's cursor walk, batch reads
 * in key-ordered runs, batch and bulk inserts. A subclass holds only per-thread state and
 * implements the engine's own calls.
 *
 * @param <E> the shared engine handle
 */
public abstract class EngineClient<E extends EngineHandle> extends DB
    implements BatchReadDB, BatchWriteDB, MultiWriteDB, RangeScanDB {
  /** The longest key a binding stores unless its engine's limit is lower (1 MiB). */
  public static final int DEFAULT_MAX_KEY_BYTES = 1 << 20;

  private final String name;
  private final EngineMessages messages;
  private final EngineLifecycle<E> lifecycle;

  /** Opens the engine of a directory; only called when no other client of the process holds it. */
  @FunctionalInterface
  protected interface Opener<E> {
    E open(Path directory, BindingProperties properties) throws Exception;
  }

  /**
   * @param engine the binding's descriptor: its name and the properties it reads besides {@code
   *     <name>.dir}, {@code <name>.destroy} and {@code <name>.flush_on_close}, which this class
   *     handles
   * @param opener opens the binding's engine
   */
  protected EngineClient(EngineDescriptor engine, Class<E> engineType, Opener<E> opener) {
    this.name = engine.name();
    this.messages = new EngineMessages(name, this::classify);
    this.lifecycle = new EngineLifecycle<>(engine, engineType, opener, messages);
  }

  /**
   * Every property the binding accepts with its prefix ({@code lmdb.dir}, {@code lmdb.mapsize}).
   */
  public final Set<String> acceptedProperties() {
    return lifecycle.properties();
  }

  /** The binding's name, also the prefix of its properties ({@code lmdb} for {@code lmdb.dir}). */
  public final String name() {
    return name;
  }

  /**
   * Receives the records of a binding's cursor walk ({@link #walk}), shared by YCSB's {@code scan}
   * and {@link RangeScanDB#scanRange}: the record's key as the user gave it, UTF-8, without any
   * table prefix (null when the walk was not asked for keys), and the decoded record.
   */
  @FunctionalInterface
  protected interface RecordSink {
    void accept(byte[] key, HashMap<String, ByteIterator> record);
  }

  /**
   * A cursor walk over {@code table}: from {@code start} (the table's first record when empty), up
   * to {@code limit} records in key order, stopping at the end of the table and, when {@code end}
   * is given (a key, UTF-8, without table prefix), at the first key not below it; only then are
   * keys handed to the {@code sink}. {@code operation} names it in an error.
   */
  @SuppressWarnings("ArrayRecordComponent") // a walk's arguments, never compared or hashed
  protected record Walk(
      String operation,
      String table,
      String start,
      byte[] end,
      int limit,
      Set<String> fields,
      RecordSink sink) {}

  /** The binding's cursor walk ({@link Walk}); an engine error is its ERROR, reported once. */
  protected abstract Status walk(Walk walk);

  /** YCSB's scan: {@link #walk} from {@code startkey}, the records without their keys. */
  @Override
  public final Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return walk(
        new Walk(
            "scan",
            table,
            startkey,
            null,
            recordcount,
            fields,
            (key, record) -> result.add(record)));
  }

  /**
   * {@link RangeScanDB#scanRange} for every binding: {@link #walk} from {@code start} to {@code
   * end} (exclusive), with the keys; on an error, no records.
   */
  @Override
  public final Status scanRange(
      String table,
      String start,
      String end,
      int limit,
      Set<String> fields,
      List<RangeScanDB.KeyedRecord> results) {
    results.clear();
    Status status =
        walk(
            new Walk(
                "range scan",
                table,
                start,
                end.getBytes(StandardCharsets.UTF_8),
                limit,
                fields,
                (key, record) ->
                    results.add(
                        new RangeScanDB.KeyedRecord(
                            new String(key, StandardCharsets.UTF_8), record))));
    if (!status.isOk()) {
      results.clear();
    }
    return status;
  }

  /** Reads a run of a batch's stored keys, in key order: each one's value, or null. */
  @FunctionalInterface
  protected interface RunRead {
    List<byte[]> read(List<byte[]> run) throws Exception;
  }

  /**
   * A batch read of {@code keys}, each turned by {@code storedKey} into the key the engine stores,
   * cut into runs of keys in key order, each run read by {@code read} on a reader thread of {@code
   * workers} (the client's thread reads the first), so that many reads are in flight when the data
   * is not in memory; the answers keep the order asked. The caller holds the one snapshot all runs
   * read (RocksDB's and LevelDB's snapshots are shared by threads; an engine whose threads need
   * snapshots of their own uses {@link SnapshotRuns}).
   */
  protected final Status readRunsOfOneSnapshot(
      BatchWorkers workers,
      String table,
      List<String> keys,
      Function<String, byte[]> storedKey,
      Set<String> fields,
      List<KeyRead> results,
      RunRead read) {
    results.clear();
    byte[][] stored = new byte[keys.size()][];
    for (int i = 0; i < stored.length; i++) {
      stored[i] = storedKey.apply(keys.get(i));
    }
    KeyRead[] reads = new KeyRead[stored.length];
    int[] order = KeyOrder.ascending(stored);
    try {
      workers.read(
          stored.length,
          (from, to) -> {
            List<byte[]> run = new java.util.ArrayList<>(to - from);
            for (int j = from; j < to; j++) {
              run.add(stored[order[j]]);
            }
            List<byte[]> values = read.read(run);
            for (int j = from; j < to; j++) {
              int i = order[j];
              byte[] found = values.get(j - from);
              reads[i] =
                  found == null
                      ? KeyRead.missing()
                      : decodeForBatch(table, keys.get(i), found, fields);
            }
          });
    } catch (Exception e) {
      return messages.batchReadError(table, keys, e);
    }
    results.addAll(java.util.Arrays.asList(reads));
    return BatchReadDB.overall(results);
  }

  /** Sets up this thread's state on the shared engine. */
  protected abstract void initThread(E engine, BindingProperties properties) throws DBException;

  /** Releases this thread's state; the engine stays open until its last lease is closed. */
  protected abstract void cleanupThread() throws DBException;

  /**
   * Whether the engine lets several processes open one directory (LMDB); others are refused a
   * directory another process has open before their engine is asked.
   */
  protected boolean multiProcess() {
    return false;
  }

  /**
   * The one place a binding tells its engine's conditions apart, from an exception the engine
   * threw: by its type and codes, never its message text. (An {@link EngineFailure} carries its
   * condition and is not asked about.)
   */
  protected Condition classify(Throwable engineError) {
    return Condition.OTHER;
  }

  /** Opens (or shares) the engine, sets up this thread, and registers the client's extensions. */
  @Override
  public final void init() throws DBException {
    lifecycle.open(getProperties(), getClass().getName(), multiProcess(), this::initThread);
    Extensions.register(this);
  }

  /** Marks the pre-flight's open and close, whose flush is not reported. */
  static void preflight(boolean on) {
    EngineLifecycle.preflight(on);
  }

  /**
   * Releases this thread's state and, for the last client, closes the engine ({@link
   * EngineLifecycle#close}: a failure is one line, and the run's exit status says so).
   */
  @Override
  public final void cleanup() throws DBException {
    Extensions.unregister(this);
    lifecycle.close(this::cleanupThread);
  }

  /** The shared engine; valid between {@code init()} and {@code cleanup()}. */
  protected final E engine() {
    return lifecycle.engine();
  }

  /** What the binding says when something goes wrong: errors, failures, refusals. */
  protected final EngineMessages messages() {
    return messages;
  }

  /**
   * An {@link EngineFailure} for an engine error: {@code <name>: <what> (<condition>): <message>}.
   */
  protected final EngineFailure failure(String what, Throwable engineError) {
    return messages.failure(what, engineError);
  }

  /**
   * Decodes one key's value for a batch read from an array the binding owns (values are slices of
   * it): found, or failed with the key and the reason (also reported once), never an exception.
   */
  protected final KeyRead decodeForBatch(
      String table, String key, byte[] owned, Set<String> fields) {
    Map<String, ByteIterator> record = new HashMap<>();
    try {
      RecordCodec.decodeOwned(owned, fields, record);
      return KeyRead.found(record);
    } catch (CorruptRecordException e) {
      error("batch read", table, key, e);
      return KeyRead.failed(key, e.getMessage());
    }
  }

  /**
   * Checks every write of an atomic group before any is applied: a key must be 1 to {@link
   * #maxKeyBytes} UTF-8 bytes. Returns the first problem (reported once), or null.
   */
  protected final String invalidWrite(List<MultiWriteDB.Write> writes) {
    for (MultiWriteDB.Write write : writes) {
      int length = write.key().getBytes(StandardCharsets.UTF_8).length;
      int maxKeyBytes = maxKeyBytes(write.table());
      if (length == 0 || length > maxKeyBytes) {
        String problem = messages.keyRefused(null, length, maxKeyBytes);
        ErrorLog.report(name, "atomic write", write.table(), write.key(), problem);
        return problem;
      }
    }
    return null;
  }

  /**
   * The longest key, in UTF-8 bytes, the binding stores for {@code table}: {@link
   * #DEFAULT_MAX_KEY_BYTES} unless the engine's own limit is lower.
   */
  protected int maxKeyBytes(String table) {
    return DEFAULT_MAX_KEY_BYTES;
  }

  /** Reports an engine error once, with its condition ({@link EngineMessages#error}). */
  protected final Status error(String operation, String table, String key, Throwable e) {
    return messages.error(operation, table, key, e);
  }

  /**
   * {@link BatchWriteDB#batchInsert} for every binding: the records go through its atomic group
   * write ({@link MultiWriteDB#writeAtomically}: one transaction or write batch), all or nothing.
   */
  @Override
  public final Status batchInsert(
      String table, List<BatchWriteDB.Insert> records, List<String> failedKeys) {
    List<MultiWriteDB.Write> writes = new java.util.ArrayList<>(records.size());
    for (BatchWriteDB.Insert record : records) {
      writes.add(MultiWriteDB.Write.put(table, record.key(), record.values()));
    }
    Status status = writeAtomically(writes);
    if (status.isOk()) {
      failedKeys.clear();
    } else {
      BatchWriteDB.allFailed(records, failedKeys);
    }
    return status;
  }

  /** {@link BatchWriteDB#bulkAtomic}: every binding's bulk load of a batch is all or nothing. */
  @Override
  public final boolean bulkAtomic() {
    return true;
  }

  /** {@link BatchWriteDB#batchAtomic}: {@link #batchInsert} is all or nothing. */
  @Override
  public final boolean batchAtomic() {
    return true;
  }

  /**
   * {@link BatchWriteDB#bulkInKeyOrder}: false, the bulk path takes a batch in any key order; a
   * binding whose bulk path only appends (LMDB, WiredTiger) says true.
   */
  @Override
  public boolean bulkInKeyOrder() {
    return false;
  }

  /**
   * {@link BatchWriteDB#bulkInsert} for every binding: clears {@code failedKeys}, sorts and encodes
   * the batch, refuses a key the engine cannot take ({@link #maxKeyBytes}), and hands a non-empty
   * batch to the binding's {@link #writeBulk}.
   */
  @Override
  public final Status bulkInsert(
      String table, List<BatchWriteDB.Insert> records, List<String> failedKeys) {
    failedKeys.clear();
    SortedBatch batch = SortedBatch.of(records);
    Status invalid = refuseInvalidKeys(table, records, batch, maxKeyBytes(table), failedKeys);
    if (invalid != null) {
      return invalid;
    }
    return batch.size() == 0 ? Status.OK : writeBulk(table, batch, records, failedKeys);
  }

  /**
   * The binding's bulk write of a batch ({@link BatchWriteDB#bulkInsert}): {@code batch} is {@code
   * records} sorted and encoded, every key valid, at least one record; the keys that fail go into
   * {@code failedKeys} ({@link EngineMessages#bulkRefused}, {@link EngineMessages#bulkFailed}).
   */
  protected abstract Status writeBulk(
      String table, SortedBatch batch, List<BatchWriteDB.Insert> records, List<String> failedKeys);

  /** A bulk insert's key that the engine cannot take, refused; null when every key is fine. */
  private Status refuseInvalidKeys(
      String table,
      List<BatchWriteDB.Insert> records,
      SortedBatch batch,
      int maxKeyBytes,
      List<String> failedKeys) {
    int invalid = batch.invalidKey(maxKeyBytes);
    if (invalid < 0) {
      return null;
    }
    int length = records.get(invalid).key().getBytes(StandardCharsets.UTF_8).length;
    return messages.bulkRefused(
        table,
        records,
        failedKeys,
        messages.keyRefused(records.get(invalid).key(), length, maxKeyBytes));
  }
}
