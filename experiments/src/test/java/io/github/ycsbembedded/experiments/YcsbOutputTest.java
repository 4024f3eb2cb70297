package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Parsing of YCSB output captured from real runs of bin/ycsb (src/test/resources/captured). */
class YcsbOutputTest {
  static String captured(String name) throws IOException {
    try (InputStream in = YcsbOutputTest.class.getResourceAsStream("/captured/" + name)) {
      assertThat(in).as("captured output %s", name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void loadReportHasThroughputRuntimeAndInsertLatencies() throws IOException {
    YcsbOutput out = YcsbOutput.parse(captured("rocksdb-load.stdout"));

    assertThat(out.complete()).isTrue();
    assertThat(out.runtimeMs()).isEqualTo(3214);
    assertThat(out.throughput()).isEqualTo(31113.876789047914);
    assertThat(out.operations()).containsOnlyKeys("INSERT");
    YcsbOutput.Operation insert = out.operations().get("INSERT");
    assertThat(insert.operations()).isEqualTo(100000);
    assertThat(insert.minUs()).isEqualTo(3);
    assertThat(insert.maxUs()).isEqualTo(33727);
    assertThat(insert.averageUs()).isEqualTo(49.65781);
    assertThat(insert.p95Us()).isEqualTo(40);
    assertThat(insert.p99Us()).isEqualTo(110);
    assertThat(insert.returns()).containsExactlyEntriesOf(java.util.Map.of("OK", 100000L));
    assertThat(out.failedOperations()).isZero();
    assertThat(out.keysPerSecond()).isNaN();
  }

  @Test
  void batchReadReportHasKeysPerSecond() throws IOException {
    YcsbOutput out = YcsbOutput.parse(captured("rocksdb-z.stdout"));

    assertThat(out.keysPerSecond()).isEqualTo(92189.72502804792);
    assertThat(out.keys()).isEqualTo(76800);
    assertThat(out.operations()).containsOnlyKeys("BATCH_READ");
    assertThat(out.operations().get("BATCH_READ").operations()).isEqualTo(300);
  }

  @Test
  void statusLinesGiveThroughputOverTime() throws IOException {
    List<YcsbOutput.StatusPoint> points = captured("rocksdb-load.stderr").lines()
        .map(YcsbOutput::status).flatMap(java.util.Optional::stream).toList();

    assertThat(points).isNotEmpty();
    assertThat(points.get(0)).isEqualTo(new YcsbOutput.StatusPoint(0, 121, 0)); // "0 sec: 121 operations; est completion in ..."
    assertThat(points).contains(new YcsbOutput.StatusPoint(2, 63107, 35032.97));
    assertThat(points.get(points.size() - 1).operations()).isEqualTo(100000);
  }

  @Test
  void nonStatusLinesAreNotStatus() {
    assertThat(YcsbOutput.status("Loading workload...")).isEmpty();
    assertThat(YcsbOutput.status("[OVERALL], RunTime(ms), 874")).isEmpty();
  }

  @Test
  void runOnEmptyDataCountsOperationsThatWereNotOk() throws IOException {
    YcsbOutput out = YcsbOutput.parse(captured("empty-run.stdout"));

    assertThat(out.complete()).isTrue();
    assertThat(out.failedOperations()).isEqualTo(1000);
    assertThat(out.operations().get("READ").returns()).containsExactlyEntriesOf(java.util.Map.of("NOT_FOUND", 483L));
    assertThat(out.operations().get("UPDATE").returns()).containsExactlyEntriesOf(java.util.Map.of("NOT_FOUND", 517L));
    assertThat(out.failedOperations(Set.of("READ:NOT_FOUND"))).as("only the reads' answer accepted").isEqualTo(517);
  }

  @Test
  void failedPhaseHasNoReportAndItsReasonIsTheLaunchersLine() throws IOException {
    String stdout = captured("locked.stdout");
    String stderr = captured("locked.stderr");
    YcsbOutput out = YcsbOutput.parse(stdout);
    PhaseExecution.Measured measured = new PhaseExecution.Measured(1, stdout, stderr, 0.4, 0.1, 0, 0, List.of());

    assertThat(out.complete()).isFalse();
    assertThat(PhaseRunner.failure(measured, out, Set.of()))
        .startsWith("exit 1: rocksdb: ")
        .contains("is in use by another process");
  }

  @Test
  void phaseWithOperationsNotOkIsAFailureNamingTheCount() throws IOException {
    String stdout = captured("empty-run.stdout");
    PhaseExecution.Measured measured = new PhaseExecution.Measured(0, stdout, "", 1, 0, 0, 0, List.of());

    assertThat(PhaseRunner.failure(measured, YcsbOutput.parse(stdout), Set.of()))
        .startsWith("1000 operations did not return OK");
    assertThat(PhaseRunner.failure(measured, YcsbOutput.parse(stdout), Set.of("READ:NOT_FOUND", "UPDATE:NOT_FOUND")))
        .as("a phase whose reads may find nothing accepts it").isNull();
  }

  @Test
  void lastMessagePrefersTheLaunchersLineThenAnException() {
    assertThat(PhaseRunner.lastMessage("noise\nycsb: lmdb.dir is required\nmore")).isEqualTo("lmdb.dir is required");
    assertThat(PhaseRunner.lastMessage("a\njava.lang.IllegalStateException: boom\nb")).isEqualTo("java.lang.IllegalStateException: boom");
    assertThat(PhaseRunner.lastMessage("a\nlast line\n\n")).isEqualTo("last line");
    assertThat(PhaseRunner.lastMessage("")).isEqualTo("(no output on stderr)");
  }
}
