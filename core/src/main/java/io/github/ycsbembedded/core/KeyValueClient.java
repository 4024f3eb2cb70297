package io.github.ycsbembedded.core;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * YCSB's point operations on an engine without transactions (RocksDB, LevelDB), written once: a
 * record is one value under its stored key; an update reads it, merges the given fields in and
 * writes it back under the key's striped lock ({@link LockingEngine#keyLocks}), so that concurrent
 * updates of one key's fields lose none; an atomic group is one engine batch written under all its
 * keys' locks ({@link #lockedGroupWrite}). A subclass supplies the engine's calls: {@link
 * #storedKey}, {@link #get}, {@link #put} and {@link #remove}.
 *
 * @param <E> the shared engine handle
 */
public abstract class KeyValueClient<E extends LockingEngine> extends EngineClient<E> {
  /** An engine batch written under its keys' locks ({@link #lockedGroupWrite}). */
  @FunctionalInterface
  protected interface EngineWrite {
    void write() throws Exception;
  }

  private final RecordCodec.Encoder encoder = new RecordCodec.Encoder();

  protected KeyValueClient(EngineDescriptor engine, Class<E> engineType, Opener<E> opener) {
    super(engine, engineType, opener);
  }

  /** The key the engine stores for {@code key} of {@code table}. */
  protected abstract byte[] storedKey(String table, String key);

  /**
   * The value stored under {@code key}, in an array the client owns (a read's fields are slices of
   * it), or null when the key holds no record.
   */
  protected abstract byte[] get(String table, byte[] key) throws Exception;

  /** A stored value: the first {@code length} bytes of {@code bytes}. */
  @SuppressWarnings("ArrayRecordComponent") // a slice handed to the merge, never compared
  public record Stored(byte[] bytes, int length) {}

  /**
   * The value under {@code key} for an update's merge, or null: {@link #get}'s array, unless the
   * binding overrides this to read into a buffer it reuses (RocksDB), which saves an array per
   * update.
   */
  protected Stored getForUpdate(String table, byte[] key) throws Exception {
    byte[] found = get(table, key);
    return found == null ? null : new Stored(found, found.length);
  }

  /** Stores the first {@code length} bytes of {@code value} under {@code key}. */
  protected abstract void put(String table, byte[] key, byte[] value, int length) throws Exception;

  /**
   * Removes {@code key}; blind, like YCSB's delete (the engine does not tell whether it existed).
   */
  protected abstract void remove(String table, byte[] key) throws Exception;

  /** This thread's record encoder (its buffer is reused by the next write). */
  protected final RecordCodec.Encoder encoder() {
    return encoder;
  }

  @Override
  public final Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      byte[] found = get(table, storedKey(table, key));
      if (found == null) {
        return Status.NOT_FOUND;
      }
      RecordCodec.decodeOwned(found, fields, result);
      return Status.OK;
    } catch (Exception e) {
      return error("read", table, key, e);
    }
  }

  @Override
  public final Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      int length = encoder.encode(values);
      put(table, storedKey(table, key), encoder.buffer(), length);
      return Status.OK;
    } catch (Exception e) {
      return error("insert", table, key, e);
    }
  }

  /** The stored record read, the given fields merged in and written back, under the key's lock. */
  @Override
  public final Status update(String table, String key, Map<String, ByteIterator> values) {
    SortedMap<String, byte[]> updates = RecordCodec.fields(values);
    byte[] stored = storedKey(table, key);
    Lock lock = engine().keyLocks().lockFor(table, key);
    lock.lock();
    try {
      Stored found = getForUpdate(table, stored);
      if (found == null) {
        return Status.NOT_FOUND;
      }
      int length = encoder.encodeMerged(found.bytes(), 0, found.length(), updates);
      put(table, stored, encoder.buffer(), length);
      return Status.OK;
    } catch (Exception e) {
      return error("update", table, key, e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public final Status delete(String table, String key) {
    try {
      remove(table, storedKey(table, key));
      return Status.OK;
    } catch (Exception e) {
      return error("delete", table, key, e);
    }
  }

  /**
   * {@link MultiWriteDB#writeAtomically}: every key checked, then one engine batch ({@code batch})
   * written while holding the keys' striped locks, so that no update interleaves.
   */
  protected final Status lockedGroupWrite(List<MultiWriteDB.Write> writes, EngineWrite batch) {
    if (invalidWrite(writes) != null) {
      return Status.BAD_REQUEST;
    }
    List<ReentrantLock> locked = engine().keyLocks().lockAll(writes);
    try {
      batch.write();
      return Status.OK;
    } catch (Exception e) {
      return messages().atomicWriteError(writes, e);
    } finally {
      KeyLocks.unlockAll(locked);
    }
  }
}
