package io.github.ycsbembedded.experiments.plan;

import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.results.Results;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of {@code count} shares of an experiment's trials, to run on one machine of several: shard
 * {@code index} (from 1) runs trials {@code index}, {@code index + count}, {@code index + 2 ×
 * count}, … of the run's trials. Every shard runs every engine and variant of its trials, so each
 * ratio is taken on one machine; the merge ({@code bin/experiment report} over the shards' folders)
 * gives every trial its number again.
 *
 * <p>A shard is given as {@code --shard K/N}, or by the scheduler that started the process: a Slurm
 * job array's task ({@code SLURM_ARRAY_TASK_ID} counted from {@code SLURM_ARRAY_TASK_MIN}, of
 * {@code SLURM_ARRAY_TASK_COUNT}), or a Kubernetes Indexed Job's pod ({@code JOB_COMPLETION_INDEX},
 * from 0, of the {@code --shards N} given).
 */
public record Shard(int index, int count) {
  private static final Pattern FORM = Pattern.compile("\\s*(\\d{1,6})\\s*/\\s*(\\d{1,6})\\s*");

  /**
   * The shard {@code --shard} ({@code given}, may be null), {@code --shards} ({@code shards}, may
   * be null) and the scheduler's variables ({@code environment}) ask for; null for the whole run.
   */
  public static Shard of(String given, Integer shards, UnaryOperator<String> environment)
      throws ExperimentException {
    if (given != null) {
      if (shards != null) {
        throw new ExperimentException(
            "--shards: give it with a scheduler's index (JOB_COMPLETION_INDEX or a Slurm array"
                + " task), not with --shard '"
                + given
                + "'");
      }
      return parse(given);
    }
    String task = environment.apply("SLURM_ARRAY_TASK_ID");
    if (task != null) {
      return fromSlurm(task, environment, shards);
    }
    String index = environment.apply("JOB_COMPLETION_INDEX");
    if (shards != null) {
      if (index == null) {
        throw new ExperimentException(
            "--shards "
                + shards
                + ": no shard index here (neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is"
                + " set); give --shard K/"
                + shards
                + " instead");
      }
      return checked(number("JOB_COMPLETION_INDEX", index) + 1, shards, "JOB_COMPLETION_INDEX");
    }
    return null;
  }

  /** {@code K/N}, K from 1 to N. */
  static Shard parse(String text) throws ExperimentException {
    Matcher m = FORM.matcher(text);
    if (!m.matches()) {
      throw new ExperimentException(
          "--shard: '" + text + "' is not K/N (this machine's share K of N, e.g. --shard 1/4)");
    }
    return checked(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), "--shard");
  }

  private static Shard fromSlurm(String task, UnaryOperator<String> environment, Integer shards)
      throws ExperimentException {
    String count = environment.apply("SLURM_ARRAY_TASK_COUNT");
    String min = environment.apply("SLURM_ARRAY_TASK_MIN");
    if (count == null || min == null) {
      throw new ExperimentException(
          "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT or SLURM_ARRAY_TASK_MIN is not:"
              + " give --shard K/N");
    }
    int n = number("SLURM_ARRAY_TASK_COUNT", count);
    if (shards != null && shards != n) {
      throw new ExperimentException(
          "--shards "
              + shards
              + " but the Slurm array has "
              + n
              + " tasks (SLURM_ARRAY_TASK_COUNT)");
    }
    int k = number("SLURM_ARRAY_TASK_ID", task) - number("SLURM_ARRAY_TASK_MIN", min) + 1;
    return checked(k, n, "the Slurm array task (SLURM_ARRAY_TASK_ID " + task.trim() + ")");
  }

  private static int number(String name, String value) throws ExperimentException {
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new ExperimentException(name + ": '" + value + "' is not a whole number", e);
    }
  }

  private static Shard checked(int index, int count, String what) throws ExperimentException {
    if (count < 1) {
      throw new ExperimentException(what + ": " + count + " shards; there must be 1 or more");
    }
    if (index < 1 || index > count) {
      throw new ExperimentException(
          what + ": shard " + index + " is out of range: shards go from 1 to " + count);
    }
    return new Shard(index, count);
  }

  /** This shard's trials of a run of {@code trials}: their numbers in the whole run, in order. */
  public List<Integer> trials(int trials) {
    return Results.Shard.trialsOf(index, count, trials);
  }

  /**
   * This shard of a run of {@code trials}, as the results record it; refused when it gets no trial.
   */
  public Results.Shard of(int trials) throws ExperimentException {
    List<Integer> mine = trials(trials);
    if (mine.isEmpty()) {
      throw new ExperimentException(
          "--shard "
              + this
              + ": a run of "
              + trials
              + " trial"
              + (trials == 1 ? "" : "s")
              + " has none for shard "
              + index
              + "; give --trials "
              + count
              + " or more, or fewer shards");
    }
    return new Results.Shard(index, count, trials, mine);
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
