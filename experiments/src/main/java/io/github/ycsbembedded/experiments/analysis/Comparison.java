package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * Two runs of one experiment at one scale side by side (two builds, two engine versions, two
 * machines, two days), per variant × engine × phase: speed and the 99th percentile latency of the
 * phase's main operation and the CPU time per operation in each, and the change from the first to
 * the second. A change is told from noise only when Welch's t-test on the two runs' samples (every
 * trial and repetition of each) gives p below {@value #ALPHA} and the two ranges do not overlap;
 * otherwise it is {@code ~}, as Go's benchstat prints a difference it cannot tell. Welch's test,
 * not a rank test: with two or three trials a side, a Mann–Whitney U test can never reach 0.05.
 */
public final class Comparison {
  /** The significance level of the test. */
  public static final double ALPHA = 0.05;

  /** The test, as the report names it. */
  public static final String TEST =
      "Welch's t-test (two-sided, p < " + ALPHA + ") and ranges that do not overlap";

  private static final String OTHER_EXPERIMENT =
      "%s is a run of %s, %s of %s; compare two runs of one experiment";
  private static final String OTHER_SCALE =
      "%s ran at scale %s, %s at %s; compare two runs of one scale";

  private Comparison() {}

  /**
   * What is compared: speed (higher is better), p99 latency or CPU time per operation (lower is
   * better: the client process's user and system time over the window, which leaves the time the
   * hypervisor stole out and so holds stiller than speed on a shared machine).
   */
  public enum ComparedFigure {
    SPEED,
    P99,
    CPU
  }

  /**
   * One figure of one variant × engine × phase in both runs: their samples, the change of the
   * median in percent with its range (from the extreme pairs), the test's p-value (NaN when the
   * samples cannot be tested: fewer than two a side), and whether the change is told from noise.
   */
  public record Row(
      String variant,
      String engine,
      String phase,
      ComparedFigure figure,
      Spread before,
      Spread after,
      double changePercent,
      double lowPercent,
      double highPercent,
      double p,
      boolean significant) {
    /**
     * Whether the change is a slowdown beyond {@code thresholdPercent}: less speed, more latency or
     * more CPU time per operation, told from noise.
     */
    public boolean slowdown(double thresholdPercent) {
      if (!significant) {
        return false;
      }
      return figure == ComparedFigure.SPEED
          ? changePercent < -thresholdPercent
          : changePercent > thresholdPercent;
    }
  }

  /** Every row of two runs; refuses runs of different experiments or scales, in one line. */
  public static List<Row> of(
      Results.Run before, Results.Run after, String beforeName, String afterName)
      throws ExperimentException {
    same(
        OTHER_EXPERIMENT,
        beforeName,
        before.experiment().name(),
        afterName,
        after.experiment().name());
    same(OTHER_SCALE, beforeName, before.scale().name(), afterName, after.scale().name());
    List<Row> rows = new ArrayList<>();
    for (Results.VariantRun a : before.variants()) {
      Results.VariantRun b = after.variant(a.name());
      if (b == null) {
        continue;
      }
      for (Results.EngineRun engine : a.engines()) {
        Results.EngineRun other = b.engine(engine.engine());
        if (other == null) {
          continue;
        }
        for (Results.PhaseRun phase : engine.phases()) {
          Results.PhaseRun then = other.phase(phase.phase());
          if (then == null || phase.failed() || then.failed()) {
            continue;
          }
          rows.add(
              row(
                  a.name(),
                  engine.engine(),
                  phase,
                  then,
                  ComparedFigure.SPEED,
                  r -> r.figures().speed().speed()));
          Row latency =
              row(
                  a.name(),
                  engine.engine(),
                  phase,
                  then,
                  ComparedFigure.P99,
                  r -> OwnClaims.latency(r, Results.Latency::p99Us));
          if (!latency.before().isEmpty() && !latency.after().isEmpty()) {
            rows.add(latency);
          }
          Row cpu =
              row(
                  a.name(),
                  engine.engine(),
                  phase,
                  then,
                  ComparedFigure.CPU,
                  Costs::cpuPerOperationUs);
          if (!cpu.before().isEmpty() && !cpu.after().isEmpty()) {
            rows.add(cpu);
          }
        }
      }
    }
    return rows;
  }

  /** Refuses two runs that differ where they must not, in {@code format}'s words. */
  private static void same(
      String format, String beforeName, String beforeValue, String afterName, String afterValue)
      throws ExperimentException {
    if (!beforeValue.equals(afterValue)) {
      throw new ExperimentException(
          String.format(Locale.ROOT, format, afterName, afterValue, beforeName, beforeValue));
    }
  }

  private static Row row(
      String variant,
      String engine,
      Results.PhaseRun before,
      Results.PhaseRun after,
      ComparedFigure figure,
      ToDoubleFunction<Results.Repetition> value) {
    Spread a = before.spread(value);
    Spread b = after.spread(value);
    if (a.isEmpty() || b.isEmpty()) {
      return new Row(
          variant,
          engine,
          before.phase(),
          figure,
          a,
          b,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          false);
    }
    double change = 100 * (b.median() / a.median() - 1);
    double low = 100 * (b.min() / a.max() - 1);
    double high = 100 * (b.max() / a.min() - 1);
    double p = pValue(a.values(), b.values());
    boolean overlap = a.min() <= b.max() && b.min() <= a.max();
    boolean significant = Double.isFinite(p) && p < ALPHA && !overlap;
    return new Row(
        variant, engine, before.phase(), figure, a, b, change, low, high, p, significant);
  }

  /**
   * Welch's two-sided p-value of two samples; NaN when either has fewer than two values, 0 when
   * neither varies and their means differ.
   */
  static double pValue(List<Double> a, List<Double> b) {
    if (a.size() < 2 || b.size() < 2) {
      return Double.NaN;
    }
    double[] x = a.stream().mapToDouble(Double::doubleValue).toArray();
    double[] y = b.stream().mapToDouble(Double::doubleValue).toArray();
    if (constant(x) && constant(y)) {
      return x[0] == y[0] ? 1 : 0;
    }
    return TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC).test(x, y).getPValue();
  }

  private static boolean constant(double[] values) {
    for (double v : values) {
      if (v != values[0]) {
        return false;
      }
    }
    return true;
  }
}
