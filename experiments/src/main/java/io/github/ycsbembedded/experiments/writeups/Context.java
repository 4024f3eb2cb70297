package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.Experiment;
import io.github.ycsbembedded.experiments.measure.Results;
import io.github.ycsbembedded.experiments.measure.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * What a write-up's tables and claims are computed from: the experiment file (its phases and the
 * write-up's published figures) and the run's results. Every repeated figure is a {@link Spread};
 * every ratio between two runs is taken per repetition, then spread.
 */
public final class Context {
  private final Experiment experiment;
  private final Results.Run run;

  public Context(Experiment experiment, Results.Run run) {
    this.experiment = experiment;
    this.run = run;
  }

  public Experiment experiment() {
    return experiment;
  }

  public Results.Run run() {
    return run;
  }

  public List<Results.EngineRun> engines() {
    return run.engines();
  }

  public String reference() {
    return experiment.reference();
  }

  /** Whether this run reproduced the write-up's memory regime. */
  public boolean regimeReproduced() {
    return run.regimeReproduced();
  }

  /** An engine's run of a phase that did not fail, or null. */
  public Results.PhaseRun ok(String engine, String phase) {
    Results.PhaseRun r = run.phase(engine, phase);
    return r == null || r.failed() ? null : r;
  }

  /** The figure over an engine × phase's repetitions. */
  public Spread spread(String engine, String phase, ToDoubleFunction<Results.Repetition> figure) {
    return Spread.of(values(engine, phase, figure));
  }

  /** The phase's speed (what the write-up reports) over its repetitions. */
  public Spread speed(String engine, String phase) {
    return spread(engine, phase, Results.Repetition::speed);
  }

  /**
   * {@code figure} of engine a's phase ÷ the same of engine b's, per repetition (the n-th run of
   * each), then spread.
   */
  public Spread ratio(
      String a,
      String phaseA,
      String b,
      String phaseB,
      ToDoubleFunction<Results.Repetition> figure) {
    return Spread.ofRatios(values(a, phaseA, figure), values(b, phaseB, figure));
  }

  /** Speed of an engine ÷ the reference engine's, per repetition. */
  public Spread speedRatio(String engine, String phase) {
    return ratio(engine, phase, reference(), phase, Results.Repetition::speed);
  }

  /**
   * The figure of each repetition of an engine × phase, in order; empty when it failed or did not
   * run.
   */
  public List<Double> values(
      String engine, String phase, ToDoubleFunction<Results.Repetition> figure) {
    Results.PhaseRun r = ok(engine, phase);
    List<Double> values = new ArrayList<>();
    if (r != null) {
      r.repetitions().forEach(rep -> values.add(figure.applyAsDouble(rep)));
    }
    return values;
  }

  /** A published figure for this run's scale, or null. */
  public Double published(String phase, String engine, String column) {
    return experiment.published(run.scale(), phase, engine, column);
  }

  /** The label of a phase, or its id. */
  public String label(String phase) {
    Experiment.Phase p = experiment.phase(phase);
    return p == null ? phase : p.label();
  }
}
