package io.github.ycsbembedded.experiments.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A report as a sequence of blocks, rendered to Markdown by {@link Markdown} (and from there to
 * HTML by {@link Html}). Text blocks hold Markdown's inline syntax ({@code **bold**}, {@code
 * `code`}); table cells and headings are plain text.
 */
public final class Document {
  /** A piece of the report. */
  public sealed interface Block permits Heading, Paragraph, Table, Image, Code {}

  public record Heading(int level, String text) implements Block {}

  public record Paragraph(String markdown) implements Block {}

  public record Table(List<String> header, List<List<String>> rows) implements Block {}

  /** A chart: {@code file} is relative to the report's folder, e.g. {@code charts/speed.png}. */
  public record Image(String alt, String file) implements Block {}

  /** Lines shown as they are (commands). */
  public record Code(String text) implements Block {}

  private final List<Block> blocks = new ArrayList<>();

  public Document heading(int level, String text) {
    blocks.add(new Heading(level, text));
    return this;
  }

  public Document paragraph(String markdown) {
    if (!markdown.isBlank()) {
      blocks.add(new Paragraph(markdown));
    }
    return this;
  }

  public Document table(List<String> header, List<List<String>> rows) {
    blocks.add(new Table(List.copyOf(header), rows.stream().map(List::copyOf).toList()));
    return this;
  }

  public Document image(String alt, String file) {
    blocks.add(new Image(alt, file));
    return this;
  }

  public Document code(String text) {
    blocks.add(new Code(text));
    return this;
  }

  public List<Block> blocks() {
    return List.copyOf(blocks);
  }
}
