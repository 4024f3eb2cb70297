package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.analysis.Claim.Direction;
import io.github.ycsbembedded.experiments.analysis.Claim.Verdict;
import io.github.ycsbembedded.experiments.results.Spread;

/**
 * The rule that turns a published figure and the samples of ours into a verdict, the same for every
 * claim (Go's benchstat is the model: a difference that cannot be told from noise is not called
 * either way, and too few samples bound nothing).
 *
 * <p>A ratio claim holds for a value {@code v} when {@code v} lies within a factor {@code
 * tolerance} of the published ratio {@code p} and on its side of 1. Sides are three: below ({@code
 * v < 1/}{@value #EVEN}), about even (within {@code [1/}{@value #EVEN}{@code , }{@value #EVEN}
 * {@code ]}) and above; a published ratio about even claims no side, only its size. So the values
 * that agree with a claim form one interval, its band.
 *
 * <p>Ours is a {@link ConfidenceInterval} of the claim's own independent samples (its trials,
 * pooled over the runs reported together). The verdict is {@code reproduced} when the whole
 * interval lies in the band, {@code not reproduced} when none of it does, and {@code inconclusive}
 * when it straddles an end of the band — or when one sample is all there is, which bounds nothing.
 * The direction of a claim with a side is judged on the same interval: it {@code holds} when the
 * whole interval is on the published side, is {@code reversed} when the whole interval is on the
 * other, and is {@code unclear} otherwise (about even counts as neither side); a claim about even
 * has no direction to judge.
 *
 * <p>An inconclusive verdict says what would decide it: the samples at which an interval of the
 * spread measured, centred where this one is, would clear the band's nearest line; and whether the
 * interval is wider than the band itself, so that "reproduced" cannot be reached with this many
 * samples whatever their center.
 */
public final class Verdicts {
  /** Ratios within this factor of 1 are "about even": no side. */
  public static final double EVEN = 1.1;

  private Verdicts() {}

  /**
   * A verdict, the direction and what they were drawn from (the report says why, from the claim's
   * figures).
   *
   * @param verdict reproduced, not reproduced or inconclusive
   * @param direction whether the interval lies on the published side of 1
   * @param interval ours, as the verdict judged it
   * @param toDecide for an inconclusive verdict, the samples at which the measured spread would
   *     decide it (0: none would, or its spread is unknown; {@link ConfidenceInterval#MOST_TRIALS}
   *     + 1: more than that); 0 for a verdict already decided
   * @param widerThanBand whether the interval is wider than the band: "reproduced" cannot be
   *     reached with this many samples
   */
  public record Judgement(
      Verdict verdict,
      Direction direction,
      ConfidenceInterval interval,
      int toDecide,
      boolean widerThanBand) {}

  /** The side of 1 a ratio lies on: -1 below, 0 about even, 1 above. */
  public static int side(double ratio) {
    return ratio < 1 / EVEN ? -1 : ratio > EVEN ? 1 : 0;
  }

  /** The verdict on a ratio claim (see the class). */
  public static Judgement ratio(double published, Spread ours, double tolerance) {
    double[] band = band(published, tolerance);
    return judge(band[0], band[1], ConfidenceInterval.of(ours), side(published));
  }

  /**
   * The verdict on an expectation stated as an interval (a claim of the experiment file's own): the
   * same rule, with no side of 1 to judge.
   */
  public static Judgement within(double low, double high, Spread ours) {
    return judge(low, high, ConfidenceInterval.of(ours), 0);
  }

  /** The verdict on a claim that a figure reaches at least {@code published ÷ tolerance}. */
  public static Judgement atLeast(double published, Spread ours, double tolerance) {
    return judge(published / tolerance, Double.POSITIVE_INFINITY, ConfidenceInterval.of(ours), 0);
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

  private static Judgement judge(double low, double high, ConfidenceInterval ours, int side) {
    boolean wider = ours.measured() && ours.factor() > high / low;
    if (!ours.measured()) {
      return new Judgement(
          Verdict.INCONCLUSIVE,
          side == 0 ? Direction.NOT_APPLICABLE : Direction.UNCLEAR,
          ours,
          0,
          false);
    }
    Direction direction = direction(side, ours);
    if (ours.low() >= low && ours.high() <= high) {
      return new Judgement(Verdict.REPRODUCED, direction, ours, 0, false);
    }
    if (ours.high() < low || ours.low() > high) {
      return new Judgement(Verdict.NOT_REPRODUCED, direction, ours, 0, false);
    }
    double c = ours.center();
    // how far the center lies from the band's nearest line, as a factor (within rounding of 1: on
    // the line)
    double distance = c < low ? low / c : c > high ? c / high : Math.min(c / low, high / c);
    distance = distance < 1 + 1e-9 ? 1 : distance;
    return new Judgement(
        Verdict.INCONCLUSIVE, direction, ours, ours.samplesWithin(distance), wider);
  }

  private static Direction direction(int side, ConfidenceInterval ours) {
    if (side == 0) {
      return Direction.NOT_APPLICABLE;
    }
    int lowSide = side(ours.low());
    int highSide = side(ours.high());
    if (lowSide == side && highSide == side) {
      return Direction.HOLDS;
    }
    if (lowSide == -side && highSide == -side) {
      return Direction.REVERSED;
    }
    return lowSide == 0 && highSide == 0 ? Direction.EVEN : Direction.UNCLEAR;
  }
}
