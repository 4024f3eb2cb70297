package io.github.ycsbembedded.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a tiny unum run (RocksDB and LevelDB, whose ratio is the claims'), as a reader sees
 * it in headless Chromium at a desktop width and a phone's: every image loaded, no horizontal
 * overflow of the page (wide tables scroll inside their own box), every link of the table of
 * contents resolves, no number wraps inside its cell, no published column hides behind a scroll at
 * the desktop width, and every claim's verdict is on screen at both (the claims become cards on the
 * phone). Screenshots at both widths are kept in dist/target/browser/ for a person to look at.
 * Chromium is installed by bin/setup --test (bin/test); without it the test says so and skips.
 */
@Tag("process")
class ReportInBrowserIT {
  @TempDir Path out;
  @TempDir Path data;

  @Test
  void theUnumTinyReportLoadsEveryImageResolvesEveryLinkShowsItsPublishedColumnsAndVerdicts()
      throws Exception {
    Assumptions.assumeTrue(
        BrowserCheck.available(),
        "Chromium is not installed here (bin/setup --test installs Debian's chromium)");
    Path report = unumTinyReport();

    for (int width : new int[] {1400, 420}) {
      BrowserCheck.Layout layout = BrowserCheck.measure(report, width);

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
      BrowserCheck.screenshot(report, width, width > 1000 ? 3000 : 2400, png);
      assertThat(png).isNotEmptyFile();
    }
  }

  private Path unumTinyReport() throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                YcsbProcess.root().resolve("bin/experiment").toString(),
                "unum",
                "--scale",
                "tiny",
                "--engines",
                "rocksdb,leveldb",
                "--out",
                out.toString(),
                "--dir",
                data.toString()));
    YcsbProcess run = YcsbProcess.run(command, YcsbProcess.root());
    assertThat(run.exitCode()).as(run.toString()).isZero();
    try (Stream<Path> runs = Files.list(out)) {
      Path folder = runs.findFirst().orElseThrow();
      return folder.resolve("report.html");
    }
  }
}
