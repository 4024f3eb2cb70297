package io.github.ycsbembedded.core;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A binding that inserts many records of one table in one call (Unum's batched inserts, Workload
 * Y), and that can fill an empty table through its engine's native bulk path. Workloads reach it
 * through {@link Extensions#find}.
 *
 * <p>What each binding does:
 *
 * <table>
 * <caption>batch and bulk inserts per binding</caption>
 * <tr><th>binding</th><th>{@link #batchInsert}</th><th>{@link #bulkInsert}</th></tr>
 * <tr><td>lmdb</td><td>one write transaction (atomic)</td><td>one write transaction per batch,
 *     {@code MDB_APPEND} in key order (atomic; batches in ascending key order)</td></tr>
 * <tr><td>rocksdb</td><td>one write batch (atomic)</td><td>one sorted table file per batch,
 *     ingested (atomic; any order)</td></tr>
 * <tr><td>leveldb</td><td>one write batch (atomic)</td><td>one write batch per batch (atomic; any
 *     order): LevelDB has no other bulk path</td></tr>
 * <tr><td>wiredtiger</td><td>one transaction (atomic)</td><td>a bulk cursor kept open for the
 *     load, one thread (not atomic: a failure leaves the batch's earlier records; batches in
 *     ascending key order; readable once the load's client closes)</td></tr>
 * </table>
 */
public interface BatchWriteDB {
  /** One record of a batch: its key and all its fields. */
  record Insert(String key, Map<String, ? extends ByteIterator> values) {
    public Insert {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(values, "values");
    }
  }

  /**
   * Inserts (or replaces) every record of {@code records} in {@code table}. A key given twice is
   * stored once, with its last values.
   *
   * @param failedKeys cleared, then filled with the keys that were not stored when the status is
   *     not {@code OK} (every key where {@link #batchAtomic()})
   * @return {@code OK}; {@code BAD_REQUEST} when a record cannot be stored (a key the engine does
   *     not take); {@code ERROR} when the engine failed
   */
  Status batchInsert(String table, List<Insert> records, List<String> failedKeys);

  /** Whether {@link #batchInsert} stores a batch all or nothing. */
  boolean batchAtomic();

  /**
   * Inserts {@code records} through the engine's bulk path, into a table that was empty when this
   * process's first bulk insert into it began; the binding sorts each batch. Where {@link
   * #bulkInKeyOrder()}, every key of a batch must also lie above every key stored before it (a load
   * in key order: {@code insertorder=ordered} with {@code zeropadding} wide enough, one thread). A
   * table that held records, or a batch out of order, is {@code BAD_REQUEST} with one line naming
   * the table and what to change, and nothing of that batch is stored.
   *
   * @param failedKeys cleared, then filled with the keys that were not stored when the status is
   *     not {@code OK}
   */
  Status bulkInsert(String table, List<Insert> records, List<String> failedKeys);

  /** Whether {@link #bulkInsert} needs the batches in ascending key order (LMDB, WiredTiger). */
  boolean bulkInKeyOrder();

  /** Whether {@link #bulkInsert} stores a batch all or nothing. */
  boolean bulkAtomic();

  /** Every key of {@code records}, for {@code failedKeys} of a batch that stored nothing. */
  static void allFailed(List<Insert> records, List<String> failedKeys) {
    failedKeys.clear();
    for (Insert record : records) {
      failedKeys.add(record.key());
    }
  }
}
