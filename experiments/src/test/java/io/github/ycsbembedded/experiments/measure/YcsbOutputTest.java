package io.github.ycsbembedded.experiments.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Parsing of YCSB output captured from real runs of bin/ycsb (src/test/resources/captured). */
public class YcsbOutputTest {
  public static String captured(String name) throws IOException {
    try (InputStream in = YcsbOutputTest.class.getResourceAsStream("/captured/" + name)) {
      assertThat(in).as("captured output %s", name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void engineVersionIsTheOneTheBindingsStartupLineNames() throws IOException {
    String load = captured("leveldb-load.stdout");

    assertThat(YcsbOutput.engineVersion(load, "leveldb")).isEqualTo("LevelDB 1.23");
    assertThat(YcsbOutput.engineVersion(load, "lmdb"))
        .as("another binding's line, or none")
        .isNull();
    assertThat(
            YcsbOutput.engineVersion(
                "leveldb: closing /data on disk (final flush) took 3 ms\n", "leveldb"))
        .as("the closing line is not a startup line")
        .isNull();
    assertThat(
            YcsbOutput.engineVersion(
                "rocksdb: io.github.ycsbembedded.rocksdb.RocksDbClient on RocksDB 11.8.1\n"
                    + "lmdb: io.github.ycsbembedded.lmdb.LmdbClient on LMDB 0.9.24\n",
                "lmdb"))
        .isEqualTo("LMDB 0.9.24");
  }

  @Test
  void loadReportHasThroughputRuntimeAndInsertLatencies() throws IOException {
    YcsbOutput out = YcsbOutput.parse(captured("rocksdb-load.stdout"));

    assertThat(out.complete()).isTrue();
    assertThat(out.runtimeMs()).isEqualTo(3214);
    assertThat(out.throughput()).isEqualTo(31113.876789047914);
    assertThat(out.operations()).containsOnlyKeys("INSERT");
    Results.Operation insert = out.operations().get("INSERT");
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
  void statusLinesCarryTheirTimeStampToTheMillisecond() {
    Results.Point a =
        YcsbOutput.status("2026-11-22 21:13:02:930 1 sec: 28039 operations; 27918 current ops/sec;")
            .orElseThrow();
    Results.Point b =
        YcsbOutput.status(
                "2026-11-22 21:13:03:932 2 sec: 63107 operations; 35032.97 current ops/sec;")
            .orElseThrow();
    assertThat(b.timeMs() - a.timeMs()).isEqualTo(1002);
    Results.Point labelled =
        YcsbOutput.status("run-a2026-11-22 21:13:03:932 2 sec: 5 operations; 5 current ops/sec;")
            .orElseThrow();
    assertThat(labelled.timeMs()).isEqualTo(b.timeMs());
  }

  @Test
  void statusLinesGiveThroughputOverTime() throws IOException {
    List<Results.Point> points =
        captured("rocksdb-load.stderr")
            .lines()
            .map(YcsbOutput::status)
            .flatMap(java.util.Optional::stream)
            .toList();

    assertThat(points).isNotEmpty();
    Results.Point first = points.get(0); // "0 sec: 121 operations; ∞ current ops/sec; ..."
    assertThat(List.of(first.seconds(), first.operations())).containsExactly(0L, 121L);
    Results.Point second = points.get(2);
    assertThat(second.seconds()).isEqualTo(2);
    assertThat(second.operations()).isEqualTo(63107);
    assertThat(second.opsPerSecond()).isEqualTo(35032.97);
    assertThat(second.intervalCounts()).containsExactly(java.util.Map.entry("INSERT", 35086L));
    assertThat(second.afterCleanup()).isFalse();
    assertThat(points.get(points.size() - 1).operations()).isEqualTo(100000);
    assertThat(points.get(points.size() - 1).afterCleanup()).isTrue();
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
    assertThat(out.operations().get("READ").returns())
        .containsExactlyEntriesOf(java.util.Map.of("NOT_FOUND", 483L));
    assertThat(out.operations().get("UPDATE").returns())
        .containsExactlyEntriesOf(java.util.Map.of("NOT_FOUND", 517L));
    assertThat(out.failedOperations(Set.of("READ:NOT_FOUND")))
        .as("only the reads' answer accepted")
        .isEqualTo(517);
  }
}
