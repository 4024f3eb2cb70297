package io.github.ycsbembedded.experiments.run;

import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.plan.RunPlan;
import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Runs a plan: {@code trials} times, each loading the data anew, every phase in order; each load
 * once per engine and trial, each run phase {@code repetitions} times, every repetition going
 * through all engines (in reverse order every other time, so that drift of the machine hits all
 * alike). An engine that fails a phase skips its later phases in that trial; the others go on.
 */
public final class Campaign {
  private final RunPlan plan;
  private final PhaseRunner runner;
  private final PrintStream log;

  private final Map<String, Map<String, List<Results.Repetition>>> runs = new LinkedHashMap<>();
  private final Map<String, String> errors = new LinkedHashMap<>();

  /**
   * The engine versions each engine's phases named in their startup lines, in the order first seen.
   */
  private final Map<String, Set<String>> versions = new LinkedHashMap<>();

  private int step;
  private int steps;

  public Campaign(RunPlan plan, PrintStream log, PrintStream progress) {
    this.plan = plan;
    this.runner = new PhaseRunner(plan, log, progress);
    this.log = log;
    plan.engines().forEach(e -> runs.put(e, new LinkedHashMap<>()));
  }

  /** Runs everything; returns each engine's results, in the plan's engine order. */
  public List<Results.EngineRun> run(String host) throws IOException, InterruptedException {
    for (Phase phase : plan.experiment().phases()) {
      steps += plan.engines().size() * plan.repetitions(phase) * plan.trials();
    }
    int turn = 0;
    for (int trial = 1; trial <= plan.trials(); trial++) {
      // a trial loads the data anew: every data set of every engine (the bulk load's subfolder
      // too) goes before it, so that the first load of each starts from an empty folder
      for (String engine : plan.engines()) {
        DiskUsage.delete(plan.data().resolve(engine));
      }
      Set<String> started = new HashSet<>();
      Set<String> failed = new HashSet<>();
      for (Phase phase : plan.experiment().phases()) {
        for (int rep = 1; rep <= plan.repetitions(phase); rep++) {
          List<String> order = new ArrayList<>(plan.engines());
          if (!phase.isLoad() && turn++ % 2 == 1) {
            Collections.reverse(order);
          }
          for (String engine : order) {
            step++;
            if (!failed.contains(engine)) {
              boolean first = started.add(engine + "/" + phase.dataset());
              if (!runOnce(phase, engine, trial, rep, first)) {
                failed.add(engine);
              }
            }
          }
        }
      }
    }
    List<Results.EngineRun> result = new ArrayList<>();
    for (String engine : plan.engines()) {
      List<Results.PhaseRun> phases = new ArrayList<>();
      for (Phase phase : plan.experiment().phases()) {
        List<Results.Repetition> reps = runs.get(engine).get(phase.id());
        if (reps != null) {
          phases.add(
              new Results.PhaseRun(
                  phase.id(), phase.label(), phase.speed().unit(), List.copyOf(reps)));
        }
      }
      Set<String> named = versions.get(engine);
      result.add(
          new Results.EngineRun(
              engine,
              host,
              named == null ? null : String.join(" and ", named),
              plan.settings(engine),
              errors.get(engine),
              phases));
    }
    return result;
  }

  /** One run; returns whether it worked. */
  private boolean runOnce(Phase phase, String engine, int trial, int rep, boolean first)
      throws IOException, InterruptedException {
    log.printf(
        "%n[%d/%d] %s · %s%s%s%n",
        step,
        steps,
        engine,
        phase.label(),
        plan.trials() > 1 ? " · trial " + trial + " of " + plan.trials() : "",
        plan.repetitions(phase) > 1 ? " · run " + rep + " of " + plan.repetitions(phase) : "");
    PhaseRunner.Outcome outcome = runner.run(phase, engine, trial, rep, first);
    Results.Repetition r = outcome.repetition();
    if (outcome.version() != null) {
      versions.computeIfAbsent(engine, e -> new LinkedHashSet<>()).add(outcome.version());
    }
    runs.get(engine).computeIfAbsent(phase.id(), k -> new ArrayList<>()).add(r);
    if (r.error() != null) {
      errors.putIfAbsent(engine, phase.label() + ": " + r.error());
      log.println(
          "    FAILED: "
              + r.error()
              + " (its later phases in this trial are skipped; the other engines go on)");
      return false;
    }
    log.printf(
        Locale.ROOT,
        "    %,.0f %s over %.1f s, CPU %.1f s, peak memory %s, read %s, written %s, disk %s%n",
        r.speed().speed(),
        phase.speed().unit(),
        r.window().seconds(),
        r.cpu().total(),
        Units.bytes(r.memory().peak()),
        Units.bytes(Math.max(0, r.io().read())),
        Units.bytes(Math.max(0, r.io().written())),
        Units.bytes(r.disk().allocated()));
    return true;
  }

  /** Deletes every engine's data. */
  public void deleteData() throws IOException {
    DiskUsage.delete(plan.data());
  }
}
