package io.github.ycsbembedded.experiments.run;

import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.model.Variants;
import io.github.ycsbembedded.experiments.plan.RunPlan;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.io.IOException;
import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
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
 * Runs the variants of an experiment ({@link RunPlan}s, one per variant) and returns the finished
 * run: {@code trials} times, each trial loading the data anew and running every phase of every
 * variant in order — the variants one after another (in reverse order every other trial), each load
 * once per engine, each run phase {@code repetitions} times, every repetition going through all
 * engines (in reverse order every other time), so that drift of the machine hits all alike. An
 * engine that fails a phase skips its later phases of that variant in that trial; the others go on.
 * After every phase the run so far goes to the {@link Listener} (the caller writes it), and between
 * two phases a stop asked for ({@link #stop}) ends the campaign with what it measured. Each phase
 * runs through the {@link PhaseExecutor} the caller gives (a test's measures nothing).
 */
public final class Campaign {
  /** Measures the data device before a trial: its speed, or null where it cannot. */
  @FunctionalInterface
  public interface TrialProbe {
    Results.DeviceSpeed before(int trial);
  }

  /** Told of the run after every phase: a valid, partial result. */
  @FunctionalInterface
  public interface Listener {
    void measured(Results.Run soFar) throws IOException;
  }

  private final List<RunPlan> plans;
  private final PrintStream log;
  private final PhaseExecutor.Factory executors;
  private final Listener listener;
  private final PhaseStop stop = new PhaseStop();
  private TrialProbe probe = trial -> null;

  /** The device's speed before each trial, by trial. */
  private final Map<Integer, Results.DeviceSpeed> probes = new java.util.TreeMap<>();

  /** Per variant, engine and phase: its repetitions so far. */
  private final Map<String, Map<String, Map<String, List<Results.Repetition>>>> runs =
      new LinkedHashMap<>();

  private final Map<String, Map<String, String>> errors = new LinkedHashMap<>();

  /**
   * Per variant, the engine versions each engine's phases named in their startup lines, first seen
   * first: a variant may run another version than the base (rocksdb.library).
   */
  private final Map<String, Map<String, Set<String>>> versions = new LinkedHashMap<>();

  private int step;
  private int steps;
  private String host;
  private Results.Run skeleton;

  /**
   * A campaign of {@code plans} that logs to {@code log}, runs each phase with an executor of
   * {@code executors} ({@link PhaseExecutor#inProcesses}, or a test's) and tells {@code listener}
   * of the run after every phase.
   */
  public Campaign(
      List<RunPlan> plans, PrintStream log, PhaseExecutor.Factory executors, Listener listener) {
    this.plans = List.copyOf(plans);
    this.log = log;
    this.executors = executors;
    this.listener = listener;
    for (RunPlan plan : plans) {
      Map<String, Map<String, List<Results.Repetition>>> byEngine = new LinkedHashMap<>();
      plan.engines().forEach(e -> byEngine.put(e, new LinkedHashMap<>()));
      runs.put(plan.variant().name(), byEngine);
      errors.put(plan.variant().name(), new LinkedHashMap<>());
    }
  }

  /**
   * Has {@code value} measure the data device before every trial, so that a ratio's movement
   * between trials can be read against the device's (kept as the machine's {@code
   * trialDeviceSpeeds}).
   */
  public Campaign probingEachTrial(TrialProbe value) {
    probe = value;
    return this;
  }

  /** What stops the running phase and the campaign: ask it from a signal handler. */
  public PhaseStop stop() {
    return stop;
  }

  /**
   * Runs every trial from {@code fromTrial} on; the repetitions {@code start} holds of earlier
   * trials are kept (a resumed run), any of later ones dropped. Returns the run, complete or, when
   * stopped, partial.
   *
   * @param start the run's description with the variants measured so far (none for a new run)
   */
  public Results.Run run(Results.Run start, int fromTrial)
      throws IOException, InterruptedException {
    skeleton = start;
    host = start.machines().isEmpty() ? null : start.machines().get(0).host();
    keep(start, fromTrial);
    int trials = plans.get(0).trials();
    for (RunPlan plan : plans) {
      for (Phase phase : plan.experiment().phases()) {
        steps += plan.engines().size() * plan.repetitions(phase) * trials;
      }
    }
    step = steps / trials * (fromTrial - 1);
    int turn = 0;
    for (int trial = fromTrial; trial <= trials && !stop.requested(); trial++) {
      Results.DeviceSpeed speed = probe.before(trial);
      if (speed != null) {
        probes.put(trial, speed);
      }
      List<RunPlan> order = new ArrayList<>(plans);
      if (trial % 2 == 0) {
        Collections.reverse(order);
      }
      for (RunPlan plan : order) {
        if (stop.requested()) {
          break;
        }
        turn = trial(plan, trial, turn);
      }
    }
    return current(!stop.requested());
  }

  /**
   * Keeps {@code start}'s repetitions (and device probes) of the trials before {@code fromTrial}.
   */
  private void keep(Results.Run start, int fromTrial) {
    List<Results.DeviceSpeed> probed =
        start.machines().isEmpty() ? List.of() : start.machines().get(0).trialDeviceSpeeds();
    for (int t = 1; t < fromTrial && t <= probed.size(); t++) {
      probes.put(t, probed.get(t - 1));
    }
    for (Results.VariantRun variant : start.variants()) {
      Map<String, Map<String, List<Results.Repetition>>> byEngine = runs.get(variant.name());
      if (byEngine == null) {
        continue;
      }
      for (Results.EngineRun engine : variant.engines()) {
        Map<String, List<Results.Repetition>> phases = byEngine.get(engine.engine());
        if (phases == null) {
          continue;
        }
        if (engine.version() != null) {
          versions
              .computeIfAbsent(variant.name(), v -> new LinkedHashMap<>())
              .computeIfAbsent(engine.engine(), e -> new LinkedHashSet<>())
              .add(engine.version());
        }
        for (Results.PhaseRun phase : engine.phases()) {
          for (Results.Repetition r : phase.repetitions()) {
            if (r.trial() < fromTrial) {
              phases.computeIfAbsent(phase.phase(), k -> new ArrayList<>()).add(r);
              if (r.error() != null) {
                errors
                    .get(variant.name())
                    .putIfAbsent(engine.engine(), phase.label() + ": " + r.error());
              }
            }
          }
        }
      }
    }
  }

  /** One trial of one variant; returns the turn count (which engine order comes next). */
  private int trial(RunPlan plan, int trial, int turn) throws IOException, InterruptedException {
    PhaseExecutor runner = executors.of(plan, stop);
    // a trial loads the data anew: every data set of every engine (the bulk load's subfolder too)
    // goes before it, so that the first load of each starts from an empty folder
    for (String engine : plan.engines()) {
      DiskUsage.delete(plan.data().resolve(engine));
    }
    Set<String> started = new HashSet<>();
    Set<String> failed = new HashSet<>();
    for (Phase phase : plan.experiment().phases()) {
      for (int rep = 1; rep <= plan.repetitions(phase); rep++) {
        // run phases take turns within a trial; loads, once a trial each, take them across trials
        List<String> order = new ArrayList<>(plan.engines());
        if (phase.isLoad() ? trial % 2 == 0 : turn++ % 2 == 1) {
          Collections.reverse(order);
        }
        for (String engine : order) {
          if (stop.requested()) {
            return turn;
          }
          step++;
          if (failed.contains(engine)) {
            continue;
          }
          boolean first = started.add(engine + "/" + phase.dataset());
          if (!runOnce(runner, plan, phase, engine, trial, rep, first)) {
            failed.add(engine);
          }
          if (!stop.requested()) {
            listener.measured(current(false));
          }
        }
      }
    }
    return turn;
  }

  /** A run's figures in one line, after a line when it is no sample. */
  private void logOutcome(Phase phase, Results.Repetition r) {
    if (r.outcome().excluded() != null) {
      log.println("    not a sample: " + r.outcome().excluded());
    }
    Results.Figures f = r.figures();
    log.printf(
        Locale.ROOT,
        "    %,.0f %s over %.1f s, CPU %.1f s, peak memory %s, read %s, written %s, disk %s%n",
        f.speed().speed(),
        phase.counting().speed().unit(),
        f.window().seconds(),
        f.cpu().total(),
        Units.bytes(f.memory().peak()),
        Units.bytes(Math.max(0, f.io().read())),
        Units.bytes(Math.max(0, f.io().written())),
        Units.bytes(f.disk().allocated()));
  }

  /** One run; returns whether it worked (a run the stop cut short is not kept). */
  private boolean runOnce(
      PhaseExecutor runner,
      RunPlan plan,
      Phase phase,
      String engine,
      int trial,
      int rep,
      boolean first)
      throws IOException, InterruptedException {
    String variant = plan.variant().name();
    log.printf(
        "%n[%d/%d] %s · %s%s%s%s%n",
        step,
        steps,
        engine,
        phase.label(),
        plans.size() > 1 ? " · variant " + variant : "",
        plan.trials() > 1 ? " · trial " + trial + " of " + plan.trials() : "",
        plan.repetitions(phase) > 1 ? " · run " + rep + " of " + plan.repetitions(phase) : "");
    Double target = null;
    if (phase.fixedRate()) {
      target = target(variant, engine, phase, trial);
      if (target == null) {
        Results.Repetition missing =
            Results.Repetition.failed(
                trial,
                rep,
                "",
                "its rate is a share of "
                    + phase.rate().of()
                    + "'s speed, which did not run in this trial");
        runs.get(variant)
            .get(engine)
            .computeIfAbsent(phase.id(), k -> new ArrayList<>())
            .add(missing);
        errors.get(variant).putIfAbsent(engine, phase.label() + ": " + missing.error());
        log.println("    FAILED: " + missing.error());
        return false;
      }
      log.printf(Locale.ROOT, "    at a fixed rate of %,.0f operations per second%n", target);
    }
    PhaseExecutor.Outcome outcome = runner.run(phase, engine, trial, rep, first, target);
    if (stop.requested()) {
      log.println("    stopped: this run is not kept");
      return false;
    }
    Results.Repetition r = outcome.repetition();
    if (outcome.version() != null) {
      versions
          .computeIfAbsent(variant, v -> new LinkedHashMap<>())
          .computeIfAbsent(engine, e -> new LinkedHashSet<>())
          .add(outcome.version());
    }
    runs.get(variant).get(engine).computeIfAbsent(phase.id(), k -> new ArrayList<>()).add(r);
    if (r.error() != null) {
      errors.get(variant).putIfAbsent(engine, phase.label() + ": " + r.error());
      log.println(
          "    FAILED: "
              + r.error()
              + " (its later phases in this trial are skipped; the other engines go on)");
      return false;
    }
    logOutcome(phase, r);
    return true;
  }

  /**
   * The operations per second a fixed-rate phase is to hold: its own rate, or its share of the
   * median speed (YCSB operations) the same engine reached on the phase it names in this trial;
   * null when that phase has no run in this trial.
   */
  private Double target(String variant, String engine, Phase phase, int trial) {
    Description.Rate rate = phase.rate();
    if (!rate.relative()) {
      return rate.target(0);
    }
    List<Results.Repetition> of = runs.get(variant).get(engine).get(rate.of());
    List<Double> speeds =
        of == null
            ? List.of()
            : of.stream()
                .filter(r -> r.trial() == trial && r.error() == null)
                .map(r -> r.figures().speed().throughput())
                .filter(v -> v > 0)
                .toList();
    return speeds.isEmpty() ? null : rate.target(Spread.of(speeds).median());
  }

  /** The run as measured so far. */
  private Results.Run current(boolean complete) {
    List<Results.VariantRun> variants = new ArrayList<>();
    int done = 0;
    for (RunPlan plan : plans) {
      String name = plan.variant().name();
      List<Results.EngineRun> engines = new ArrayList<>();
      for (String engine : plan.engines()) {
        List<Results.PhaseRun> phases = new ArrayList<>();
        for (Phase phase : plan.experiment().phases()) {
          List<Results.Repetition> reps = runs.get(name).get(engine).get(phase.id());
          if (reps != null) {
            phases.add(
                new Results.PhaseRun(
                    phase.id(), phase.label(), phase.counting().speed().unit(), List.copyOf(reps)));
            done += reps.size();
          }
        }
        Set<String> named = versions.getOrDefault(name, Map.of()).get(engine);
        engines.add(
            new Results.EngineRun(
                engine,
                host,
                named == null ? null : String.join(" and ", named),
                plan.settings(engine),
                errors.get(name).get(engine),
                phases));
      }
      Variants.PlannedVariant v = plan.variant();
      variants.add(
          new Results.VariantRun(
              name,
              v.changes(),
              v.note(),
              v.ablation() ? new Results.Ablation(v.tests(), v.concerns(), v.on()) : null,
              v.overall(),
              engines));
    }
    Results.Completion completion =
        complete
            ? Results.Completion.COMPLETE
            : new Results.Completion(false, steps, done, stop.signal(), List.of());
    List<Results.Machine> machines = new ArrayList<>(skeleton.machines());
    if (!probes.isEmpty() && !machines.isEmpty()) {
      machines.set(0, machines.get(0).withTrialDeviceSpeeds(List.copyOf(probes.values())));
    }
    return skeleton.toBuilder()
        .finishedAt(
            LocalDateTime.now(ZoneId.systemDefault()).truncatedTo(ChronoUnit.SECONDS).toString())
        .completion(completion)
        .machines(machines)
        .variants(variants)
        .build();
  }

  /** Deletes every engine's data of every variant. */
  public void deleteData() throws IOException {
    for (RunPlan plan : plans) {
      DiskUsage.delete(plan.data());
    }
  }
}
