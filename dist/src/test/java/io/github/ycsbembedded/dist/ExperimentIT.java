package io.github.ycsbembedded.dist;

import static io.github.ycsbembedded.dist.ExperimentRuns.assertClaimsFirst;
import static io.github.ycsbembedded.dist.ExperimentRuns.assertEveryEngineAndPhaseMeasured;
import static io.github.ycsbembedded.dist.ExperimentRuns.assertPngs;
import static io.github.ycsbembedded.dist.ExperimentRuns.engines;
import static io.github.ycsbembedded.dist.ExperimentRuns.experiment;
import static io.github.ycsbembedded.dist.ExperimentRuns.figure;
import static io.github.ycsbembedded.dist.ExperimentRuns.results;
import static io.github.ycsbembedded.dist.ExperimentRuns.tiny;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/experiment at the test-only tiny scale, as a user runs it; assertions on what it writes. The
 * write-ups' runs take two engines of their files' four, a B+tree and an LSM tree: what is asserted
 * here is the runner's (phases, tables, charts, verdicts); the likes and digg workloads run on
 * every engine in the workloads module's {@code WriteUpWorkloadsOnEveryEngineTest}, and all four
 * run the main job end to end in {@code UnumTinyIT}.
 */
@Tag("process")
class ExperimentIT {
  /** The engines of the write-ups' runs. */
  private static final String TWO_ENGINES = "lmdb,rocksdb";

  @TempDir Path out;
  @TempDir Path data;

  private Path run(String experiment, String... more) throws Exception {
    return run(out, experiment, more);
  }

  private Path run(Path where, String experiment, String... more) throws Exception {
    return tiny(where, data, experiment, more);
  }

  /**
   * Two trials of two runs each: every repetition is there with its trial and the kernel's figures.
   */
  @Test
  void hyperdexTinyWithTwoTrialsOfTwoRunsRecordsEveryRepetition() throws Exception {
    Path report = run("hyperdex", "--repeat", "2", "--trials", "2", "--engines", "lmdb,leveldb");
    List<String> engines = List.of("lmdb", "leveldb");

    JsonNode results = results(report);
    assertEveryEngineAndPhaseMeasured(results, engines, List.of("load", "run", "run-fixed"));
    assertThat(results.get("memory").get("limitBytes").isNull()).as("no regime at tiny").isTrue();
    assertThat(results.get("memory").get("regimeReproduced").asBoolean()).isFalse();
    assertThat(results.get("memory").get("heapMaxBytes").asLong()).isEqualTo(256L << 20);
    assertThat(results.get("protocol").get("trials").asInt()).isEqualTo(2);
    assertThat(results.get("protocol").get("repetitions").asInt()).isEqualTo(2);
    long dataBytes = results.get("scale").get("dataBytes").asLong();
    assertThat(dataBytes).as("2,000 records of 4,000 bytes").isEqualTo(8_000_000L);
    for (JsonNode engine : engines(results)) {
      for (JsonNode phase : engine.get("phases")) {
        String what = engine.get("engine").asText() + " " + phase.get("phase").asText();
        boolean load = phase.get("phase").asText().equals("load");
        JsonNode reps = phase.get("repetitions");
        assertThat(reps)
            .extracting(r -> r.get("trial").asInt() + "/" + r.get("index").asInt())
            .as(what)
            .containsExactlyElementsOf(
                load ? List.of("1/1", "2/1") : List.of("1/1", "1/2", "2/1", "2/2"));
        for (JsonNode rep : reps) {
          assertThat(figure(rep, "memory").get("peak").asLong())
              .as(what + " memory")
              .isGreaterThan(16L << 20);
          assertThat(figure(rep, "io").get("read").asLong()).as(what).isNotNegative();
          assertThat(figure(rep, "window").get("seconds").asDouble()).as(what).isPositive();
          if (load) {
            assertThat(figure(rep, "io").get("totalWritten").asLong())
                .as(what + ": more bytes written than loaded")
                .isGreaterThan(dataBytes);
          }
        }
      }
    }

    String md = Files.readString(report.resolve("report.md"));
    assertClaimsFirst(md, 7);
    assertThat(md)
        .contains(
            "## Sequential insert",
            "## Operations (80% read, 20% update)",
            "| engine · operation | min (µs) | avg (µs) | 95th (ms) | 99th (ms) | max (ms) | runtime (s) | ops/s | CPU (mm:ss) |",
            "| HyperLevelDB insert | 189 | 907 | 0 | 2? | 33,925? | 2,279 | 4,388 | 96:46.96 |",
            "| lmdb ÷ leveldb |",
            "(n=4)",
            "| run ×4 |");
    assertPngs(report, 4);
  }

  /**
   * One engine per run (as on two machines) joined side by side, and two runs of the same engines
   * joined as more trials of one verdict.
   */
  @Test
  void reportJoinsMachinesSideBySideAndTheSameEnginesAsMoreTrials() throws Exception {
    Path a = run(out.resolve("A"), "hyperdex", "--engines", "lmdb");
    Path b = run(out.resolve("B"), "hyperdex", "--engines", "leveldb");
    Path c = run(out.resolve("C"), "hyperdex", "--engines", "lmdb,leveldb");

    Path merged = out.resolve("M");
    YcsbProcess report =
        experiment("report", "--out", merged.toString(), a.toString(), b.toString(), c.toString());
    assertThat(report.exitCode()).as(report.toString()).isZero();

    Path folder;
    try (Stream<Path> runs = Files.list(merged)) {
      folder = runs.findFirst().orElseThrow();
    }
    assertThat(report.stdout()).contains("report: " + folder.resolve("report.md"));
    JsonNode results = results(folder);
    assertThat(engines(results))
        .extracting(e -> e.get("engine").asText())
        .containsExactly("lmdb", "leveldb");
    assertThat(results.get("protocol").get("trials").asInt()).isEqualTo(2);
    String md = Files.readString(folder.resolve("report.md"));
    assertClaimsFirst(md, 7);
    assertThat(md).contains("| lmdb ÷ leveldb |").contains("(n=2)");
    assertThat(folder.resolve("raw/" + a.getFileName() + "/lmdb-load-t1-1.stdout")).exists();
    assertThat(folder.resolve("raw/" + c.getFileName() + "/leveldb-load-t1-1.stdout")).exists();

    YcsbProcess mismatch =
        experiment(
            "report", "--out", merged.toString(), a.toString(), out.resolve("nosuch").toString());
    assertThat(mismatch.exitCode()).isNotZero();
    assertThat(mismatch.stderr().lines().count()).isEqualTo(1);
  }

  @Test
  void harperdbTinyFillsBothTablesForTwoEnginesAndBothModels() throws Exception {
    Path report = run("harperdb", "--engines", TWO_ENGINES);
    List<String> engines = List.of(TWO_ENGINES.split(","));

    JsonNode results = results(report);
    assertEveryEngineAndPhaseMeasured(
        results,
        engines,
        List.of("d-load", "d-read1", "d-read50", "n-load", "n-read1", "n-read50"));
    for (JsonNode engine : engines(results)) {
      JsonNode phases = engine.get("phases");
      long denormalizedSize =
          figure(phases.get(0).get("repetitions").get(0), "disk").get("allocated").asLong();
      long normalizedSize =
          figure(phases.get(3).get("repetitions").get(0), "disk").get("allocated").asLong();
      assertThat(denormalizedSize)
          .as(engine.get("engine") + ": denormalized repeats every entitlement")
          .isGreaterThan(5 * normalizedSize);
      assertThat(phases.get(5).get("repetitions").get(0).get("outcome").get("command").asText())
          .contains("-threads 50");
    }

    String md = Files.readString(report.resolve("report.md"));
    assertClaimsFirst(md, 4);
    assertThat(md)
        .contains(
            "## Write performance and size on disk",
            "## Read performance",
            "| engine | threads | denorm. median (ms) | denorm. reads/s | norm. median (ms) | norm. reads/s | reads/s denorm. ÷ norm. |",
            "![reads per second against users, 50 threads](charts/reads-by-users.png)");
    for (String engine : engines) {
      assertThat(md)
          .containsPattern(
              "\\| "
                  + engine
                  + " \\| 50 \\| [0-9.]+ \\| [0-9.,]+ \\| [0-9.]+ \\| [0-9.,]+ \\| [0-9.]+ \\|");
    }
    assertPngs(report, 4);
  }

  @Test
  void likesTinyFillsTheTransactionAndLookupTablesForTwoEngines() throws Exception {
    Path report = run("likes", "--engines", TWO_ENGINES);
    List<String> engines = List.of(TWO_ENGINES.split(","));

    JsonNode results = results(report);
    assertEveryEngineAndPhaseMeasured(
        results, engines, List.of("load", "like", "posts-of-user", "users-of-post", "like-exists"));
    for (JsonNode engine : engines(results)) {
      JsonNode phases = engine.get("phases");
      JsonNode load = phases.get(0).get("repetitions").get(0);
      assertThat(load.get("operations").get("LIKE").get("operations").asLong()).isEqualTo(900);
      JsonNode like = phases.get(1).get("repetitions").get(0);
      assertThat(like.get("outcome").get("command").asText()).contains("-threads 6");
      assertThat(like.get("operations").get("LIKE").get("returns").get("OK").asLong())
          .isEqualTo(600);
      JsonNode reads =
          phases.get(4).get("repetitions").get(0).get("operations").get("READ").get("returns");
      assertThat(reads.path("OK").asLong() + reads.path("NOT_FOUND").asLong())
          .as("pairs liked and not")
          .isEqualTo(300);
    }

    String md = Files.readString(report.resolve("report.md"));
    assertClaimsFirst(md, engines.size());
    assertThat(md)
        .contains(
            "## Concurrent single-like transactions",
            "## Lookups after the inserts",
            "| Oracle (8 cores), published | 6 | 6,000,000 in 594 s | 10,103.1 |",
            "| Oracle (8 cores), published | All users of a post | 34.36 | 29.1 | 7 | 885 |  | 66,851 (the slowest query's) | 50,000 in 1,455 s |");
    for (String engine : engines) {
      assertThat(md)
          .containsPattern(
              "\\| "
                  + engine
                  + " \\| 6 \\| 600 \\| [0-9.,]+ \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\|");
    }
    assertPngs(report, 3);
  }

  @Test
  void diggTinyFillsTheQueryAndStorageTablesForTwoEnginesAndBothLayouts() throws Exception {
    Path report = run("digg", "--engines", TWO_ENGINES);
    List<String> engines = List.of(TWO_ENGINES.split(","));

    JsonNode results = results(report);
    assertEveryEngineAndPhaseMeasured(
        results,
        engines,
        List.of(
            "n-load",
            "n-query1",
            "n-query4",
            "n-digg",
            "f-load",
            "f-query1",
            "f-query4",
            "f-digg"));
    for (JsonNode engine : engines(results)) {
      JsonNode phases = engine.get("phases");
      String name = engine.get("engine").asText();
      assertThat(figure(phases.get(4).get("repetitions").get(0), "disk").get("allocated").asLong())
          .as(name + ": fan-out takes more room")
          .isGreaterThan(
              3
                  * figure(phases.get(0).get("repetitions").get(0), "disk")
                      .get("allocated")
                      .asLong());
      assertThat(phases.get(2).get("repetitions").get(0).get("outcome").get("command").asText())
          .contains("friendfeed.layout=normalized")
          .contains("-threads 4");
    }

    String md = Files.readString(report.resolve("report.md"));
    assertClaimsFirst(md, 2 * engines.size());
    assertThat(md)
        .contains("## Friends' diggs: result sets per second", "## Storage and the cost of a digg");
    for (String engine : engines) {
      assertThat(md).contains("| " + engine + " | normalized | ", "| " + engine + " | fanout | ");
    }
    assertPngs(report, 4);
  }
}
