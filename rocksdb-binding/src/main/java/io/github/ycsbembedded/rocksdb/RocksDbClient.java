package io.github.ycsbembedded.rocksdb;

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
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Snapshot;
import org.rocksdb.WriteBatch;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * YCSB binding for RocksDB ({@code org.rocksdb:rocksdbjni}). One column family per YCSB table;
 * records encoded by {@link RecordCodec}. An update's read-modify-write holds the key's striped
 * lock, so concurrent updates of different fields of one key lose nothing. A read's fields are
 * slices of the one array JNI returns; writes come from the per-thread encoder, without copying.
 *
 * <p>Properties: docs/bindings.md, section "RocksDB", lists every {@code rocksdb.*} property with
 * its default; {@link RocksDbDescriptor} declares them.
 */
public final class RocksDbClient extends KeyValueClient<RocksDbEngine>
    implements BatchReadDB, BatchWriteDB, MultiWriteDB, RangeScanDB {
  private ReadOptions readOptions;

  /** The buffer an update's merge reads the stored value into. */
  private byte[] updateBuffer = new byte[4096];

  public RocksDbClient() {
    super(new RocksDbDescriptor(), RocksDbEngine.class, RocksDbEngine::open);
  }

  /** RocksDB's status code and subcode. */
  @Override
  protected Condition classify(Throwable e) {
    if (!(e instanceof RocksDBException r) || r.getStatus() == null) {
      return Condition.OTHER;
    }
    org.rocksdb.Status status = r.getStatus();
    return switch (status.getCode()) {
      case Corruption -> Condition.CORRUPTION;
      case InvalidArgument -> Condition.INVALID_ARGUMENT;
      case IOError ->
          status.getSubCode() == org.rocksdb.Status.SubCode.NoSpace
              ? Condition.NO_SPACE
              : Condition.IO_ERROR;
      default -> Condition.OTHER;
    };
  }

  @Override
  protected void initThread(RocksDbEngine engine, BindingProperties properties) {
    readOptions = new ReadOptions();
  }

  @Override
  protected void cleanupThread() {
    if (readOptions != null) {
      readOptions.close();
      readOptions = null;
    }
  }

  @Override
  protected byte[] storedKey(String table, String key) {
    return bytes(key);
  }

  @Override
  protected byte[] get(String table, byte[] key) throws RocksDBException {
    return engine().db().get(engine().family(table), readOptions, key);
  }

  /** Reads into the reused {@link #updateBuffer}, growing it when a value does not fit. */
  @Override
  protected Stored getForUpdate(String table, byte[] key) throws RocksDBException {
    RocksDB db = engine().db();
    ColumnFamilyHandle family = engine().family(table);
    int length = db.get(family, readOptions, key, updateBuffer);
    if (length > updateBuffer.length) {
      updateBuffer = new byte[Math.max(length, updateBuffer.length * 2)];
      length = db.get(family, readOptions, key, updateBuffer);
    }
    return length == RocksDB.NOT_FOUND ? null : new Stored(updateBuffer, length);
  }

  @Override
  protected void put(String table, byte[] key, byte[] value, int length) throws RocksDBException {
    engine()
        .db()
        .put(engine().family(table), engine().writeOptions(), key, 0, key.length, value, 0, length);
  }

  @Override
  protected void remove(String table, byte[] key) throws RocksDBException {
    engine().db().delete(engine().family(table), engine().writeOptions(), key);
  }

  /**
   * RocksDB's multi-get, on one snapshot: the keys in key order, cut into up to {@code
   * rocksdb.batch_parallelism} runs, each run one multi-get on a reader thread of its own, so that
   * many reads are in flight when the data is not in memory. Answers keep the order asked.
   */
  @Override
  public Status batchRead(
      String table, List<String> keys, Set<String> fields, List<KeyRead> results) {
    if (keys.isEmpty()) {
      results.clear();
      return Status.OK; // multiGetAsList refuses an empty batch
    }
    RocksDB db = engine().db();
    Snapshot snapshot = db.getSnapshot();
    try (ReadOptions onSnapshot = new ReadOptions(readOptions).setSnapshot(snapshot)) {
      ColumnFamilyHandle family = engine().family(table);
      return readRunsOfOneSnapshot(
          engine().workers(),
          table,
          keys,
          RocksDbClient::bytes,
          fields,
          results,
          run -> db.multiGetAsList(onSnapshot, Collections.nCopies(run.size(), family), run));
    } catch (RocksDBException e) {
      results.clear();
      return messages().batchReadError(table, keys, e);
    } finally {
      db.releaseSnapshot(snapshot);
    }
  }

  /** One write batch, holding the keys' striped locks so no concurrent update interleaves. */
  @Override
  public Status writeAtomically(List<Write> writes) {
    return lockedGroupWrite(writes, () -> write(writes));
  }

  private void write(List<Write> writes) throws RocksDBException {
    try (WriteBatch batch = new WriteBatch()) {
      for (Write write : writes) {
        ColumnFamilyHandle family = engine().family(write.table());
        if (write.isDelete()) {
          batch.delete(family, bytes(write.key()));
        } else {
          batch.put(family, bytes(write.key()), RecordCodec.encode(write.values()));
        }
      }
      engine().db().write(engine().writeOptions(), batch);
    }
  }

  /**
   * Writes the batch, sorted, into a table file of its own ({@code SstFileWriter}, with the column
   * family's options) and ingests that file: the records skip the write-ahead log and the memtable,
   * and where their key range overlaps no other file they go straight to the last level. Batches
   * may come in any key order (an overlapping file goes to a higher level, above what it overlaps).
   */
  @Override
  protected Status writeBulk(
      String table, SortedBatch batch, List<Insert> records, List<String> failedKeys) {
    try {
      ColumnFamilyHandle family = engine().family(table);
      if (!engine().startBulk(table, family)) {
        return messages().bulkRefused(table, records, failedKeys, messages().notEmpty(table));
      }
      engine().ingest(family, batch);
      return Status.OK;
    } catch (RocksDBException | java.io.IOException e) {
      return messages().bulkFailed(table, records, failedKeys, e);
    }
  }

  /**
   * An iterator from {@code start}, up to {@code limit} records, stopping at the first key not
   * below {@code end} when one is given (only then are keys read out); its status is checked at the
   * end.
   */
  @Override
  protected Status walk(Walk walk) {
    try (RocksIterator it = engine().db().newIterator(engine().family(walk.table()), readOptions)) {
      it.seek(bytes(walk.start()));
      for (int n = 0; it.isValid() && n < walk.limit(); n++) {
        byte[] key = walk.end() == null ? null : it.key();
        if (key != null && java.util.Arrays.compareUnsigned(key, walk.end()) >= 0) {
          break;
        }
        HashMap<String, ByteIterator> record = new HashMap<>();
        RecordCodec.decodeOwned(it.value(), walk.fields(), record);
        walk.sink().accept(key, record);
        it.next();
      }
      it.status();
      return Status.OK;
    } catch (RocksDBException | CorruptRecordException e) {
      return error(walk.operation(), walk.table(), walk.start(), e);
    }
  }

  private static byte[] bytes(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }
}
