package io.github.ycsbembedded.workloads;

import io.github.ycsbembedded.core.BatchWriteDB;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.Extensions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Workload Y, the batched inserts of Unum's successor harness: a load ({@code bin/ycsb load}) hands
 * the store {@code batchsize} records at once. Keys and values are CoreWorkload's own (each record
 * is made by CoreWorkload's insert, so the same properties give the same records; with {@code
 * dataintegrity=true} a load with this workload reads back under {@code workloadc}), and the load
 * stops after {@code insertcount} records (default {@code recordcount - insertstart}) however many
 * threads share it.
 *
 * <p>Properties (besides CoreWorkload's): {@code batchsize} (records per batch, default 256),
 * {@code bulkload} (default false: each batch through {@link BatchWriteDB#batchInsert}; true:
 * through the engine's bulk path, {@link BatchWriteDB#bulkInsert}, into an empty table — for LMDB
 * and WiredTiger in key order, see {@code workloads/workloady}).
 *
 * <p>Each batch is measured as operation {@code BATCH_INSERT} (latency per batch, {@code Return=}
 * counts); keys given and stored, and keys per second, appear as {@code [BATCH_INSERT_KEYS]} lines.
 * YCSB's {@code [OVERALL], Throughput} counts batches. A failed batch stops its client thread, as a
 * failed insert does in CoreWorkload. A binding without {@link BatchWriteDB} gets the records as
 * single inserts, said once on stderr. Transactions ({@code bin/ycsb run}) are CoreWorkload's.
 */
public class BatchedInsertWorkload extends BatchWorkload {
  public static final String BULK_LOAD_PROPERTY = "bulkload";
  public static final String OPERATION = "BATCH_INSERT";

  private boolean bulk;
  private long insertCount;

  /** Records handed out to batches so far, across the client threads. */
  private final AtomicLong claimed = new AtomicLong();

  public BatchedInsertWorkload() {
    super(KeysMeasurement.INSERT);
  }

  @Override
  void initBatches(Properties p, BindingProperties properties) throws DBException {
    bulk = properties.bool(BULK_LOAD_PROPERTY, false);
    long insertStart = properties.longInteger(INSERT_START_PROPERTY, 0, 0, Long.MAX_VALUE);
    insertCount =
        properties.longInteger(INSERT_COUNT_PROPERTY, recordcount - insertStart, 0, Long.MAX_VALUE);
  }

  /**
   * One batch of up to {@code batchsize} records, in one call; false when none is left or it
   * failed.
   */
  @Override
  public boolean doInsert(DB db, Object threadstate) {
    long first = claimed.getAndAdd(batchSize);
    int size = (int) Math.max(0, Math.min(batchSize, insertCount - first));
    if (size == 0) {
      requestStop();
      return false;
    }
    Collector collector = new Collector(size);
    for (int i = 0; i < size; i++) {
      super.doInsert(collector, threadstate);
    }
    List<BatchWriteDB.Insert> records = collector.records;
    Optional<BatchWriteDB> batchDb = Extensions.find(db, BatchWriteDB.class);
    List<String> failed = new ArrayList<>();

    long intendedStartNs = IntendedStart.nanos(measurements);
    long startNs = System.nanoTime();
    Status status;
    if (batchDb.isPresent()) {
      status =
          bulk
              ? batchDb.get().bulkInsert(table, records, failed)
              : batchDb.get().batchInsert(table, records, failed);
    } else {
      status = singleInserts(db, records, failed);
    }
    long endNs = Timed.record(measurements, OPERATION, startNs, intendedStartNs, status);
    batchKeys.record(records.size(), records.size() - failed.size(), startNs, endNs);
    return status.isOk();
  }

  private Status singleInserts(DB db, List<BatchWriteDB.Insert> records, List<String> failed) {
    Fallbacks.sayOnce(
        "workloady",
        db,
        "native batch insert (" + BatchWriteDB.class.getSimpleName() + ")",
        "inserting each record on its own" + (bulk ? ", without a bulk path" : ""));
    Status overall = Status.OK;
    for (BatchWriteDB.Insert record : records) {
      @SuppressWarnings("unchecked")
      Map<String, ByteIterator> values = (Map<String, ByteIterator>) record.values();
      Status status = db.insert(table, record.key(), values);
      if (!status.isOk()) {
        failed.add(record.key());
        overall = status;
      }
    }
    return overall;
  }

  /** Takes the records CoreWorkload's insert makes, in place of a database. */
  private static final class Collector extends DB {
    final List<BatchWriteDB.Insert> records;

    Collector(int size) {
      records = new ArrayList<>(size);
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      records.add(new BatchWriteDB.Insert(key, values));
      return Status.OK;
    }

    @Override
    public Status read(
        String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Status scan(
        String table,
        String startkey,
        int recordcount,
        Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Status delete(String table, String key) {
      throw new UnsupportedOperationException();
    }
  }
}
