package io.github.ycsbembedded.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * Fixed-rate runs: the latency from each request's due time ({@code measurement.interval=both})
 * shows a stall the service time hides; stock {@code site.ycsb.Client} at a {@code -target}
 * measures every request from its due time too; and readers beside writers are measured apart.
 */
class FixedRateRunTest {
  @TempDir Path dataDir;

  private static final long MS = 1_000_000L;

  /**
   * A deliberately stalled store — each read takes 40 ms — asked for 100 reads a second on one
   * thread (one due every 10 ms): it falls behind, each read's intended start stays its due time,
   * and so its latency from the due time grows by 30 ms a read past the 40 ms each read takes. The
   * clock is the test's, moved by the store's reads: nothing waits and nothing is timed.
   */
  @Test
  void aStalledEngineAtAFixedRateShowsTheStallInTheLatencyFromTheDueTime() throws Exception {
    Properties p = new Properties();
    p.setProperty("recordcount", "50");
    p.setProperty("threadcount", "1");
    p.setProperty("rww.writers", "0");
    p.setProperty("rww.read_rate", "100");
    p.setProperty("measurement.interval", "both");
    long start = 1_000 * MS;
    AtomicLong clock = new AtomicLong(start);
    Measurements.setProperties(p); // YCSB's own, which the workload's base class reads
    Measurements measurements = new Measurements(p);
    ReadWhileWritingWorkload workload = new ReadWhileWritingWorkload();
    workload.clock(clock::get);
    workload.measurements(measurements);
    workload.init(p);
    List<Long> dueAfterStart = new ArrayList<>();
    List<Long> service = new ArrayList<>();
    List<Long> fromDue = new ArrayList<>();
    ReadWhileWritingWorkloadTest.CountingDb stalled =
        new ReadWhileWritingWorkloadTest.CountingDb() {
          @Override
          public synchronized Status read(
              String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
            long due = IntendedStart.nanos(measurements);
            long began = clock.get();
            long ended = clock.addAndGet(40 * MS);
            dueAfterStart.add((due - start) / MS);
            service.add((ended - began) / MS);
            fromDue.add((ended - due) / MS);
            return super.read(table, key, fields, result);
          }
        };
    Object reader = workload.initThread(p, 0, 1);
    for (int i = 0; i < 5; i++) {
      assertThat(workload.doTransaction(stalled, reader)).isTrue();
    }

    assertThat(stalled.reads).hasSize(5);
    assertThat(dueAfterStart)
        .as("each due 10 ms after the one before")
        .containsExactly(0L, 10L, 20L, 30L, 40L);
    assertThat(service).as("each read's own time").containsOnly(40L);
    assertThat(fromDue)
        .as("from its due time, behind the stalls before it")
        .containsExactly(40L, 70L, 100L, 130L, 160L);
  }

  /**
   * Stock {@code site.ycsb.Client} at a target rate with {@code measurement.interval=both}: every
   * read is measured from its start and, as {@code Intended-READ}, from its due time.
   */
  @Test
  @Tag("process")
  void aStockRunAtATargetMeasuresEveryReadFromItsDueTimeToo() throws Exception {
    YcsbProcess run =
        YcsbProcess.client(
            "-t",
            "-db",
            "site.ycsb.BasicDB",
            "-P",
            YcsbProcess.workload("workloadc").toString(),
            "-p",
            "recordcount=1000",
            "-p",
            "operationcount=150",
            "-p",
            "basicdb.verbose=false",
            "-p",
            "measurement.interval=both",
            "-target",
            "1000",
            "-threads",
            "1");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.count("READ", "Return=OK")).isEqualTo(150);
    assertThat(run.count("READ", "Operations")).isEqualTo(150);
    assertThat(run.count("Intended-READ", "Operations")).as("from the due time").isEqualTo(150);
  }

  /**
   * Readers and a writer on LMDB, each class at its own rate: each in its own lines of YCSB's
   * report, with its latency from the due time.
   */
  @Test
  @Tag("process")
  void readersBesideAWriterAreMeasuredApart() throws Exception {
    String db = "io.github.ycsbembedded.lmdb.LmdbClient";
    String workload = YcsbProcess.workload("readwhilewriting").toString();
    YcsbProcess load =
        YcsbProcess.client(
            "-load",
            "-db",
            db,
            "-P",
            workload,
            "-p",
            "lmdb.dir=" + dataDir,
            "-p",
            "recordcount=2000");
    assertThat(load.exitCode()).as(load.toString()).isZero();
    YcsbProcess run =
        YcsbProcess.client(
            "-t",
            "-db",
            db,
            "-P",
            workload,
            "-p",
            "lmdb.dir=" + dataDir,
            "-p",
            "recordcount=2000",
            "-p",
            "operationcount=1500",
            "-p",
            "rww.write_rate=200",
            "-p",
            "rww.read_rate=1300",
            "-p",
            "measurement.interval=both",
            "-threads",
            "3");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    long reads = run.count("READ", "Return=OK");
    long writes = run.count("UPDATE", "Return=OK");
    assertThat(reads + writes).isEqualTo(1500);
    assertThat(reads).as("two reader threads").isGreaterThan(writes);
    assertThat(writes).as("one writer thread").isPositive();
    assertThat(run.metric("Intended-READ", "99thPercentileLatency(us)")).isNotNull();
    assertThat(run.metric("Intended-UPDATE", "99thPercentileLatency(us)")).isNotNull();
  }
}
