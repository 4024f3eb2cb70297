package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.List;

/**
 * A part of a report as analysis hands it over: a heading and its parts in order — notes (a
 * paragraph of Markdown's inline syntax), tables of {@link Cell}s, and charts as data. A write-up's
 * tables are sections; the report renders them.
 *
 * @param level 2 for a section of the report, 3 for one inside another
 */
public record Section(int level, String heading, List<Part> parts) {
  public Section {
    parts = List.copyOf(parts);
  }

  /** A piece of a section. */
  public sealed interface Part permits Note, Table, LineChart {}

  /** A paragraph. */
  public record Note(String markdown) implements Part {}

  /** A table: its header and rows of cells. */
  public record Table(List<String> header, List<List<Cell>> rows) implements Part {
    public Table {
      header = List.copyOf(header);
      rows = rows.stream().map(List::copyOf).toList();
    }
  }

  /**
   * A chart of lines through points, to be drawn into {@code file} (a name, e.g. {@code
   * reads-by-users.png}): each line named (an engine's name first, for its colour), dashed where
   * asked; log scales where asked.
   */
  public record LineChart(
      String file,
      String title,
      String xAxis,
      String yAxis,
      boolean logX,
      List<Line> lines,
      String alt)
      implements Part {
    public LineChart {
      lines = List.copyOf(lines);
    }
  }

  /** A line of a chart: x values and y values (each a median with its range), dashed or not. */
  public record Line(String name, List<Double> x, List<Spread> y, boolean dashed) {
    public Line {
      x = List.copyOf(x);
      y = List.copyOf(y);
    }
  }

  /** Builds a section part by part. */
  public static final class Builder {
    private final int level;
    private final String heading;
    private final List<Part> parts = new ArrayList<>();

    public Builder(int level, String heading) {
      this.level = level;
      this.heading = heading;
    }

    public Builder note(String markdown) {
      if (!markdown.isBlank()) {
        parts.add(new Note(markdown));
      }
      return this;
    }

    public Builder table(List<String> header, List<List<Cell>> rows) {
      parts.add(new Table(header, rows));
      return this;
    }

    public Builder chart(LineChart chart) {
      parts.add(chart);
      return this;
    }

    public Section build() {
      return new Section(level, heading, parts);
    }
  }
}
