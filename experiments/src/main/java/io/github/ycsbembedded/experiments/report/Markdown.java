package io.github.ycsbembedded.experiments.report;

import java.util.List;

/** Renders a {@link Document} as Markdown (GitHub's dialect: pipe tables, heading anchors). */
public final class Markdown {
  private Markdown() {}

  public static String render(Document document) {
    StringBuilder md = new StringBuilder();
    for (Document.Block block : document.blocks()) {
      if (block instanceof Document.Heading h) {
        md.append("#".repeat(h.level())).append(' ').append(escape(h.text())).append("\n\n");
      } else if (block instanceof Document.Paragraph p) {
        md.append(p.markdown().strip()).append("\n\n");
      } else if (block instanceof Document.Table t) {
        row(md, t.header());
        md.append('|').append(" --- |".repeat(t.header().size())).append('\n');
        for (List<String> row : t.rows()) {
          row(md, row);
        }
        md.append('\n');
      } else if (block instanceof Document.Image i) {
        md.append("![").append(escape(i.alt())).append("](").append(i.file()).append(")\n\n");
      } else if (block instanceof Document.Code c) {
        md.append(c.summary()).append(":\n\n```\n").append(c.text().strip()).append("\n```\n\n");
      } else if (block instanceof Document.Bullets b) {
        b.items().forEach(item -> md.append("- ").append(item.strip()).append('\n'));
        md.append('\n');
      } else if (block instanceof Document.Contents) {
        for (Document.Heading h : document.sections()) {
          md.append("- [").append(escape(h.text())).append("](#").append(h.id()).append(")\n");
        }
        md.append('\n');
      }
    }
    return md.toString();
  }

  private static void row(StringBuilder md, List<String> cells) {
    md.append('|');
    for (String cell : cells) {
      md.append(' ').append(cell(cell)).append(" |");
    }
    md.append('\n');
  }

  /** A table cell: its pipes escaped, its line breaks as spaces. */
  static String cell(String text) {
    return escape(text).replace("|", "\\|").replace('\n', ' ');
  }

  /**
   * Plain text in Markdown: characters that would start markup are escaped (not {@code _}, which
   * GitHub's Markdown leaves alone inside words such as {@code cache_size}, nor a {@code [} that
   * starts no link).
   */
  static String escape(String text) {
    return text.replace("\\", "\\\\")
        .replace("*", "\\*")
        .replace("`", "\\`")
        .replace("](", "]\\(")
        .replace("<", "&lt;");
  }
}
