package io.github.ycsbembedded.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

/**
 * The first rww.writers threads only update, the others only read, every key one the load wrote;
 * the writers keep their rate by due times, as YCSB's -target does.
 */
class ReadWhileWritingWorkloadTest {
  private static final int RECORDS = 50;

  /** Counts what each call asks for; every key of the load exists. */
  static class CountingDb extends DB {
    final List<String> reads = new ArrayList<>();
    final List<String> updates = new ArrayList<>();

    @Override
    public synchronized Status read(
        String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      reads.add(key);
      return Status.OK;
    }

    @Override
    public synchronized Status update(String table, String key, Map<String, ByteIterator> values) {
      updates.add(key);
      return Status.OK;
    }

    @Override
    public Status scan(
        String table,
        String startkey,
        int recordcount,
        Set<String> fields,
        Vector<java.util.HashMap<String, ByteIterator>> result) {
      throw new AssertionError("no scans");
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      throw new AssertionError("no inserts");
    }

    @Override
    public Status delete(String table, String key) {
      throw new AssertionError("no deletes");
    }
  }

  private static Properties properties(int threads, int writers) {
    Properties p = new Properties();
    p.setProperty("recordcount", Integer.toString(RECORDS));
    p.setProperty("threadcount", Integer.toString(threads));
    p.setProperty("rww.writers", Integer.toString(writers));
    p.setProperty("fieldcount", "1");
    p.setProperty("fieldlength", "10");
    p.setProperty("insertorder", "ordered"); // keys user<n>, n the record's number
    return p;
  }

  private static ReadWhileWritingWorkload workload(Properties p) throws WorkloadException {
    Measurements.setProperties(p);
    ReadWhileWritingWorkload w = new ReadWhileWritingWorkload();
    w.init(p);
    return w;
  }

  @Test
  void theFirstThreadsOnlyWriteAndTheOthersOnlyReadKeysTheLoadWrote() throws Exception {
    Properties p = properties(3, 1);
    ReadWhileWritingWorkload w = workload(p);
    CountingDb writerDb = new CountingDb();
    CountingDb readerDb = new CountingDb();
    Object writer = w.initThread(p, 0, 3);
    Object reader = w.initThread(p, 2, 3);
    for (int i = 0; i < 200; i++) {
      w.doTransaction(writerDb, writer);
      w.doTransaction(readerDb, reader);
    }
    assertThat(writerDb.updates).hasSize(200);
    assertThat(writerDb.reads).isEmpty();
    assertThat(readerDb.reads).hasSize(200);
    assertThat(readerDb.updates).isEmpty();
    List<String> all = new ArrayList<>(writerDb.updates);
    all.addAll(readerDb.reads);
    assertThat(all)
        .allSatisfy(
            key ->
                assertThat(Long.parseLong(key.replaceAll("\\D", ""))).isBetween(0L, RECORDS - 1L));
    assertThat(Set.copyOf(all).size()).as("keys from the request distribution").isGreaterThan(5);
  }

  @Test
  void writersThatLeaveNoReaderAreRefusedNamingTheProperty() {
    assertThatThrownBy(() -> workload(properties(2, 2)))
        .isInstanceOf(WorkloadException.class)
        .hasMessage(
            "rww.writers: 2 writers leave no reader among 2 client threads; use fewer writers or"
                + " more threads (-threads)");
  }

  @Test
  void aPacedClassDuesItsOperationsAtASteadyRateFromItsStart() {
    long start = 1_000_000_000L;
    ReadWhileWritingWorkload.Pace pace = new ReadWhileWritingWorkload.Pace(100, start);
    assertThat(pace.next()).as("the first is due at the start").isEqualTo(start);
    assertThat(pace.next()).as("the second a period (10 ms) later").isEqualTo(start + 10_000_000L);
    assertThat(pace.next()).as("and so on, whenever each ran").isEqualTo(start + 20_000_000L);
  }
}
