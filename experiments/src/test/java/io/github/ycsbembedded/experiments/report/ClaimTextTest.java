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
    double[] band = Verdicts.band(published, tolerance);
    return claim(
        Claim.Kind.RATIO,
        Claim.Origin.WRITE_UP,
        new Claim.Band(published, "", tolerance, band[0], band[1]),
        ours,
        Verdicts.ratio(published, ours, tolerance));
  }

  private static Claim claim(
      Claim.Kind kind, Claim.Origin origin, Claim.Band band, Spread ours, Verdicts.Judgement j) {
    return new Claim(
        "s",
        "l",
        kind,
        origin,
        band,
        ours,
        j,
        Claim.Subject.of(List.of()),
        List.of(),
        List.of(),
        List.of());
  }

  @Test
  void aReproducedRatioSaysItsIntervalLiesInTheBand() {
    assertThat(ClaimText.reason(ratio(0.59, spread(0.70, 0.71, 0.72), 1.5), ""))
        .isEqualTo(
            "the claim holds here from 0.39 to 0.89 (×1.50 of 0.59, below 1/1.1); ours, 0.71 (90%"
                + " interval 0.69–0.73 over 3 trials), lies within it");
  }

  @Test
  void aRatioBeyondTheBandSaysHowItsDirectionFared() {
    assertThat(ClaimText.reason(ratio(2.15, spread(3.4, 3.5, 3.6), 1.5), ""))
        .endsWith("lies wholly outside it; the direction holds, more strongly than published");
    assertThat(ClaimText.reason(ratio(0.80, spread(1.25, 1.2, 1.3), 1.5), ""))
        .endsWith("; the direction is reversed");
    assertThat(ClaimText.verdict(ratio(0.80, spread(1.25, 1.2, 1.3), 1.5)))
        .isEqualTo("not reproduced; direction reversed");
  }

  @Test
  void aStraddlingIntervalSaysWhatWouldDecideItAndOneSampleSaysItBoundsNothing() {
    assertThat(ClaimText.reason(ratio(0.52, spread(0.72, 0.76, 0.80), 1.5), ""))
        .startsWith(
            "the claim holds here from 0.35 to 0.78 (×1.50 of 0.52, below 1/1.1); ours, 0.76 (90%"
                + " interval 0.69–0.83 over 3 trials), straddles an end of it; at the spread"
                + " measured here ")
        .endsWith(" trials would decide it");
    assertThat(ClaimText.reason(ratio(0.84, spread(0.65, 0.78), 1.5), ""))
        .contains(
            "; the interval is wider than the band, so with 2 samples no center could be"
                + " reproduced; at the spread measured here ");
    assertThat(ClaimText.reason(ratio(1.15, spread(2.4), 1.5), ""))
        .isEqualTo(
            "the claim holds here from 1.10 to 1.72 (×1.50 of 1.15, above 1.1); ours is one"
                + " sample, 2.40, which bounds nothing: a second trial would measure its spread");
    assertThat(ClaimText.reason(ratio(0.93, spread(1.02, 0.95, 1.29), 1.5), ""))
        .contains("about even: no side claimed");
  }

  @Test
  void aFloorSaysWhereItHoldsFrom() {
    Spread ours = spread(4000, 6000);
    Claim floor =
        claim(
            Claim.Kind.AT_LEAST,
            Claim.Origin.WRITE_UP,
            new Claim.Band(10_000, "t/s", 2, 5000, Double.POSITIVE_INFINITY),
            ours,
            Verdicts.atLeast(10_000, ours, 2));
    assertThat(ClaimText.reason(floor, ""))
        .startsWith(
            "the claim holds here from 5,000 t/s (1/2 of the published figure); ours, 4,899 t/s"
                + " (90% interval ");
    assertThat(ClaimText.reason(floor, "")).contains(" over 2 trials), straddles it; ");
    assertThat(ClaimText.expected(floor)).isEqualTo("10,000 t/s");
  }

  @Test
  void anExpectationOfOnesOwnIsAnIntervalAndHoldsOrNot() {
    Spread ours = spread(1.1, 1.12);
    Claim own =
        claim(
            Claim.Kind.RATIO,
            Claim.Origin.OWN,
            new Claim.Band(Double.NaN, "", 0, 1.2, Double.POSITIVE_INFINITY),
            ours,
            Verdicts.within(1.2, Double.POSITIVE_INFINITY, ours));
    assertThat(ClaimText.expected(own)).isEqualTo("from 1.20 up");
    assertThat(ClaimText.verdict(own)).isEqualTo("does not hold");
    assertThat(ClaimText.reason(own, ""))
        .isEqualTo(
            "the claim holds here from 1.20 up; ours, 1.11 (90% interval 1.05–1.17 over 2"
                + " trials), lies wholly outside it");
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
