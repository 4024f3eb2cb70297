package io.github.ycsbembedded.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Verdicts;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the report words a claim's verdict and its reason, from the claim's own figures. */
class ClaimTextTest {
  private static Spread spread(double... values) {
    return Spread.of(Arrays.stream(values).boxed().toList());
  }

  /** A write-up's ratio claim judged as {@link Claim#ratio} judges it, with no why-list. */
  private static Claim ratio(double published, Spread ours, double tolerance) {
    return ratio(published, ours, tolerance, 1);
  }

  private static Claim ratio(double published, Spread ours, double tolerance, double margin) {
    double[] band = Verdicts.band(published, tolerance);
    Verdicts.Judgement j = Verdicts.ratio(published, ours, tolerance, margin);
    return new Claim(
        "s",
        "l",
        Claim.Kind.RATIO,
        Claim.Origin.WRITE_UP,
        published,
        "",
        ours,
        tolerance,
        margin,
        band[0],
        band[1],
        j.verdict(),
        j.direction(),
        Claim.Subject.of(List.of()),
        List.of(),
        List.of(),
        List.of());
  }

  @Test
  void aReproducedRatioSaysItsWholeRangeLiesInTheBand() {
    assertThat(ClaimText.reason(ratio(0.59, spread(0.71, 0.68, 0.80), 1.5), ""))
        .isEqualTo(
            "all of ours, 0.68–0.80 (3 samples), lies within it: the claim holds here from 0.39 to 0.89"
                + " (×1.50 of 0.59, below 1/1.1)");
  }

  @Test
  void aRatioBeyondTheBandSaysHowItsDirectionFared() {
    assertThat(ClaimText.reason(ratio(2.15, spread(3.4, 3.3, 3.6), 1.5), ""))
        .endsWith("; the direction holds, more strongly than published");
    assertThat(ClaimText.reason(ratio(0.80, spread(1.2, 1.15, 1.3), 1.5), ""))
        .endsWith("; the direction is reversed");
    assertThat(ClaimText.verdict(ratio(0.80, spread(1.2, 1.15, 1.3), 1.5)))
        .isEqualTo("not reproduced; direction reversed");
  }

  @Test
  void aStraddlingRangeAndOneSampleSayWhatTheyAre() {
    assertThat(ClaimText.reason(ratio(0.52, spread(0.83, 0.58, 0.86), 1.5), ""))
        .startsWith("ours, 0.58–0.86 (3 samples), straddles an end of the band");
    assertThat(ClaimText.reason(ratio(1.15, spread(2.4), 1.5), ""))
        .startsWith("none of ours, 2.40 (one sample), does");
    assertThat(ClaimText.reason(ratio(0.93, spread(1.02, 0.95, 1.29), 1.5), ""))
        .contains("about even: no side claimed");
  }

  @Test
  void aWidenedRangeSaysByHowMuchAndWhatItJudged() {
    // 0.68–0.80 lies within 0.39–0.89, but its median 0.71 × 1.3 reaches 0.92: no longer within
    Claim widened = ratio(0.59, spread(0.71, 0.68, 0.80), 1.5, 1.3);
    assertThat(ClaimText.verdict(widened)).startsWith("inconclusive");
    assertThat(ClaimText.reason(widened, ""))
        .isEqualTo(
            "ours, 0.68–0.80 (3 samples), widened to its median ÷ and × 1.30 for the movement"
                + " between runs (0.55–0.92), straddles an end of the band: the claim holds here from 0.39 to"
                + " 0.89 (×1.50 of 0.59, below 1/1.1); fresh runs reported together with --margin 1"
                + " may decide it");
  }

  @Test
  void aFloorSaysWhereItHoldsFrom() {
    Verdicts.Judgement j = Verdicts.atLeast(10_000, spread(4000, 6000), 2);
    Claim floor =
        new Claim(
            "s",
            "l",
            Claim.Kind.AT_LEAST,
            Claim.Origin.WRITE_UP,
            10_000,
            "t/s",
            spread(4000, 6000),
            2,
            1,
            5000,
            Double.POSITIVE_INFINITY,
            j.verdict(),
            j.direction(),
            Claim.Subject.of(List.of()),
            List.of(),
            List.of(),
            List.of());
    assertThat(ClaimText.reason(floor, ""))
        .isEqualTo(
            "the claim holds here from 5,000 t/s (1/2 of the published figure); ours straddles it (2 samples)");
    assertThat(ClaimText.expected(floor)).isEqualTo("10,000 t/s");
  }

  @Test
  void anExpectationOfOnesOwnIsAnIntervalAndHoldsOrNot() {
    Verdicts.Judgement j = Verdicts.within(1.2, Double.POSITIVE_INFINITY, spread(1.1, 1.15));
    Claim own =
        new Claim(
            "s",
            "l",
            Claim.Kind.RATIO,
            Claim.Origin.OWN,
            Double.NaN,
            "",
            spread(1.1, 1.15),
            0,
            1,
            1.2,
            Double.POSITIVE_INFINITY,
            j.verdict(),
            j.direction(),
            Claim.Subject.of(List.of()),
            List.of(),
            List.of(),
            List.of());
    assertThat(ClaimText.expected(own)).isEqualTo("from 1.20 up");
    assertThat(ClaimText.verdict(own)).isEqualTo("does not hold");
    assertThat(ClaimText.reason(own, ""))
        .isEqualTo("none of ours, 1.10–1.15 (2 samples), does: the claim holds here from 1.20 up");
  }

  @Test
  void anAblationsLineNamesTheCauseTheAblationAndTheMoveAgainstThePublishedRatio() {
    Claim claim = ratio(0.84, spread(0.50, 0.52), 1.5);
    var effect =
        new io.github.ycsbembedded.experiments.analysis.Ablations.Effect(
            "leveldb-files",
            "LevelDB's seek compaction under scaled file sizes",
            java.util.Map.of("leveldb.max_file_size", "64m"),
            claim.ours(),
            spread(0.80, 0.86),
            0.84,
            io.github.ycsbembedded.experiments.analysis.Ablations.Movement.TOWARD);
    assertThat(ClaimText.ablation(claim, effect))
        .isEqualTo(
            "tested: LevelDB's seek compaction under scaled file sizes (leveldb-files): the ratio"
                + " moved from "
                + Cells.ratio(claim.ours())
                + " to "
                + Cells.ratio(spread(0.80, 0.86))
                + ": toward the published (0.84)");
  }
}
