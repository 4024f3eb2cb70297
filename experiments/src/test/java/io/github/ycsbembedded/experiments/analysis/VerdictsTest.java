package io.github.ycsbembedded.experiments.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.ycsbembedded.experiments.analysis.Claim.Direction;
import io.github.ycsbembedded.experiments.analysis.Claim.Verdict;
import io.github.ycsbembedded.experiments.results.Spread;
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
  }

  @Test
  void aRangeBeyondTheToleranceOnTheSameSideIsNotReproducedButItsDirectionHolds() {
    Verdicts.Judgement j = Verdicts.ratio(2.15, spread(3.4, 3.3, 3.6), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
    assertThat(j.direction()).isEqualTo(Direction.HOLDS);
  }

  @Test
  void aRangeWhollyOnTheOtherSideOfOneIsNotReproducedAndReversed() {
    Verdicts.Judgement j = Verdicts.ratio(0.80, spread(1.2, 1.15, 1.3), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
    assertThat(j.direction()).isEqualTo(Direction.REVERSED);
  }

  @Test
  void aRangeStraddlingTheToleranceIsInconclusive() {
    // the band of 0.52 × 1.5 ends at 0.78; ours runs from 0.58 to 0.86
    Verdicts.Judgement j = Verdicts.ratio(0.52, spread(0.83, 0.58, 0.86), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(j.direction()).isEqualTo(Direction.HOLDS);
  }

  @Test
  void aMarginWidensTheRangeBeforeItIsJudged() {
    // 0.68–0.80 (median 0.74) within 0.39–0.885; its median × 1.19 reaches 0.881 (still within),
    // × 1.25 reaches 0.925 (not)
    assertThat(Verdicts.ratio(0.59, spread(0.68, 0.80), 1.5, 1.19).verdict())
        .isEqualTo(Verdict.REPRODUCED);
    Verdicts.Judgement widened = Verdicts.ratio(0.59, spread(0.68, 0.80), 1.5, 1.25);
    assertThat(widened.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(widened.direction()).isEqualTo(Direction.UNCLEAR);
    // 1.30–1.40 against a band ending at 0.885: ÷ 1.2 the median reaches 1.125, still none within
    assertThat(Verdicts.ratio(0.59, spread(1.30, 1.40), 1.5, 1.2).verdict())
        .isEqualTo(Verdict.NOT_REPRODUCED);
    assertThat(Verdicts.ratio(1.15, spread(1.45, 1.50), 1.5, 1.2).verdict())
        .isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(Verdicts.atLeast(10_000, spread(5_500), 2, 1.2).verdict())
        .isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void aMarginGivesOneSampleTheWholeMovementAndAWideRangeKeepsItsEnds() {
    Verdicts.Range single = Verdicts.Range.of(spread(2.0), 1.25);
    assertThat(single.min()).isCloseTo(1.6, within(1e-12));
    assertThat(single.max()).isEqualTo(2.5);
    // median 0.7: ÷ 1.5 is 0.467, below the range's 0.6; × 1.5 is 1.05, within its 1.4
    Verdicts.Range wide = Verdicts.Range.of(spread(0.6, 0.7, 1.4), 1.5);
    assertThat(wide.min()).isCloseTo(0.7 / 1.5, within(1e-12));
    assertThat(wide.max()).isEqualTo(1.4);
  }

  @Test
  void aMarginBelowOneIsRefused() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> Verdicts.ratio(0.59, spread(0.7), 1.5, 0.9))
        .hasMessage("margin 0.9: a factor of 1 or more");
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
    assertThat(Verdicts.ratio(1.05, spread(1.7, 1.8), 1.5).verdict())
        .isEqualTo(Verdict.NOT_REPRODUCED);
  }

  @Test
  void oneSampleIsJudgedAsItIsAndSaysSo() {
    Verdicts.Judgement j = Verdicts.ratio(1.15, spread(2.4), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
  }

  @Test
  void aFloorIsReachedByTheWholeRangeByNoneOrStraddled() {
    assertThat(Verdicts.atLeast(10_000, spread(6000, 5000), 2).verdict())
        .isEqualTo(Verdict.REPRODUCED);
    assertThat(Verdicts.atLeast(10_000, spread(4000, 4999), 2).verdict())
        .isEqualTo(Verdict.NOT_REPRODUCED);
    Verdicts.Judgement j = Verdicts.atLeast(10_000, spread(4000, 6000), 2);
    assertThat(j.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void anIntervalOfOnesOwnIsJudgedByTheSameRuleWithNoSide() {
    Verdicts.Judgement inside = Verdicts.within(1.2, Double.POSITIVE_INFINITY, spread(1.3, 1.5));
    assertThat(inside.verdict()).isEqualTo(Verdict.REPRODUCED);
    assertThat(inside.direction()).isEqualTo(Direction.NOT_APPLICABLE);
    assertThat(Verdicts.within(1.2, Double.POSITIVE_INFINITY, spread(1.1, 1.3)).verdict())
        .isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(Verdicts.within(1 / 1.05, 1.05, spread(1.2, 1.3)).verdict())
        .isEqualTo(Verdict.NOT_REPRODUCED);
  }

  @Test
  void theBandStopsShortOfAboutEvenOnTheClaimsSide() {
    assertThat(Verdicts.band(0.84, 1.5)[1]).isLessThan(1 / Verdicts.EVEN);
    assertThat(Verdicts.band(1.3, 1.5)).containsExactly(Math.nextUp(Verdicts.EVEN), 1.3 * 1.5);
    assertThat(Verdicts.band(2.0, 1.5)).containsExactly(2.0 / 1.5, 3.0);
    assertThat(Verdicts.band(1.0, 1.5)).containsExactly(1 / 1.5, 1.5);
  }
}
