package io.github.ycsbembedded.experiments.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * A {@link Document} as one self-contained HTML page: the charts embedded as data URIs so the page
 * can be mailed or attached alone, Markdown's inline syntax rendered by commonmark-java, every
 * section anchored and listed in the contents, tables that scroll inside themselves on a narrow
 * screen with numbers right-aligned (a figure's range under its median), the claims as cards on a
 * phone, and the commands folded.
 */
public final class Html {
  private static final String STYLE =
      String.join(
          "",
          "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.45;",
          "max-width:1360px;margin:1.5em auto;padding:0 1em;color:#1b1b1b}",
          "h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ddd;padding-bottom:.2em}",
          ".scroll{overflow-x:auto;margin:1em 0}",
          "table{border-collapse:collapse;font-size:.92em}",
          "td,th{border:1px solid #c8c8c8;padding:3px 8px;text-align:left;vertical-align:top}",
          "th{background:#f3f3f3}td.n,th.n{text-align:right;white-space:nowrap}",
          // a range goes under its median, so that a column of figures stays narrow
          "td.n .r{display:block;font-size:.85em;color:#555}",
          // on a phone a table of cards shows each row as a card of labelled cells
          "@media (max-width:640px){table.cards,table.cards tbody,table.cards tr,table.cards td{",
          "display:block;width:auto}table.cards thead{display:none}",
          "table.cards tr{border:1px solid #c8c8c8;margin:.6em 0;padding:.3em .5em}",
          "table.cards td{border:none;padding:.15em 0;text-align:left;white-space:normal}",
          // a figure and its interval stay on one line in a card too
          "table.cards td.n{white-space:nowrap}",
          "table.cards td::before{content:attr(data-label) ': ';font-weight:600}}",
          "pre{background:#f4f4f4;padding:1em;white-space:pre-wrap;word-break:break-all}",
          "details{margin:1em 0}summary{cursor:pointer}",
          "img{max-width:100%;height:auto}code{background:#f4f4f4;padding:0 .2em}",
          "nav ul{columns:2 18em}li{margin:.15em 0}",
          // a path or an address longer than a phone's line breaks where it must, not the page
          "p,li{overflow-wrap:anywhere}");

  /** A cell that is a figure: it starts with a number (then units, a range, a share). */
  private static final Pattern NUMERIC =
      Pattern.compile("^[-+−]?[0-9][0-9.,]*(?:\\s|$|[%×x?\\[(]).*");

  private static final Parser PARSER = Parser.builder().build();
  private static final HtmlRenderer RENDERER = HtmlRenderer.builder().escapeHtml(true).build();

  private Html() {}

  /** The page for {@code document}, whose images are files relative to {@code folder}. */
  public static String page(String title, Document document, Path folder) {
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<title>")
        .append(escape(title))
        .append("</title><style>")
        .append(STYLE)
        .append("</style></head><body>\n");
    for (Document.Block block : document.blocks()) {
      if (block instanceof Document.Heading h) {
        html.append("<h")
            .append(h.level())
            .append(" id=\"")
            .append(h.id())
            .append("\">")
            .append(escape(h.text()))
            .append("</h")
            .append(h.level())
            .append(">\n");
      } else if (block instanceof Document.Paragraph p) {
        html.append("<p>").append(inline(p.markdown())).append("</p>\n");
      } else if (block instanceof Document.Table t) {
        table(html, t);
      } else if (block instanceof Document.Image i) {
        html.append("<p><img alt=\"")
            .append(escape(i.alt()))
            .append("\" src=\"")
            .append(dataUri(folder.resolve(i.file())))
            .append("\"></p>\n");
      } else if (block instanceof Document.Code c) {
        html.append("<details><summary>")
            .append(escape(c.summary()))
            .append("</summary><pre>")
            .append(escape(c.text().strip()))
            .append("</pre></details>\n");
      } else if (block instanceof Document.Bullets b) {
        html.append("<ul>");
        b.items().forEach(item -> html.append("<li>").append(inline(item)).append("</li>"));
        html.append("</ul>\n");
      } else if (block instanceof Document.Contents) {
        html.append("<nav><ul>");
        for (Document.Heading h : document.sections()) {
          html.append("<li><a href=\"#")
              .append(h.id())
              .append("\">")
              .append(escape(h.text()))
              .append("</a></li>");
        }
        html.append("</ul></nav>\n");
      }
    }
    return html.append("</body></html>\n").toString();
  }

  private static void table(StringBuilder html, Document.Table t) {
    boolean[] numeric = numericColumns(t);
    html.append("<div class=\"scroll\"><table")
        .append(t.cards() ? " class=\"cards\"" : "")
        .append("><thead><tr>");
    for (int i = 0; i < t.header().size(); i++) {
      html.append(numeric[i] ? "<th class=\"n\">" : "<th>")
          .append(escape(t.header().get(i)))
          .append("</th>");
    }
    html.append("</tr></thead><tbody>");
    for (List<String> row : t.rows()) {
      html.append("<tr>");
      for (int i = 0; i < row.size(); i++) {
        boolean n = i < numeric.length && numeric[i] && NUMERIC.matcher(row.get(i)).matches();
        html.append(n ? "<td class=\"n\"" : "<td");
        if (t.cards() && i < t.header().size()) {
          html.append(" data-label=\"").append(escape(t.header().get(i))).append('"');
        }
        html.append('>').append(n ? figure(row.get(i)) : escape(row.get(i))).append("</td>");
      }
      html.append("</tr>");
    }
    html.append("</tbody></table></div>\n");
  }

  /** A figure's cell: the median, and its range (in brackets) on a line of its own below it. */
  static String figure(String cell) {
    int range = cell.indexOf(" [");
    int end = cell.indexOf(']', range + 1);
    if (range < 0 || end < 0) {
      return escape(cell);
    }
    return escape(cell.substring(0, range))
        + "<span class=\"r\">"
        + escape(cell.substring(range + 1, end + 1))
        + "</span>"
        + escape(cell.substring(end + 1));
  }

  /** What a cell says where a column has no figure for its row: it counts as an empty cell. */
  private static final Set<String> NO_FIGURE = Set.of("n/a", "—", "-");

  /**
   * A column holds figures when most of its filled cells are figures (the first never does); a cell
   * that says there is no figure ({@code n/a}, a dash) fills nothing.
   */
  static boolean[] numericColumns(Document.Table t) {
    boolean[] numeric = new boolean[t.header().size()];
    for (int i = 1; i < numeric.length; i++) {
      int filled = 0;
      int figures = 0;
      for (List<String> row : t.rows()) {
        if (i < row.size() && !row.get(i).isBlank() && !NO_FIGURE.contains(row.get(i).strip())) {
          filled++;
          figures += NUMERIC.matcher(row.get(i)).matches() ? 1 : 0;
        }
      }
      numeric[i] = filled > 0 && figures * 2 >= filled;
    }
    return numeric;
  }

  /** Markdown's inline syntax as HTML, without the paragraph around it. */
  static String inline(String markdown) {
    Node node = PARSER.parse(markdown);
    StringBuilder out = new StringBuilder();
    for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
      if (child instanceof Paragraph p) {
        for (Node inline = p.getFirstChild(); inline != null; inline = inline.getNext()) {
          out.append(RENDERER.render(inline));
        }
      } else {
        out.append(RENDERER.render(child));
      }
    }
    return out.toString().strip();
  }

  private static String dataUri(Path png) {
    try {
      return "data:image/png;base64," + Base64.getEncoder().encodeToString(Files.readAllBytes(png));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot embed " + png, e);
    }
  }

  static String escape(String text) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
