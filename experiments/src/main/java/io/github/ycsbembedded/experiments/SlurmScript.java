package io.github.ycsbembedded.experiments;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The text of the script {@code bin/experiment slurm} writes: it makes the run's folder, submits a
 * job array of one exclusive task per node (each runs its shard of the trials, taking its index
 * from Slurm's {@code SLURM_ARRAY_TASK_ID}), then the merge job, which runs once every task has
 * succeeded ({@code --dependency=afterok}) and writes one report from every shard's folder.
 */
final class SlurmScript {
  private SlurmScript() {}

  /**
   * The script.
   *
   * @param home the checkout (or distribution) every node runs, at the same path
   * @param run the folder the shards' results and the merged report go into
   * @param job the jobs' name
   * @param nodes the array's tasks, one shard each
   * @param arguments the experiment and its run options, for {@code bin/experiment}
   * @param sbatch further sbatch options for both jobs
   */
  static String of(
      Path home, Path run, String job, int nodes, List<String> arguments, List<String> sbatch) {
    String experiment = quote(home.resolve("bin/experiment").toString());
    List<String> task = new ArrayList<>(List.of(experiment));
    arguments.forEach(a -> task.add(quote(a)));
    task.add("--out");
    task.add("\"$RUN\"");
    StringBuilder s = new StringBuilder();
    s.append("#!/bin/bash\n")
        .append("# Submits ")
        .append(job)
        .append(" to Slurm: ")
        .append(nodes)
        .append(" exclusive array tasks, each running its shard of the trials")
        .append(" (bin/experiment reads\n")
        .append("# SLURM_ARRAY_TASK_ID), then the merge of their results into one report once")
        .append(" all have succeeded.\n")
        .append("# Written by bin/experiment slurm; every node must see ")
        .append(home)
        .append(" and the results folder\n")
        .append("# at the same paths. An interrupted shard: bin/experiment resume <its folder>,")
        .append(" then the merge line below.\n")
        .append("set -euo pipefail\n")
        .append("RUN=")
        .append(quote(run.toString()))
        .append("\nmkdir -p \"$RUN\"\n")
        .append("array=$(sbatch --parsable")
        .append(options(sbatch))
        .append(" <<SHARDS\n")
        .append("#!/bin/bash\n")
        .append("#SBATCH --job-name=")
        .append(job)
        .append("\n#SBATCH --array=1-")
        .append(nodes)
        .append("\n#SBATCH --nodes=1\n#SBATCH --exclusive\n")
        .append("#SBATCH --output=$RUN/slurm-%A_%a.out\n")
        .append("exec ")
        .append(escaped(String.join(" ", task)))
        .append("\nSHARDS\n)\n")
        .append("array=${array%%;*}\n")
        .append("merge=$(sbatch --parsable --dependency=afterok:$array")
        .append(options(sbatch))
        .append(" <<MERGE\n")
        .append("#!/bin/bash\n")
        .append("#SBATCH --job-name=")
        .append(job)
        .append("-merge\n#SBATCH --nodes=1\n")
        .append("#SBATCH --output=$RUN/slurm-merge-%j.out\n")
        .append("exec ")
        .append(escaped(experiment))
        .append(" report --out \"$RUN\" \"$RUN\"/*-shard-*-of-")
        .append(nodes)
        .append("\nMERGE\n)\n")
        .append("echo \"shards: job $array (")
        .append(nodes)
        .append(" tasks); merge: job ${merge%%;*}; results: $RUN\"\n");
    return s.toString();
  }

  private static String options(List<String> sbatch) {
    StringBuilder s = new StringBuilder();
    sbatch.forEach(o -> s.append(' ').append(quote(o)));
    return s.toString();
  }

  /** {@code value} in single quotes, as the shell reads it back whole. */
  static String quote(String value) {
    return value.matches("[A-Za-z0-9_./=:,@%+-]+")
        ? value
        : "'" + value.replace("'", "'\\''") + "'";
  }

  /**
   * {@code line} for an unquoted here-document, which expands {@code $RUN} as the script sets it:
   * the only {@code $} left unescaped is the script's own.
   */
  private static String escaped(String line) {
    return line.replace("\\", "\\\\")
        .replace("$", "\\$")
        .replace("`", "\\`")
        .replace("\\$RUN", "$RUN");
  }
}
