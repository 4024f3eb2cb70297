package io.github.ycsbembedded.experiments.writeups;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.Experiment;
import io.github.ycsbembedded.experiments.ExperimentTest;
import io.github.ycsbembedded.experiments.measure.Results;
import io.github.ycsbembedded.experiments.measure.Spread;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Verdicts of ratio and at-least claims, on spreads made up for each case. */
class ClaimTest {
  private static Context context(boolean regimeReproduced) throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    Results.Regime regime =
        new Results.Regime("5% of the data", 0.05, 1, 1, false, "the phases ran in RAM", Map.of());
    Results.Run run =
        new Results.Run(
            "unum",
            "t",
            "s",
            "quick",
            "a",
            "b",
            List.of(),
            Map.of(),
            regime,
            null,
            1000,
            regimeReproduced,
            1,
            3,
            2,
            12,
            List.of());
    return new Context(unum, run);
  }

  private static Spread spread(double... values) {
    return Spread.of(java.util.Arrays.stream(values).boxed().toList());
  }

  @Test
  void aRatioOnTheSameSideAndWithinTheToleranceIsReproduced() throws Exception {
    Claim claim =
        Claim.ratio(context(true), "a ÷ b", "a", 0.59, spread(0.71, 0.68, 1.65), 1.5, true);

    assertThat(claim.verdict()).isEqualTo(Claim.Verdict.REPRODUCED);
    assertThat(claim.ours()).isEqualTo("0.71 [0.68–1.65]");
    assertThat(claim.published()).isEqualTo("0.59");
    assertThat(claim.why())
        .isEqualTo(
            "the same direction, and ours is 1.20× the published ratio, within the tolerance of ×1.50");
  }

  @Test
  void aRatioOnTheOtherSideOfOneIsNotReproduced() throws Exception {
    Claim claim = Claim.ratio(context(true), "a ÷ b", "a", 0.80, spread(1.2, 1.1, 1.3), 1.5, true);

    assertThat(claim.verdict()).isEqualTo(Claim.Verdict.NOT_REPRODUCED);
    assertThat(claim.why()).isEqualTo("the opposite direction: 1.20 here against 0.80 published");
  }

  @Test
  void aRatioTooFarFromThePublishedOneIsNotReproducedThoughOnTheSameSide() throws Exception {
    Claim claim = Claim.ratio(context(true), "a ÷ b", "a", 2.15, spread(4.0, 3.5, 4.5), 1.5, true);

    assertThat(claim.verdict()).isEqualTo(Claim.Verdict.NOT_REPRODUCED);
    assertThat(claim.why())
        .isEqualTo(
            "the same direction, but ours is 1.86× the published ratio, beyond the tolerance of ×1.50");
  }

  @Test
  void aPublishedRatioNearOneChecksOnlyTheTolerance() throws Exception {
    Claim claim = Claim.ratio(context(true), "a ÷ b", "a", 1.05, spread(0.9, 0.8, 1.0), 1.5, true);

    assertThat(claim.verdict()).isEqualTo(Claim.Verdict.REPRODUCED);
    assertThat(claim.why())
        .isEqualTo("ours is 0.86× the published ratio, within the tolerance of ×1.50");
  }

  @Test
  void withoutTheRegimeARegimeDependentClaimGetsNoVerdictAndAnIndependentOneDoes()
      throws Exception {
    Claim dependent = Claim.ratio(context(false), "a ÷ b", "a", 0.59, spread(0.6), 1.5, true);
    Claim independent = Claim.ratio(context(false), "size", "s", 13.1, spread(12.0), 1.5, false);

    assertThat(dependent.verdict()).isEqualTo(Claim.Verdict.REGIME_DIFFERS);
    assertThat(dependent.why())
        .isEqualTo(
            "the run did not reproduce the write-up's memory regime (the phases ran in RAM),"
                + " so no verdict is drawn");
    assertThat(independent.verdict()).isEqualTo(Claim.Verdict.REPRODUCED);
  }

  @Test
  void aClaimWithoutMeasurementsIsNotMeasured() throws Exception {
    Claim claim = Claim.ratio(context(true), "a ÷ b", "a", 0.59, Spread.NONE, 1.5, true);

    assertThat(claim.verdict()).isEqualTo(Claim.Verdict.NOT_MEASURED);
    assertThat(claim.ours()).isEmpty();
  }

  @Test
  void anAtLeastClaimHoldsFromThePublishedFigureDividedByTheTolerance() throws Exception {
    Claim reached =
        Claim.atLeast(
            context(true), "10K tx/s", "tx", 10_103, "tx/s", spread(6000, 5500, 6100), 2, false);
    Claim missed =
        Claim.atLeast(context(true), "10K tx/s", "tx", 10_103, "tx/s", spread(4000), 2, false);

    assertThat(reached.verdict()).isEqualTo(Claim.Verdict.REPRODUCED);
    assertThat(reached.ours()).isEqualTo("6,000 [5,500–6,100] tx/s");
    assertThat(reached.why())
        .isEqualTo(
            "ours is 0.59× the published figure; the claim holds here from 5,052 tx/s (1/2 of it)");
    assertThat(missed.verdict()).isEqualTo(Claim.Verdict.NOT_REPRODUCED);
    assertThat(missed.why()).endsWith(", which ours does not reach");
  }
}
