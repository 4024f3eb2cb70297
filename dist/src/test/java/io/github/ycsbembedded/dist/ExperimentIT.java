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

  private static YcsbProcess experiment(String... args) throws Exception {
    List<String> command =
        new ArrayList<>(List.of(YcsbProcess.root().resolve("bin/experiment").toString()));
    command.addAll(List.of(args));
    return YcsbProcess.run(command, YcsbProcess.root());
  }

  private Path run(String experiment, String... more) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                experiment, "--scale", "tiny", "--out", out.toString(), "--dir", data.toString()));
    args.addAll(List.of(more));
    YcsbProcess result = experiment(args.toArray(String[]::new));
    assertThat(result.exitCode()).as(result.toString()).isZero();
    assertThat(result.stdout())
        .contains("$ bin/ycsb load ", "Claims of the write-up, checked here:", "report: ");
    try (Stream<Path> runs = Files.list(out)) {
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

  private static void assertEveryEngineAndPhaseMeasured(
      JsonNode results, List<String> engines, List<String> phases) {
    assertThat(results.get("engines"))
        .extracting(e -> e.get("engine").asText())
        .containsAll(engines);
    for (JsonNode engine : results.get("engines")) {
      if (!engines.contains(engine.get("engine").asText())) {
        continue;
      }
      assertThat(engine.get("failed").asBoolean()).as(engine.toString()).isFalse();
      assertThat(engine.get("phases"))
          .extracting(p -> p.get("phase").asText())
          .containsExactlyElementsOf(phases);
      for (JsonNode phase : engine.get("phases")) {
        String what = engine.get("engine").asText() + " " + phase.get("phase").asText();
        assertThat(phase.get("speed").asDouble()).as(what + " speed").isPositive();
        assertThat(phase.get("throughputMedian").asDouble()).as(what + " throughput").isPositive();
        assertThat(phase.get("cpuSeconds").asDouble()).as(what + " CPU").isPositive();
        assertThat(phase.get("diskAllocatedBytes").asLong()).as(what + " disk").isPositive();
        assertThat(phase.get("command").asText()).startsWith("bin/ycsb ");
        JsonNode types = phase.get("operationTypes");
        assertThat(types.size()).as(what + " operation types").isPositive();
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

  /** The report opens with its claims, each with a verdict word. */
  private static void assertClaimsFirst(String md, int claims) {
    List<String> headings = md.lines().filter(l -> l.startsWith("## ")).toList();
    assertThat(headings.get(0)).isEqualTo("## Claims");
    assertThat(md).contains("| claim | published | here: median [min–max] | verdict | why |");
    long verdicts =
        md.lines()
            .filter(
                l ->
                    l.matches(
                        "\\| .* \\| (reproduced|not reproduced|regime differs|not measured) \\| .* \\|"))
            .count();
    assertThat(verdicts).isEqualTo(claims);
  }

  @Test
  void unumTinyMeasuresEveryEngineAndPhaseAndWritesTheReport() throws Exception {
    Path report = run("unum");
    List<String> engines = engines(List.of("lmdb", "rocksdb", "leveldb", "wiredtiger"));

    JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
    assertThat(results.get("scale").asText()).isEqualTo("tiny");
    assertEveryEngineAndPhaseMeasured(
        results, engines, List.of("init", "init-bulk", "a", "c", "d", "z"));
    JsonNode z = results.get("engines").get(0).get("phases").get(5);
    assertThat(z.get("speedUnit").asText()).isEqualTo("keys/s");
    JsonNode bulk = results.get("engines").get(0).get("phases").get(1);
    assertThat(bulk.get("speedUnit").asText()).as("records per second").isEqualTo("keys/s");
    assertThat(bulk.get("writeAmplification").asDouble())
        .as("bytes written ÷ bytes of the records")
        .isPositive();

    String md = Files.readString(report.resolve("report.md"));
    assertClaimsFirst(md, engines.contains("wiredtiger") ? 10 : 5);
    assertThat(md)
        .contains(
            "## Init (100% insert)",
            "## Z (batches of 256 random reads)",
            "| engine | speed | ÷ leveldb | peak memory | disk | published speed | published ÷ leveldb | published RAM | published disk |",
            "| 40,000 ops/s | 1.00 | 285.3 MB | 110.23 GB |",
            "![speed per phase](charts/speed.png)",
            "## How this run was measured",
            "## Machines and settings",
            "Our speed counts keys read",
            "## Init, bulk (batches of 5,000 through the engine's bulk path)",
            "| engine | Init, one by one | bulk | bulk ÷ one by one | written, one by one | written, bulk |"
                + " write amplification, one by one | write amplification, bulk |");
    assertThat(Files.readString(report.resolve("report.html"))).contains("data:image/png;base64,");
    assertPngs(report, 4);
    assertThat(report.resolve("raw/leveldb-z.stdout")).exists();
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
    for (JsonNode engine : results.get("engines")) {
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
   * Two runs of each run phase: every new results.json field is there and plausible, per engine ×
   * phase and per repetition.
   */
  @Test
  void hyperdexTinyWithTwoRunsRecordsEveryRepetitionWithTheKernelsFigures() throws Exception {
    Path report = run("hyperdex", "--repeat", "2");
    List<String> engines = engines(List.of("lmdb", "leveldb", "rocksdb", "wiredtiger"));

    JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
    assertEveryEngineAndPhaseMeasured(results, engines, List.of("load", "run"));
    assertThat(results.get("memoryLimitBytes").isNull()).as("no regime at tiny").isTrue();
    assertThat(results.get("regimeReproduced").asBoolean()).isFalse();
    assertThat(results.get("heapMaxBytes").asLong()).isEqualTo(256L << 20);
    long dataBytes = results.get("dataBytes").asLong();
    assertThat(dataBytes)
        .as("2,000 records of 4,000 bytes and their keys")
        .isBetween(8_000_000L, 8_200_000L);
    assertThat(results.get("repetitions").asInt()).isEqualTo(2);
    for (JsonNode engine : results.get("engines")) {
      for (JsonNode phase : engine.get("phases")) {
        String what = engine.get("engine").asText() + " " + phase.get("phase").asText();
        boolean load = phase.get("phase").asText().equals("load");
        JsonNode reps = phase.get("repetitions");
        assertThat(reps.size()).as(what + " runs").isEqualTo(load ? 1 : 2);
        assertThat(phase.get("throughputMin").asDouble())
            .isLessThanOrEqualTo(phase.get("throughputMedian").asDouble());
        assertThat(phase.get("throughputMax").asDouble())
            .isGreaterThanOrEqualTo(phase.get("throughputMedian").asDouble());
        for (JsonNode rep : reps) {
          assertThat(rep.get("throughput").asDouble()).as(what).isPositive();
          assertThat(rep.get("cpuUserSeconds").asDouble() + rep.get("cpuSystemSeconds").asDouble())
              .as(what + " CPU")
              .isPositive();
          assertThat(rep.get("peakMemoryBytes").asLong())
              .as(what + " memory")
              .isGreaterThan(16L << 20);
          assertThat(rep.get("bytesRead").asLong()).as(what).isNotNegative();
          assertThat(rep.get("bytesWritten").asLong()).as(what).isNotNegative();
          assertThat(rep.get("windowSeconds").asDouble()).as(what).isPositive();
        }
        if (load) {
          assertThat(reps.get(0).get("totalBytesWritten").asLong())
              .as(what + ": more bytes written than loaded")
              .isGreaterThan(dataBytes);
          assertThat(phase.get("writeAmplification").asDouble()).as(what).isGreaterThan(1.0);
        } else {
          assertThat(phase.get("writeAmplification").asDouble())
              .as(what + " (20% updates)")
              .isPositive();
        }
      }
    }

    String md = Files.readString(report.resolve("report.md"));
    assertClaimsFirst(md, 4);
    assertThat(md)
        .contains(
            "## Sequential insert",
            "## Operations (80% read, 20% update)",
            "| engine · operation | min (µs) | avg (µs) | 95th (ms) | 99th (ms) | max (ms) | runtime (s) | ops/s | CPU (mm:ss) |",
            "| HyperLevelDB insert | 189 | 907 | 0 | 2? | 33,925? | 2,279 | 4,388 | 96:46.96 |",
            "| ratio | throughput here | throughput published | CPU per operation here | CPU per operation published |",
            "| lmdb ÷ leveldb |",
            "| run ×2 |");
    assertPngs(report, 4);
  }

  /** One engine per run (as on two machines), joined by bin/experiment report into one report. */
  @Test
  void runsOfOneEngineEachMergeIntoOneReport() throws Exception {
    Path a = out.resolve("A");
    Path b = out.resolve("B");
    for (String[] part :
        List.of(new String[] {"lmdb", a.toString()}, new String[] {"leveldb", b.toString()})) {
      YcsbProcess result =
          experiment(
              "hyperdex",
              "--scale",
              "tiny",
              "--engines",
              part[0],
              "--out",
              part[1],
              "--dir",
              data.resolve(part[0]).toString());
      assertThat(result.exitCode()).as(result.toString()).isZero();
    }
    List<String> folders = new ArrayList<>();
    for (Path part : List.of(a, b)) {
      try (Stream<Path> runs = Files.list(part)) {
        runs.forEach(p -> folders.add(p.toString()));
      }
    }
    Path merged = out.resolve("M");
    List<String> args = new ArrayList<>(List.of("report", "--out", merged.toString()));
    args.addAll(folders);
    YcsbProcess report = experiment(args.toArray(String[]::new));
    assertThat(report.exitCode()).as(report.toString()).isZero();

    Path folder;
    try (Stream<Path> runs = Files.list(merged)) {
      folder = runs.findFirst().orElseThrow();
    }
    assertThat(report.stdout()).contains("report: " + folder.resolve("report.md"));
    JsonNode results = new ObjectMapper().readTree(folder.resolve("results.json").toFile());
    assertThat(results.get("engines"))
        .extracting(e -> e.get("engine").asText())
        .containsExactly("lmdb", "leveldb");
    String md = Files.readString(folder.resolve("report.md"));
    assertClaimsFirst(md, 4);
    assertThat(md).contains("| lmdb ÷ leveldb |");
    assertThat(folder.resolve("raw/lmdb-load.stdout")).exists();
    assertThat(folder.resolve("raw/leveldb-load.stdout")).exists();

    YcsbProcess mismatch =
        experiment(
            "report", "--out", merged.toString(), folders.get(0), out.resolve("nosuch").toString());
    assertThat(mismatch.exitCode()).isNotZero();
    assertThat(mismatch.stderr().lines().count()).isEqualTo(1);
  }

  @Test
  void harperdbTinyFillsBothTablesForEveryEngineAndModel() throws Exception {
    Path report = run("harperdb");
    List<String> engines = engines(List.of("lmdb", "rocksdb", "leveldb", "wiredtiger"));

    JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
    assertEveryEngineAndPhaseMeasured(
        results,
        engines,
        List.of("d-load", "d-read1", "d-read50", "n-load", "n-read1", "n-read50"));
    for (JsonNode engine : results.get("engines")) {
      JsonNode phases = engine.get("phases");
      long denormalizedSize = phases.get(0).get("diskAllocatedBytes").asLong();
      long normalizedSize = phases.get(3).get("diskAllocatedBytes").asLong();
      assertThat(denormalizedSize)
          .as(engine.get("engine") + ": denormalized repeats every entitlement")
          .isGreaterThan(5 * normalizedSize);
      assertThat(phases.get(5).get("command").asText()).contains("-threads 50");
    }

    String md = Files.readString(report.resolve("report.md"));
    assertClaimsFirst(md, 3);
    assertThat(md)
        .contains(
            "## Write performance and size on disk",
            "## Read performance",
            "| engine | denorm. size (MB) | denorm. create (s) | denorm. users/s | norm. size (MB) | norm. create (s) | norm. users/s | size denorm. ÷ norm. | load rate norm. ÷ denorm. |",
            "| engine | threads | denorm. median (ms) | denorm. reads/s | norm. median (ms) | norm. reads/s | reads/s denorm. ÷ norm. |",
            "![reads per second against users, 50 threads](charts/reads-by-users.png)");
    for (String engine : engines) {
      assertThat(md)
          .containsPattern(
              "\\| "
                  + engine
                  + " \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.,]+ \\| [0-9.]+ \\| [0-9.]+ \\|");
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

    JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
    assertEveryEngineAndPhaseMeasured(
        results, engines, List.of("load", "like", "posts-of-user", "users-of-post", "like-exists"));
    for (JsonNode engine : results.get("engines")) {
      JsonNode phases = engine.get("phases");
      assertThat(phases.get(0).get("operationTypes").get("LIKE").get("operations").asLong())
          .isEqualTo(900);
      assertThat(phases.get(1).get("command").asText()).contains("-threads 6");
      assertThat(phases.get(1).get("operationTypes").get("LIKE").get("returns").get("OK").asLong())
          .isEqualTo(600);
      JsonNode reads = phases.get(4).get("operationTypes").get("READ").get("returns");
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
            "| engine | sessions | transactions (window) | transactions/s | ÷ lmdb | avg (ms) | 99th (ms) |",
            "| Oracle (8 cores), published | 6 | 6,000,000 in 594 s | 10,103 |",
            "| engine | query | queries/s | avg (ms) | min (ms) | max (ms) | rows avg | rows max | published total |",
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

    JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
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
    for (JsonNode engine : results.get("engines")) {
      JsonNode phases = engine.get("phases");
      String name = engine.get("engine").asText();
      assertThat(phases.get(4).get("diskAllocatedBytes").asLong())
          .as(name + ": fan-out takes more room")
          .isGreaterThan(3 * phases.get(0).get("diskAllocatedBytes").asLong());
      assertThat(phases.get(2).get("command").asText())
          .contains("friendfeed.layout=normalized")
          .contains("-threads 4");
      assertThat(phases.get(6).get("command").asText()).contains("friendfeed.layout=fanout");
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
