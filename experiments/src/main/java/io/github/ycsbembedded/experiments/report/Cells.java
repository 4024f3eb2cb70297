package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.measure.Spread;
import io.github.ycsbembedded.experiments.measure.YcsbOutput;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;

/**
 * How a report writes a repeated figure: its median, and its range when it was measured more than
 * once.
 */
public final class Cells {
  private Cells() {}

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

  /**
   * One figure of an operation's latency in milliseconds ({@code us} reads it in microseconds);
   * empty when the operation did not run.
   */
  public static String ms(YcsbOutput.Operation op, ToDoubleFunction<YcsbOutput.Operation> us) {
    return op == null ? "" : Units.number(us.applyAsDouble(op) / 1000);
  }
}
