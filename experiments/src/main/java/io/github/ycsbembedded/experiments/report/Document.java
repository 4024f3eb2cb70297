package io.github.ycsbembedded.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A report as a sequence of blocks, rendered to Markdown by {@link Markdown} and to HTML by {@link
 * Html}. Text blocks hold Markdown's inline syntax ({@code **bold**}, {@code `code`}); table cells
 * and headings are plain text. Every heading of level 2 gets an anchor, listed by a {@link
 * Contents} block.
 */
public final class Document {
  /** A piece of the report. */
  public sealed interface Block permits Heading, Paragraph, Table, Image, Code, Bullets, Contents {}

  /** A heading; {@code id} is its anchor (GitHub's: see {@link #anchor}). */
  public record Heading(int level, String text, String id) implements Block {}

  public record Paragraph(String markdown) implements Block {}

  /**
   * A table; {@code cards}: on a narrow screen each row becomes a card of labelled cells (for a
   * table a reader must see whole on a phone, such as the claims).
   */
  public record Table(List<String> header, List<List<String>> rows, boolean cards)
      implements Block {}

  /** A chart: {@code file} is relative to the report's folder, e.g. {@code charts/speed.png}. */
  public record Image(String alt, String file) implements Block {}

  /**
   * Lines shown as they are (commands), folded under {@code summary} where a page can fold them.
   */
  public record Code(String summary, String text) implements Block {}

  /** A list, each item Markdown's inline syntax. */
  public record Bullets(List<String> items) implements Block {}

  /** The table of contents: a link to every heading of level 2 after it. */
  public record Contents() implements Block {}

  private final List<Block> blocks = new ArrayList<>();

  public Document heading(int level, String text) {
    blocks.add(new Heading(level, text, anchor(text)));
    return this;
  }

  public Document paragraph(String markdown) {
    if (!markdown.isBlank()) {
      blocks.add(new Paragraph(markdown));
    }
    return this;
  }

  public Document table(List<String> header, List<List<String>> rows) {
    blocks.add(new Table(List.copyOf(header), rows.stream().map(List::copyOf).toList(), false));
    return this;
  }

  /** A table whose rows become labelled cards on a narrow screen. */
  public Document cards(List<String> header, List<List<String>> rows) {
    blocks.add(new Table(List.copyOf(header), rows.stream().map(List::copyOf).toList(), true));
    return this;
  }

  public Document image(String alt, String file) {
    blocks.add(new Image(alt, file));
    return this;
  }

  public Document code(String summary, String text) {
    blocks.add(new Code(summary, text));
    return this;
  }

  public Document bullets(List<String> items) {
    if (!items.isEmpty()) {
      blocks.add(new Bullets(List.copyOf(items)));
    }
    return this;
  }

  public Document contents() {
    blocks.add(new Contents());
    return this;
  }

  public List<Block> blocks() {
    return List.copyOf(blocks);
  }

  /** The headings of level 2, in order (what a {@link Contents} block lists). */
  public List<Heading> sections() {
    return blocks.stream()
        .filter(b -> b instanceof Heading h && h.level() == 2)
        .map(b -> (Heading) b)
        .toList();
  }

  /**
   * The anchor GitHub gives a heading: lower case, every character that is not a letter, digit,
   * space, hyphen or underscore dropped, spaces turned into hyphens.
   */
  public static String anchor(String heading) {
    StringBuilder id = new StringBuilder();
    for (int i = 0; i < heading.length(); ) {
      int c = heading.codePointAt(i);
      i += Character.charCount(c);
      if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
        id.appendCodePoint(Character.toLowerCase(c));
      } else if (c == ' ') {
        id.append('-');
      }
    }
    return id.toString().toLowerCase(Locale.ROOT);
  }
}
