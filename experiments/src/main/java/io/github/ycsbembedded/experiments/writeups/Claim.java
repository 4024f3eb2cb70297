package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.measure.Spread;
import io.github.ycsbembedded.experiments.report.Cells;

/**
 * One headline claim of a write-up, the figure it rests on as published and as measured here, and a
 * verdict with the sentence that explains it.
 *
 * @param label a short name for charts
 * @param ratio whether the figure is a ratio (charted beside the published one)
 */
public record Claim(
    String statement,
    String label,
    String published,
    double publishedValue,
    String ours,
    double oursMedian,
    Verdict verdict,
    String why,
    boolean ratio) {

  /** The verdicts a claim can get. */
  public enum Verdict {
    REPRODUCED("reproduced"),
    NOT_REPRODUCED("not reproduced"),
    REGIME_DIFFERS("regime differs"),
    NOT_MEASURED("not measured");

    private final String word;

    Verdict(String word) {
      this.word = word;
    }

    public String word() {
      return word;
    }
  }

  /**
   * Published ratios within this band around 1 are "about equal": only the tolerance is checked.
   */
  private static final double EVEN = 1.1;

  /**
   * A ratio claim: reproduced when ours is on the same side of 1 as the published ratio (unless
   * that is within 10% of 1) and within a factor {@code tolerance} of it.
   *
   * @param regimeMatters whether the figure depends on the memory regime (no verdict when the run
   *     did not reproduce it)
   */
  public static Claim ratio(
      Context c,
      String statement,
      String label,
      double published,
      Spread ours,
      double tolerance,
      boolean regimeMatters) {
    String oursText = Cells.ratio(ours);
    String publishedText = Units.ratio(published);
    Verdict early = early(c, ours, regimeMatters);
    if (early != null) {
      return new Claim(
          statement,
          label,
          publishedText,
          published,
          oursText,
          ours.median(),
          early,
          why(c, early),
          true);
    }
    double factor = ours.median() / published;
    boolean even = published >= 1 / EVEN && published <= EVEN;
    boolean sameSide = even || (published > 1) == (ours.median() > 1);
    boolean close = factor <= tolerance && factor >= 1 / tolerance;
    String why;
    if (!sameSide) {
      why =
          "the opposite direction: "
              + Units.ratio(ours.median())
              + " here against "
              + publishedText
              + " published";
    } else if (!close) {
      why =
          (even ? "" : "the same direction, but ")
              + "ours is "
              + Units.ratio(factor)
              + "× the published ratio,"
              + " beyond the tolerance of ×"
              + Units.ratio(tolerance);
    } else {
      why =
          (even ? "" : "the same direction, and ")
              + "ours is "
              + Units.ratio(factor)
              + "× the published ratio,"
              + " within the tolerance of ×"
              + Units.ratio(tolerance);
    }
    return new Claim(
        statement,
        label,
        publishedText,
        published,
        oursText,
        ours.median(),
        sameSide && close ? Verdict.REPRODUCED : Verdict.NOT_REPRODUCED,
        why,
        true);
  }

  /** A claim that a figure reaches at least the published one ÷ {@code tolerance}. */
  public static Claim atLeast(
      Context c,
      String statement,
      String label,
      double published,
      String unit,
      Spread ours,
      double tolerance,
      boolean regimeMatters) {
    String oursText = Cells.spread(ours) + (ours.isEmpty() ? "" : " " + unit);
    String publishedText = Units.number(published) + " " + unit;
    Verdict early = early(c, ours, regimeMatters);
    if (early != null) {
      return new Claim(
          statement,
          label,
          publishedText,
          published,
          oursText,
          ours.median(),
          early,
          why(c, early),
          false);
    }
    double floor = published / tolerance;
    boolean reached = ours.median() >= floor;
    String why =
        "ours is "
            + Units.ratio(ours.median() / published)
            + "× the published figure; the claim holds here"
            + " from "
            + Units.number(floor)
            + " "
            + unit
            + " (1/"
            + Units.number(tolerance)
            + " of it)"
            + (reached ? "" : ", which ours does not reach");
    return new Claim(
        statement,
        label,
        publishedText,
        published,
        oursText,
        ours.median(),
        reached ? Verdict.REPRODUCED : Verdict.NOT_REPRODUCED,
        why,
        false);
  }

  private static Verdict early(Context c, Spread ours, boolean regimeMatters) {
    if (ours.isEmpty()) {
      return Verdict.NOT_MEASURED;
    }
    if (regimeMatters && !c.regimeReproduced()) {
      return Verdict.REGIME_DIFFERS;
    }
    return null;
  }

  private static String why(Context c, Verdict verdict) {
    if (verdict == Verdict.NOT_MEASURED) {
      return "a phase it needs failed or did not run";
    }
    String note = c.run().regime() == null ? "" : " (" + c.run().regime().note() + ")";
    return "the run did not reproduce the write-up's memory regime"
        + note
        + ", so no verdict is drawn";
  }
}
