package io.github.ycsbembedded.experiments.results;

import java.util.ArrayList;
import java.util.List;

/**
 * The median of repeated figures with their range, and the figures themselves ({@code values},
 * sorted). An even count takes the mean of the two middle values (of two trials, the point halfway
 * between them, not the lower one).
 */
public record Spread(double median, double min, double max, int count, List<Double> values) {
  public static final Spread NONE = new Spread(Double.NaN, Double.NaN, Double.NaN, 0, List.of());

  public Spread {
    values = List.copyOf(values);
  }

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
    int n = finite.size();
    double median =
        n % 2 == 1 ? finite.get(n / 2) : (finite.get(n / 2 - 1) + finite.get(n / 2)) / 2;
    return new Spread(median, finite.get(0), finite.get(n - 1), n, finite);
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
