package io.github.ycsbembedded.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.core.BatchWriteDB;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

class BatchedInsertWorkloadTest {
  /** A memory DB with batch inserts that records each batch, and fails keys it is told to. */
  static final class BatchingDb extends MemoryDb implements BatchWriteDB {
    final List<List<String>> batches = new ArrayList<>();
    final List<Boolean> bulk = new ArrayList<>();
    final Set<String> refused = new HashSet<>();

    @Override
    public synchronized Status batchInsert(
        String table, List<Insert> records, List<String> failedKeys) {
      return store(table, records, failedKeys, false);
    }

    @Override
    public synchronized Status bulkInsert(
        String table, List<Insert> records, List<String> failedKeys) {
      return store(table, records, failedKeys, true);
    }

    @SuppressWarnings("unchecked")
    private Status store(
        String table, List<Insert> records, List<String> failedKeys, boolean isBulk) {
      batches.add(records.stream().map(Insert::key).toList());
      bulk.add(isBulk);
      failedKeys.clear();
      for (Insert record : records) {
        if (refused.contains(record.key())) {
          failedKeys.add(record.key());
        } else {
          insert(table, record.key(), (Map<String, ByteIterator>) record.values());
        }
      }
      return failedKeys.isEmpty() ? Status.OK : Status.ERROR;
    }

    @Override
    public boolean batchAtomic() {
      return false;
    }

    @Override
    public boolean bulkInKeyOrder() {
      return false;
    }

    @Override
    public boolean bulkAtomic() {
      return false;
    }
  }

  @BeforeAll
  static void measurements() {
    Measurements.setProperties(new Properties());
  }

  private static Properties properties(String... namesAndValues) {
    Properties p = new Properties();
    p.setProperty("recordcount", "1000");
    p.setProperty("fieldcount", "3");
    p.setProperty("fieldlength", "20");
    p.setProperty("dataintegrity", "true");
    for (int i = 0; i < namesAndValues.length; i += 2) {
      p.setProperty(namesAndValues[i], namesAndValues[i + 1]);
    }
    return p;
  }

  private static BatchedInsertWorkload workload(Properties p) throws WorkloadException {
    BatchedInsertWorkload workload = new BatchedInsertWorkload();
    workload.init(p);
    return workload;
  }

  /** Loads with the workload until it says no more, as YCSB's client thread does. */
  private static int load(BatchedInsertWorkload workload, site.ycsb.DB db) {
    int calls = 0;
    while (!workload.isStopRequested() && workload.doInsert(db, null)) {
      calls++;
    }
    return calls;
  }

  @Test
  void loadsTheRecordsCoreWorkloadLoadsInBatchesOfBatchSize() throws Exception {
    BatchingDb batched = new BatchingDb();
    long keysBefore = KeysMeasurement.get(KeysMeasurement.INSERT).keys();
    assertThat(load(workload(properties()), batched)).isEqualTo(4);

    MemoryDb single = new MemoryDb();
    CoreWorkload core = new CoreWorkload();
    core.init(properties());
    for (int i = 0; i < 1000; i++) {
      assertThat(core.doInsert(single, null)).isTrue();
    }

    assertThat(batched.batches).extracting(List::size).containsExactly(256, 256, 256, 232);
    assertThat(batched.bulk).containsOnly(false);
    assertThat(batched.tables.get("usertable").keySet())
        .isEqualTo(single.tables.get("usertable").keySet());
    for (String key : single.tables.get("usertable").keySet()) {
      assertThat(batched.tables.get("usertable").get(key))
          .as(key)
          .isEqualTo(single.tables.get("usertable").get(key));
    }
    assertThat(KeysMeasurement.get(KeysMeasurement.INSERT).keys() - keysBefore).isEqualTo(1000);
  }

  @Test
  void bulkLoadGoesThroughTheBulkPath() throws Exception {
    BatchingDb db = new BatchingDb();
    load(workload(properties("bulkload", "true", "batchsize", "300")), db);

    assertThat(db.batches).extracting(List::size).containsExactly(300, 300, 300, 100);
    assertThat(db.bulk).containsOnly(true);
    assertThat(db.tables.get("usertable")).hasSize(1000);
  }

  @Test
  void threadsSharingTheLoadInsertEachRecordOnceAndStopAtInsertCount() throws Exception {
    BatchingDb db = new BatchingDb();
    BatchedInsertWorkload workload =
        workload(
            properties(
                "recordcount",
                "5000",
                "insertstart",
                "1000",
                "insertcount",
                "3000",
                "batchsize",
                "64"));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Integer>> threads = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        threads.add(pool.submit(() -> load(workload, db)));
      }
      for (Future<Integer> thread : threads) {
        thread.get();
      }
    } finally {
      pool.shutdownNow();
    }

    List<String> all = db.batches.stream().flatMap(List::stream).toList();
    assertThat(all).hasSize(3000).doesNotHaveDuplicates();
    assertThat(db.tables.get("usertable")).hasSize(3000);
  }

  @Test
  void aFailedBatchStopsTheThreadAndCountsOnlyTheKeysStored() throws Exception {
    BatchingDb db = new BatchingDb();
    BatchedInsertWorkload workload =
        workload(properties("insertorder", "ordered", "batchsize", "10"));
    db.refused.add("user15");
    long storedBefore = stored();

    assertThat(workload.doInsert(db, null)).isTrue();
    assertThat(workload.doInsert(db, null)).isFalse();

    assertThat(stored() - storedBefore).isEqualTo(19);
    assertThat(db.tables.get("usertable")).hasSize(19).doesNotContainKey("user15");
  }

  private static long stored() {
    Map<String, Long> counts = new HashMap<>();
    try {
      KeysMeasurement.get(KeysMeasurement.INSERT)
          .exportMeasurements(
              new site.ycsb.measurements.exporter.MeasurementsExporter() {
                @Override
                public void write(String metric, String measurement, int i) {
                  counts.put(measurement, (long) i);
                }

                @Override
                public void write(String metric, String measurement, long i) {
                  counts.put(measurement, i);
                }

                @Override
                public void write(String metric, String measurement, double d) {}

                @Override
                public void close() {}
              });
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    return counts.get("KeysStored");
  }

  @Test
  void badPropertiesAreNamed() {
    assertThatThrownBy(() -> workload(properties("batchsize", "0")))
        .hasMessage("batchsize: '0' is not an integer from 1 to 1048576");
    assertThatThrownBy(() -> workload(properties("bulkload", "yes")))
        .hasMessage("bulkload: 'yes' is not a boolean; use true or false");
  }

  /** YCSB's basic binding has no BatchWriteDB: batches become single inserts, said once. */
  @Test
  @Tag("process")
  void stockClientWithBasicBindingFallsBackToSingleInserts() throws Exception {
    YcsbProcess run =
        YcsbProcess.client(
            "-db",
            "site.ycsb.BasicDB",
            "-load",
            "-P",
            YcsbProcess.workload("workloady").toString(),
            "-p",
            "recordcount=1000",
            "-p",
            "basicdb.verbose=false",
            "-threads",
            "2");

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.count("BATCH_INSERT", "Operations")).isEqualTo(4);
    assertThat(run.count("BATCH_INSERT", "Return=OK")).isEqualTo(4);
    assertThat(run.count("INSERT", "Operations"))
        .as("each record once through YCSB's wrapper")
        .isEqualTo(1000);
    assertThat(run.count("BATCH_INSERT_KEYS", "Keys")).isEqualTo(1000);
    assertThat(run.count("BATCH_INSERT_KEYS", "KeysStored")).isEqualTo(1000);
    assertThat(run.stderr().lines().filter(l -> l.contains("has no native batch insert")).count())
        .isEqualTo(1);
  }
}
