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
}
