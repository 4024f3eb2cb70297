package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.model.Description.Scale;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.plan.Shard;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code bin/experiment slurm NAME|FILE --nodes N [run options]}: a script that submits the
 * experiment to Slurm as a job array of N exclusive tasks (a shard of the trials each, {@link
 * Shard}) and a merge job that waits for them all ({@code afterok}) and writes one report.
 */
@Command(
    name = "slurm",
    mixinStandardHelpOptions = true,
    description =
        "Writes (or submits) a Slurm job array running an experiment's trials in N shards, one"
            + " node each, and the job that merges them into one report.")
final class SlurmCommand implements Callable<Integer> {
  /** How long {@code --submit} waits for sbatch. */
  private static final long SUBMIT_SECONDS = 60;

  @Parameters(index = "0", paramLabel = "NAME|FILE", description = "the experiment")
  String name;

  @Option(
      names = "--nodes",
      required = true,
      description = "machines (array tasks) to spread the trials over, one shard each")
  int nodes;

  @Option(
      names = "--results",
      required = true,
      description =
          "a folder every node reads and writes (a shared file system): the shards' results and"
              + " the merged report go into a new folder in it")
  Path results;

  @Option(names = "--script", description = "write the script to this file (default: print it)")
  Path script;

  @Option(names = "--submit", description = "submit it now (runs the script: sbatch twice)")
  boolean submit;

  @Option(
      names = "--sbatch",
      paramLabel = "OPTION",
      description = "an sbatch option for both jobs, e.g. --sbatch=--partition=bench (repeatable)")
  List<String> sbatch = new ArrayList<>();

  @Mixin RunOptions options = new RunOptions();

  @ParentCommand ExperimentRunner parent;

  @Override
  public Integer call() throws Exception {
    Path home = ExperimentRunner.home();
    String text;
    try {
      text = script(home, LocalDateTime.now(ZoneId.systemDefault()));
    } catch (ExperimentException e) {
      System.err.println("experiment slurm: " + e.getMessage());
      return 2;
    }
    if (script == null && !submit) {
      System.out.print(text);
      return 0;
    }
    Path file =
        script != null
            ? script.toAbsolutePath()
            : results.toAbsolutePath().resolve("submit-" + name(home) + ".sh");
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text, StandardCharsets.UTF_8);
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    } catch (IOException | UnsupportedOperationException e) {
      System.err.println("experiment slurm: --script: cannot write " + file + " (" + e + ")");
      return 2;
    }
    System.out.println("script: " + file);
    return submit ? submit(file) : 0;
  }

  private String name(Path home) throws ExperimentException {
    return Runner.load(name, home).name() + "-" + options.scale;
  }

  /**
   * The script: checks the plan of a shard first, so that a bad option fails here, not on a node.
   */
  String script(Path home, LocalDateTime now) throws ExperimentException {
    if (nodes < 1) {
      throw new ExperimentException("--nodes: '" + nodes + "' nodes; give 1 or more");
    }
    if (options.shard != null || options.shards != null) {
      throw new ExperimentException(
          "--shard and --shards are the array's to set: each task runs its own share");
    }
    if (options.out.given()) {
      throw new ExperimentException(
          "--out: the shards' results and the merged report go into a new folder of --results");
    }
    if (options.scales != null) {
      throw new ExperimentException("--scales: one scale per submission; give --scale");
    }
    Experiment experiment = Runner.load(name, home);
    Scale scale = experiment.scale(options.scale);
    int trials = options.trials == null ? scale.trials() : options.trials;
    if (trials < nodes) {
      throw new ExperimentException(
          "--nodes "
              + nodes
              + ": a run of "
              + trials
              + " trial"
              + (trials == 1 ? "" : "s")
              + " leaves a node without one; give --trials "
              + nodes
              + " or more (a shard is whole trials, each on one node)");
    }
    RunOptions shard = options;
    shard.shard = "1/" + nodes;
    RunPlanner.local()
        .plan(
            experiment,
            RunPlanner.variants(experiment, shard),
            scale,
            shard,
            home,
            now,
            List.of(name));
    shard.shard = null;
    String folder =
        experiment.name() + "-" + scale.name() + "-" + now.format(ExperimentRunner.STAMP);
    return SlurmScript.of(
        home,
        results.toAbsolutePath().normalize().resolve(folder),
        experiment.name() + "-" + scale.name(),
        nodes,
        passedOn(),
        sbatch);
  }

  /** The run's own arguments as given, for each task: the experiment and its run options. */
  private List<String> passedOn() {
    List<String> given = new ArrayList<>(parent.arguments());
    List<String> kept = new ArrayList<>();
    Set<String> withValue = Set.of("--nodes", "--results", "--script", "--sbatch");
    boolean seenCommand = false;
    for (int i = 0; i < given.size(); i++) {
      String a = given.get(i);
      if (!seenCommand && a.equals("slurm")) {
        seenCommand = true;
      } else if (a.equals(name) && Runner.isFile(name)) {
        // the tasks start in another folder: a file's path must not depend on this one's
        kept.add(Path.of(name).toAbsolutePath().normalize().toString());
      } else if (withValue.contains(a)) {
        i++;
      } else if (!a.equals("--submit")
          && withValue.stream().noneMatch(o -> a.startsWith(o + "="))) {
        kept.add(a);
      }
    }
    return kept;
  }

  private int submit(Path file) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder("bash", file.toString())
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (!p.waitFor(SUBMIT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      System.err.println("experiment slurm: --submit: sbatch did not answer in 60 s");
      return 1;
    }
    if (p.exitValue() != 0) {
      System.err.println(
          "experiment slurm: --submit: "
              + file
              + " failed (exit "
              + p.exitValue()
              + "): "
              + output.lines().reduce((a, b) -> b).orElse("no output"));
      return 1;
    }
    System.out.println(output);
    return 0;
  }
}
