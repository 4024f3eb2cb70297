package io.github.ycsbembedded.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

class BatchedReadWorkloadTest {
  /** Records what the workload asks for; every key below {@code size} exists. */
  static final class RecordingDb extends DB implements BatchReadDB {
    final int size;
    final List<List<String>> batches = new ArrayList<>();
    final List<Set<String>> batchFields = new ArrayList<>();
    int singleReads;

    RecordingDb(int size) {
      this.size = size;
    }

    @Override
    public Status batchRead(
        String table, List<String> keys, Set<String> fields, List<KeyRead> results) {
      batches.add(List.copyOf(keys));
      batchFields.add(fields);
      results.clear();
      for (String key : keys) {
        results.add(
            Long.parseLong(key.substring(4)) < size
                ? KeyRead.found(StringByteIterator.getByteIteratorMap(Map.of("field0", key)))
                : KeyRead.missing());
      }
      return Status.OK;
    }

    @Override
    public Status read(
        String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      singleReads++;
      return Status.OK;
    }

    @Override
    public Status scan(
        String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Status delete(String table, String key) {
      throw new UnsupportedOperationException();
    }
  }

  @BeforeAll
  static void measurements() {
    Measurements.setProperties(new Properties());
  }

  private static BatchedReadWorkload workload(String... namesAndValues) throws WorkloadException {
    Properties p = new Properties();
    p.setProperty("recordcount", "10000");
    p.setProperty(
        "operationcount", "1000"); // CoreWorkload needs it for zipfian, as Client gives it
    p.setProperty("requestdistribution", "zipfian");
    p.setProperty("insertorder", "ordered"); // key names carry the key number
    for (int i = 0; i < namesAndValues.length; i += 2) {
      p.setProperty(namesAndValues[i], namesAndValues[i + 1]);
    }
    BatchedReadWorkload workload = new BatchedReadWorkload();
    workload.init(p);
    return workload;
  }

  @Test
  void eachTransactionIsOneBatchOfUniqueExistingKeysInDrawOrder() throws Exception {
    BatchedReadWorkload workload = workload();
    RecordingDb db = new RecordingDb(10000);
    long keysBefore = KeysMeasurement.get(KeysMeasurement.READ).keys();

    for (int i = 0; i < 20; i++) {
      assertThat(workload.doTransaction(db, null)).isTrue();
    }

    assertThat(db.batches).hasSize(20);
    assertThat(db.singleReads).isZero();
    for (List<String> batch : db.batches) {
      assertThat(batch)
          .hasSize(256)
          .doesNotHaveDuplicates()
          .allSatisfy(k -> assertThat(Long.parseLong(k.substring(4))).isBetween(0L, 9999L));
      List<String> sorted = new ArrayList<>(batch);
      sorted.sort(null);
      assertThat(batch).as("handed over as drawn, not sorted").isNotEqualTo(sorted);
    }
    assertThat(db.batchFields).containsOnlyNulls();
    assertThat(KeysMeasurement.get(KeysMeasurement.READ).keys() - keysBefore).isEqualTo(20 * 256);
  }

  @Test
  void zipfianKeysFavourSomeKeysAcrossBatches() throws Exception {
    BatchedReadWorkload workload = workload("batchsize", "100");
    RecordingDb db = new RecordingDb(10000);
    for (int i = 0; i < 200; i++) {
      workload.doTransaction(db, null);
    }
    Map<String, Integer> counts = new HashMap<>();
    db.batches.forEach(b -> b.forEach(k -> counts.merge(k, 1, Integer::sum)));
    int hottest = counts.values().stream().max(Integer::compare).orElse(0);
    assertThat(hottest).as("a hot key appears in most batches").isGreaterThan(100);
  }

  @Test
  void nonUniqueBatchesRepeatKeysAndUniqueOnesNever() throws Exception {
    // 10 keys drawn from 20: a batch without a repeat has probability 20!/10!/20^10 < 0.07, so
    // 100 non-unique batches without one would have probability below 10^-115.
    BatchedReadWorkload repeating =
        workload("recordcount", "20", "batchsize", "10", "batch.unique", "false");
    BatchedReadWorkload unique =
        workload("recordcount", "20", "batchsize", "10", "batch.unique", "true");
    RecordingDb repeats = new RecordingDb(20);
    RecordingDb uniques = new RecordingDb(20);
    for (int i = 0; i < 100; i++) {
      repeating.doTransaction(repeats, null);
      unique.doTransaction(uniques, null);
    }

    assertThat(repeats.batches).allSatisfy(b -> assertThat(b).hasSize(10));
    assertThat(repeats.batches).anySatisfy(b -> assertThat(new HashSet<>(b)).hasSizeLessThan(10));
    assertThat(uniques.batches).allSatisfy(b -> assertThat(b).hasSize(10).doesNotHaveDuplicates());
  }

  @Test
  void batchProportionMixesInCoreWorkloadOperations() throws Exception {
    BatchedReadWorkload workload =
        workload("batchproportion", "0.5", "readproportion", "1", "updateproportion", "0");
    RecordingDb db = new RecordingDb(10000);
    for (int i = 0; i < 400; i++) {
      workload.doTransaction(db, null);
    }
    assertThat(db.batches.size() + db.singleReads).isEqualTo(400);
    assertThat(db.batches.size()).isBetween(120, 280);
  }

  @Test
  void readOfOneFieldWhenNotAllFieldsAreRead() throws Exception {
    BatchedReadWorkload workload = workload("readallfields", "false", "batchsize", "4");
    RecordingDb db = new RecordingDb(10000);
    workload.doTransaction(db, null);
    assertThat(db.batchFields.get(0))
        .hasSize(1)
        .allSatisfy(f -> assertThat(f).matches("field[0-9]"));
  }

  @Test
  void uniqueBatchLargerThanTheDataIsRefusedNamingTheProperty() {
    assertThatThrownBy(() -> workload("recordcount", "100"))
        .isInstanceOf(WorkloadException.class)
        .hasMessage(
            "batchsize: '256' is larger than recordcount (100), so a batch cannot have unique"
                + " keys; lower it or set batch.unique=false");
  }

  @Test
  void badPropertiesAreNamed() {
    assertThatThrownBy(() -> workload("batchsize", "0"))
        .hasMessage("batchsize: '0' is not an integer from 1 to 1048576");
    assertThatThrownBy(() -> workload("batchproportion", "2"))
        .hasMessage("batchproportion: '2' is not a proportion; use a number from 0 to 1");
    assertThatThrownBy(() -> workload("batch.unique", "yes"))
        .hasMessage("batch.unique: 'yes' is not a boolean; use true or false");
  }

  /** YCSB's basic binding has no BatchReadDB: batches become single reads, said once. */
  @Test
  @Tag("process")
  void stockClientWithBasicBindingFallsBackToSingleReads() throws Exception {
    YcsbProcess run =
        YcsbProcess.client(
            "-db",
            "site.ycsb.BasicDB",
            "-t",
            "-P",
            YcsbProcess.workload("workloadz").toString(),
            "-p",
            "operationcount=20",
            "-p",
            "basicdb.verbose=false",
            "-threads",
            "2");

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.count("BATCH_READ", "Operations")).isEqualTo(20);
    assertThat(run.count("BATCH_READ", "Return=OK")).isEqualTo(20);
    assertThat(run.count("READ", "Operations"))
        .as("each key read once through YCSB's wrapper")
        .isEqualTo(20 * 256);
    assertThat(run.count("BATCH_READ_KEYS", "Keys")).isEqualTo(20 * 256);
    assertThat(run.metric("BATCH_READ_KEYS", "Throughput(keys/sec)")).isNotNull();
    assertThat(run.stderr().lines().filter(l -> l.contains("has no native batch read")).count())
        .isEqualTo(1);
  }
}
