package io.github.ycsbembedded.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.measure.Spread;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One document model, rendered to Markdown by us and from there to HTML by commonmark-java. */
class MarkdownTest {
  @TempDir Path tmp;

  private static Document sample() {
    return new Document()
        .heading(1, "Title")
        .paragraph("Text with **bold** and `code`.")
        .table(
            List.of("engine", "speed | unit"),
            List.of(List.of("lmdb", "12,345 [11,000–13,000]"), List.of("a*b", "")))
        .image("speed", "charts/speed.png")
        .code("bin/ycsb load lmdb -p x=1");
  }

  @Test
  void markdownHasPipeTablesWithEscapedCellsAndFencedCommands() {
    assertThat(Markdown.render(sample()))
        .isEqualTo(
            """
        # Title

        Text with **bold** and `code`.

        | engine | speed \\| unit |
        | --- | --- |
        | lmdb | 12,345 [11,000–13,000] |
        | a\\*b |  |

        ![speed](charts/speed.png)

        ```
        bin/ycsb load lmdb -p x=1
        ```

        """);
  }

  @Test
  void htmlRendersTheTablesAndEmbedsTheCharts() throws Exception {
    Files.createDirectories(tmp.resolve("charts"));
    ImageIO.write(
        new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB),
        "png",
        tmp.resolve("charts/speed.png").toFile());

    String html = Html.page("A <title>", Markdown.render(sample()), tmp);

    assertThat(html)
        .contains("<title>A &lt;title&gt;</title>")
        .contains("<th>speed | unit</th>")
        .contains("<td>12,345 [11,000–13,000]</td>")
        .contains("<td>a*b</td>")
        .contains("<strong>bold</strong>")
        .contains("src=\"data:image/png;base64,")
        .contains("<pre><code>bin/ycsb load lmdb -p x=1");
  }

  @Test
  void aSpreadShowsItsRangeOnlyWhenMeasuredMoreThanOnce() {
    assertThat(Cells.spread(new Spread(12345, 11000, 13000, 3)))
        .isEqualTo("12,345 [11,000–13,000]");
    assertThat(Cells.spread(new Spread(12345, 12345, 12345, 1))).isEqualTo("12,345");
    assertThat(Cells.ratio(new Spread(1.5, 1.25, 2, 3))).isEqualTo("1.50 [1.25–2.00]");
    assertThat(Cells.spread(Spread.NONE)).isEmpty();
  }
}
