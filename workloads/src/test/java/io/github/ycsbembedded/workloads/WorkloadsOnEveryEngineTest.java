package io.github.ycsbembedded.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.EngineDescriptor;
import io.github.ycsbembedded.core.Engines;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * This module's workloads through stock {@code site.ycsb.Client}, in its own JVM, on every engine
 * of this build (WiredTiger where bin/setup provided it): Workload Z's batched reads, Workload Y's
 * batched inserts and bulk loads (the write-ups' own workloads are in {@link
 * WriteUpWorkloadsOnEveryEngineTest}, a class apart so that the two run in parallel test JVMs). The
 * assertions read YCSB's own output and the data left behind.
 */
@Tag("process")
class WorkloadsOnEveryEngineTest {
  private static final int RECORDS = 20000;

  @TempDir Path dataDir;

  /** The engines whose binding is on this test's class path. */
  static Stream<String> engines() {
    return Engines.all().stream()
        .filter(
            e -> {
              try {
                Class.forName(e.clientClass());
                return true;
              } catch (ClassNotFoundException | LinkageError missing) {
                return false;
              }
            })
        .map(EngineDescriptor::name);
  }

  static String dbClass(String name) {
    return Engines.named(name).orElseThrow().clientClass();
  }

  /** Client arguments every phase gets: the binding, its directory, the record count. */
  private List<String> common(String name) {
    return new ArrayList<>(
        List.of(
            "-db", dbClass(name),
            "-p", name + ".dir=" + dataDir,
            "-p", "recordcount=" + RECORDS));
  }

  static YcsbProcess client(List<String> base, String... more) throws Exception {
    List<String> args = new ArrayList<>(base);
    args.addAll(Arrays.asList(more));
    return YcsbProcess.client(args.toArray(new String[0]));
  }

  /**
   * Data loaded by workloada is read by workloadz in batches of 256 through the binding's native
   * batch read; YCSB's own data-integrity check verifies every key read.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void workloadZReadsWhatWorkloadALoadedInBatches(String name) throws Exception {
    YcsbProcess load =
        client(
            common(name),
            "-load",
            "-P",
            YcsbProcess.workload("workloada").toString(),
            "-p",
            "dataintegrity=true",
            "-threads",
            "2");
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("INSERT", "Return=OK")).as(load.toString()).isEqualTo(RECORDS);

    int batches = 200;
    YcsbProcess run =
        client(
            common(name),
            "-t",
            "-P",
            YcsbProcess.workload("workloadz").toString(),
            "-p",
            "operationcount=" + batches,
            "-p",
            "dataintegrity=true",
            "-threads",
            "2");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.count("BATCH_READ", "Operations")).as(run.toString()).isEqualTo(batches);
    assertThat(run.count("BATCH_READ", "Return=OK")).isEqualTo(batches);
    assertThat(run.count("BATCH_READ_KEYS", "Keys")).isEqualTo(batches * 256L);
    assertThat(run.count("BATCH_READ_KEYS", "KeysFound")).isEqualTo(batches * 256L);
    assertThat(Double.parseDouble(run.metric("BATCH_READ_KEYS", "Throughput(keys/sec)")))
        .isPositive();
    assertThat(run.count("VERIFY", "Return=OK"))
        .as("every key's value checked")
        .isEqualTo(batches * 256L);
    assertThat(run.metric("READ", "Operations"))
        .as("no single reads: the batch is native")
        .isNull();
    assertThat(run.returnLines()).allMatch(line -> line.contains("Return=OK"));
    assertThat(run.stderr()).doesNotContain("has no native batch read");
  }

  /**
   * Workload Y loads in batches of 256 through the binding's native batch insert, two threads
   * sharing the load; workloadc then reads every record back, each value checked.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void workloadYLoadsInBatchesAndWorkloadCReadsEveryRecordBackChecked(String name)
      throws Exception {
    YcsbProcess load =
        client(
            common(name),
            "-load",
            "-P",
            YcsbProcess.workload("workloady").toString(),
            "-threads",
            "2");
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("BATCH_INSERT", "Operations"))
        .as(load.toString())
        .isEqualTo((RECORDS + 255) / 256);
    assertThat(load.count("BATCH_INSERT_KEYS", "KeysStored")).isEqualTo(RECORDS);
    assertThat(load.metric("INSERT", "Operations"))
        .as("no single inserts: the batch is native")
        .isNull();
    assertThat(load.returnLines()).allMatch(line -> line.contains("Return=OK"));

    assertReadsEveryRecordBackChecked(common(name));
  }

  /**
   * A bulk load in key order through the engine's bulk path reads back whole; a second bulk load
   * into the now full table is refused in one line, and the data stays as it was. (Stock Client
   * exits 0 whatever its operations returned; bin/ycsb's CheckedClient makes that exit status 1.)
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void bulkLoadReadsBackWholeAndASecondBulkLoadIsRefusedInOneLine(String name) throws Exception {
    List<String> ordered = common(name);
    ordered.addAll(List.of("-p", "insertorder=ordered", "-p", "zeropadding=12"));
    String workload = YcsbProcess.workload("workloady").toString();
    YcsbProcess load =
        client(ordered, "-load", "-P", workload, "-p", "bulkload=true", "-p", "batchsize=3000");
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("BATCH_INSERT", "Return=OK"))
        .as(load.toString())
        .isEqualTo((RECORDS + 2999) / 3000);
    assertThat(load.count("BATCH_INSERT_KEYS", "KeysStored")).isEqualTo(RECORDS);

    YcsbProcess again = client(ordered, "-load", "-P", workload, "-p", "bulkload=true");
    assertThat(again.stderr().lines().filter(l -> l.startsWith(name + ": ")))
        .as(again.stderr())
        .singleElement()
        .asString()
        .isEqualTo(
            name
                + ": bulk insert usertable/user000000000000 failed: a bulk load"
                + " fills an empty table, and usertable already holds records; load it into a new "
                + name
                + ".dir, or with "
                + name
                + ".destroy=true");
    assertThat(again.count("BATCH_INSERT", "Return=BAD_REQUEST")).isEqualTo(1);

    assertReadsEveryRecordBackChecked(ordered);
  }

  /** workloadc reads every record once (ordered requests over all keys), each value checked. */
  private void assertReadsEveryRecordBackChecked(List<String> base) throws Exception {
    YcsbProcess run =
        client(
            base,
            "-t",
            "-P",
            YcsbProcess.workload("workloadc").toString(),
            "-p",
            "operationcount=" + RECORDS,
            "-p",
            "requestdistribution=sequential",
            "-p",
            "dataintegrity=true");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.count("READ", "Return=OK")).as(run.toString()).isEqualTo(RECORDS);
    assertThat(run.count("VERIFY", "Return=OK")).as("every value checked").isEqualTo(RECORDS);
    assertThat(run.returnLines()).allMatch(line -> line.contains("Return=OK"));
  }
}
