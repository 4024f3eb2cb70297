package io.github.ycsbembedded.experiments.results;

import io.github.ycsbembedded.experiments.model.ExperimentException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The shards of one run ({@code bin/experiment --shard K/N}) as a merge takes them: all of them,
 * each once, of one run's trials and settings; their trials numbered as in the whole run.
 */
final class Shards {
  private Shards() {}

  /**
   * Refuses, in one line naming the folders, shards mixed with whole runs, shards of runs of other
   * shard counts, trials or settings, a shard given twice, or a shard missing.
   */
  static void check(List<Results.Run> runs, List<Path> folders) throws ExperimentException {
    Results.Shard first = runs.get(0).protocol().shard();
    Map<Integer, Path> seen = new TreeMap<>();
    for (int i = 0; i < runs.size(); i++) {
      Results.Run run = runs.get(i);
      Results.Shard shard = run.protocol().shard();
      if ((first == null) != (shard == null)) {
        int whole = first == null ? 0 : i;
        int part = first == null ? i : 0;
        throw new ExperimentException(
            folders.get(part)
                + " is a shard ("
                + describe(runs.get(part).protocol().shard())
                + "), "
                + folders.get(whole)
                + " a whole run; merge a run's shards together, or whole runs together");
      }
      if (shard == null) {
        continue;
      }
      alike(runs, folders, i);
      Path twice = seen.put(shard.index(), folders.get(i));
      if (twice != null) {
        throw new ExperimentException(
            "shard "
                + shard.index()
                + " of "
                + shard.count()
                + " is given twice: "
                + twice
                + " and "
                + folders.get(i));
      }
    }
    if (first != null && seen.size() < first.count()) {
      refuseMissing(first, seen);
    }
  }

  /** Refuses shard {@code i} where it is of another run than the first: count, trials, settings. */
  private static void alike(List<Results.Run> runs, List<Path> folders, int i)
      throws ExperimentException {
    Results.Shard first = runs.get(0).protocol().shard();
    Results.Run run = runs.get(i);
    Results.Shard shard = run.protocol().shard();
    if (shard.count() != first.count() || shard.ofTrials() != first.ofTrials()) {
      throw new ExperimentException(
          folders.get(i)
              + " is "
              + describe(shard)
              + ", "
              + folders.get(0)
              + " "
              + describe(first)
              + "; only the shards of one run merge");
    }
    if (!Objects.equals(run.experiment().settings(), runs.get(0).experiment().settings())) {
      throw new ExperimentException(
          folders.get(i)
              + " ran with other settings than "
              + folders.get(0)
              + " (settings hash "
              + run.experiment().settings()
              + ", not "
              + runs.get(0).experiment().settings()
              + "); shards of one run share every setting");
    }
  }

  private static void refuseMissing(Results.Shard first, Map<Integer, Path> seen)
      throws ExperimentException {
    List<String> missing = new ArrayList<>();
    for (int k = 1; k <= first.count(); k++) {
      if (!seen.containsKey(k)) {
        missing.add(Integer.toString(k));
      }
    }
    throw new ExperimentException(
        (missing.size() == 1 ? "shard " : "shards ")
            + String.join(", ", missing)
            + " of "
            + first.count()
            + (missing.size() == 1 ? " is" : " are")
            + " missing (trials "
            + missingTrials(first, missing)
            + " of "
            + first.ofTrials()
            + "); give every shard's results folder");
  }

  private static String missingTrials(Results.Shard any, List<String> missing) {
    List<Integer> trials = new ArrayList<>();
    for (String k : missing) {
      trials.addAll(Results.Shard.trialsOf(Integer.parseInt(k), any.count(), any.ofTrials()));
    }
    trials.sort(Integer::compare);
    return trials.toString().replaceAll("[\\[\\]]", "");
  }

  private static String describe(Results.Shard shard) {
    return "shard "
        + shard.index()
        + " of "
        + shard.count()
        + " of a run of "
        + shard.ofTrials()
        + " trials";
  }

  /**
   * The first run's command line and options, where {@code runs} are shards with the trials their
   * merge holds ({@code trials}) and the shards it was merged from, not the first shard's share.
   */
  static Results.Invocation invocation(List<Results.Run> runs, int trials) {
    Results.Invocation first = runs.get(0).invocation();
    if (runs.get(0).protocol().shard() == null) {
      return first;
    }
    List<String> shards = new ArrayList<>();
    for (Results.Run run : runs) {
      Results.Shard shard = run.protocol().shard();
      shards.add(shard.index() + "/" + shard.count());
    }
    shards.sort(null);
    Map<String, String> options = new java.util.LinkedHashMap<>(first.options());
    options.put("trials", trials + " (merged from shards " + String.join(", ", shards) + ")");
    return new Results.Invocation(first.arguments(), options);
  }

  /**
   * The trials of the shards among {@code runs} as the whole run numbers them, each mapped to its
   * place among them (1, 2, …): every trial of the run when every shard is there, in order.
   */
  static Map<Integer, Integer> ranks(List<Results.Run> runs) {
    TreeSet<Integer> global = new TreeSet<>();
    for (Results.Run run : runs) {
      Results.Shard shard = run.protocol().shard();
      if (shard != null) {
        global.addAll(shard.trials());
      }
    }
    Map<Integer, Integer> ranks = new TreeMap<>();
    for (int t : global) {
      ranks.put(t, ranks.size() + 1);
    }
    return ranks;
  }
}
