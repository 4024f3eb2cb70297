package io.github.ycsbembedded.experiments.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The median of repeated figures with their range, the figures themselves ({@code values}, sorted)
 * and the same figures one per trial ({@code trials}: the geometric mean of each trial's values, in
 * trial order; each value its own where the figures were not grouped by trial). An even count takes
 * the mean of the two middle values (of two trials, the point halfway between them, not the lower
 * one).
 *
 * <p>A trial loads the data anew, so its runs share one tree; the trials are the independent
 * samples a verdict's interval rests on ({@code ConfidenceInterval} in the analysis).
 */
public record Spread(
    double median, double min, double max, int count, List<Double> values, List<Double> trials) {
  public static final Spread NONE =
      new Spread(Double.NaN, Double.NaN, Double.NaN, 0, List.of(), List.of());

  public Spread {
    values = List.copyOf(values);
    trials = List.copyOf(trials);
  }

  /** A spread whose every value stands for a trial of its own. */
  public Spread(double median, double min, double max, int count, List<Double> values) {
    this(median, min, max, count, values, values);
  }

  /** The spread of the finite values (NaN ones are left out); {@link #NONE} when there are none. */
  public static Spread of(List<Double> values) {
    List<Double> finite = finite(values);
    finite.sort(Double::compare);
    return finite.isEmpty() ? NONE : sorted(finite, finite);
  }

  /**
   * The spread of figures keyed {@code trial/index} (as a run's repetitions are), each trial's
   * values also taken together as one sample of it (their geometric mean); NaN values are left out.
   */
  public static Spread byTrial(Map<String, Double> samples) {
    Map<String, List<Double>> trials = new LinkedHashMap<>();
    samples.forEach(
        (key, value) -> {
          if (value != null && Double.isFinite(value)) {
            int slash = key.indexOf('/');
            trials
                .computeIfAbsent(slash < 0 ? key : key.substring(0, slash), k -> new ArrayList<>())
                .add(value);
          }
        });
    List<Double> all = new ArrayList<>();
    List<Double> perTrial = new ArrayList<>();
    for (List<Double> trial : trials.values()) {
      all.addAll(trial);
      perTrial.add(geometricMean(trial));
    }
    return all.isEmpty() ? NONE : sorted(all, perTrial);
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

  /**
   * The geometric mean of positive values; the arithmetic mean where one is zero or below (a figure
   * that is not a rate or a size), so that no sample turns into NaN.
   */
  static double geometricMean(List<Double> values) {
    if (values.size() == 1) {
      return values.get(0);
    }
    boolean positive = values.stream().allMatch(v -> v > 0);
    double sum = 0;
    for (double v : values) {
      sum += positive ? Math.log(v) : v;
    }
    double mean = sum / values.size();
    return positive ? Math.exp(mean) : mean;
  }

  private static List<Double> finite(List<Double> values) {
    List<Double> finite = new ArrayList<>();
    for (Double v : values) {
      if (v != null && Double.isFinite(v)) {
        finite.add(v);
      }
    }
    return finite;
  }

  private static Spread sorted(List<Double> values, List<Double> trials) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(Double::compare);
    int n = sorted.size();
    double median =
        n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    return new Spread(median, sorted.get(0), sorted.get(n - 1), n, sorted, trials);
  }
}
