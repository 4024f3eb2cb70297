package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Cell;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * How the report writes every figure: a cell's median, and its range when it was measured more than
 * once; why a cell holds none. The one place a figure becomes text, so that a figure reads the same
 * in every table and sentence.
 */
public final class Cells {
  /** What a cell that holds no figure says, by why. */
  static final String NOT_RUN = "not run";

  static final String FAILED = "failed";
  static final String NOT_APPLICABLE = "n/a";
  static final String NOT_MEASURED = "not measured";

  private Cells() {}

  /** A table's row as text. */
  public static List<String> row(List<Cell> cells) {
    return cells.stream().map(Cells::text).toList();
  }

  /** A cell as text. */
  public static String text(Cell cell) {
    if (cell instanceof Cell.Text t) {
      return t.text();
    }
    if (cell instanceof Cell.Missing m) {
      return switch (m.why()) {
        case NOT_RUN -> NOT_RUN;
        case FAILED -> FAILED;
        case NOT_APPLICABLE -> NOT_APPLICABLE;
        case NOT_MEASURED -> NOT_MEASURED;
      };
    }
    Cell.CellFigure f = (Cell.CellFigure) cell;
    return spread(f.value(), format(f.format()))
        + (f.uncertain() ? "?" : "")
        + (f.suffix().isEmpty() ? "" : " " + f.suffix());
  }

  /** How one value of a format is written. */
  static DoubleFunction<String> format(Cell.Format format) {
    return switch (format) {
      case NUMBER -> Units::number;
      case RATIO -> Units::ratio;
      case BYTES -> v -> Double.isFinite(v) ? Units.bytes((long) v) : "";
      case SECONDS -> Units::seconds;
      case MINUTES -> Cells::minutes;
      case PERCENT -> Cells::percent;
      case AS_PUBLISHED -> Units::published;
    };
  }

  /** {@code 12,345 [11,900–12,800]}, or {@code 12,345} for one run, or empty. */
  public static String spread(Spread spread) {
    return spread(spread, Units::number);
  }

  /** A spread of ratios: {@code 1.52 [1.40–1.61]}. */
  public static String ratio(Spread spread) {
    return spread(spread, Units::ratio);
  }

  public static String spread(Spread spread, DoubleFunction<String> format) {
    if (spread == null || spread.isEmpty()) {
      return "";
    }
    String median = format.apply(spread.median());
    if (spread.count() == 1 || spread.min() == spread.max()) {
      return median;
    }
    return median + " [" + format.apply(spread.min()) + "–" + format.apply(spread.max()) + "]";
  }

  /** Seconds as minutes and seconds, {@code 1:02.50}. */
  static String minutes(double seconds) {
    if (!Double.isFinite(seconds)) {
      return "";
    }
    return String.format(Locale.ROOT, "%d:%05.2f", (long) seconds / 60, seconds % 60);
  }

  /** A share as a percentage: {@code 42%}, {@code 0.85%}. */
  static String percent(double share) {
    if (!Double.isFinite(share)) {
      return "";
    }
    return String.format(Locale.ROOT, share >= 0.1 ? "%.0f%%" : "%.2f%%", 100 * share);
  }
}
