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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/experiment at the test-only tiny scale, as a user runs it; assertions on what it writes. */
class ExperimentIT {
  @TempDir Path out;
  @TempDir Path data;

  private Path run(String experiment) throws Exception {
    YcsbProcess result = YcsbProcess.run(List.of(YcsbProcess.root().resolve("bin/experiment").toString(),
        experiment, "--scale", "tiny", "--out", out.toString(), "--dir", data.toString()), YcsbProcess.root());
    assertThat(result.exitCode()).as(result.toString()).isZero();
    assertThat(result.stdout()).contains("$ bin/ycsb load ").contains("report: ");
    try (Stream<Path> runs = Files.list(out)) {
      return runs.filter(p -> p.getFileName().toString().startsWith(experiment + "-tiny-")).findFirst().orElseThrow();
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

  private static void assertEveryEngineAndPhaseMeasured(JsonNode results, List<String> engines, List<String> phases) {
    assertThat(results.get("engines")).extracting(e -> e.get("engine").asText()).containsAll(engines);
    for (JsonNode engine : results.get("engines")) {
      if (!engines.contains(engine.get("engine").asText())) {
        continue;
      }
      assertThat(engine.get("failed").asBoolean()).as(engine.toString()).isFalse();
      assertThat(engine.get("phases")).extracting(p -> p.get("phase").asText()).containsExactlyElementsOf(phases);
      for (JsonNode phase : engine.get("phases")) {
        String what = engine.get("engine").asText() + " " + phase.get("phase").asText();
        assertThat(phase.get("speed").asDouble()).as(what + " speed").isPositive();
        assertThat(phase.get("throughput").asDouble()).as(what + " throughput").isPositive();
        assertThat(phase.get("cpuSeconds").asDouble()).as(what + " CPU").isPositive();
        assertThat(phase.get("rssPeakBytes").asLong()).as(what + " RSS").isGreaterThan(10L << 20);
        assertThat(phase.get("rssAverageBytes").asLong()).as(what + " RSS avg").isPositive()
            .isLessThanOrEqualTo(phase.get("rssPeakBytes").asLong());
        assertThat(phase.get("diskAllocatedBytes").asLong()).as(what + " disk").isPositive();
        assertThat(phase.get("diskApparentBytes").asLong()).as(what + " disk apparent").isPositive();
        JsonNode types = phase.get("operationTypes");
        assertThat(types.size()).as(what + " operation types").isPositive();
        for (var type : types.properties()) {
          assertThat(type.getValue().get("averageUs").asDouble()).as(what + " " + type.getKey() + " latency").isPositive();
        }
        assertThat(phase.get("command").asText()).startsWith("bin/ycsb ");
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

  @Test
  void unumTinyMeasuresEveryEngineAndPhaseAndWritesTheReport() throws Exception {
    Path report = run("unum");
    List<String> engines = engines(List.of("lmdb", "rocksdb", "leveldb", "wiredtiger"));

    JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
    assertThat(results.get("scale").asText()).isEqualTo("tiny");
    assertEveryEngineAndPhaseMeasured(results, engines, List.of("init", "a", "c", "d", "z"));
    JsonNode z = results.get("engines").get(0).get("phases").get(4);
    assertThat(z.get("speedUnit").asText()).isEqualTo("keys/s");

    String md = Files.readString(report.resolve("report.md"));
    assertThat(md).contains("## Init (100% insert)", "## Z (batches of 256 random reads)",
        "| engine | RAM (peak RSS) | disk | speed | ÷ leveldb | published RAM | published disk | published speed | published ÷ leveldb |",
        "| leveldb |", "40,000 ops/s", "![speed per phase](charts/speed.png)", "## Machine and settings");
    assertThat(Files.readString(report.resolve("report.html"))).contains("data:image/png;base64,");
    assertPngs(report, 8);
    assertThat(report.resolve("raw/leveldb-z.stdout")).exists();
  }

  @Test
  void hyperdexTinyPrintsTheWriteUpsTablesWithRatios() throws Exception {
    Path report = run("hyperdex");
    List<String> engines = engines(List.of("lmdb", "leveldb", "rocksdb", "wiredtiger"));

    JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
    assertEveryEngineAndPhaseMeasured(results, engines, List.of("load", "run"));

    String md = Files.readString(report.resolve("report.md"));
    assertThat(md).contains("## Sequential insert", "## Operations (80% read, 20% update)",
        "| engine · op | min (us) | avg (us) | 95th (ms) | 99th (ms) | max (ms) | runtime (s) | ops/s | CPU (mm:ss) |",
        "| lmdb insert |", "| lmdb read |", "| leveldb update |", "| HyperLevelDB insert | 189 | 907 |",
        "| ratio | throughput here | throughput published | CPU time here | CPU time published |",
        "| lmdb ÷ leveldb |", " | 2.15 | ");
    assertPngs(report, 5);
  }

  @Test
  void harperdbTinyFillsBothTablesForEveryEngineAndModel() throws Exception {
    Path report = run("harperdb");
    List<String> engines = engines(List.of("lmdb", "rocksdb", "leveldb", "wiredtiger"));

    JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
    assertEveryEngineAndPhaseMeasured(results, engines,
        List.of("d-load", "d-read1", "d-read50", "n-load", "n-read1", "n-read50"));
    for (JsonNode engine : results.get("engines")) {
      JsonNode phases = engine.get("phases");
      long denormalizedSize = phases.get(0).get("diskAllocatedBytes").asLong();
      long normalizedSize = phases.get(3).get("diskAllocatedBytes").asLong();
      assertThat(denormalizedSize).as(engine.get("engine") + ": denormalized repeats every entitlement")
          .isGreaterThan(5 * normalizedSize);
      assertThat(phases.get(4).get("operationTypes").get("USER_READ").get("p50Us").asDouble()).isPositive();
      assertThat(phases.get(5).get("command").asText()).contains("-threads 50");
    }

    String md = Files.readString(report.resolve("report.md"));
    assertThat(md).contains("## Write performance and size on disk", "## Read performance",
        "| engine | denorm. size (MB) | denorm. create (s) | denorm. inserts/s | norm. size (MB) | norm. create (s) | norm. inserts/s | size denorm. ÷ norm. | insert rate norm. ÷ denorm. |",
        "| published |  |  |  |  |  |  | 13.1 (average) | 12.12 (average) |",
        "| engine | threads | denorm. median (ms) | denorm. reads/s | norm. median (ms) | norm. reads/s | reads/s denorm. ÷ norm. |",
        "![reads/s against users](charts/reads-by-users.png)");
    for (String engine : engines) {
      assertThat(md).containsPattern("\\| " + engine + " \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.]+ \\| [0-9.]+ \\|");
      assertThat(md).containsPattern("\\| " + engine + " \\| 50 \\| [0-9.]+ \\| [0-9.,]+ \\| [0-9.]+ \\| [0-9.,]+ \\| [0-9.]+ \\|");
    }
    assertPngs(report, 8);
  }

  @Test
  void likesTinyFillsTheTransactionAndLookupTablesForEveryEngine() throws Exception {
    Path report = run("likes");
    List<String> engines = engines(List.of("lmdb", "rocksdb", "leveldb", "wiredtiger"));

    JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
    assertEveryEngineAndPhaseMeasured(results, engines,
        List.of("load", "like", "posts-of-user", "users-of-post", "like-exists"));
    for (JsonNode engine : results.get("engines")) {
      JsonNode phases = engine.get("phases");
      assertThat(phases.get(0).get("operationTypes").get("LIKE").get("operations").asLong()).isEqualTo(900);
      assertThat(phases.get(1).get("command").asText()).contains("-threads 6");
      assertThat(phases.get(1).get("operationTypes").get("LIKE").get("returns").get("OK").asLong()).isEqualTo(600);
      // 30 posts: a user has liked 10 of them (more after the like phase), a post has 30 users or more
      assertThat(phases.get(2).get("operationTypes").get("POSTS_OF_USER_ROWS").get("minUs").asDouble())
          .isGreaterThanOrEqualTo(10);
      assertThat(phases.get(3).get("operationTypes").get("USERS_OF_POST_ROWS").get("minUs").asDouble())
          .isGreaterThanOrEqualTo(30);
      JsonNode reads = phases.get(4).get("operationTypes").get("READ").get("returns");
      assertThat(reads.path("OK").asLong() + reads.path("NOT_FOUND").asLong()).as("pairs liked and not").isEqualTo(300);
    }

    String md = Files.readString(report.resolve("report.md"));
    assertThat(md).contains("## Concurrent single-like transactions", "## Lookups after the inserts",
        "| engine | sessions | transactions | runtime (s) | transactions/s | ÷ lmdb | avg (ms) | 99th (ms) |",
        "| Oracle (8 cores), published | 6 | 6,000,000 | 594 (average session) | 10,103 |",
        "| engine | query | queries | total (s) | avg (ms) | min (ms) | max (ms) | rows avg | rows max |",
        "| Oracle (8 cores), published | All users of a post | 50,000 | 1,455 | 29.1 | 7 | 885 |  | 66,851 (the slowest query's) |",
        "| Oracle (8 cores), published | 9.02 | 129.91 | 1.00 |");
    for (String engine : engines) {
      assertThat(md).containsPattern("\\| " + engine + " \\| 6 \\| 600 \\| [0-9.]+ \\| [0-9.,]+ \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\|");
      for (String query : List.of("All posts of a user", "All users of a post")) {
        assertThat(md).containsPattern("\\| " + engine + " \\| " + query
            + " \\| 300 \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\| [0-9]+ \\|");
      }
      assertThat(md).containsPattern("\\| " + engine + " \\| [0-9.]+ \\| [0-9.]+ \\| 1.00 \\|");
    }
    assertPngs(report, 8);
  }

  @Test
  void diggTinyFillsTheQueryAndStorageTablesForBothLayouts() throws Exception {
    Path report = run("digg");
    List<String> engines = engines(List.of("lmdb", "rocksdb", "leveldb", "wiredtiger"));

    JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
    assertEveryEngineAndPhaseMeasured(results, engines,
        List.of("n-load", "n-query1", "n-query4", "n-digg", "f-load", "f-query1", "f-query4", "f-digg"));
    for (JsonNode engine : results.get("engines")) {
      JsonNode phases = engine.get("phases");
      String name = engine.get("engine").asText();
      assertThat(phases.get(0).get("operationTypes").get("DIGG_WRITES").get("maxUs").asDouble()).isEqualTo(1);
      assertThat(phases.get(4).get("operationTypes").get("DIGG_WRITES").get("averageUs").asDouble())
          .as(name + ": 4,000 friendships among 200 users, 20 followers a user on average").isBetween(15.0, 25.0);
      assertThat(phases.get(4).get("diskAllocatedBytes").asLong()).as(name + ": fan-out takes more room")
          .isGreaterThan(3 * phases.get(0).get("diskAllocatedBytes").asLong());
      assertThat(phases.get(2).get("command").asText()).contains("friendfeed.layout=normalized").contains("-threads 4");
      assertThat(phases.get(6).get("command").asText()).contains("friendfeed.layout=fanout");
    }

    String md = Files.readString(report.resolve("report.md"));
    assertThat(md).contains("## Friends' diggs: result sets per second", "## Storage and the cost of a digg",
        "| engine | layout | queries/s, 1 thread | queries/s, 4 threads | avg (ms), 1 thread | 99th (ms), 1 thread | rows per answer | queries/s fan-out ÷ normalized, 1 thread |",
        "| Digg's own report (MySQL, hand-built IN clause) | 0.07 | 1 |",
        "| SQL Server, clustered, consumer SSD, many concurrent runs | 4,100 | 58,571 |",
        "| published | 30 GB (estimate) | 1,500 GB (Digg) | 50.00 |  | max 40,000 |");
    for (String engine : engines) {
      assertThat(md).containsPattern("\\| " + engine + " \\| normalized \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\|  \\|");
      assertThat(md).containsPattern("\\| " + engine + " \\| fanout \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\|");
      assertThat(md).containsPattern("\\| " + engine + " \\| [0-9.]+ [KMG]iB \\| [0-9.]+ [KMG]iB \\| [0-9.]+ \\| 1 / 1 \\| [0-9.]+ / [0-9]+ \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.]+ \\| [0-9.]+ \\|");
    }
    assertPngs(report, 8);
  }
}
