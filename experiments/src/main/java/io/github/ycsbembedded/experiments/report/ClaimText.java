package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Ablations;
import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Claim.Direction;
import io.github.ycsbembedded.experiments.analysis.Claim.Kind;
import io.github.ycsbembedded.experiments.analysis.Claim.Verdict;
import io.github.ycsbembedded.experiments.analysis.ConfidenceInterval;
import io.github.ycsbembedded.experiments.analysis.Verdicts;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Spread;

/** How the report writes a claim: its expected and measured figures, its verdict and why. */
public final class ClaimText {
  private ClaimText() {}

  /** The published (or expected) figure: {@code 0.84}, {@code 19,000 ops/s}, {@code ≥ 1.20}. */
  public static String expected(Claim claim) {
    if (claim.origin() == Claim.Origin.OWN) {
      return interval(claim.low(), claim.high());
    }
    return claim.kind() == Kind.RATIO
        ? Units.ratio(claim.expected())
        : Units.number(claim.expected()) + " " + claim.unit();
  }

  /** Ours: the median with its range, or empty when nothing was measured. */
  public static String ours(Claim claim) {
    if (claim.ours().isEmpty()) {
      return "";
    }
    return claim.kind() == Kind.RATIO
        ? Cells.ratio(claim.ours())
        : Cells.spread(claim.ours()) + " " + claim.unit();
  }

  /**
   * The verdict's word (a claim of one's own {@code holds}, {@code does not hold}), with the
   * direction where that says more: {@code not reproduced; direction holds}.
   */
  public static String verdict(Claim claim) {
    if (claim.origin() == Claim.Origin.OWN) {
      return switch (claim.verdict()) {
        case REPRODUCED -> "holds";
        case NOT_REPRODUCED -> "does not hold";
        default -> claim.verdict().word();
      };
    }
    if (claim.kind() != Kind.RATIO
        || claim.direction() == Direction.NOT_APPLICABLE
        || claim.verdict() == Verdict.REPRODUCED) {
      return claim.verdict().word();
    }
    return claim.verdict().word()
        + (claim.direction() == Direction.EVEN ? "; " : "; direction ")
        + claim.direction().word();
  }

  /**
   * What an ablation did to a claim, in a line: {@code tested: LevelDB's seek compaction
   * (leveldb-files): the ratio moved from 0.62 [0.60–0.64] to 0.81 [0.79–0.83]: toward the
   * published (0.84)}. The cause in a few words (its text up to the first colon): what the ablation
   * changes and the reasoning are said once, beside the table of every ablation's moves.
   */
  public static String ablation(Claim claim, Ablations.Effect effect) {
    String figure = claim.kind() == Kind.RATIO ? "ratio" : "figure";
    return "tested: "
        + (effect.tests().isEmpty() ? "variant " : "")
        + cause(effect)
        + ": the "
        + figure
        + " moved from "
        + figure(claim, effect.from())
        + " to "
        + figure(claim, effect.to())
        + ": "
        + effect.movement().words()
        + " ("
        + (claim.kind() == Kind.RATIO
            ? Units.ratio(effect.published())
            : Units.number(effect.published()) + " " + claim.unit())
        + ")";
  }

  /** An ablation's cause in a few words (its text up to the first colon) and its name. */
  static String cause(Ablations.Effect effect) {
    String shortly = ConclusionText.shortly(effect.tests());
    return shortly.isEmpty() ? effect.variant() : shortly + " (" + effect.variant() + ")";
  }

  static String figure(Claim claim, Spread figure) {
    return claim.kind() == Kind.RATIO
        ? Cells.ratio(figure)
        : Cells.spread(figure) + " " + claim.unit();
  }

  /** The verdict's reason in a sentence. */
  public static String reason(Claim claim, String regimeNote) {
    return switch (claim.verdict()) {
      case NOT_MEASURED -> "a phase it needs failed or did not run";
      case REGIME_DIFFERS ->
          "the run did not reproduce the write-up's memory regime"
              + (regimeNote == null || regimeNote.isEmpty() ? "" : " (" + regimeNote + ")")
              + ", so no verdict is drawn";
      case BEYOND ->
          "measured our way beside the write-up's phase, which ran otherwise: no verdict";
      case NOT_COMPARABLE ->
          "ours measures another thing than the write-up's figure, as the statement says: no"
              + " verdict";
      default -> judged(claim);
    };
  }

  private static String judged(Claim claim) {
    boolean floor = claim.kind() == Kind.AT_LEAST;
    String band =
        floor
            ? "the claim holds here from "
                + Units.number(claim.low())
                + " "
                + claim.unit()
                + " (1/"
                + Units.number(claim.tolerance())
                + " of the published figure)"
            : "the claim holds here "
                + interval(claim.low(), claim.high())
                + (claim.origin() == Claim.Origin.OWN
                    ? ""
                    : " (×"
                        + Units.ratio(claim.tolerance())
                        + " of "
                        + Units.ratio(claim.expected())
                        + sideWords(claim.expected())
                        + ")");
    ConfidenceInterval i = claim.interval();
    if (!i.measured()) {
      return band
          + "; ours is one sample, "
          + figure(claim, i.center())
          + ", which bounds nothing: a second trial would measure its spread";
    }
    String ours = "ours, " + confidence(claim);
    return band
        + "; "
        + switch (claim.verdict()) {
          case REPRODUCED -> ours + ", lies within it";
          case NOT_REPRODUCED ->
              ours
                  + ", lies wholly "
                  + (floor ? "below it" : "outside it")
                  + (claim.direction() == Direction.HOLDS
                      ? "; the direction holds, "
                          + (Math.abs(Math.log(i.center())) > Math.abs(Math.log(claim.expected()))
                              ? "more strongly"
                              : "more weakly")
                          + " than published"
                      : claim.direction() == Direction.REVERSED
                          ? "; the direction is reversed"
                          : claim.direction() == Direction.EVEN ? "; the two are about even" : "");
          default -> ours + ", straddles " + (floor ? "it" : "an end of it") + toDecide(claim);
        };
  }

  /**
   * Ours as the verdict judged it: {@code 0.86 (90% interval 0.55–1.34 over 2 trials)}; the
   * repetitions of one trial are named as such.
   */
  public static String confidence(Claim claim) {
    ConfidenceInterval i = claim.interval();
    String over =
        switch (i.basis()) {
          case TRIALS -> i.samples() + " trials";
          case REPETITIONS -> i.samples() + " runs of one trial, which hold no reload's spread";
          default -> i.samples() + " sample" + (i.samples() == 1 ? "" : "s");
        };
    return figure(claim, i.center())
        + " ("
        + Math.round(ConfidenceInterval.LEVEL * 100)
        + "% interval "
        + figure(claim, i.low())
        + "–"
        + figure(claim, i.high())
        + " over "
        + over
        + ")";
  }

  /** What would decide an inconclusive verdict, as a clause: {@code ; 5 trials would decide it}. */
  static String toDecide(Claim claim) {
    int n = claim.judgement().toDecide();
    String wider =
        claim.judgement().widerThanBand()
            ? "; the interval is wider than the band, so with "
                + claim.interval().samples()
                + " samples no center could be reproduced"
            : "";
    if (n == 0) {
      return wider + "; its center lies on the band's line, so no number of trials decides it";
    }
    String unit = claim.interval().basis() == ConfidenceInterval.Basis.TRIALS ? " trials" : " runs";
    return wider
        + "; at the spread measured here "
        + (n > ConfidenceInterval.MOST_TRIALS
            ? "more than " + ConfidenceInterval.MOST_TRIALS + unit
            : n + unit)
        + " would decide it";
  }

  private static String figure(Claim claim, double value) {
    return claim.kind() == Kind.RATIO
        ? Units.ratio(value)
        : Units.number(value) + " " + claim.unit();
  }

  /** {@code from 0.56 to 1.26}, {@code from 1.20 up}, {@code up to 0.80}. */
  static String interval(double low, double high) {
    boolean bottom = Double.isFinite(low) && low > 0;
    boolean top = Double.isFinite(high);
    if (bottom && top) {
      return "from " + Units.ratio(low) + " to " + Units.ratio(high);
    }
    if (bottom) {
      return "from " + Units.ratio(low) + " up";
    }
    return top ? "up to " + Units.ratio(high) : "at any value";
  }

  private static String sideWords(double published) {
    return switch (Verdicts.side(published)) {
      case -1 -> ", below 1/" + Verdicts.EVEN;
      case 1 -> ", above " + Verdicts.EVEN;
      default -> ", about even: no side claimed";
    };
  }
}
