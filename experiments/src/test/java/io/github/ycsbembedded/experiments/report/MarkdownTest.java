package io.github.ycsbembedded.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.results.Spread;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One document model, rendered to Markdown and to a self-contained HTML page. */
class MarkdownTest {
  @TempDir Path tmp;

  private static Document sample() {
    return new Document()
        .heading(1, "Title")
        .contents()
        .heading(2, "Speed: ops/s (Z)")
        .paragraph("Text with **bold** and `code`.")
        .table(
            List.of("engine", "speed | unit", "note"),
            List.of(
                List.of("lmdb", "12,345 [11,000–13,000]", "fast"), List.of("a*b", "", "failed")))
        .bullets(List.of("one **item**", "two"))
        .image("speed", "charts/speed.png")
        .code("Commands", "bin/ycsb load lmdb -p x=1");
  }

  @Test
  void markdownHasAContentsListPipeTablesBulletsAndFencedCommands() {
    assertThat(Markdown.render(sample()))
        .isEqualTo(
            """
        # Title

        - [Speed: ops/s (Z)](#speed-opss-z)

        ## Speed: ops/s (Z)

        Text with **bold** and `code`.

        | engine | speed \\| unit | note |
        | --- | --- | --- |
        | lmdb | 12,345 [11,000–13,000] | fast |
        | a\\*b |  | failed |

        - one **item**
        - two

        ![speed](charts/speed.png)

        Commands:

        ```
        bin/ycsb load lmdb -p x=1
        ```

        """);
  }

  @Test
  void htmlAnchorsSectionsRightAlignsFiguresFoldsCommandsAndEmbedsTheCharts() throws Exception {
    Files.createDirectories(tmp.resolve("charts"));
    ImageIO.write(
        new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB),
        "png",
        tmp.resolve("charts/speed.png").toFile());

    String html = Html.page("A <title>", sample(), tmp);

    assertThat(html)
        .contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .contains("<title>A &lt;title&gt;</title>")
        .contains("<h2 id=\"speed-opss-z\">Speed: ops/s (Z)</h2>")
        .contains("<li><a href=\"#speed-opss-z\">Speed: ops/s (Z)</a></li>")
        .contains("<th class=\"n\">speed | unit</th>")
        .contains("<td class=\"n\">12,345<span class=\"r\">[11,000–13,000]</span></td>")
        .contains("<td>fast</td>")
        .contains("<td>a*b</td>")
        .contains("<strong>bold</strong>")
        .contains("<li>one <strong>item</strong></li>")
        .contains("src=\"data:image/png;base64,")
        .contains(
            "<details><summary>Commands</summary><pre>bin/ycsb load lmdb -p x=1</pre></details>");
  }

  @Test
  void aColumnWhoseOtherCellsSayNotApplicableKeepsItsFiguresOnOneLine(@TempDir Path folder) {
    Document doc =
        new Document()
            .table(
                List.of("engine", "written per byte", "note"),
                List.of(
                    List.of("rocksdb", "6.47 [6.45–6.49]", "loaded"),
                    List.of("rocksdb", "n/a", "read"),
                    List.of("leveldb", "—", "read"),
                    List.of("leveldb", "n/a", "read")));

    assertThat(Html.page("t", doc, folder))
        .contains("<th class=\"n\">written per byte</th>")
        .contains("<td class=\"n\">6.47<span class=\"r\">[6.45–6.49]</span></td>")
        .contains("<td>n/a</td>");
  }

  @Test
  void anchorsAreGithubs() {
    assertThat(Document.anchor("Every engine × phase")).isEqualTo("every-engine--phase");
    assertThat(Document.anchor("Init, bulk (batches of 5,000)"))
        .isEqualTo("init-bulk-batches-of-5000");
  }

  @Test
  void aSpreadShowsItsRangeOnlyWhenMeasuredMoreThanOnce() {
    assertThat(Cells.spread(Spread.of(java.util.List.of(11000.0, 12345.0, 13000.0))))
        .isEqualTo("12,345 [11,000–13,000]");
    assertThat(Cells.spread(Spread.of(java.util.List.of(12345.0)))).isEqualTo("12,345");
    assertThat(Cells.ratio(Spread.of(java.util.List.of(1.25, 1.5, 2.0))))
        .isEqualTo("1.50 [1.25–2.00]");
    assertThat(Cells.spread(Spread.NONE)).isEmpty();
  }
}
