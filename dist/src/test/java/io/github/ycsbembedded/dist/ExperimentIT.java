package io.github.ycsbembedded.dist;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/experiment at the test-only tiny scale, as a user runs it; assertions on what it writes. */
@Tag("process")
class ExperimentIT {
  @TempDir Path out;
  @TempDir Path data;

  private static YcsbProcess experiment(String... args) throws Exception {
    List<String> command =
        new ArrayList<>(List.of(YcsbProcess.root().resolve("bin/experiment").toString()));
    command.addAll(List.of(args));
    return YcsbProcess.run(command, YcsbProcess.root());
  }

  private Path run(String experiment, String... more) throws Exception {
    return run(out, experiment, more);
  }

  private Path run(Path where, String experiment, String... more) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                experiment,
                "--scale",
                "tiny",
                "--out",
                where.toString(),
                "--dir",
                data.toString()));
    args.addAll(List.of(more));
    YcsbProcess result = experiment(args.toArray(String[]::new));
    assertThat(result.exitCode()).as(result.toString()).isZero();
    assertThat(result.stdout()).contains("$ bin/ycsb load ", "Claims, checked here:", "report: ");
    try (Stream<Path> runs = Files.list(where)) {
      return runs.filter(p -> p.getFileName().toString().startsWith(experiment + "-tiny-"))
          .findFirst()
          .orElseThrow();
    }
  }

  /** The engines of this build: WiredTiger only where bin/setup could provide it. */
  private static List<String> engines(List<String> wanted) {
    List<String> engines = new ArrayList<>(wanted);
    if (!Files.exists(YcsbProcess.root().resolve(".deps/wiredtiger/ready"))) {
      engines.remove("wiredtiger");
    }
    return engines;
  }

  private static JsonNode results(Path report) throws Exception {
    return new ObjectMapper().readTree(report.resolve("results.json").toFile());
  }

  /** The engines of the run's first variant: the experiment as its file sets it. */
  private static JsonNode engines(JsonNode results) {
    return results.get("variants").get(0).get("engines");
  }

  /** A repetition's figure group ({@code speed}, {@code cpu}, {@code disk}, ...). */
  private static JsonNode figure(JsonNode repetition, String group) {
    return repetition.get("figures").get(group);
  }

  private static void assertEveryEngineAndPhaseMeasured(
      JsonNode results, List<String> engines, List<String> phases) {
    assertThat(results.get("schema").asInt()).isEqualTo(3);
    assertThat(results.get("completion").get("complete").asBoolean()).isTrue();
    assertThat(engines(results)).extracting(e -> e.get("engine").asText()).containsAll(engines);
    for (JsonNode engine : engines(results)) {
      if (!engines.contains(engine.get("engine").asText())) {
        continue;
      }
      assertThat(engine.get("error").isNull()).as(engine.toString()).isTrue();
      assertThat(engine.get("phases"))
          .extracting(p -> p.get("phase").asText())
          .containsExactlyElementsOf(phases);
      for (JsonNode phase : engine.get("phases")) {
        for (JsonNode rep : phase.get("repetitions")) {
          String what = engine.get("engine").asText() + " " + phase.get("phase").asText();
          assertThat(rep.get("outcome").get("error").isNull()).as(what).isTrue();
          assertThat(figure(rep, "speed").get("speed").asDouble()).as(what + " speed").isPositive();
          assertThat(
                  figure(rep, "cpu").get("user").asDouble()
                      + figure(rep, "cpu").get("system").asDouble())
              .as(what + " CPU")
              .isPositive();
          assertThat(figure(rep, "disk").get("allocated").asLong()).as(what + " disk").isPositive();
          assertThat(rep.get("outcome").get("command").asText()).startsWith("bin/ycsb ");
          assertThat(rep.get("operations").size()).as(what + " operation types").isPositive();
          assertThat(rep.get("latency").size()).as(what + " latency").isPositive();
          rep.get("latency")
              .forEach(
                  l -> {
                    assertThat(l.get("count").asLong()).as(what).isPositive();
                    assertThat(l.get("p99Us").asDouble())
                        .as(what)
                        .isGreaterThanOrEqualTo(l.get("p50Us").asDouble());
                  });
        }
      }
    }
  }

  private static void assertPngs(Path report, int atLeast) throws Exception {
    List<Path> charts;
    try (Stream<Path> files = Files.list(report.resolve("charts"))) {
      charts = files.filter(p -> p.toString().endsWith(".png")).toList();
    }
    assertThat(charts).hasSizeGreaterThanOrEqualTo(atLeast);
    for (Path chart : charts) {
      BufferedImage image = ImageIO.read(chart.toFile());
      assertThat(image).as(chart + " is a PNG image").isNotNull();
      assertThat(image.getWidth()).isGreaterThan(100);
    }
  }

  /**
   * The report opens with its summary and contents, then its claims, each with a verdict word: the
   * write-up's ({@code tallied}, counted in the summary's verdicts) and ours beside them.
   */
  private static void assertClaimsFirst(String md, int claims) {
    List<String> headings = md.lines().filter(l -> l.startsWith("## ")).toList();
    assertThat(headings.get(0)).isEqualTo("## Claims");
    assertThat(md.substring(0, md.indexOf("## Claims")))
        .contains("- **Verdicts**: " + claims + " claim")
        .contains("- **Data**: ")
        .contains("- [Claims](#claims)");
    assertThat(md)
        .contains(
            "| # | claim | published | here: median [range] (samples) | verdict | direction |");
    long verdicts =
        md.lines()
            .filter(
                l ->
                    l.matches(
                        "\\| \\d+ \\| .* \\| (reproduced|not reproduced|inconclusive|regime differs|not measured|beyond the write-up) \\| .*\\|"))
            .count();
    assertThat(verdicts).isEqualTo(claims);
  }

  @Test
  void unumTinyInTwoTrialsMeasuresEveryEngineAndPhaseAndWritesTheReport() throws Exception {
    // two trials: the second loads every data set anew, the bulk load's subfolder included
    Path report = run("unum", "--trials", "2");
    List<String> engines = engines(List.of("lmdb", "rocksdb", "leveldb", "wiredtiger"));

    JsonNode results = results(report);
    assertThat(results.get("scale").get("name").asText()).isEqualTo("tiny");
    assertEveryEngineAndPhaseMeasured(
        results, engines, List.of("init", "init-bulk", "c", "a", "d", "z", "z-parallel"));
    JsonNode lmdb = engines(results).get(0);
    assertThat(lmdb.get("phases").get(5).get("speedUnit").asText()).isEqualTo("keys/s");
    JsonNode bulk = lmdb.get("phases").get(1);
    assertThat(bulk.get("speedUnit").asText()).as("records per second").isEqualTo("keys/s");
    assertThat(figure(bulk.get("repetitions").get(0), "amplification").get("write").asDouble())
        .as("bytes written ÷ bytes of the records")
        .isPositive();
    assertThat(lmdb.get("settings"))
        .extracting(s -> s.get("property").asText())
        .contains("lmdb.mapsize", "lmdb.batch_parallelism");

    String md = Files.readString(report.resolve("report.md"));
    // the write-up's claims carry verdicts; our own ways of running its phases sit in a table of
    // their own, with no verdict and out of the tally
    assertClaimsFirst(md, engines.contains("wiredtiger") ? 10 : 5);
    assertThat(md).contains("### Ours beside the write-up's phases");
    assertThat(md)
        .contains(
            "## Init (100% insert)",
            "## Z (batches of 256 random reads)",
            "| engine | speed (keys/s) | ÷ leveldb | engine memory | disk | published speed |",
            "| 29,000 | 1.00 | 1,970 MB | 1.92% | 109.95 GB |",
            ", Z, our parallel batch reads (beyond the write-up) |",
            "## Engine settings, as the write-up ran the engines",
            "| rocksdb | rocksdb.write_buffer_size=65536 | 128.0 MiB × 0.00002 (the data here ÷ the write-up's) = 2.6 KiB, raised to 64.0 KiB |",
            "## Where this harness differs from the write-up's",
            "## Latency",
            "| engine | operation | operations | p50 | p95 | p99 | p99.9 | max |",
            "![speed per phase in ops/s](charts/speed.png)",
            "## How this run was measured",
            "## Machines and options",
            "## Init, bulk (batches of 5,000 through the engine's bulk path)");
    String html = Files.readString(report.resolve("report.html"));
    assertThat(html).contains("data:image/png;base64,").contains("name=\"viewport\"");
    assertPngs(
        report,
        5); // claims, speed, speed-keys, memory, disk; tiny runs are too short for timelines
    assertThat(report.resolve("raw/leveldb-z-t1-1.stdout")).exists();
    assertThat(report.resolve("raw/leveldb-init-bulk-t2-1.stdout")).exists();
    assertThat(md).as("each claim over both trials").contains(" (n=2) ");
    assertThat(report.resolve("raw/leveldb-z-t1-1-BATCH_READ.hdr")).exists();
    assertEachEnginesLibraryNamed(results, md);
  }

  /**
   * Every engine's version is the one its binding's startup line named, in results.json and the
   * report.
   */
  private static void assertEachEnginesLibraryNamed(JsonNode results, String md) {
    java.util.Map<String, String> library =
        java.util.Map.of(
            "lmdb", "LMDB", "rocksdb", "RocksDB", "leveldb", "LevelDB", "wiredtiger", "WiredTiger");
    for (JsonNode engine : engines(results)) {
      String name = engine.get("engine").asText();
      String version = engine.get("version").asText();
      assertThat(version).as(name).matches(library.get(name) + " \\d+\\.\\d+(\\.\\d+)?");
      assertThat(md).contains(name + " (" + version + ")");
      if (name.equals("leveldb")) {
        assertThat(version).as("the LevelDB the build links in").isEqualTo("LevelDB 1.23");
      }
    }
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
    assertClaimsFirst(md, 9);
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
    assertClaimsFirst(md, 9);
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
  void harperdbTinyFillsBothTablesForEveryEngineAndModel() throws Exception {
    Path report = run("harperdb");
    List<String> engines = engines(List.of("lmdb", "rocksdb", "leveldb", "wiredtiger"));

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
    assertClaimsFirst(md, 3);
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
  void likesTinyFillsTheTransactionAndLookupTablesForEveryEngine() throws Exception {
    Path report = run("likes");
    List<String> engines = engines(List.of("lmdb", "rocksdb", "leveldb", "wiredtiger"));

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
  void diggTinyFillsTheQueryAndStorageTablesForBothLayouts() throws Exception {
    Path report = run("digg");
    List<String> engines = engines(List.of("lmdb", "rocksdb", "leveldb", "wiredtiger"));

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
