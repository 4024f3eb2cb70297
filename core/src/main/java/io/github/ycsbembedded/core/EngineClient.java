package io.github.ycsbembedded.core;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * What every binding does the same way around its engine: read properties through
 * {@link BindingProperties}, share one engine per directory through {@link SharedEngines},
 * register with {@link Extensions}, report errors through {@link ErrorLog}. A subclass holds only
 * per-thread state and implements the operations.
 *
 * @param <E> the shared engine handle
 */
public abstract class EngineClient<E extends AutoCloseable> extends DB {
  private final String name;
  private final Class<E> engineType;
  private SharedEngines.Lease<E> lease;

  protected EngineClient(String name, Class<E> engineType) {
    this.name = name;
    this.engineType = engineType;
  }

  /** The binding's name, also the prefix of its properties ({@code lmdb} for {@code lmdb.dir}). */
  public final String name() {
    return name;
  }

  /**
   * Receives the records of a binding's cursor walk, shared by its YCSB {@code scan} and its
   * {@link RangeScanDB#scanRange}: the stored key (null when the walk was not asked for keys) and
   * the decoded record.
   */
  @FunctionalInterface
  protected interface RecordSink {
    void accept(byte[] key, HashMap<String, ByteIterator> record);
  }

  /** Opens the engine of {@code directory}; only called when no other client holds it. */
  protected abstract E openEngine(Path directory, BindingProperties properties) throws Exception;

  /** Sets up this thread's state on the shared engine. */
  protected abstract void initThread(E engine, BindingProperties properties) throws DBException;

  /** Releases this thread's state; the engine stays open until its last lease is closed. */
  protected abstract void cleanupThread() throws DBException;

  @Override
  public final void init() throws DBException {
    Properties props = getProperties();
    BindingProperties properties = new BindingProperties(props);
    Path directory = properties.requiredDirectory(name + ".dir");
    lease = SharedEngines.acquire(directory, engineType, dir -> openEngine(dir, properties));
    try {
      initThread(lease.engine(), properties);
    } catch (DBException | RuntimeException e) {
      lease.close();
      lease = null;
      throw e;
    }
    Extensions.register(this);
  }

  @Override
  public final void cleanup() throws DBException {
    Extensions.unregister(this);
    if (lease == null) {
      return;
    }
    try {
      cleanupThread();
    } finally {
      lease.close();
      lease = null;
    }
  }

  /** The shared engine; valid between {@code init()} and {@code cleanup()}. */
  protected final E engine() {
    return lease.engine();
  }

  /**
   * Decodes one key's value for a batch read from an array the binding owns (values are slices of
   * it): found, or failed with the key and the reason (also reported once), never an exception.
   */
  protected final KeyRead decodeForBatch(String table, String key, byte[] owned, Set<String> fields) {
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
   * Checks every write of an atomic group before any is applied: a key must be 1 to
   * {@code maxKeyBytes} UTF-8 bytes. Returns the first problem (reported once), or null.
   */
  protected final String invalidWrite(List<MultiWriteDB.Write> writes, int maxKeyBytes) {
    for (MultiWriteDB.Write write : writes) {
      int length = write.key().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
      if (length == 0 || length > maxKeyBytes) {
        String problem = "key of " + length + " bytes; " + name + " accepts 1 to " + maxKeyBytes;
        ErrorLog.report(name, "atomic write", write.table(), write.key(), problem);
        return problem;
      }
    }
    return null;
  }

  /** Reports an engine error once and returns {@link Status#ERROR}. */
  protected final Status error(String operation, String table, String key, Throwable e) {
    ErrorLog.report(name, operation, table, key, e);
    return Status.ERROR;
  }

  /** {@link #error} for a failed batch read, named by its first key. */
  protected final Status batchReadError(String table, List<String> keys, Throwable e) {
    return error("batch read", table, keys.isEmpty() ? "" : keys.get(0), e);
  }

  /** {@link #error} for a failed atomic write, named by its first write's table and key. */
  protected final Status atomicWriteError(List<MultiWriteDB.Write> writes, Throwable e) {
    return writes.isEmpty() ? error("atomic write", "", "", e)
        : error("atomic write", writes.get(0).table(), writes.get(0).key(), e);
  }
}
