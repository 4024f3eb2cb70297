package io.github.ycsbembedded.leveldb;

import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.BatchWriteDB;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.CorruptRecordException;
import io.github.ycsbembedded.core.EngineFailure.Condition;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.KeyValueClient;
import io.github.ycsbembedded.core.MultiWriteDB;
import io.github.ycsbembedded.core.RangeScanDB;
import io.github.ycsbembedded.core.RecordCodec;
import io.github.ycsbembedded.core.SortedBatch;
import io.github.ycsbembedded.core.TablePrefix;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for LevelDB 1.23, the C++ engine through this module's JNI library ({@link
 * LevelDb}). LevelDB has no column families, so each key is stored behind its table's prefix
 * ({@link TablePrefix}: the table name's UTF-8 length as a varint, then the name), which no other
 * table's prefix can start with; a scan stops at the end of its prefix. An update's
 * read-modify-write holds the key's striped lock.
 *
 * <p>Properties: docs/bindings.md, section "LevelDB", lists every {@code leveldb.*} property with
 * its default; {@link LevelDbDescriptor} declares them.
 */
public final class LevelDbClient extends KeyValueClient<LevelDbEngine>
    implements BatchReadDB, BatchWriteDB, MultiWriteDB, RangeScanDB {
  private final Map<String, byte[]> prefixes = new HashMap<>();
  private LevelDb.Batch batch;

  public LevelDbClient() {
    super(new LevelDbDescriptor(), LevelDbEngine.class, LevelDbEngine::open);
  }

  /** Our JNI library's exception types (see {@link LevelDbException}). */
  @Override
  protected Condition classify(Throwable e) {
    if (e instanceof LevelDbException.Locked) {
      return Condition.IN_USE;
    }
    if (e instanceof LevelDbException.Corruption) {
      return Condition.CORRUPTION;
    }
    if (e instanceof LevelDbException.NoSpace) {
      return Condition.NO_SPACE;
    }
    if (e instanceof LevelDbException.IoError || e instanceof LevelDbException.NotFound) {
      return Condition.IO_ERROR;
    }
    if (e instanceof LevelDbException.InvalidArgument
        || e instanceof LevelDbException.NotSupported) {
      return Condition.INVALID_ARGUMENT;
    }
    return Condition.OTHER;
  }

  @Override
  protected void initThread(LevelDbEngine engine, BindingProperties properties) throws DBException {
    try {
      batch = new LevelDb.Batch();
    } catch (IOException e) {
      throw new DBException("leveldb: " + e.getMessage(), e);
    }
  }

  @Override
  protected void cleanupThread() {
    if (batch != null) {
      batch.close();
      batch = null;
    }
  }

  @Override
  protected byte[] get(String table, byte[] key) throws LevelDbException {
    return engine().db().get(key);
  }

  @Override
  protected void put(String table, byte[] key, byte[] value, int length) throws LevelDbException {
    engine().db().put(key, value, length, engine().sync());
  }

  @Override
  protected void remove(String table, byte[] key) throws LevelDbException {
    engine().db().delete(key, engine().sync());
  }

  /**
   * One snapshot for the whole batch, keys visited in key order with single gets (measured faster
   * than seeking one forward iterator from key to key: about 440k against 405k keys/s for batches
   * of 256 random keys over 100k records of 1 KB), cut into up to {@code leveldb.batch_parallelism}
   * runs read on reader threads of their own, so that many reads are in flight when the tables are
   * not in memory.
   */
  @Override
  public Status batchRead(
      String table, List<String> keys, Set<String> fields, List<KeyRead> results) {
    LevelDb db = engine().db();
    try (LevelDb.Snapshot snapshot = db.snapshot()) {
      return readRunsOfOneSnapshot(
          engine().workers(),
          table,
          keys,
          key -> storedKey(table, key),
          fields,
          results,
          run -> {
            List<byte[]> values = new ArrayList<>(run.size());
            for (byte[] key : run) {
              values.add(db.get(key, snapshot));
            }
            return values;
          });
    }
  }

  /** One write batch, holding the keys' striped locks so no concurrent update interleaves. */
  @Override
  public Status writeAtomically(List<Write> writes) {
    return lockedGroupWrite(writes, () -> write(writes));
  }

  private void write(List<Write> writes) throws LevelDbException {
    batch.clear();
    for (Write write : writes) {
      byte[] key = storedKey(write.table(), write.key());
      if (write.isDelete()) {
        batch.delete(key);
      } else {
        int length = encoder().encode(write.values());
        batch.put(key, encoder().buffer(), length);
      }
    }
    engine().db().write(batch, engine().sync());
  }

  /**
   * LevelDB has no bulk path of its own (no table-file ingestion): the batch, sorted, goes in one
   * write batch, so the bulk load's speed comes from the size of its batches. The table must have
   * been empty when the process's bulk load of it began; batches may come in any key order.
   */
  @Override
  protected Status writeBulk(
      String table, SortedBatch sorted, List<Insert> records, List<String> failedKeys) {
    try {
      if (!engine().startBulk(table, () -> isEmpty(table))) {
        return messages().bulkRefused(table, records, failedKeys, messages().notEmpty(table));
      }
      batch.clear();
      byte[] prefix = prefix(table);
      for (int j = 0; j < sorted.size(); j++) {
        batch.put(TablePrefix.join(prefix, sorted.key(j)), sorted.value(j), sorted.value(j).length);
      }
      engine().db().write(batch, engine().sync());
      return Status.OK;
    } catch (LevelDbException e) {
      return messages().bulkFailed(table, records, failedKeys, e);
    }
  }

  /** Whether the table holds no record. */
  private boolean isEmpty(String table) {
    byte[] prefix = prefix(table);
    try (LevelDb.Cursor cursor = engine().db().cursor(null)) {
      return !cursor.seek(prefix) || !TablePrefix.startsWith(cursor.key(), prefix);
    }
  }

  /**
   * An iterator from {@code start} within the table's prefix, up to {@code limit} records, stopping
   * at the first stored key not below {@code end} when one is given.
   */
  @Override
  protected Status walk(Walk walk) {
    byte[] prefix = prefix(walk.table());
    byte[] stop = walk.end() == null ? null : TablePrefix.join(prefix, walk.end());
    try (LevelDb.Cursor cursor = engine().db().cursor(null)) {
      boolean positioned = cursor.seek(storedKey(walk.table(), walk.start()));
      for (int n = 0; n < walk.limit() && positioned; n++) {
        byte[] key = cursor.key();
        if (!TablePrefix.startsWith(key, prefix)
            || (stop != null && Arrays.compareUnsigned(key, stop) >= 0)) {
          break;
        }
        HashMap<String, ByteIterator> record = new HashMap<>();
        RecordCodec.decodeOwned(cursor.value(), walk.fields(), record);
        walk.sink()
            .accept(
                stop == null ? null : Arrays.copyOfRange(key, prefix.length, key.length), record);
        positioned = cursor.next();
      }
      return Status.OK;
    } catch (LevelDbException | CorruptRecordException e) {
      return error(walk.operation(), walk.table(), walk.start(), e);
    }
  }

  /** The table's prefix ({@link TablePrefix}) + key, all UTF-8. */
  @Override
  protected byte[] storedKey(String table, String key) {
    return TablePrefix.join(prefix(table), key.getBytes(StandardCharsets.UTF_8));
  }

  private byte[] prefix(String table) {
    return prefixes.computeIfAbsent(table, TablePrefix::of);
  }
}
