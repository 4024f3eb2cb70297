package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.measure.Spread;
import io.github.ycsbembedded.experiments.writeups.Claim.Direction;
import io.github.ycsbembedded.experiments.writeups.Claim.Verdict;

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
 */
public final class Verdicts {
  /** Ratios within this factor of 1 are "about even": no side. */
  public static final double EVEN = 1.1;

  private Verdicts() {}

  /** A verdict, the direction, and one sentence of why. */
  public record Judgement(Verdict verdict, Direction direction, String reason) {}

  /** The side of 1 a ratio lies on: -1 below, 0 about even, 1 above. */
  static int side(double ratio) {
    return ratio < 1 / EVEN ? -1 : ratio > EVEN ? 1 : 0;
  }

  /** The verdict on a ratio claim (see the class). */
  public static Judgement ratio(double published, Spread ours, double tolerance) {
    int side = side(published);
    double[] band = band(published, tolerance);
    double low = band[0];
    double high = band[1];
    Verdict verdict;
    if (ours.min() >= low && ours.max() <= high) {
      verdict = Verdict.REPRODUCED;
    } else if (ours.max() < low || ours.min() > high) {
      verdict = Verdict.NOT_REPRODUCED;
    } else {
      verdict = Verdict.INCONCLUSIVE;
    }
    Direction direction = direction(side, ours);
    return new Judgement(
        verdict, direction, reason(published, ours, tolerance, verdict, direction, low, high));
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

  private static Direction direction(int side, Spread ours) {
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

  private static String reason(
      double published,
      Spread ours,
      double tolerance,
      Verdict verdict,
      Direction direction,
      double low,
      double high) {
    String range = range(ours);
    String band = "the claim holds here from " + Units.ratio(low) + " to " + Units.ratio(high);
    String how =
        " (×"
            + Units.ratio(tolerance)
            + " of "
            + Units.ratio(published)
            + sideWords(published)
            + ")";
    return switch (verdict) {
      case REPRODUCED -> "all of " + range + " lies within it: " + band + how;
      case NOT_REPRODUCED ->
          "none of "
              + range
              + " does: "
              + band
              + how
              + (direction == Direction.HOLDS
                  ? "; the direction holds, "
                      + (Math.abs(Math.log(ours.median())) > Math.abs(Math.log(published))
                          ? "more strongly"
                          : "more weakly")
                      + " than published"
                  : direction == Direction.REVERSED ? "; the direction is reversed" : "");
      case INCONCLUSIVE ->
          range + " straddles an end of the band: " + band + how + "; more trials may decide it";
      default -> "";
    };
  }

  private static String sideWords(double published) {
    return switch (side(published)) {
      case -1 -> ", below 1/" + EVEN;
      case 1 -> ", above " + EVEN;
      default -> ", about even: no side claimed";
    };
  }

  private static String range(Spread ours) {
    return ours.count() == 1
        ? "ours, " + Units.ratio(ours.median()) + " (one sample),"
        : "ours, "
            + Units.ratio(ours.min())
            + "–"
            + Units.ratio(ours.max())
            + " ("
            + ours.count()
            + " samples),";
  }

  /** The verdict on a claim that a figure reaches at least {@code published ÷ tolerance}. */
  public static Judgement atLeast(double published, Spread ours, double tolerance, String unit) {
    double floor = published / tolerance;
    Verdict verdict =
        ours.min() >= floor
            ? Verdict.REPRODUCED
            : ours.max() < floor ? Verdict.NOT_REPRODUCED : Verdict.INCONCLUSIVE;
    String reason =
        "the claim holds here from "
            + Units.number(floor)
            + " "
            + unit
            + " (1/"
            + Units.number(tolerance)
            + " of the published figure); "
            + switch (verdict) {
              case REPRODUCED -> "all of ours reaches it";
              case NOT_REPRODUCED -> "none of ours reaches it";
              default -> "ours straddles it";
            }
            + " ("
            + ours.count()
            + (ours.count() == 1 ? " sample" : " samples")
            + ")";
    return new Judgement(verdict, Direction.NOT_APPLICABLE, reason);
  }
}
