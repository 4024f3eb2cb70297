package io.github.ycsbembedded.dist;

import static io.github.ycsbembedded.dist.ExperimentRuns.assertClaimsFirst;
import static io.github.ycsbembedded.dist.ExperimentRuns.assertEveryEngineAndPhaseMeasured;
import static io.github.ycsbembedded.dist.ExperimentRuns.assertPngs;
import static io.github.ycsbembedded.dist.ExperimentRuns.engines;
import static io.github.ycsbembedded.dist.ExperimentRuns.figure;
import static io.github.ycsbembedded.dist.ExperimentRuns.results;
import static io.github.ycsbembedded.dist.ExperimentRuns.tiny;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main job at the test-only tiny scale, run once as a user runs it — {@code bin/experiment
 * unum} on every engine of this build, in two trials (the second loads every data set anew, the
 * bulk load's subfolder included) — and what it wrote, read by each test: results.json, report.md,
 * the charts and raw files, and report.html as a reader sees it in headless Chromium.
 */
@Tag("process")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UnumTinyIT {
  @TempDir static Path work;

  private final List<String> engines = engines(List.of("lmdb", "rocksdb", "leveldb", "wiredtiger"));
  private Path report;
  private JsonNode results;
  private String md;

  @BeforeAll
  void runUnumTinyInTwoTrials() throws Exception {
    report = tiny(work.resolve("out"), work.resolve("data"), "unum", "--trials", "2");
    results = results(report);
    md = Files.readString(report.resolve("report.md"));
  }

  @Test
  void everyEngineAndPhaseIsMeasuredInBothTrials() {
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
  }

  @Test
  void theReportOpensWithTheClaimsOverBothTrialsAndHasEverySection() {
    // the write-up's claims carry verdicts; our own ways of running its phases sit in a table of
    // their own, with no verdict and out of the tally
    assertClaimsFirst(md, engines.contains("wiredtiger") ? 14 : 7);
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
    assertThat(md).as("each claim over both trials").contains(" (n=2) ");
  }

  @Test
  void theChartsTheHtmlAndEveryRunsRawOutputAreKept() throws Exception {
    String html = Files.readString(report.resolve("report.html"));
    assertThat(html).contains("data:image/png;base64,").contains("name=\"viewport\"");
    assertPngs(
        report,
        5); // claims, speed, speed-keys, memory, disk; tiny runs are too short for timelines
    assertThat(report.resolve("raw/leveldb-z-t1-1.stdout")).exists();
    assertThat(report.resolve("raw/leveldb-init-bulk-t2-1.stdout")).exists();
    assertThat(report.resolve("raw/leveldb-z-t1-1-BATCH_READ.hdr")).exists();
  }

  /**
   * Every engine's version is the one its binding's startup line named, in results.json and the
   * report.
   */
  @Test
  void eachEnginesLibraryIsTheOneItsBindingNamed() {
    Map<String, String> library =
        Map.of(
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
   * The report as a reader sees it in headless Chromium at a desktop width and a phone's: every
   * image loaded, no horizontal overflow of the page (wide tables scroll inside their own box),
   * every link of the table of contents resolves, no number wraps inside its cell, no published
   * column hides behind a scroll at the desktop width, and every claim's verdict is on screen at
   * both (the claims become cards on the phone). Screenshots at both widths are kept in
   * dist/target/browser/ for a person to look at. Chromium is installed by bin/setup --test
   * (bin/test); without it the test says so and skips.
   */
  @Test
  void inABrowserEveryImageLoadsEveryLinkResolvesAndThePublishedColumnsAndVerdictsShow()
      throws Exception {
    Assumptions.assumeTrue(
        BrowserCheck.available(),
        "Chromium is not installed here (bin/setup --test installs Debian's chromium)");
    Path html = report.resolve("report.html");

    for (int width : new int[] {1400, 420}) {
      BrowserCheck.Layout layout = BrowserCheck.measure(html, width);

      assertThat(layout.brokenImages()).as("images not loaded at %d px", width).isEmpty();
      assertThat(layout.images()).as("charts at %d px", width).isGreaterThanOrEqualTo(4);
      assertThat(layout.pageWidth())
          .as("the page's width at %d px (its viewport: %d)", width, layout.viewportWidth())
          .isLessThanOrEqualTo(layout.viewportWidth());
      assertThat(layout.brokenLinks()).as("links to no anchor at %d px", width).isEmpty();
      assertThat(layout.links()).as("table of contents").isGreaterThanOrEqualTo(8);
      assertThat(layout.wrappedNumbers()).as("numbers wrapped at %d px", width).isEmpty();
      assertThat(layout.numberCells()).as("cells holding numbers").isGreaterThan(50);
      if (width >= 1400) {
        assertThat(layout.hiddenPublished())
            .as("published columns behind a scroll at %d px", width)
            .isEmpty();
      }
      assertThat(layout.verdicts()).as("the claims' verdicts").isGreaterThanOrEqualTo(5);
      assertThat(layout.hiddenVerdicts()).as("verdicts off-screen at %d px", width).isEmpty();

      Path png = YcsbProcess.root().resolve("dist/target/browser/unum-tiny-" + width + ".png");
      BrowserCheck.screenshot(html, width, width > 1000 ? 3000 : 2400, png);
      assertThat(png).isNotEmptyFile();
    }
  }
}
