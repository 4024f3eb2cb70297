package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Ablations;
import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Claim.Direction;
import io.github.ycsbembedded.experiments.analysis.Claim.Kind;
import io.github.ycsbembedded.experiments.analysis.Claim.Verdict;
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
    return claim.verdict().word() + "; direction " + claim.direction().word();
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
      default -> judged(claim);
    };
  }

  private static String judged(Claim claim) {
    String band = "the claim holds here " + interval(claim.low(), claim.high());
    if (claim.kind() == Kind.AT_LEAST) {
      band =
          "the claim holds here from "
              + Units.number(claim.low())
              + " "
              + claim.unit()
              + " (1/"
              + Units.number(claim.tolerance())
              + " of the published figure)";
      return band
          + "; "
          + switch (claim.verdict()) {
            case REPRODUCED -> "all of ours reaches it";
            case NOT_REPRODUCED -> "none of ours reaches it";
            default -> "ours straddles it";
          }
          + " ("
          + claim.ours().count()
          + (claim.ours().count() == 1 ? " sample" : " samples")
          + ")"
          + widened(claim);
    }
    String how =
        claim.origin() == Claim.Origin.OWN
            ? ""
            : " (×"
                + Units.ratio(claim.tolerance())
                + " of "
                + Units.ratio(claim.expected())
                + sideWords(claim.expected())
                + ")";
    String range = range(claim.ours()) + widened(claim);
    return switch (claim.verdict()) {
      case REPRODUCED -> "all of " + range + " lies within it: " + band + how;
      case NOT_REPRODUCED ->
          "none of "
              + range
              + " does: "
              + band
              + how
              + (claim.direction() == Direction.HOLDS
                  ? "; the direction holds, "
                      + (Math.abs(Math.log(claim.ours().median()))
                              > Math.abs(Math.log(claim.expected()))
                          ? "more strongly"
                          : "more weakly")
                      + " than published"
                  : claim.direction() == Direction.REVERSED ? "; the direction is reversed" : "");
      default ->
          range
              + " straddles an end of the band: "
              + band
              + how
              + (claim.margin() > 1
                  ? "; fresh runs reported together with --margin 1 may decide it"
                  : "; more trials may decide it");
    };
  }

  /**
   * How a range was widened before it was judged, or nothing: {@code " widened to its median ÷ and
   * × 1.30 for the movement between runs (0.41–1.01),"}.
   */
  private static String widened(Claim claim) {
    if (claim.margin() <= 1) {
      return "";
    }
    Verdicts.Range r = Verdicts.Range.of(claim.ours(), claim.margin());
    return " widened to its median ÷ and × "
        + Units.ratio(claim.margin())
        + " for the movement between runs ("
        + Units.ratio(r.min())
        + "–"
        + (Double.isFinite(r.max()) ? Units.ratio(r.max()) : "∞")
        + "),";
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
}
