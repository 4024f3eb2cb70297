package io.github.ycsbembedded.experiments.writeups;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Claim.Verdict;
import io.github.ycsbembedded.experiments.analysis.ConfidenceInterval;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Verdicts;
import io.github.ycsbembedded.experiments.analysis.WriteUp;
import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.model.Variation;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every write-up, at every scale its file gives, claim by claim: the verdict rule can reach each of
 * reproduced, not reproduced and inconclusive from samples of the count that scale measures (its
 * trials; the runs of its one trial where it has one; one sample for a load of one trial), so no
 * band and no scale leaves a verdict out of reach. Where a scale measures one sample of a claim, no
 * sample decides it, and the claim says what would.
 */
class EveryVerdictReachableTest {
  @ParameterizedTest
  @CsvSource({
    "unum, unum-quick",
    "hyperdex, hyperdex-quick",
    "harperdb, harperdb-tiny",
    "likes, likes-tiny",
    "digg, digg-tiny"
  })
  void eachClaimAtEachScaleCanComeOutEachWay(String name, String fixture) throws Exception {
    Experiment experiment = Experiment.load(ExperimentTest.EXPERIMENTS, name);
    Results.Run run = WriteUpsTest.fixture(fixture);
    int judged = 0;
    for (Description.Scale scale : experiment.description().scales()) {
      Context c = new Context(experiment, WriteUpsTest.atScale(run, scale.name()));
      for (Claim claim : WriteUp.of(experiment).claims(c)) {
        if (!claim.tallied()) {
          continue;
        }
        String what = name + " at " + scale.name() + ": " + claim.statement();
        int samples = samples(experiment, scale, claim);
        if (samples < 2) {
          Verdicts.Judgement one = judge(claim, around(claim.low(), 1, 0.01));
          assertThat(one.verdict()).as(what).isEqualTo(Verdict.INCONCLUSIVE);
          assertThat(one.interval().basis()).as(what).isEqualTo(ConfidenceInterval.Basis.ONE);
          continue;
        }
        assertThat(judge(claim, around(inside(claim), samples, 0.001)).verdict())
            .as(what + ", reproduced")
            .isEqualTo(Verdict.REPRODUCED);
        assertThat(judge(claim, around(outside(claim), samples, 0.001)).verdict())
            .as(what + ", not reproduced")
            .isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(judge(claim, around(claim.low(), samples, 0.05)).verdict())
            .as(what + ", inconclusive")
            .isEqualTo(Verdict.INCONCLUSIVE);
        judged++;
      }
    }
    assertThat(judged).as(name + ": claims judged at some scale").isPositive();
  }

  /**
   * Every experiment file's claims of its own, at every scale, each way: judged by its file's
   * interval ({@link Verdicts#within}, as {@code OwnClaims} judges it) from samples of the count
   * that scale measures; one sample decides nothing.
   */
  @ParameterizedTest
  @ValueSource(strings = {"engines"})
  void eachOwnClaimAtEachScaleCanComeOutEachWay(String name) throws Exception {
    Experiment experiment = Experiment.load(ExperimentTest.EXPERIMENTS, name);
    int judged = 0;
    assertThat(experiment.description().variation().claims())
        .as(name + ": claims of its own")
        .isNotEmpty();
    for (Description.Scale scale : experiment.description().scales()) {
      for (Variation.ClaimSpec claim : experiment.description().variation().claims()) {
        Variation.ExpectedInterval band = Variation.ExpectedInterval.parse(claim.expect());
        String what = name + " at " + scale.name() + ": " + claim.statement();
        int samples = samples(experiment, scale, List.of(claim.phase()));
        if (samples < 2) {
          Verdicts.Judgement one = Verdicts.within(band.low(), band.high(), around(1, 1, 0.01));
          assertThat(one.verdict()).as(what).isEqualTo(Verdict.INCONCLUSIVE);
          assertThat(one.interval().basis()).as(what).isEqualTo(ConfidenceInterval.Basis.ONE);
          continue;
        }
        double inside =
            Double.isFinite(band.high()) ? Math.sqrt(band.low() * band.high()) : 2 * band.low();
        assertThat(
                Verdicts.within(band.low(), band.high(), around(inside, samples, 0.001)).verdict())
            .as(what + ", holds")
            .isEqualTo(Verdict.REPRODUCED);
        assertThat(
                Verdicts.within(band.low(), band.high(), around(band.low() / 4, samples, 0.001))
                    .verdict())
            .as(what + ", does not hold")
            .isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(
                Verdicts.within(band.low(), band.high(), around(band.low(), samples, 0.05))
                    .verdict())
            .as(what + ", inconclusive")
            .isEqualTo(Verdict.INCONCLUSIVE);
        judged++;
      }
    }
    assertThat(judged).as(name + ": claims judged at some scale").isPositive();
  }

  /**
   * The independent samples a scale gives a claim by default: its trials, else the runs of its one
   * trial (a load runs once a trial).
   */
  private static int samples(Experiment experiment, Description.Scale scale, Claim claim) {
    return samples(experiment, scale, claim.subject().phases());
  }

  private static int samples(Experiment experiment, Description.Scale scale, List<String> phases) {
    if (scale.trials() >= 2) {
      return scale.trials();
    }
    boolean load = phases.stream().map(experiment::phase).anyMatch(p -> p != null && p.isLoad());
    return load ? 1 : scale.repeat();
  }

  /** The claim's rule, on {@code ours}: what {@link Claim}'s factories judge it by. */
  private static Verdicts.Judgement judge(Claim claim, Spread ours) {
    return claim.kind() == Claim.Kind.AT_LEAST
        ? Verdicts.atLeast(claim.expected(), ours, claim.tolerance())
        : Verdicts.ratio(claim.expected(), ours, claim.tolerance());
  }

  /** The band's geometric middle (twice its floor where it has no top). */
  private static double inside(Claim claim) {
    return Double.isFinite(claim.high()) ? Math.sqrt(claim.low() * claim.high()) : 2 * claim.low();
  }

  /** Well below the band. */
  private static double outside(Claim claim) {
    return claim.low() / 4;
  }

  /** {@code n} trials around {@code center}, alternately × and ÷ {@code 1 + spread}. */
  private static Spread around(double center, int n, double spread) {
    Map<String, Double> trials = new LinkedHashMap<>();
    List<Double> values = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      values.add(center * (i % 2 == 0 ? 1 + spread : 1 / (1 + spread)));
    }
    for (int i = 0; i < n; i++) {
      trials.put((i + 1) + "/1", values.get(i));
    }
    return Spread.byTrial(trials);
  }
}
