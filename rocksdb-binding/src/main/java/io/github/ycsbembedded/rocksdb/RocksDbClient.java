package io.github.ycsbembedded.rocksdb;

import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.BatchWriteDB;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.CorruptRecordException;
import io.github.ycsbembedded.core.EngineClient;
import io.github.ycsbembedded.core.EngineFailure;
import io.github.ycsbembedded.core.EngineFailure.Condition;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.MultiWriteDB;
import io.github.ycsbembedded.core.RangeScanDB;
import io.github.ycsbembedded.core.RecordCodec;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * <p>Properties: see the README ({@code rocksdb.dir}, {@code rocksdb.optionsfile}, {@code
 * rocksdb.cache_size}, {@code rocksdb.compression}, {@code rocksdb.sync}, {@code
 * rocksdb.disable_wal}, {@code rocksdb.write_buffer_size}, {@code rocksdb.bloom_bits}, {@code
 * rocksdb.max_background_jobs}, {@code rocksdb.batch_parallelism}, {@code rocksdb.direct_reads},
 * {@code rocksdb.destroy}).
 */
public final class RocksDbClient extends EngineClient<RocksDbEngine>
    implements BatchReadDB, BatchWriteDB, MultiWriteDB, RangeScanDB {
  /** RocksDB's key limit is far larger; one bound for every binding's atomic writes. */
  private static final int MAX_KEY_BYTES = 1 << 20;

  private final RecordCodec.Encoder encoder = new RecordCodec.Encoder();
  private byte[] value = new byte[4096];
  private ReadOptions readOptions;

  public RocksDbClient() {
    super("rocksdb", RocksDbEngine.class, RocksDbEngine::open, RocksDbEngine.PROPERTIES);
  }

  /** RocksDB's status code and subcode. */
  @Override
  protected Condition classify(Throwable e) {
    if (e instanceof EngineFailure failure) {
      return failure.condition();
    }
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
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return readOwned(
        table,
        key,
        fields,
        result,
        () -> engine().db().get(engine().family(table), readOptions, bytes(key)));
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
      return readInRuns(
          engine().workers(),
          table,
          keys,
          RocksDbClient::bytes,
          fields,
          results,
          run -> db.multiGetAsList(onSnapshot, Collections.nCopies(run.size(), family), run));
    } catch (RocksDBException e) {
      results.clear();
      return batchReadError(table, keys, e);
    } finally {
      db.releaseSnapshot(snapshot);
    }
  }

  /** One write batch, holding the keys' striped locks so no concurrent update interleaves. */
  @Override
  public Status writeAtomically(List<Write> writes) {
    return lockedGroupWrite(
        engine().keyLocks(),
        writes,
        MAX_KEY_BYTES,
        () -> {
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
        });
  }

  /**
   * Writes the batch, sorted, into a table file of its own ({@code SstFileWriter}, with the column
   * family's options) and ingests that file: the records skip the write-ahead log and the memtable,
   * and where their key range overlaps no other file they go straight to the last level. Batches
   * may come in any key order (an overlapping file goes to a higher level, above what it overlaps).
   */
  @Override
  public Status bulkInsert(String table, List<Insert> records, List<String> failedKeys) {
    return sortedBulk(
        table,
        records,
        failedKeys,
        MAX_KEY_BYTES,
        batch -> {
          try {
            ColumnFamilyHandle family = engine().family(table);
            if (!engine().startBulk(table, family)) {
              return bulkRefused(table, records, failedKeys, notEmpty(table));
            }
            engine().ingest(family, batch);
            return Status.OK;
          } catch (RocksDBException | java.io.IOException e) {
            BatchWriteDB.allFailed(records, failedKeys);
            return error("bulk insert", table, records.get(0).key(), e);
          }
        });
  }

  @Override
  public boolean bulkInKeyOrder() {
    return false;
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

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return write(
        "insert",
        table,
        key,
        () -> put(engine().family(table), bytes(key), encoder.encode(values)));
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return lockedUpdate(
        engine().keyLocks(),
        table,
        key,
        values,
        updates -> {
          ColumnFamilyHandle family = engine().family(table);
          byte[] k = bytes(key);
          int length = get(family, k);
          if (length < 0) {
            return false;
          }
          put(family, k, encoder.encodeMerged(value, 0, length, updates));
          return true;
        });
  }

  @Override
  public Status delete(String table, String key) {
    // YCSB's delete is blind: RocksDB does not tell whether the key existed
    return write(
        "delete",
        table,
        key,
        () -> engine().db().delete(engine().family(table), engine().writeOptions(), bytes(key)));
  }

  /**
   * Reads the value of {@code key} into the reused {@link #value} buffer (for an update's merge);
   * its length, or -1.
   */
  private int get(ColumnFamilyHandle family, byte[] key) throws RocksDBException {
    RocksDB db = engine().db();
    int length = db.get(family, readOptions, key, value);
    if (length > value.length) {
      value = new byte[Math.max(length, value.length * 2)];
      length = db.get(family, readOptions, key, value);
    }
    return length == RocksDB.NOT_FOUND ? -1 : length;
  }

  private void put(ColumnFamilyHandle family, byte[] key, int length) throws RocksDBException {
    engine()
        .db()
        .put(family, engine().writeOptions(), key, 0, key.length, encoder.buffer(), 0, length);
  }

  private static byte[] bytes(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }
}
