package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/experiment slurm}: the script it writes, and its refusals in one line. */
class SlurmCommandTest {
  @RegisterExtension final Console console = new Console();
  @TempDir Path tmp;

  /** {@code bin/experiment slurm unum --scale tiny --nodes N --results R} and {@code more}. */
  private int slurm(String nodes, String results, String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of("slurm", "unum", "--scale", "tiny", "--nodes", nodes, "--results", results));
    args.addAll(List.of(more));
    return console.run(args.toArray(String[]::new));
  }

  private static Path home() {
    return Path.of(System.getProperty("ycsbembedded.root")).toAbsolutePath().normalize();
  }

  @Test
  void theScriptSubmitsAnExclusiveArrayOfShardsAndAMergeAfterThemAll() {
    String results = tmp.resolve("shared").toString();
    int status =
        slurm(
            "2",
            results,
            "--trials",
            "4",
            "--engines",
            "lmdb,leveldb",
            "--sbatch=--partition=bench");

    assertThat(status).as(console.stderr()).isZero();
    List<String> lines = console.stdout().lines().toList();
    String run = lines.stream().filter(l -> l.startsWith("RUN=")).findFirst().orElseThrow();
    assertThat(run).matches("RUN=" + results + "/unum-tiny-\\d{8}-\\d{6}");
    String experiment = home().resolve("bin/experiment").toString();
    assertThat(lines)
        .containsSubsequence(
            "array=$(sbatch --parsable --partition=bench <<SHARDS",
            "#SBATCH --job-name=unum-tiny",
            "#SBATCH --array=1-2",
            "#SBATCH --nodes=1",
            "#SBATCH --exclusive",
            "#SBATCH --output=$RUN/slurm-%A_%a.out",
            "exec "
                + experiment
                + " unum --scale tiny --trials 4 --engines lmdb,leveldb --out \"$RUN\"",
            "SHARDS",
            "merge=$(sbatch --parsable --dependency=afterok:$array --partition=bench <<MERGE",
            "exec " + experiment + " report --out \"$RUN\" \"$RUN\"/*-shard-*-of-2",
            "MERGE");
  }

  @Test
  void badChoicesAreOneLineBeforeAnythingIsWritten() {
    String results = tmp.resolve("shared").toString();
    String[][] cases = {
      {"--nodes", "3", "--trials", "2"},
      {"--nodes", "0"},
      {"--nodes", "2", "--trials", "2", "--out", "x"},
      {"--nodes", "2", "--trials", "2", "--shard", "1/2"},
      {"--nodes", "2", "--trials", "2", "--engines", "nosuch"},
    };
    String[] lines = {
      "experiment slurm: --nodes 3: a run of 2 trials leaves a node without one; give --trials 3"
          + " or more (a shard is whole trials, each on one node)",
      "experiment slurm: --nodes: '0' nodes; give 1 or more",
      "experiment slurm: --out: the shards' results and the merged report go into a new folder of"
          + " --results",
      "experiment slurm: --shard and --shards are the array's to set: each task runs its own"
          + " share",
      "experiment slurm: --engines: 'nosuch' is not an engine of unum; use some of"
          + " lmdb,rocksdb,leveldb,wiredtiger",
    };
    for (int i = 0; i < cases.length; i++) {
      console.reset();
      String[] args = new String[5 + cases[i].length];
      System.arraycopy(
          new String[] {"slurm", "unum", "--scale", "tiny", "--results=" + results}, 0, args, 0, 5);
      System.arraycopy(cases[i], 0, args, 5, cases[i].length);
      assertThat(console.run(args)).as(String.join(" ", cases[i])).isEqualTo(2);
      assertThat(console.stderr()).isEqualTo(lines[i]);
    }
    assertThat(tmp.resolve("shared")).doesNotExist();
  }

  @Test
  @Tag("process")
  void submittingRunsSbatchForTheArrayThenForTheMergeAfterIt() throws Exception {
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Path calls = tmp.resolve("calls");
    // an sbatch that records its options and script, and answers with a job id as Slurm does
    Path sbatch = bin.resolve("sbatch");
    Files.writeString(
        sbatch,
        "#!/bin/bash\nn=$(( $(ls "
            + calls
            + "/*.args 2>/dev/null | wc -l) + 1 ))\nmkdir -p "
            + calls
            + "\necho \"$*\" > "
            + calls
            + "/$n.args\ncat > "
            + calls
            + "/$n.script\necho \"$((41 + n));cluster\"\n");
    Files.setPosixFilePermissions(sbatch, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path script = tmp.resolve("submit.sh");
    String results = tmp.resolve("it's shared").toString();
    assertThat(slurm("1", results, "--script", script.toString())).as(console.stderr()).isZero();

    ProcessBuilder withPath =
        new ProcessBuilder("bash", script.toString()).redirectErrorStream(true);
    withPath.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    Process submitted = withPath.start();
    String said = new String(submitted.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(submitted.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(submitted.exitValue()).as(said).isZero();

    assertThat(Files.readString(calls.resolve("1.args")).strip()).isEqualTo("--parsable");
    assertThat(Files.readString(calls.resolve("2.args")).strip())
        .isEqualTo("--parsable --dependency=afterok:42");
    String shards = Files.readString(calls.resolve("1.script"));
    String run = said.replaceAll("(?s).*results: (.*?)\\s*$", "$1");
    assertThat(run).startsWith(results + "/unum-tiny-");
    assertThat(Path.of(run)).isDirectory();
    assertThat(shards)
        .contains("#SBATCH --output=" + run + "/slurm-%A_%a.out\n")
        .contains(
            "exec "
                + home().resolve("bin/experiment")
                + " unum --scale tiny --out \""
                + run
                + "\"\n");
    assertThat(said.strip()).isEqualTo("shards: job 42 (1 tasks); merge: job 43; results: " + run);
  }
}
