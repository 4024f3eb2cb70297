package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.measure.Machines;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.Description.Scale;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.model.Variants;
import io.github.ycsbembedded.experiments.model.Variation;
import io.github.ycsbembedded.experiments.plan.MemoryPlan;
import io.github.ycsbembedded.experiments.plan.RunPlan;
import io.github.ycsbembedded.experiments.plan.SettingsHash;
import io.github.ycsbembedded.experiments.plan.Shard;
import io.github.ycsbembedded.experiments.results.Results;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run will do, decided before anything starts: the variants the options ask for, each
 * scale's plans (engines, trials, runs, memory, folders), the results as they stand before the
 * first phase, and where an interrupted run resumes. It reads no file and starts no process: what
 * it needs of the machine it asks its {@link Host}, which a test can fake.
 */
final class RunPlanner {
  /** What planning needs of the machine. */
  interface Host {
    /** Why the memory cgroup cannot be used here (the regime then runs in RAM), or null. */
    String cgroupUnavailable();

    /** The machine whose disk holds {@code data}, as the results describe it. */
    Results.Machine machine(Path data);

    /** Whether {@code dir} is a folder ({@code --history}'s check). */
    boolean isFolder(Path dir);

    /** An environment variable's value, or null (a scheduler's shard index). */
    String environment(String name);
  }

  private final Host host;

  RunPlanner(Host host) {
    this.host = host;
  }

  /** A planner that asks this machine. */
  static RunPlanner local() {
    return new RunPlanner(
        new Host() {
          @Override
          public String cgroupUnavailable() {
            return MemoryPlan.unavailable();
          }

          @Override
          public Results.Machine machine(Path data) {
            return Machines.describe(data);
          }

          @Override
          public boolean isFolder(Path dir) {
            return Files.isDirectory(dir);
          }

          @Override
          public String environment(String name) {
            return System.getenv(name);
          }
        });
  }

  /**
   * One scale's run: its plans (a variant each), the results folder, the run's description, the
   * data folder every variant's engines go under (the one the run locks), and the folder whose like
   * runs its verdicts pool with (null: none).
   */
  record PlannedRun(List<RunPlan> plans, Path out, Results.Run skeleton, Path data, Path history) {}

  /**
   * The variants of {@code experiment} that {@code options} ask for: {@code --variants}, else the
   * scale's {@code variants} (one scale run), else the file's that are no ablation.
   */
  static List<Variants.PlannedVariant> variants(Experiment experiment, RunOptions options)
      throws ExperimentException {
    List<String> names = options.variants;
    if (names == null && options.scales == null && options.scale != null) {
      List<String> scales = experiment.scale(options.scale.trim()).variants();
      if (scales != null) {
        names = new ArrayList<>(scales);
        names.add(0, Variants.BASE);
      }
    }
    return Variants.of(
        withThreads(experiment, options.threads), options.ablations, names, sweeps(options.vary));
  }

  private static List<Variation.Sweep> sweeps(List<String> vary) throws ExperimentException {
    List<Variation.Sweep> sweeps = new ArrayList<>();
    for (String text : vary) {
      Variation.Sweep sweep = Variation.Sweep.parse(text);
      if (sweep == null) {
        throw new ExperimentException(
            "--vary: '" + text + "' is not NAME=V1,V2 (e.g. --vary leveldb.max_file_size=1m,64m)");
      }
      sweeps.add(sweep);
    }
    return sweeps;
  }

  /** The experiment with every phase's default thread count as {@code --threads} gives it. */
  private static Experiment withThreads(Experiment experiment, Integer threads)
      throws ExperimentException {
    if (threads == null) {
      return experiment;
    }
    if (threads < 1) {
      throw new ExperimentException(
          "--threads: '" + threads + "' is not a thread count; use 1 or more");
    }
    return experiment.with(
        Variation.VariantSpec.changing(Variants.BASE, null, null, threads, null));
  }

  /**
   * One scale's run as {@code options} ask for it: its engines, trials and runs checked, its
   * results and data folders, a plan per variant, and the results as they stand before the first
   * phase.
   */
  PlannedRun plan(
      Experiment experiment,
      List<Variants.PlannedVariant> variants,
      Scale scale,
      RunOptions options,
      Path home,
      LocalDateTime started,
      List<String> arguments)
      throws ExperimentException {
    List<String> engines = engines(options, scale, experiment);
    RunPlan.check(
        experiment, engines, options.threads == null ? experiment.threads() : options.threads);
    int repetitions = options.repeat == null ? scale.repeat() : options.repeat;
    int all = options.trials == null ? scale.trials() : options.trials;
    Shard shard = Shard.of(options.shard, options.shards, host::environment);
    Results.Shard share = shard == null ? null : shard.of(all);
    int trials = share == null ? all : share.trials().size();
    String folder =
        experiment.name()
            + "-"
            + scale.name()
            + "-"
            + started.format(ExperimentRunner.STAMP)
            + (shard == null ? "" : "-shard-" + shard.index() + "-of-" + shard.count());
    Path out = options.out.base(home).resolve(folder);
    Path data =
        (options.dataDir == null
                ? home.resolve("data").resolve("experiments")
                : options.dataDir.toAbsolutePath())
            .resolve(experiment.name() + "-" + scale.name());
    List<RunPlan> plans =
        variantPlans(variants, engines, scale, options, trials, repetitions, home, data, out);
    Map<String, String> shown = new LinkedHashMap<>();
    shown.put("scale", scale.name());
    shown.put("engines", String.join(",", engines));
    shown.put(
        "trials",
        share == null
            ? Integer.toString(trials)
            : trials + " of " + all + " (shard " + shard + ": trials " + share.trials() + ")");
    shown.put("runs of each run phase per trial", Integer.toString(repetitions));
    shown.put(
        "memory-limit", options.memoryLimit == null ? "the file's regime" : options.memoryLimit);
    shown.put(
        "variants", String.join(", ", plans.stream().map(plan -> plan.variant().name()).toList()));
    shown.put("data directory", data.toString());
    Results.Run skeleton =
        skeleton(
            experiment,
            plans,
            started,
            data,
            new Results.Invocation(recorded(arguments, shard, options), shown));
    skeleton = skeleton.toBuilder().protocol(skeleton.protocol().withShard(share)).build();
    // a shard judges its own trials unless told otherwise: its siblings' folders are the merge's
    Path history = shard != null && options.history == null ? null : history(options, out);
    return new PlannedRun(plans, out, skeleton, data, history);
  }

  /**
   * The command line as the results keep it (and resume reads it): a scheduler's shard index
   * becomes {@code --shard K/N}, so that the same share runs again wherever it is resumed.
   */
  private static List<String> recorded(List<String> arguments, Shard shard, RunOptions options) {
    if (shard == null || options.shard != null) {
      return arguments;
    }
    List<String> recorded = new ArrayList<>();
    for (int i = 0; i < arguments.size(); i++) {
      String a = arguments.get(i);
      if (a.equals("--shards")) {
        i++;
      } else if (!a.startsWith("--shards=")) {
        recorded.add(a);
      }
    }
    recorded.add("--shard");
    recorded.add(shard.toString());
    return recorded;
  }

  /** The engines a run measures: {@code --engines}, else the scale's, else the file's. */
  static List<String> engines(RunOptions options, Scale scale, Experiment experiment) {
    if (options.engines != null) {
      return options.engines;
    }
    return scale.engines() != null ? scale.engines() : experiment.engines();
  }

  /**
   * One plan per variant that runs one of the engines, each on its own data and with its own form
   * of {@code scale} (a variant's YCSB properties take the place of the scale's).
   */
  List<RunPlan> variantPlans(
      List<Variants.PlannedVariant> variants,
      List<String> engines,
      Scale scale,
      RunOptions options,
      int trials,
      int repetitions,
      Path home,
      Path data,
      Path out)
      throws ExperimentException {
    String unavailable = host.cgroupUnavailable();
    List<RunPlan> plans = new ArrayList<>();
    for (Variants.PlannedVariant variant : variants) {
      Experiment e = variant.experiment();
      List<String> runs =
          variant.concerns().isEmpty()
              ? engines
              : engines.stream().filter(variant.concerns()::contains).toList();
      if (runs.isEmpty()) {
        continue; // an ablation of engines this run leaves out
      }
      Scale own = e.scale(scale.name());
      MemoryPlan memory =
          MemoryPlan.of(
              e, own, options.memoryLimit == null ? null : options.memoryLimit.trim(), unavailable);
      RunPlan plan =
          new RunPlan(
              variant,
              e,
              own,
              runs,
              e.threads(),
              trials,
              repetitions,
              memory,
              home,
              variants.size() == 1 ? data : data.resolve(variant.name()),
              out);
      plan.checkOwnMemory();
      plan.checkHeap();
      plans.add(plan);
    }
    return plans;
  }

  /** The results of a run before its first phase: what it is, where, and how it will run. */
  private Results.Run skeleton(
      Experiment experiment,
      List<RunPlan> plans,
      LocalDateTime started,
      Path data,
      Results.Invocation invocation) {
    RunPlan base = plans.get(0);
    Scale scale = base.scale();
    return Results.Run.builder()
        .experiment(
            new Results.ExperimentRef(
                experiment.name(),
                experiment.title(),
                experiment.source(),
                Runner.COPY + "/" + experiment.fileName(),
                SettingsHash.of(plans)))
        .scale(new Results.ScaleRef(scale.name(), scale.records(), experiment.dataSize(scale)))
        .startedAt(started.toString())
        .finishedAt(started.toString())
        .completion(new Results.Completion(false, 0, 0, null, List.of()))
        .machines(List.of(host.machine(data)))
        .invocation(invocation)
        .protocol(
            new Results.Protocol(
                base.trials(),
                base.repetitions(),
                scale.warmup(),
                scale.duration(),
                base.threads()))
        .memory(
            new Results.MemorySetup(
                base.memory().limitBytes(),
                experiment.heapBytes(),
                base.memory().reproduced(),
                base.memory().describe(experiment, base.pageCacheShares())))
        .build();
  }

  /**
   * The folder whose like runs a run's verdicts pool with: {@code --history}'s, none for {@code
   * none}, else the folder the run's results go in.
   */
  private Path history(RunOptions options, Path out) throws ExperimentException {
    if (options.history == null) {
      return out.getParent();
    }
    String given = options.history.trim();
    if (given.equals("none")) {
      return null;
    }
    Path dir = Path.of(given).toAbsolutePath();
    if (given.isEmpty() || !host.isFolder(dir)) {
      throw new ExperimentException(
          "--history: '"
              + options.history
              + "' is not a folder; give the folder of earlier results folders, or none");
    }
    return dir;
  }

  /**
   * {@code p} planned again from a run's command line, continuing in its {@code folder} from what
   * it measured ({@code previous}), its history where the run's own folder is unless it gave one.
   */
  static PlannedRun resumed(PlannedRun p, Path folder, Results.Run previous, RunOptions options) {
    Path out = folder.toAbsolutePath();
    return new PlannedRun(
        p.plans(),
        out,
        previous,
        p.data(),
        options.history == null ? out.getParent() : p.history());
  }

  /**
   * The first trial some variant, engine or phase of {@code run} did not finish: a trial is
   * finished when every run of it was recorded (a failure counts: it is a result).
   */
  static int firstUnfinishedTrial(List<RunPlan> plans, Results.Run run) {
    int trials = plans.get(0).trials();
    for (int trial = 1; trial <= trials; trial++) {
      for (RunPlan plan : plans) {
        Results.VariantRun variant = run.variant(plan.variant().name());
        for (String engine : plan.engines()) {
          Results.EngineRun e = variant == null ? null : variant.engine(engine);
          boolean failedBefore = false;
          for (Phase phase : plan.experiment().phases()) {
            Results.PhaseRun r = e == null ? null : e.phase(phase.id());
            final int t = trial;
            long here =
                r == null ? 0 : r.repetitions().stream().filter(x -> x.trial() == t).count();
            boolean failedHere =
                r != null
                    && r.repetitions().stream().anyMatch(x -> x.trial() == t && x.error() != null);
            if (here < plan.repetitions(phase) && !failedBefore) {
              return trial;
            }
            failedBefore |= failedHere;
          }
        }
      }
    }
    return trials + 1;
  }

  /** The trials every variant, engine and phase has finished in {@code run}. */
  static int completedTrials(List<RunPlan> plans, Results.Run run) {
    return firstUnfinishedTrial(plans, run) - 1;
  }
}
