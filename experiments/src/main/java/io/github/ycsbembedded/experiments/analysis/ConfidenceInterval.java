package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.results.Spread;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Where a figure's value lies on this machine, from its independent samples: a Student's t
 * interval, at {@link #LEVEL}, for the mean of their logarithms (a ratio's spread is a factor, so
 * it is symmetric in logs), given back as the geometric mean ({@code center}) and its bounds.
 *
 * <p>The samples are the trials (each trial loads the data anew; its runs count as one sample, the
 * geometric mean of their figures), pooled over the runs reported together. A run of one trial
 * falls back on that trial's repetitions, which hold the runs' spread on one tree but not a
 * reload's ({@link Basis#REPETITIONS}); one sample alone bounds nothing ({@link Basis#ONE}).
 *
 * @param center the geometric mean of the samples
 * @param low the interval's lower bound ({@code center} for one sample)
 * @param high the interval's upper bound
 * @param samples how many independent samples it rests on
 * @param basis what the samples are
 * @param logSd the samples' standard deviation in natural logarithms (NaN for one sample)
 */
public record ConfidenceInterval(
    double center, double low, double high, int samples, Basis basis, double logSd) {
  /** The confidence of every interval: two-sided, 5% beyond each end. */
  public static final double LEVEL = 0.90;

  /** The most trials a verdict's "would judge it" names before it says "more than". */
  public static final int MOST_TRIALS = 100;

  /** What an interval's samples are. */
  public enum Basis {
    /** Independent trials (each loaded anew), of one run or several pooled. */
    TRIALS,
    /** The repetitions of a single trial: a reload's spread is not in them. */
    REPETITIONS,
    /** One sample: no interval. */
    ONE,
    /** Nothing measured (or a figure of zero or below, which no interval of logs bounds). */
    NONE
  }

  /** The interval of {@code spread}'s trials, or of its values where it has one trial. */
  public static ConfidenceInterval of(Spread spread) {
    if (spread.isEmpty()) {
      return new ConfidenceInterval(Double.NaN, Double.NaN, Double.NaN, 0, Basis.NONE, Double.NaN);
    }
    if (spread.trials().size() >= 2) {
      return of(spread.trials(), Basis.TRIALS);
    }
    return spread.count() >= 2
        ? of(spread.values(), Basis.REPETITIONS)
        : of(spread.values(), Basis.ONE);
  }

  private static ConfidenceInterval of(List<Double> samples, Basis basis) {
    int n = samples.size();
    if (!samples.stream().allMatch(v -> v > 0)) {
      // a figure of zero or below is no rate, size or ratio: nothing to bound
      return new ConfidenceInterval(Double.NaN, Double.NaN, Double.NaN, 0, Basis.NONE, Double.NaN);
    }
    double[] x = samples.stream().mapToDouble(Math::log).toArray();
    double mean = 0;
    for (double v : x) {
      mean += v / n;
    }
    if (n == 1) {
      double center = Math.exp(mean);
      return new ConfidenceInterval(center, center, center, 1, Basis.ONE, Double.NaN);
    }
    double squares = 0;
    for (double v : x) {
      squares += (v - mean) * (v - mean);
    }
    double sd = Math.sqrt(squares / (n - 1));
    double half = quantile(n) * sd / Math.sqrt(n);
    return new ConfidenceInterval(
        Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), n, basis, sd);
  }

  /** Student's t at {@link #LEVEL}'s upper tail for {@code n} samples. */
  private static double quantile(int n) {
    return TDistribution.of(n - 1).inverseCumulativeProbability(1 - (1 - LEVEL) / 2);
  }

  /** Whether the interval rests on two or more samples. */
  public boolean measured() {
    return samples >= 2;
  }

  /** The interval's width as a factor: {@code high ÷ low} (1 for one sample). */
  public double factor() {
    return high / low;
  }

  /**
   * The fewest samples at which an interval of this spread, centred where this one is, keeps within
   * {@code distance} (a factor above 1) of its center on each side: what would decide a verdict
   * whose nearest line lies that far from the center. 0 when no number would (the center on the
   * line itself, or one sample, whose spread is unknown); {@link #MOST_TRIALS} + 1 for "more than
   * that".
   */
  public int samplesWithin(double distance) {
    if (!measured() || !(distance > 1)) {
      return 0;
    }
    double d = Math.log(distance);
    for (int n = 2; n <= MOST_TRIALS; n++) {
      if (quantile(n) * logSd / Math.sqrt(n) < d) {
        return n;
      }
    }
    return MOST_TRIALS + 1;
  }
}
