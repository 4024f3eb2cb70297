package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.analysis.Claim.Direction;
import io.github.ycsbembedded.experiments.analysis.Claim.Verdict;
import io.github.ycsbembedded.experiments.results.Spread;

/**
 * The rule that turns a published figure and the range of ours into a verdict, the same for every
 * claim (Go's benchstat is the model: a difference that cannot be told from noise is not called
 * either way).
 *
 * <p>A ratio claim holds for a value {@code v} when {@code v} lies within a factor {@code
 * tolerance} of the published ratio {@code p} and on its side of 1. Sides are three: below ({@code
 * v < 1/}{@value #EVEN}), about even (within {@code [1/}{@value #EVEN}{@code , }{@value #EVEN}
 * {@code ]}) and above; a published ratio about even claims no side, only its size. So the values
 * that agree with a claim form one interval; the verdict is {@code reproduced} when the whole range
 * of ours (every trial and repetition) lies in it, {@code not reproduced} when none of the range
 * does, and {@code inconclusive} when the range straddles one of its ends. The direction of a claim
 * with a side is judged apart: it {@code holds} when the whole range is on the published side, is
 * {@code reversed} when the whole range is on the other, and is {@code unclear} otherwise (about
 * even counts as neither side); a claim about even has no direction to judge.
 *
 * <p>A {@code margin} above 1 widens the range before it is judged so that it holds the median ÷
 * {@code margin} and the median × {@code margin}: how far the median of a ratio moved between fresh
 * runs of the same build (a scale's {@code margin} in its experiment file). A range already wider
 * keeps its ends, since its own samples hold that movement; a single sample, which shows none of
 * it, gets all of it. A median that clears a line of the band by less than the margin is
 * inconclusive.
 */
public final class Verdicts {
  /** Ratios within this factor of 1 are "about even": no side. */
  public static final double EVEN = 1.1;

  private Verdicts() {}

  /** A verdict and the direction (the report says why, from the claim's figures). */
  public record Judgement(Verdict verdict, Direction direction) {}

  /** The side of 1 a ratio lies on: -1 below, 0 about even, 1 above. */
  public static int side(double ratio) {
    return ratio < 1 / EVEN ? -1 : ratio > EVEN ? 1 : 0;
  }

  /** The verdict on a ratio claim (see the class). */
  public static Judgement ratio(double published, Spread ours, double tolerance) {
    return ratio(published, ours, tolerance, 1);
  }

  /** The verdict on a ratio claim, its range widened by {@code margin} (see the class). */
  public static Judgement ratio(double published, Spread ours, double tolerance, double margin) {
    double[] band = band(published, tolerance);
    Range r = Range.of(ours, margin);
    return new Judgement(verdict(band[0], band[1], r), direction(side(published), r));
  }

  /**
   * The verdict on an expectation stated as an interval (a claim of the experiment file's own): the
   * same rule, with no side of 1 to judge.
   */
  public static Judgement within(double low, double high, Spread ours) {
    return within(low, high, ours, 1);
  }

  /** The same, the range widened by {@code margin}. */
  public static Judgement within(double low, double high, Spread ours, double margin) {
    return new Judgement(verdict(low, high, Range.of(ours, margin)), Direction.NOT_APPLICABLE);
  }

  /**
   * The range a verdict judges: ours, reaching down to at least its median ÷ {@code margin} and up
   * to at least its median × {@code margin} (ours as it is for a margin of 1).
   */
  public record Range(double min, double max) {
    public static Range of(Spread ours, double margin) {
      if (!(margin >= 1) || Double.isInfinite(margin)) {
        throw new IllegalArgumentException("margin " + margin + ": a factor of 1 or more");
      }
      double median = ours.median();
      return new Range(
          Math.min(ours.min(), median / margin), Math.max(ours.max(), median * margin));
    }
  }

  /** Reproduced when the whole range lies in [low, high], not when none of it does. */
  static Verdict verdict(double low, double high, Range ours) {
    if (ours.min() >= low && ours.max() <= high) {
      return Verdict.REPRODUCED;
    }
    if (ours.max() < low || ours.min() > high) {
      return Verdict.NOT_REPRODUCED;
    }
    return Verdict.INCONCLUSIVE;
  }

  /**
   * The values that agree with a published ratio: within a factor {@code tolerance} of it, and on
   * its side of 1 (a side is strict: it stops short of "about even").
   */
  public static double[] band(double published, double tolerance) {
    int side = side(published);
    double low = published / tolerance;
    double high = published * tolerance;
    if (side < 0) {
      high = Math.min(high, Math.nextDown(1 / EVEN));
    } else if (side > 0) {
      low = Math.max(low, Math.nextUp(EVEN));
    }
    return new double[] {low, high};
  }

  private static Direction direction(int side, Range ours) {
    int lowSide = side(ours.min());
    int highSide = side(ours.max());
    if (side == 0) {
      return Direction.NOT_APPLICABLE;
    }
    if (lowSide == side && highSide == side) {
      return Direction.HOLDS;
    }
    return lowSide == -side && highSide == -side ? Direction.REVERSED : Direction.UNCLEAR;
  }

  /** The verdict on a claim that a figure reaches at least {@code published ÷ tolerance}. */
  public static Judgement atLeast(double published, Spread ours, double tolerance) {
    return atLeast(published, ours, tolerance, 1);
  }

  /** The same, the range widened by {@code margin}. */
  public static Judgement atLeast(double published, Spread ours, double tolerance, double margin) {
    return new Judgement(
        verdict(published / tolerance, Double.POSITIVE_INFINITY, Range.of(ours, margin)),
        Direction.NOT_APPLICABLE);
  }
}
