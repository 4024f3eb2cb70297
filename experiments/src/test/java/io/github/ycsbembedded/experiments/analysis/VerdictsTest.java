package io.github.ycsbembedded.experiments.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.ycsbembedded.experiments.analysis.Claim.Direction;
import io.github.ycsbembedded.experiments.analysis.Claim.Verdict;
import io.github.ycsbembedded.experiments.analysis.ConfidenceInterval.Basis;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The verdict rule at its edges: intervals inside, outside, straddling a band's end, crossing 1;
 * one sample; what would decide an inconclusive claim.
 */
class VerdictsTest {
  /** Each value a trial of its own. */
  private static Spread trials(double... values) {
    return Spread.of(Arrays.stream(values).boxed().toList());
  }

  /** The values as runs of one trial. */
  private static Spread runsOfOneTrial(double... values) {
    Map<String, Double> keyed = new LinkedHashMap<>();
    for (int i = 0; i < values.length; i++) {
      keyed.put("1/" + (i + 1), values[i]);
    }
    return Spread.byTrial(keyed);
  }

  @Test
  void theIntervalIsStudentsTOnTheLogarithmsOfTheTrials() {
    // logs 0 and ln 1.21: mean ln 1.1, sd (ln 1.21)/√2, t(0.95; 1 df) = 6.3138
    ConfidenceInterval two = ConfidenceInterval.of(trials(1.0, 1.21));
    double half = 6.313751514675 * (Math.log(1.21) / Math.sqrt(2)) / Math.sqrt(2);
    assertThat(two.center()).isCloseTo(1.1, within(1e-9));
    assertThat(two.low()).isCloseTo(1.1 * Math.exp(-half), within(1e-9));
    assertThat(two.high()).isCloseTo(1.1 * Math.exp(half), within(1e-9));
    assertThat(two.samples()).isEqualTo(2);
    assertThat(two.basis()).isEqualTo(Basis.TRIALS);
    // three trials: t(0.95; 2 df) = 2.9200
    ConfidenceInterval three = ConfidenceInterval.of(trials(1.0, 1.1, 1.21));
    double sd = Math.log(1.1);
    assertThat(three.high() / three.center())
        .isCloseTo(Math.exp(2.919985580354 * sd / Math.sqrt(3)), within(1e-9));
  }

  @Test
  void aTrialsRunsCountAsOneSampleTheirGeometricMean() {
    Map<String, Double> keyed = new LinkedHashMap<>();
    keyed.put("1/1", 1.0);
    keyed.put("1/2", 4.0);
    keyed.put("2/1", 3.0);
    Spread spread = Spread.byTrial(keyed);
    assertThat(spread.values()).containsExactly(1.0, 3.0, 4.0);
    assertThat(spread.trials().get(0)).isCloseTo(2.0, within(1e-12));
    assertThat(spread.trials().get(1)).isEqualTo(3.0);
    assertThat(ConfidenceInterval.of(spread).samples()).isEqualTo(2);
  }

  @Test
  void anIntervalWhollyInsideTheBandIsReproducedAndItsDirectionHolds() {
    Verdicts.Judgement j = Verdicts.ratio(0.59, trials(0.70, 0.71, 0.72), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.REPRODUCED);
    assertThat(j.direction()).isEqualTo(Direction.HOLDS);
    assertThat(j.toDecide()).isZero();
  }

  @Test
  void anIntervalBeyondTheToleranceOnTheSameSideIsNotReproducedButItsDirectionHolds() {
    Verdicts.Judgement j = Verdicts.ratio(2.15, trials(3.4, 3.5, 3.6), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
    assertThat(j.direction()).isEqualTo(Direction.HOLDS);
  }

  @Test
  void anIntervalWhollyOnTheOtherSideOfOneIsNotReproducedAndReversed() {
    Verdicts.Judgement j = Verdicts.ratio(0.59, trials(1.25, 1.28), 1.5);
    assertThat(j.interval().low()).isGreaterThan(Verdicts.EVEN);
    assertThat(j.verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
    assertThat(j.direction()).isEqualTo(Direction.REVERSED);
    // WiredTiger ÷ LevelDB on Z, two trials of 2026-12-01: not reproduced, but two trials ×1.06
    // apart put the interval's low end at about even, so the side is not told at 90%
    Verdicts.Judgement z = Verdicts.ratio(0.59, trials(1.22, 1.29), 1.5);
    assertThat(z.verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
    assertThat(z.direction()).isEqualTo(Direction.UNCLEAR);
  }

  @Test
  void anIntervalStraddlingTheToleranceIsInconclusiveAndSaysWhatWouldDecideIt() {
    // the band of 0.52 × 1.5 ends at 0.78; three trials around it
    Verdicts.Judgement j = Verdicts.ratio(0.52, trials(0.72, 0.76, 0.80), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(j.direction()).isEqualTo(Direction.HOLDS);
    assertThat(j.toDecide()).isGreaterThan(3);
    // that many trials of the same spread, centred where these are, decide it; one fewer does not
    int n = j.toDecide();
    ConfidenceInterval i = j.interval();
    assertThat(Verdicts.ratio(0.52, sameSpread(i, n), 1.5).verdict())
        .isNotEqualTo(Verdict.INCONCLUSIVE);
    assertThat(Verdicts.ratio(0.52, sameSpread(i, n - 1), 1.5).verdict())
        .isEqualTo(Verdict.INCONCLUSIVE);
  }

  /** {@code n} trials with {@code i}'s center and the standard deviation of its logarithms. */
  private static Spread sameSpread(ConfidenceInterval i, int n) {
    // ±a around the center (and the center itself for an odd count) has a sample sd of a·√(n/(n-1))
    // for an even count, a for an odd one
    double a = n % 2 == 0 ? i.logSd() * Math.sqrt((n - 1.0) / n) : i.logSd();
    double[] values = new double[n];
    for (int k = 0; k < n; k++) {
      double sign = k == n - 1 && n % 2 == 1 ? 0 : k % 2 == 0 ? 1 : -1;
      values[k] = i.center() * Math.exp(sign * a);
    }
    ConfidenceInterval again = ConfidenceInterval.of(trials(values));
    assertThat(again.logSd()).isCloseTo(i.logSd(), within(1e-9));
    return trials(values);
  }

  @Test
  void anIntervalWiderThanTheBandCannotBeReproducedWithThatManySamples() {
    // the band of 0.84 is clipped at 1/1.1: from 0.56 to 0.909, ×1.62 wide; two trials ×1.2
    // apart give an interval over ×3 wide, whatever their center
    Verdicts.Judgement j = Verdicts.ratio(0.84, trials(0.65, 0.78), 1.5);
    assertThat(j.interval().factor()).isGreaterThan(0.909 / 0.56);
    assertThat(j.widerThanBand()).isTrue();
    assertThat(j.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(j.toDecide()).isGreaterThan(2);
  }

  @Test
  void oneSampleBoundsNothingAndIsInconclusiveWhateverItReads() {
    Verdicts.Judgement far = Verdicts.ratio(1.15, trials(5.4), 1.5);
    assertThat(far.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(far.direction()).isEqualTo(Direction.UNCLEAR);
    assertThat(far.interval().basis()).isEqualTo(Basis.ONE);
    assertThat(far.toDecide()).isZero();
    assertThat(Verdicts.ratio(1.15, trials(1.2), 1.5).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void theRunsOfOneTrialStandInForTrialsAndSaySo() {
    Verdicts.Judgement j = Verdicts.ratio(0.46, runsOfOneTrial(0.46, 0.45, 0.47), 1.5);
    assertThat(j.interval().basis()).isEqualTo(Basis.REPETITIONS);
    assertThat(j.interval().samples()).isEqualTo(3);
    assertThat(j.verdict()).isEqualTo(Verdict.REPRODUCED);
  }

  @Test
  void anIntervalCrossingOneIsInconclusiveWithAnUnclearDirection() {
    Verdicts.Judgement j = Verdicts.ratio(0.64, trials(0.8, 1.2, 1.0), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(j.direction()).isEqualTo(Direction.UNCLEAR);
  }

  @Test
  void aSideIsStrictSoAboutEvenIsNotBelowOne() {
    // 1/1.1 itself is about even: not on a claim's side below 1, though within its tolerance
    double even = 1 / Verdicts.EVEN;
    Verdicts.Judgement j = Verdicts.ratio(0.8, trials(even, even), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
    assertThat(j.direction()).isEqualTo(Direction.EVEN);
    assertThat(j.direction().word()).isEqualTo("about even");
    Verdicts.Judgement above = Verdicts.ratio(1.12, trials(1.08, 1.09, 1.085, 1.086), 1.5);
    assertThat(above.verdict())
        .as("1.08 to 1.09 against a published 1.12: about even, not the side above")
        .isEqualTo(Verdict.NOT_REPRODUCED);
    assertThat(above.direction()).isEqualTo(Direction.EVEN);
    assertThat(Verdicts.ratio(0.8, trials(0.9, 0.9), 1.5).verdict()).isEqualTo(Verdict.REPRODUCED);
  }

  @Test
  void theToleranceItselfIsInside() {
    assertThat(Verdicts.ratio(0.6, trials(0.4, 0.4), 1.5).verdict()).isEqualTo(Verdict.REPRODUCED);
    double below = Math.nextDown(0.6 / 1.5);
    assertThat(Verdicts.ratio(0.6, trials(below, below), 1.5).verdict())
        .isEqualTo(Verdict.NOT_REPRODUCED);
  }

  @Test
  void aPublishedRatioAboutEvenClaimsNoSideOnlyItsSize() {
    Verdicts.Judgement j = Verdicts.ratio(0.93, trials(1.02, 1.0, 1.04), 1.5);
    assertThat(j.verdict()).isEqualTo(Verdict.REPRODUCED);
    assertThat(j.direction()).isEqualTo(Direction.NOT_APPLICABLE);
    assertThat(Verdicts.ratio(1.05, trials(1.78, 1.8), 1.5).verdict())
        .isEqualTo(Verdict.NOT_REPRODUCED);
  }

  @Test
  void aFloorIsReachedByTheWholeIntervalByNoneOrStraddled() {
    assertThat(Verdicts.atLeast(10_000, trials(6000, 6100), 2).verdict())
        .isEqualTo(Verdict.REPRODUCED);
    assertThat(Verdicts.atLeast(10_000, trials(4000, 4100), 2).verdict())
        .isEqualTo(Verdict.NOT_REPRODUCED);
    Verdicts.Judgement j = Verdicts.atLeast(10_000, trials(4000, 6000), 2);
    assertThat(j.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(j.widerThanBand()).isFalse();
  }

  @Test
  void anIntervalOfOnesOwnIsJudgedByTheSameRuleWithNoSide() {
    Verdicts.Judgement inside = Verdicts.within(1.2, Double.POSITIVE_INFINITY, trials(1.45, 1.5));
    assertThat(inside.verdict()).isEqualTo(Verdict.REPRODUCED);
    assertThat(inside.direction()).isEqualTo(Direction.NOT_APPLICABLE);
    assertThat(Verdicts.within(1.2, Double.POSITIVE_INFINITY, trials(1.1, 1.3)).verdict())
        .isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(Verdicts.within(1 / 1.05, 1.05, trials(1.28, 1.3)).verdict())
        .isEqualTo(Verdict.NOT_REPRODUCED);
  }

  @Test
  void aCenterOnTheBandsLineCannotBeDecidedByMoreTrials() {
    // the band of 2.0 × 1.5 ends at 3.0; trials 2.7 and 3.0/2.7 × 3.0 centre exactly on it
    Verdicts.Judgement j = Verdicts.ratio(2.0, trials(2.7, 3.0 * 3.0 / 2.7), 1.5);
    assertThat(j.interval().center()).isCloseTo(3.0, within(1e-12));
    assertThat(j.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(j.toDecide()).isZero();
  }

  @Test
  void theBandStopsShortOfAboutEvenOnTheClaimsSide() {
    assertThat(Verdicts.band(0.84, 1.5)[1]).isLessThan(1 / Verdicts.EVEN);
    assertThat(Verdicts.band(1.3, 1.5)).containsExactly(Math.nextUp(Verdicts.EVEN), 1.3 * 1.5);
    assertThat(Verdicts.band(2.0, 1.5)).containsExactly(2.0 / 1.5, 3.0);
    assertThat(Verdicts.band(1.0, 1.5)).containsExactly(1 / 1.5, 1.5);
  }
}
