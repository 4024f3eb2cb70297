package io.github.ycsbembedded.experiments.results;

import io.github.ycsbembedded.experiments.model.ExperimentException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import java.util.stream.Stream;

/**
 * Joins the results of several runs of one experiment at one scale into one run to report: engines
 * run on several machines side by side, and the same engine's runs (of the same variant) as more
 * trials, renumbered after the trials it already has, so that a verdict rests on every trial of
 * every folder.
 */
public final class Merge {
  private Merge() {}

  /**
   * The runs of {@code folders} as one; refuses runs of different experiments or scales, or with
   * different warm-ups or durations (their figures are not samples of one thing).
   */
  public static Results.Run runs(List<Path> folders) throws ExperimentException {
    return read(folders).merged();
  }

  /**
   * The runs of {@code folders}, read and checked to merge: of one experiment at one scale with the
   * same warm-ups and durations, each engine that more than one of them ran with the same settings;
   * where they are shards ({@code --shard K/N}), every shard of one run once, with the same
   * settings.
   */
  public static Folders read(List<Path> folders) throws ExperimentException {
    List<Results.Run> runs = new ArrayList<>();
    for (Path folder : folders) {
      runs.add(ResultsFile.read(folder));
    }
    for (int i = 1; i < runs.size(); i++) {
      refuseMismatch(runs.get(0), runs.get(i), folders.get(0), folders.get(i));
    }
    refuseOtherSettings(runs, folders);
    Shards.check(runs, folders);
    return new Folders(folders, runs);
  }

  /** Results folders read and checked by {@link #read}: each folder's run, in order. */
  public record Folders(List<Path> folders, List<Results.Run> runs) {
    public Folders {
      folders = List.copyOf(folders);
      runs = List.copyOf(runs);
    }

    /** Every folder's run as one, its logs under {@code raw/<folder name>/}. */
    public Results.Run merged() {
      List<String> logs = new ArrayList<>();
      for (Path folder : folders) {
        logs.add("raw/" + folder.getFileName() + "/");
      }
      return of(runs, logs);
    }

    /**
     * The folders grouped by the kind of machine their runs were measured on ({@link
     * Results.Machine#kind}), in the order each kind first appears.
     */
    public List<Folders> byMachineKind() {
      Map<String, List<Integer>> kinds = new LinkedHashMap<>();
      for (int i = 0; i < runs.size(); i++) {
        Results.Run run = runs.get(i);
        String kind = run.machines().isEmpty() ? "" : run.machines().get(0).kind();
        kinds.computeIfAbsent(kind, k -> new ArrayList<>()).add(i);
      }
      List<Folders> groups = new ArrayList<>();
      for (List<Integer> members : kinds.values()) {
        groups.add(
            new Folders(
                members.stream().map(folders::get).toList(),
                members.stream().map(runs::get).toList()));
      }
      return groups;
    }
  }

  /**
   * {@code runs} as one (checked alike by the caller): each engine's runs of each variant as more
   * trials, renumbered after those before them; each run's logs ({@code raw/...}) moved under its
   * prefix in {@code logs} ({@code raw/} for none).
   */
  static Results.Run of(List<Results.Run> runs, List<String> logs) {
    Results.Run first = runs.get(0);
    Map<String, Results.Machine> machines = new LinkedHashMap<>();
    // variant → engine → its runs so far
    Map<String, Map<String, Results.EngineRun>> variants = new LinkedHashMap<>();
    Map<String, Results.VariantRun> described = new LinkedHashMap<>();
    Map<String, Integer> trials = new LinkedHashMap<>();
    Map<Integer, Integer> ranks = Shards.ranks(runs);
    boolean reproduced = true;
    boolean complete = true;
    String finished = first.finishedAt();
    for (int i = 0; i < runs.size(); i++) {
      Results.Run run = runs.get(i);
      for (Results.VariantRun variant : run.variants()) {
        described.putIfAbsent(variant.name(), variant);
        Map<String, Results.EngineRun> engines =
            variants.computeIfAbsent(variant.name(), v -> new LinkedHashMap<>());
        for (Results.EngineRun engine : variant.engines()) {
          String key = variant.name() + "/" + engine.engine();
          int offset = trials.getOrDefault(key, 0);
          Results.Shard shard = run.protocol().shard();
          IntUnaryOperator number =
              shard == null ? t -> t + offset : t -> ranks.get(shard.global(t));
          engines.merge(engine.engine(), renumber(engine, number, logs.get(i)), Merge::join);
          trials.put(key, shard == null ? offset + trialsOf(engine) : ranks.size());
        }
      }
      run.machines().forEach(m -> machines.putIfAbsent(m.host(), m));
      reproduced &= run.memory().regimeReproduced();
      complete &= run.completion().complete();
      finished = run.finishedAt().compareTo(finished) > 0 ? run.finishedAt() : finished;
    }
    int maxTrials = trials.values().stream().mapToInt(Integer::intValue).max().orElse(1);
    Results.Protocol p = first.protocol();
    List<Results.VariantRun> merged = new ArrayList<>();
    variants.forEach(
        (name, engines) ->
            merged.add(described.get(name).withEngines(List.copyOf(engines.values()))));
    return first.toBuilder()
        .invocation(Shards.invocation(runs, maxTrials))
        .finishedAt(finished)
        .completion(
            complete
                ? Results.Completion.COMPLETE
                : new Results.Completion(false, 0, 0, null, List.of()))
        .machines(List.copyOf(machines.values()))
        .protocol(
            new Results.Protocol(
                maxTrials, p.repetitions(), p.warmupSeconds(), p.durationSeconds(), p.threads()))
        .memory(
            new Results.MemorySetup(
                first.memory().limitBytes(),
                first.memory().heapMaxBytes(),
                reproduced,
                first.memory().regime()))
        .variants(merged)
        .claims(List.of())
        .build();
  }

  private static void refuseMismatch(Results.Run first, Results.Run run, Path one, Path other)
      throws ExperimentException {
    if (!run.experiment().name().equals(first.experiment().name())
        || !run.scale().name().equals(first.scale().name())) {
      throw new ExperimentException(
          other
              + " is a run of "
              + run.experiment().name()
              + " at scale "
              + run.scale().name()
              + ", "
              + one
              + " of "
              + first.experiment().name()
              + " at scale "
              + first.scale().name()
              + "; only runs of one experiment at one scale merge");
    }
    Results.Protocol a = first.protocol();
    Results.Protocol b = run.protocol();
    if (a.warmupSeconds() != b.warmupSeconds()
        || !Objects.equals(a.durationSeconds(), b.durationSeconds())) {
      throw new ExperimentException(
          other
              + " ran its phases for "
              + b.durationSeconds()
              + " s with "
              + b.warmupSeconds()
              + " s of warm-up, "
              + one
              + " for "
              + a.durationSeconds()
              + " s with "
              + a.warmupSeconds()
              + " s; their figures are not trials of one measurement");
    }
  }

  /**
   * Refuses an engine (of one variant) that two folders ran with different settings: its trials in
   * the one measured something other than in the other, and merged they would be judged as samples
   * of one thing. Names the first property that differs.
   */
  private static void refuseOtherSettings(List<Results.Run> runs, List<Path> folders)
      throws ExperimentException {
    // variant/engine → the first folder that ran it, and its settings there
    Map<String, Map.Entry<Integer, Map<String, String>>> seen = new LinkedHashMap<>();
    for (int i = 0; i < runs.size(); i++) {
      for (Results.VariantRun variant : runs.get(i).variants()) {
        for (Results.EngineRun engine : variant.engines()) {
          Map<String, String> these = settingValues(engine);
          var first = seen.putIfAbsent(variant.name() + "/" + engine.engine(), Map.entry(i, these));
          if (first == null) {
            continue;
          }
          int earlier = first.getKey();
          Map<String, String> those = first.getValue();
          Set<String> properties = new LinkedHashSet<>(those.keySet());
          properties.addAll(these.keySet());
          for (String property : properties) {
            String was = those.get(property);
            String is = these.get(property);
            if (!Objects.equals(was, is)) {
              throw new ExperimentException(
                  folders.get(i)
                      + " ran "
                      + engine.engine()
                      + ("base".equals(variant.name()) ? "" : " (variant " + variant.name() + ")")
                      + " with "
                      + setting(property, is)
                      + ", "
                      + folders.get(earlier)
                      + " with "
                      + setting(property, was)
                      + "; only runs of the same settings merge as trials (report each folder"
                      + " alone to set them side by side)");
            }
          }
        }
      }
    }
  }

  private static String setting(String property, String value) {
    return property + (value == null ? " not set" : " = " + value);
  }

  /** An engine's settings as property (and the phases it is limited to) → value. */
  private static Map<String, String> settingValues(Results.EngineRun engine) {
    Map<String, String> values = new LinkedHashMap<>();
    for (Results.Setting s : engine.settings()) {
      String where = s.phases().isEmpty() ? "" : " (in " + String.join(", ", s.phases()) + ")";
      values.put(s.property() + where, s.value());
    }
    return values;
  }

  private static int trialsOf(Results.EngineRun engine) {
    return engine.phases().stream()
        .flatMap(p -> p.repetitions().stream())
        .mapToInt(Results.Repetition::trial)
        .max()
        .orElse(0);
  }

  /**
   * The engine's runs with their trials numbered as {@code number} says (after the trials of the
   * folders before it, or a shard's as in the whole run), their logs ({@code raw/...}) under {@code
   * logs} instead of {@code raw/} (where {@link #copyRaw} puts them, or where an earlier run's
   * folder keeps them).
   */
  private static Results.EngineRun renumber(
      Results.EngineRun engine, IntUnaryOperator number, String logs) {
    List<Results.PhaseRun> phases = new ArrayList<>();
    for (Results.PhaseRun p : engine.phases()) {
      List<Results.Repetition> reps = new ArrayList<>();
      for (Results.Repetition r : p.repetitions()) {
        Results.Logs log = r.outcome().logs();
        reps.add(
            r.withTrial(number.applyAsInt(r.trial()))
                .withOutcome(
                    r.outcome()
                        .withLogs(
                            new Results.Logs(
                                moved(log.stdout(), logs), moved(log.stderr(), logs)))));
      }
      phases.add(p.withRepetitions(reps));
    }
    return engine.withPhases(phases);
  }

  /** One engine's runs from two folders: the phases' repetitions one after the other. */
  private static Results.EngineRun join(Results.EngineRun a, Results.EngineRun b) {
    Map<String, Results.PhaseRun> phases = new LinkedHashMap<>();
    for (Results.PhaseRun p : a.phases()) {
      phases.put(p.phase(), p);
    }
    for (Results.PhaseRun p : b.phases()) {
      phases.merge(
          p.phase(),
          p,
          (x, y) -> {
            List<Results.Repetition> reps = new ArrayList<>(x.repetitions());
            reps.addAll(y.repetitions());
            return x.withRepetitions(reps);
          });
    }
    String version =
        a.version() == null || a.version().equals(b.version())
            ? (a.version() == null ? b.version() : a.version())
            : a.version() + " and " + b.version();
    String host = Objects.equals(a.host(), b.host()) ? a.host() : a.host() + ", " + b.host();
    return new Results.EngineRun(
        a.engine(),
        host,
        version,
        a.settings(),
        a.error() != null ? a.error() : b.error(),
        List.copyOf(phases.values()));
  }

  private static String moved(String log, String logs) {
    return log == null || !log.startsWith("raw/") ? log : logs + log.substring(4);
  }

  /** Copies every folder's raw/ files into {@code raw/<folder name>/}. */
  public static void copyRaw(List<Path> folders, Path raw) throws IOException {
    for (Path folder : folders) {
      Path from = folder.resolve("raw");
      if (!Files.isDirectory(from)) {
        continue;
      }
      Path to = Files.createDirectories(raw.resolve(folder.getFileName().toString()));
      try (Stream<Path> files = Files.list(from)) {
        for (Path file : (Iterable<Path>) files::iterator) {
          if (Files.isRegularFile(file)) {
            Files.copy(file, to.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
    }
  }
}
