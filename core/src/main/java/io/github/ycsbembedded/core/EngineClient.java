package io.github.ycsbembedded.core;

import io.github.ycsbembedded.core.EngineFailure.Condition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.function.Function;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * What every binding does the same way around its engine: read properties through {@link
 * BindingProperties} (refusing unknown ones with the binding's prefix), check the directory before
 * opening it ({@link EngineDirectory}: another engine's files, another process, a wipe for {@code
 * <name>.destroy}), share one engine per directory through {@link SharedEngines}, register with
 * {@link Extensions}, report errors through {@link ErrorLog} with the condition the binding's
 * {@link #classify} tells. A subclass holds only per-thread state and implements the operations.
 *
 * @param <E> the shared engine handle
 */
public abstract class EngineClient<E extends EngineHandle> extends DB
    implements BatchReadDB, BatchWriteDB, MultiWriteDB, RangeScanDB {
  /** The longest key a binding stores unless its engine's limit is lower (1 MiB). */
  public static final int DEFAULT_MAX_KEY_BYTES = 1 << 20;

  private final String name;
  private final Class<E> engineType;
  private final Opener<E> opener;
  private final Set<String> properties;
  private final java.util.List<String> essentialFiles;
  private SharedEngines.Lease<E> lease;

  /** What the last cleanup does before the engine closes: a flush, the engine's figures. */
  private LastCleanup lastCleanup;

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
    this.engineType = engineType;
    this.opener = opener;
    this.properties = Engines.properties(engine);
    this.essentialFiles = engine.essentialFiles();
  }

  /**
   * Every property the binding accepts with its prefix ({@code lmdb.dir}, {@code lmdb.mapsize}).
   */
  public final Set<String> acceptedProperties() {
    return properties;
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
      return batchReadError(table, keys, e);
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

  /**
   * The condition of an error: an {@link EngineFailure}'s own, else what {@link #classify} says.
   */
  private Condition conditionOf(Throwable e) {
    return e instanceof EngineFailure failure ? failure.condition() : classify(e);
  }

  private static final Set<String> ANNOUNCED = new HashSet<>();

  /** Set while {@link CheckedClient}'s pre-flight opens and closes the binding, which is no run. */
  private static volatile boolean preflight;

  @Override
  public final void init() throws DBException {
    Properties props = getProperties();
    BindingProperties properties =
        new BindingProperties(props).declare(name + ".", this.properties);
    Path directory = properties.requiredDirectory(name + ".dir");
    boolean destroy = properties.bool(name + ".destroy", false);
    lastCleanup =
        new LastCleanup(name, properties, this.properties.contains(name + ".compact_on_close"));
    lease = SharedEngines.acquire(directory, engineType, dir -> open(dir, properties, destroy));
    if (!preflight) {
      lastCleanup.scheduleWindowStart(lease.engine());
    }
    try {
      initThread(lease.engine(), properties);
    } catch (DBException | RuntimeException e) {
      lease.close();
      lease = null;
      throw e;
    }
    Extensions.register(this);
  }

  /**
   * Checks (and for destroy wipes) the directory, opens the engine, marks the directory as ours.
   */
  private E open(Path dir, BindingProperties properties, boolean destroy) throws DBException {
    EngineDirectory.prepare(dir, name, destroy, multiProcess());
    E engine;
    try {
      engine = opener.open(dir, properties);
    } catch (DBException e) {
      throw e;
    } catch (Exception | LinkageError e) {
      throw failure("cannot open " + dir, e);
    }
    announce(engine);
    try {
      EngineDirectory.mark(dir, name);
    } catch (IOException e) {
      try {
        engine.close();
      } catch (Exception closing) {
        e.addSuppressed(closing);
      }
      throw new EngineFailure(
          Condition.IO_ERROR,
          name + ": cannot write " + dir.resolve(EngineDirectory.MARKER) + ": " + e.getMessage());
    }
    return engine;
  }

  /**
   * Prints, once per process and binding, which binding class runs and on which engine version, so
   * that every run says what it measured whichever launcher started it (through {@code bin/ycsb}
   * the line comes before YCSB's own output). It goes to stdout, beside YCSB's report, so that
   * stderr keeps to the one line of a failure.
   */
  private void announce(E engine) {
    String version;
    try {
      version = engine.version();
    } catch (RuntimeException e) {
      version = "version unknown (" + e.getMessage() + ")";
    }
    synchronized (ANNOUNCED) {
      if (ANNOUNCED.add(name)) {
        System.out.println(name + ": " + getClass().getName() + " on " + version);
      }
    }
  }

  /** Marks the pre-flight's open and close, whose flush is not reported (see {@link #cleanup}). */
  static void preflight(boolean on) {
    preflight = on;
  }

  /**
   * An {@link EngineFailure} for an engine error: {@code <name>: <what> (<condition>): <message>}.
   */
  protected final EngineFailure failure(String what, Throwable engineError) {
    Condition condition = conditionOf(engineError);
    String shown = condition.description().isEmpty() ? "" : " (" + condition.description() + ")";
    return new EngineFailure(
        condition, name + ": " + what + shown + ": " + BindingProperties.describe(engineError));
  }

  /**
   * Releases this thread's state and, for the last client, closes the engine. A failure (a
   * checkpoint or flush that could not be written) is printed by YCSB as the one line of its {@link
   * EngineFailure}, and recorded in {@link RunStatus} so that {@code bin/ycsb} exits non-zero.
   */
  @Override
  public final void cleanup() throws DBException {
    Extensions.unregister(this);
    if (lease == null) {
      return;
    }
    EngineFailure threadFailure = null;
    try {
      cleanupThread();
    } catch (DBException | RuntimeException e) {
      threadFailure = failedCleanup(e);
    }
    // the lease is released whatever the thread's cleanup did; a failure to close the engine wins
    SharedEngines.Lease<E> held = lease;
    lease = null;
    long start = System.nanoTime();
    boolean closedEngine;
    try {
      closedEngine = held.release(this::beforeClose);
    } catch (DBException | RuntimeException e) {
      throw failedCleanup(e);
    }
    if (closedEngine && !preflight) {
      // the last cleanup lies inside YCSB's [OVERALL] RunTime; said on its own so that a run can be
      // compared with a client that closes otherwise
      System.out.println(
          name
              + ": closing "
              + held.directory()
              + lastCleanup.work()
              + " took "
              + (System.nanoTime() - start) / 1_000_000
              + " ms");
    }
    if (closedEngine && !preflight) {
      String removed = removedDuringRun(held.directory());
      if (removed != null) {
        RunStatus.failed(removed);
        throw new EngineFailure(Condition.IO_ERROR, removed);
      }
    }
    if (threadFailure != null) {
      throw threadFailure;
    }
  }

  /**
   * Why the engine's directory no longer holds what it wrote, or null: the directory, or a file the
   * engine cannot open without, was removed while the run used it. An engine may write on into an
   * unlinked file (LMDB's map stays mapped) and close without an error, and the run would otherwise
   * end well with its data gone.
   */
  private String removedDuringRun(Path directory) {
    if (!java.nio.file.Files.isDirectory(directory)) {
      return name
          + ": "
          + directory
          + " was removed during the run; what the run wrote there is gone";
    }
    for (String file : essentialFiles) {
      if (!java.nio.file.Files.exists(directory.resolve(file))) {
        return name
            + ": "
            + directory.resolve(file)
            + " was removed during the run; the directory no longer holds a "
            + name
            + " database";
      }
    }
    return null;
  }

  /**
   * The last client's work before the engine closes ({@link LastCleanup}); none in a pre-flight.
   */
  private void beforeClose(E engine) throws Exception {
    if (!preflight) {
      lastCleanup.run(engine, this::failure);
    }
  }

  private EngineFailure failedCleanup(Exception e) {
    EngineFailure failure;
    if (e instanceof EngineFailure f) {
      failure = f;
    } else if (e instanceof DBException) {
      // a binding's own message, about the engine error it wraps
      failure =
          new EngineFailure(
              e.getCause() == null ? Condition.OTHER : conditionOf(e.getCause()), e.getMessage());
    } else {
      failure = failure("closing failed", e);
    }
    RunStatus.failed(failure.getMessage());
    return failure;
  }

  /** The shared engine; valid between {@code init()} and {@code cleanup()}. */
  protected final E engine() {
    return lease.engine();
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
        String problem = "key of " + length + " bytes; " + name + " accepts 1 to " + maxKeyBytes;
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

  /** Reports an engine error once, with its condition, and returns {@link Status#ERROR}. */
  protected final Status error(String operation, String table, String key, Throwable e) {
    Condition condition = conditionOf(e);
    String message = BindingProperties.describe(e);
    ErrorLog.report(
        name,
        operation,
        table,
        key,
        condition.description().isEmpty() ? message : condition.description() + ": " + message);
    return Status.ERROR;
  }

  /** {@link #error} for a failed batch read, named by its first key. */
  protected final Status batchReadError(String table, List<String> keys, Throwable e) {
    return error("batch read", table, keys.isEmpty() ? "" : keys.get(0), e);
  }

  /** {@link #error} for a failed atomic write, named by its first write's table and key. */
  protected final Status atomicWriteError(List<MultiWriteDB.Write> writes, Throwable e) {
    return writes.isEmpty()
        ? error("atomic write", "", "", e)
        : error("atomic write", writes.get(0).table(), writes.get(0).key(), e);
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
   * A bulk insert of {@code records} refused before anything was stored: {@code why}, reported once
   * under the batch's first key; every key failed; {@link Status#BAD_REQUEST}.
   */
  protected final Status bulkRefused(
      String table, List<BatchWriteDB.Insert> records, List<String> failedKeys, String why) {
    ErrorLog.report(name, "bulk insert", table, records.isEmpty() ? "" : records.get(0).key(), why);
    BatchWriteDB.allFailed(records, failedKeys);
    return Status.BAD_REQUEST;
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
   * {@code failedKeys} ({@link #bulkRefused}, {@link #bulkFailed}).
   */
  protected abstract Status writeBulk(
      String table, SortedBatch batch, List<BatchWriteDB.Insert> records, List<String> failedKeys);

  /** A bulk write the engine failed: every key failed, the error reported under the first. */
  protected final Status bulkFailed(
      String table, List<BatchWriteDB.Insert> records, List<String> failedKeys, Throwable e) {
    BatchWriteDB.allFailed(records, failedKeys);
    return error("bulk insert", table, records.get(0).key(), e);
  }

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
    return bulkRefused(
        table,
        records,
        failedKeys,
        "key '"
            + records.get(invalid).key()
            + "' of "
            + length
            + " bytes; "
            + name
            + " accepts 1 to "
            + maxKeyBytes);
  }

  /** The line of a bulk insert into a table that held records when the bulk load began. */
  protected final String notEmpty(String table) {
    return "a bulk load fills an empty table, and "
        + table
        + " already holds records; load it into a new "
        + name
        + ".dir, or with "
        + name
        + ".destroy=true";
  }

  /** The line of a bulk insert whose batch does not lie above the keys stored before it. */
  protected final String outOfOrder(String table, byte[] first, byte[] last) {
    return "a bulk load into "
        + name
        + " takes batches in ascending key order, and this batch's first key "
        + new String(first, StandardCharsets.UTF_8)
        + " is not above "
        + new String(last, StandardCharsets.UTF_8)
        + ", stored before in "
        + table
        + "; load in key order (insertorder=ordered, zeropadding as wide as the largest key number, one thread)";
  }
}
