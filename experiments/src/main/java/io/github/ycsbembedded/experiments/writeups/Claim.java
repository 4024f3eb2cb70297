package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.measure.Spread;
import io.github.ycsbembedded.experiments.report.Cells;
import java.util.List;

/**
 * One claim of a write-up: the figure it rests on as published and as measured here (every sample,
 * over trials and repetitions), a verdict drawn from the whole range by {@link Verdicts}, whether
 * its direction holds, one sentence of why, and the list of what differs between this run and the
 * write-up's ({@link WhyList}).
 *
 * @param label a short name for charts
 * @param kind a ratio between two figures, or a figure that must reach a floor
 * @param tolerance how far ours may be from the published figure (a factor)
 */
public record Claim(
    String statement,
    String label,
    Kind kind,
    double published,
    String publishedText,
    Spread ours,
    String oursText,
    double tolerance,
    Verdict verdict,
    Direction direction,
    String reason,
    List<String> why) {

  /** What a claim compares. */
  public enum Kind {
    RATIO,
    AT_LEAST
  }

  /** The verdicts a claim can get. */
  public enum Verdict {
    REPRODUCED("reproduced"),
    NOT_REPRODUCED("not reproduced"),
    INCONCLUSIVE("inconclusive"),
    BEYOND("beyond the write-up"),
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

  /** Whether a ratio's direction (its side of 1) holds here, whatever its size. */
  public enum Direction {
    HOLDS,
    REVERSED,
    UNCLEAR,
    NOT_APPLICABLE;

    /** The word the report prints: the name in lower case; nothing for {@code NOT_APPLICABLE}. */
    public String word() {
      return this == NOT_APPLICABLE ? "" : name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** What a claim is about: the engines and phases it compares, for its why-list. */
  public record Subject(List<String> engines, List<String> phases) {
    public static Subject of(List<String> engines, String... phases) {
      return new Subject(engines, List.of(phases));
    }
  }

  /**
   * A ratio claim: reproduced when every sample of ours agrees with the published ratio within
   * {@code tolerance} and on its side of 1 (see {@link Verdicts}).
   *
   * @param regimeMatters whether the figure depends on the memory regime (no verdict when the run
   *     did not reproduce it)
   */
  public static Claim ratio(
      Context c,
      Subject subject,
      String statement,
      String label,
      double published,
      Spread ours,
      double tolerance,
      boolean regimeMatters) {
    Verdicts.Judgement judgement =
        judge(c, ours, regimeMatters, () -> Verdicts.ratio(published, ours, tolerance));
    return new Claim(
        statement,
        label,
        Kind.RATIO,
        published,
        Units.ratio(published),
        ours,
        Cells.ratio(ours),
        tolerance,
        judgement.verdict(),
        judgement.direction(),
        judgement.reason(),
        WhyList.of(c, subject));
  }

  /** A claim that a figure reaches at least the published one ÷ {@code tolerance}. */
  public static Claim atLeast(
      Context c,
      Subject subject,
      String statement,
      String label,
      double published,
      String unit,
      Spread ours,
      double tolerance,
      boolean regimeMatters) {
    Verdicts.Judgement judgement =
        judge(c, ours, regimeMatters, () -> Verdicts.atLeast(published, ours, tolerance, unit));
    return new Claim(
        statement,
        label,
        Kind.AT_LEAST,
        published,
        Units.number(published) + " " + unit,
        ours,
        Cells.spread(ours) + (ours.isEmpty() ? "" : " " + unit),
        tolerance,
        judgement.verdict(),
        judgement.direction(),
        judgement.reason(),
        WhyList.of(c, subject));
  }

  /**
   * The judgement {@code verdict} draws, unless the claim cannot be judged: nothing measured, or a
   * figure that depends on a memory regime the run did not reproduce.
   */
  private static Verdicts.Judgement judge(
      Context c,
      Spread ours,
      boolean regimeMatters,
      java.util.function.Supplier<Verdicts.Judgement> verdict) {
    if (ours.isEmpty()) {
      return new Verdicts.Judgement(
          Verdict.NOT_MEASURED, Direction.NOT_APPLICABLE, "a phase it needs failed or did not run");
    }
    if (regimeMatters && !c.regimeReproduced()) {
      String note =
          c.run().memory().regime() == null ? "" : " (" + c.run().memory().regime().note() + ")";
      return new Verdicts.Judgement(
          Verdict.REGIME_DIFFERS,
          Direction.NOT_APPLICABLE,
          "the run did not reproduce the write-up's memory regime"
              + note
              + ", so no verdict is drawn");
    }
    return verdict.get();
  }

  /**
   * This claim's figure measured our way beside the write-up's own phase {@code besideLabel}: shown
   * for comparison, with no verdict (the write-up did not run it so).
   */
  public Claim beyond(String besideLabel) {
    return new Claim(
        statement + " (beyond the write-up)",
        label + " (ours)",
        kind,
        published,
        publishedText,
        ours,
        oursText,
        tolerance,
        Verdict.BEYOND,
        Direction.NOT_APPLICABLE,
        "measured our way beside the write-up's "
            + besideLabel
            + ", which ran otherwise: no verdict",
        why);
  }

  /** Whether the figure is a ratio (charted on the ratio axis beside the published one). */
  public boolean ratio() {
    return kind == Kind.RATIO;
  }

  /**
   * The verdict with its direction where that says more: {@code not reproduced, direction holds}.
   */
  public String verdictText() {
    if (kind != Kind.RATIO || direction == Direction.NOT_APPLICABLE) {
      return verdict.word();
    }
    if (verdict == Verdict.REPRODUCED) {
      return verdict.word();
    }
    return verdict.word() + "; direction " + direction.word();
  }
}
