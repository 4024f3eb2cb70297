package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.results.Pooling;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * What a write-up's tables and claims are computed from: the experiment (its phases, the roles its
 * class works with, the published figures), the run's results of one variant (the experiment as its
 * file sets it, unless another is asked for), and the other runs of the same experiment the caller
 * found ({@code history}: other sizes, other days; may be empty). Every repeated figure is a {@link
 * Spread}; every ratio between two runs is taken per sample — the same trial and repetition of each
 * — then spread, so that the range spans trials.
 */
public final class Context {
  private final Experiment experiment;
  private final Results.Run run;
  private final Results.VariantRun variant;
  private final List<Results.Run> history;
  private final Pooling.Pooled pool;

  public Context(Experiment experiment, Results.Run run) {
    this(experiment, Pooling.alone(run), List.of());
  }

  /**
   * The context of a run pooled with its like earlier runs ({@link Pooling}): its figures and
   * verdicts rest on every trial of the pool.
   */
  public Context(Experiment experiment, Pooling.Pooled pool, List<Results.Run> history) {
    this(experiment, pool.run(), pool.run().base(), history, pool);
  }

  private Context(
      Experiment experiment,
      Results.Run run,
      Results.VariantRun variant,
      List<Results.Run> history,
      Pooling.Pooled pool) {
    this.experiment = experiment;
    this.run = run;
    this.variant = variant;
    this.history = List.copyOf(history);
    this.pool = pool;
  }

  /** The same run and experiment, for another of its variants. */
  public Context of(Results.VariantRun other) {
    return new Context(experiment, run, other, history, pool);
  }

  /** The earlier runs this run's trials were pooled with, if any ({@link Pooling}). */
  public Pooling.Pooled pool() {
    return pool;
  }

  /**
   * The figures a variant's claims are drawn from: its own engines' runs and, for the engines it
   * did not run, this context's (the same trials); every phase's speed over YCSB's whole run, the
   * close included, where the variant takes it so ({@code overall}), the borrowed engines' too.
   */
  public Context standingIn(Results.VariantRun other) {
    List<Results.EngineRun> engines = new ArrayList<>();
    for (Results.EngineRun own : variant.engines()) {
      Results.EngineRun theirs = other.engine(own.engine());
      Results.EngineRun chosen = theirs == null ? own : theirs;
      engines.add(other.overall() ? overall(chosen) : chosen);
    }
    for (Results.EngineRun theirs : other.engines()) {
      if (variant.engine(theirs.engine()) == null) {
        engines.add(other.overall() ? overall(theirs) : theirs);
      }
    }
    return new Context(experiment, run, other.withEngines(engines), history, pool);
  }

  /** An engine's runs with each phase's speed taken over YCSB's whole run. */
  private static Results.EngineRun overall(Results.EngineRun engine) {
    List<Results.PhaseRun> phases = new ArrayList<>();
    for (Results.PhaseRun phase : engine.phases()) {
      phases.add(
          phase.withRepetitions(
              phase.repetitions().stream()
                  .map(
                      r ->
                          r.withFigures(
                              r.figures().withSpeed(r.figures().speed().overallAsSpeed())))
                  .toList()));
    }
    return engine.withPhases(phases);
  }

  public Experiment experiment() {
    return experiment;
  }

  public Results.Run run() {
    return run;
  }

  /** The variant this context's figures come from. */
  public Results.VariantRun variant() {
    return variant;
  }

  /** Other runs of this experiment, as the caller found them (for charts across sizes). */
  public List<Results.Run> history() {
    return history;
  }

  public List<Results.EngineRun> engines() {
    return variant.engines();
  }

  public String reference() {
    return experiment.reference();
  }

  /** The engine, phase, data set or operation the write-up's class calls {@code role}. */
  public String role(String role) {
    return experiment.role(role);
  }

  /** Whether this run reproduced the write-up's memory regime. */
  public boolean regimeReproduced() {
    return run.memory().regimeReproduced();
  }

  /** An engine's run of a phase with at least one repetition that did not fail, or null. */
  public Results.PhaseRun ok(String engine, String phase) {
    Results.PhaseRun r = variant.phase(engine, phase);
    return r == null || r.failed() ? null : r;
  }

  /** The figure over an engine × phase's repetitions that did not fail. */
  public Spread spread(String engine, String phase, ToDoubleFunction<Results.Repetition> figure) {
    return Spread.byTrial(samples(engine, phase, figure));
  }

  /** The phase's speed (what the write-up counts) over its repetitions. */
  public Spread speed(String engine, String phase) {
    return spread(engine, phase, r -> r.figures().speed().speed());
  }

  /**
   * {@code figure} of engine a's phase ÷ the same of engine b's, per sample (the same trial and
   * repetition of each), then spread.
   */
  public Spread ratio(
      String a,
      String phaseA,
      String b,
      String phaseB,
      ToDoubleFunction<Results.Repetition> figure) {
    return ratio(samples(a, phaseA, figure), samples(b, phaseB, figure));
  }

  /**
   * {@code top}'s figures ÷ {@code bottom}'s, per sample of the same key ({@code trial/index}),
   * then spread by trial.
   */
  public static Spread ratio(Map<String, Double> top, Map<String, Double> bottom) {
    Map<String, Double> ratios = new LinkedHashMap<>();
    top.forEach(
        (key, value) -> {
          Double under = bottom.get(key);
          if (under != null) {
            ratios.put(key, value / under);
          }
        });
    return Spread.byTrial(ratios);
  }

  /** Speed of an engine ÷ the reference engine's, per sample. */
  public Spread speedRatio(String engine, String phase) {
    return ratio(engine, phase, reference(), phase, r -> r.figures().speed().speed());
  }

  /**
   * The figure of each repetition of an engine × phase that did not fail, keyed by {@code
   * trial/index}, in the order they ran; empty when it failed or did not run.
   */
  public Map<String, Double> samples(
      String engine, String phase, ToDoubleFunction<Results.Repetition> figure) {
    Map<String, Double> values = new LinkedHashMap<>();
    Results.PhaseRun r = ok(engine, phase);
    if (r != null) {
      r.ok().forEach(rep -> values.put(rep.trial() + "/" + rep.index(), figure.applyAsDouble(rep)));
    }
    return values;
  }

  /** An engine's run of a phase in this variant, failed or not; null when it did not run. */
  public Results.PhaseRun phaseRun(String engine, String phase) {
    return variant.phase(engine, phase);
  }

  /** Why an engine's phase has no figure here: it did not run, or it ran and failed. */
  public Cell.Why whyMissing(String engine, String phase) {
    return phaseRun(engine, phase) == null ? Cell.Why.NOT_RUN : Cell.Why.FAILED;
  }

  /** A published figure for this run's scale, or null. */
  public Double published(String phase, String engine, String column) {
    Description.PublishedFigure figure =
        experiment.published(run.scale().name(), phase, engine, column);
    return figure == null ? null : figure.value();
  }

  /** Whether a published figure is marked uncertain (a trailing ?). */
  public boolean publishedUncertain(String phase, String engine, String column) {
    Description.PublishedFigure figure =
        experiment.published(run.scale().name(), phase, engine, column);
    return figure != null && figure.uncertain();
  }

  /** The label of a phase, or its id. */
  public String label(String phase) {
    Description.Phase p = experiment.phase(phase);
    return p == null ? phase : p.label();
  }
}
