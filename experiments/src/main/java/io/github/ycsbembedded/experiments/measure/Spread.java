package io.github.ycsbembedded.experiments.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * The median of repeated figures with their range. An even count takes the lower of the two middle
 * values, so the median is always one that was measured.
 */
public record Spread(double median, double min, double max, int count) {
  public static final Spread NONE = new Spread(Double.NaN, Double.NaN, Double.NaN, 0);

  /** The spread of the finite values (NaN ones are left out); {@link #NONE} when there are none. */
  public static Spread of(List<Double> values) {
    List<Double> finite = new ArrayList<>();
    for (Double v : values) {
      if (v != null && Double.isFinite(v)) {
        finite.add(v);
      }
    }
    if (finite.isEmpty()) {
      return NONE;
    }
    finite.sort(Double::compare);
    return new Spread(
        finite.get((finite.size() - 1) / 2),
        finite.get(0),
        finite.get(finite.size() - 1),
        finite.size());
  }

  /**
   * Ratios taken per repetition: {@code numerators.get(i) / denominators.get(i)} for every i both
   * have, then their spread.
   */
  public static Spread ofRatios(List<Double> numerators, List<Double> denominators) {
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i < Math.min(numerators.size(), denominators.size()); i++) {
      ratios.add(numerators.get(i) / denominators.get(i));
    }
    return of(ratios);
  }

  public boolean isEmpty() {
    return count == 0;
  }
}
