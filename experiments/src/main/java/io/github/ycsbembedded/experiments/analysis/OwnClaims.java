package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.Variation;
import io.github.ycsbembedded.experiments.model.Variation.ClaimSpec;
import io.github.ycsbembedded.experiments.model.Variation.ExpectedInterval;
import io.github.ycsbembedded.experiments.model.Variation.Ratio;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The experiment file's own expectations ({@code claims:}) as claims: each ratio taken per sample —
 * the same trial and repetition of both sides — and judged against the stated interval by the
 * write-ups' rule ({@link Verdicts#within}).
 */
public final class OwnClaims {
  private OwnClaims() {}

  /** The file's claims, judged on {@code c}'s run (a ratio of variants, per engine). */
  public static List<Claim> of(Context c) {
    List<Claim> claims = new ArrayList<>();
    for (ClaimSpec spec : c.experiment().description().variation().claims()) {
      Ratio ratio = Ratio.parse(spec.ratio());
      ExpectedInterval interval = ExpectedInterval.parse(spec.expect());
      if (ratio == null || interval == null) {
        continue; // the file's checks refused it already
      }
      ToDoubleFunction<Results.Repetition> figure = figure(spec.figure());
      if (!ratio.variants()) {
        // an engine ratio in one of the file's variants (its data, its memory), else the base's
        Results.VariantRun variant =
            spec.variant() == null ? null : c.run().variant(spec.variant());
        Context in = variant == null ? c : c.of(variant);
        boolean missing = spec.variant() != null && variant == null;
        claims.add(
            Claim.own(
                in,
                new Claim.Subject(
                    List.of(ratio.top(), ratio.bottom()), List.of(spec.phase()), List.of()),
                statement(spec, ratio.top() + " ÷ " + ratio.bottom()),
                ratio.top()
                    + "/"
                    + ratio.bottom()
                    + " "
                    + spec.phase()
                    + (spec.variant() == null ? "" : " " + spec.variant()),
                interval.low(),
                interval.high(),
                missing
                    ? Spread.NONE
                    : in.ratio(ratio.top(), spec.phase(), ratio.bottom(), spec.phase(), figure),
                outOfMemory(c.experiment(), spec.variant())));
        continue;
      }
      List<String> engines =
          spec.engine() != null ? List.of(spec.engine()) : c.experiment().engines();
      for (String engine : engines) {
        claims.add(
            Claim.own(
                c,
                new Claim.Subject(
                    List.of(engine), List.of(spec.phase()), List.of(ratio.top(), ratio.bottom())),
                statement(spec, ratio.top() + " ÷ " + ratio.bottom())
                    + (spec.engine() == null ? " (" + engine + ")" : ""),
                engine + " " + ratio.top() + "/" + ratio.bottom() + " " + spec.phase(),
                interval.low(),
                interval.high(),
                variants(c, engine, spec.phase(), ratio, figure),
                outOfMemory(c.experiment(), ratio.top())
                    || outOfMemory(c.experiment(), ratio.bottom())));
      }
    }
    return claims;
  }

  /**
   * Whether {@code variant} (null or the base: the file as written) holds the data out of memory
   * under the file's regime (its memory below the data's size), so that a claim taken in it depends
   * on the regime: such a claim is {@code regime differs} where the run did not hold the regime.
   */
  static boolean outOfMemory(Experiment experiment, String variant) {
    if (experiment.regime() == null) {
      return false;
    }
    double fraction = experiment.regime().memoryFraction();
    for (Variation.VariantSpec v : experiment.description().variation().variants()) {
      if (v.name().equals(variant) && v.memory().fraction() != null) {
        fraction = v.memory().fraction();
      }
    }
    return fraction < 1;
  }

  /** The claim's statement: the file's, else what it compares and expects. */
  private static String statement(ClaimSpec spec, String ratio) {
    if (spec.statement() != null && !spec.statement().isBlank()) {
      return spec.statement().trim();
    }
    return ratio
        + ", "
        + spec.figure()
        + " on "
        + spec.phase()
        + (spec.variant() == null ? "" : " in variant " + spec.variant())
        + ": "
        + spec.expect().trim();
  }

  /**
   * One engine's figure in variant {@code ratio.top} ÷ in {@code ratio.bottom}, per sample (the
   * same trial and repetition: variants run interleaved in every trial).
   */
  private static Spread variants(
      Context c,
      String engine,
      String phase,
      Ratio ratio,
      ToDoubleFunction<Results.Repetition> figure) {
    Results.VariantRun top = c.run().variant(ratio.top());
    Results.VariantRun bottom = c.run().variant(ratio.bottom());
    if (top == null || bottom == null) {
      return Spread.NONE;
    }
    return Context.ratio(
        c.of(top).samples(engine, phase, figure), c.of(bottom).samples(engine, phase, figure));
  }

  /**
   * A claim's figure of one repetition: its speed, or a latency percentile of its main operation.
   */
  static ToDoubleFunction<Results.Repetition> figure(String name) {
    return switch (name) {
      case "p50" -> r -> latency(r, Results.Latency::p50Us);
      case "p95" -> r -> latency(r, Results.Latency::p95Us);
      case "p99" -> r -> latency(r, Results.Latency::p99Us);
      case "p999" -> r -> latency(r, Results.Latency::p999Us);
      case "device-reads" -> r -> Costs.Cost.DEVICE_READS.of(r, Double.NaN);
      case "cpu" -> r -> Costs.Cost.CPU.of(r, Double.NaN);
      default -> r -> r.figures().speed().speed();
    };
  }

  /** A percentile of the operation with the most operations in the repetition's window. */
  static double latency(Results.Repetition r, ToDoubleFunction<Results.Latency> percentile) {
    return r.latency().entrySet().stream()
        .filter(e -> !e.getKey().startsWith(FixedRates.INTENDED))
        .max(Comparator.comparingLong(e -> e.getValue().count()))
        .map(e -> percentile.applyAsDouble(e.getValue()))
        .orElse(Double.NaN);
  }
}
