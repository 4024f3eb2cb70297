package io.github.ycsbembedded.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixed-rate runs through stock {@code site.ycsb.Client}: latency from each request's due time
 * ({@code measurement.interval=both}) shows a stall the service time hides, and readers beside
 * writers are measured apart.
 */
class FixedRateRunTest {
  @TempDir Path dataDir;

  /**
   * A deliberately stalled store — YCSB's BasicDB holding each read up to 40 ms — asked for 100
   * reads a second on one thread (one due every 10 ms): it falls behind, every request due while it
   * stalls waits, and the latency from the due time grows far past the service time.
   */
  @Test
  void aStalledEngineAtAFixedRateShowsTheStallInTheLatencyFromTheDueTime() throws Exception {
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
            "basicdb.simulatedelay=40",
            "-p",
            "basicdb.verbose=false",
            "-p",
            "measurement.interval=both",
            "-target",
            "100",
            "-threads",
            "1");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    double service = Double.parseDouble(run.metric("READ", "99thPercentileLatency(us)"));
    double fromDue = Double.parseDouble(run.metric("Intended-READ", "99thPercentileLatency(us)"));
    // a read sleeps at most 40 ms; twice that leaves the scheduler's slack on a loaded machine (a
    // bin/test beside a JMH run read 46.7 ms), far below the due-time latency of a run that falls
    // behind by about 10 ms a read
    assertThat(service).as("each read's own time").isLessThanOrEqualTo(80_000);
    assertThat(fromDue)
        .as("from its due time, behind the stalls before it")
        .isGreaterThan(3 * service);
  }

  /**
   * Readers and a writer on LMDB, each class at its own rate: each in its own lines of YCSB's
   * report, with its latency from the due time.
   */
  @Test
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
