package io.github.ycsbembedded.experiments.writeups;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.measure.Spread;
import io.github.ycsbembedded.experiments.writeups.Claim.Direction;
import io.github.ycsbembedded.experiments.writeups.Claim.Verdict;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The verdict rule at its edges: ranges inside, outside, straddling a band's end, crossing 1. */
class VerdictsTest {
  private static Spread spread(double... values) {
    return Spread.of(Arrays.stream(values).boxed().toList());
  }

  @Test
  void aRangeWhollyInsideTheBandIsReproducedAndItsDirectionHolds() {
    Verdicts.Judgement j = Verdicts.ratio(0.59, spread(0.71, 0.68, 0.80), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.REPRODUCED);
    assertThat(j.direction()).isEqualTo(Direction.HOLDS);
    assertThat(j.reason())
        .isEqualTo(
            "all of ours, 0.68–0.80 (3 samples), lies within it: the claim holds here from 0.39 to 0.89"
                + " (×1.50 of 0.59, below 1/1.1)");
  }

  @Test
  void aRangeBeyondTheToleranceOnTheSameSideIsNotReproducedButItsDirectionHolds() {
    Verdicts.Judgement j = Verdicts.ratio(2.15, spread(3.4, 3.3, 3.6), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
    assertThat(j.direction()).isEqualTo(Direction.HOLDS);
    assertThat(j.reason()).endsWith("; the direction holds, more strongly than published");
  }

  @Test
  void aRangeWhollyOnTheOtherSideOfOneIsNotReproducedAndReversed() {
    Verdicts.Judgement j = Verdicts.ratio(0.80, spread(1.2, 1.15, 1.3), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
    assertThat(j.direction()).isEqualTo(Direction.REVERSED);
    assertThat(j.reason()).endsWith("; the direction is reversed");
  }

  @Test
  void aRangeStraddlingTheToleranceIsInconclusive() {
    // the band of 0.52 × 1.5 ends at 0.78; ours runs from 0.58 to 0.86
    Verdicts.Judgement j = Verdicts.ratio(0.52, spread(0.83, 0.58, 0.86), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(j.direction()).isEqualTo(Direction.HOLDS);
    assertThat(j.reason()).startsWith("ours, 0.58–0.86 (3 samples), straddles an end of the band");
  }

  @Test
  void aRangeCrossingOneIsInconclusiveWithAnUnclearDirection() {
    Verdicts.Judgement j = Verdicts.ratio(0.64, spread(0.8, 1.2, 1.0), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(j.direction()).isEqualTo(Direction.UNCLEAR);
  }

  @Test
  void aSideIsStrictSoAboutEvenIsNotBelowOne() {
    // 1/1.1 itself is about even: not on a claim's side below 1, though within its tolerance
    Verdicts.Judgement j = Verdicts.ratio(0.8, spread(1 / Verdicts.EVEN), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
    assertThat(j.direction()).isEqualTo(Direction.UNCLEAR);
    assertThat(Verdicts.ratio(0.8, spread(0.9), 1.5).verdict()).isEqualTo(Verdict.REPRODUCED);
  }

  @Test
  void theToleranceItselfIsInside() {
    assertThat(Verdicts.ratio(0.6, spread(0.6 / 1.5, 0.6 * 1.5), 1.5).verdict())
        .isEqualTo(Verdict.REPRODUCED);
    assertThat(Verdicts.ratio(0.6, spread(Math.nextDown(0.6 / 1.5)), 1.5).verdict())
        .isEqualTo(Verdict.NOT_REPRODUCED);
  }

  @Test
  void aPublishedRatioAboutEvenClaimsNoSideOnlyItsSize() {
    Verdicts.Judgement j = Verdicts.ratio(0.93, spread(1.02, 0.95, 1.29), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.REPRODUCED);
    assertThat(j.direction()).isEqualTo(Direction.NOT_APPLICABLE);
    assertThat(j.reason()).contains("about even: no side claimed");
    assertThat(Verdicts.ratio(1.05, spread(1.7, 1.8), 1.5).verdict())
        .isEqualTo(Verdict.NOT_REPRODUCED);
  }

  @Test
  void oneSampleIsJudgedAsItIsAndSaysSo() {
    Verdicts.Judgement j = Verdicts.ratio(1.15, spread(2.4), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
    assertThat(j.reason()).startsWith("none of ours, 2.40 (one sample), does");
  }

  @Test
  void aFloorIsReachedByTheWholeRangeByNoneOrStraddled() {
    assertThat(Verdicts.atLeast(10_000, spread(6000, 5000), 2, "t/s").verdict())
        .isEqualTo(Verdict.REPRODUCED);
    assertThat(Verdicts.atLeast(10_000, spread(4000, 4999), 2, "t/s").verdict())
        .isEqualTo(Verdict.NOT_REPRODUCED);
    Verdicts.Judgement j = Verdicts.atLeast(10_000, spread(4000, 6000), 2, "t/s");
    assertThat(j.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(j.reason())
        .isEqualTo(
            "the claim holds here from 5,000 t/s (1/2 of the published figure); ours straddles it (2 samples)");
  }

  @Test
  void theBandStopsShortOfAboutEvenOnTheClaimsSide() {
    assertThat(Verdicts.band(0.84, 1.5)[1]).isLessThan(1 / Verdicts.EVEN);
    assertThat(Verdicts.band(1.3, 1.5)).containsExactly(Math.nextUp(Verdicts.EVEN), 1.3 * 1.5);
    assertThat(Verdicts.band(2.0, 1.5)).containsExactly(2.0 / 1.5, 3.0);
    assertThat(Verdicts.band(1.0, 1.5)).containsExactly(1 / 1.5, 1.5);
  }
}
