package io.github.ycsbembedded.experiments.results;

import static io.github.ycsbembedded.experiments.results.Runs.engine;
import static io.github.ycsbembedded.experiments.results.Runs.phase;
import static io.github.ycsbembedded.experiments.results.Runs.rep;
import static io.github.ycsbembedded.experiments.results.Runs.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.experiments.model.ExperimentException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Merging the shards of one run: every trial numbered as in the whole run, bad sets refused. */
class ShardsMergeTest {
  @TempDir Path tmp;

  /** Shard {@code k} of {@code n} of a run of {@code of} trials, on {@code host}, lmdb's loads. */
  private Path shard(String name, int k, int n, int of, String host, String settings)
      throws Exception {
    List<Integer> trials = new java.util.ArrayList<>();
    for (int t = k; t <= of; t += n) {
      trials.add(t);
    }
    Results.Repetition[] reps = new Results.Repetition[trials.size()];
    for (int i = 0; i < reps.length; i++) {
      // its own trials 1, 2, ... with a speed that names the whole run's trial
      reps[i] = rep(i + 1, 1, 100.0 * trials.get(i));
    }
    Results.Run r =
        run("unum", "quick", host, trials.size(), engine("lmdb", host, phase("load", reps)));
    r =
        r.toBuilder()
            .experiment(new Results.ExperimentRef("unum", "t", "s", null, settings))
            .protocol(r.protocol().withShard(new Results.Shard(k, n, of, trials)))
            .build();
    Path dir = Files.createDirectories(tmp.resolve(name));
    ResultsFile.write(r, dir);
    return dir;
  }

  @Test
  void theShardsOfARunMergeIntoItsTrialsNumberedAsTheWholeRunNumbersThem() throws Exception {
    Path two = shard("s2", 2, 2, 5, "host-b", "h");
    Path one = shard("s1", 1, 2, 5, "host-a", "h");

    Results.Run merged = Merge.runs(List.of(two, one));

    assertThat(merged.protocol().trials()).isEqualTo(5);
    assertThat(merged.protocol().shard()).isNull();
    assertThat(merged.base().phase("lmdb", "load").repetitions())
        .extracting(r -> r.trial() + "=" + Math.round(r.figures().speed().speed()))
        .containsExactlyInAnyOrder("2=200", "4=400", "1=100", "3=300", "5=500");
    assertThat(merged.machines())
        .extracting(Results.Machine::host)
        .containsExactly("host-b", "host-a");
    assertThat(merged.invocation().options())
        .containsEntry("trials", "5 (merged from shards 1/2, 2/2)");
  }

  @Test
  void aMissingDuplicatedOrForeignShardIsRefusedNamingIt() throws Exception {
    Path one = shard("s1", 1, 3, 6, "a", "h");
    Path two = shard("s2", 2, 3, 6, "a", "h");
    Path three = shard("s3", 3, 3, 6, "a", "h");
    Path otherSettings = shard("s3x", 3, 3, 6, "a", "other");
    Path otherCount = shard("s2of2", 2, 2, 6, "a", "h");
    Path whole = Files.createDirectories(tmp.resolve("whole"));
    ResultsFile.write(run("unum", "quick", "a", engine("lmdb", "a", phase("load"))), whole);

    assertThatThrownBy(() -> Merge.runs(List.of(one, three)))
        .isInstanceOf(ExperimentException.class)
        .hasMessage(
            "shard 2 of 3 is missing (trials 2, 5 of 6); give every shard's results folder");
    assertThatThrownBy(() -> Merge.runs(List.of(one)))
        .hasMessage(
            "shards 2, 3 of 3 are missing (trials 2, 3, 5, 6 of 6); give every shard's results"
                + " folder");
    assertThatThrownBy(() -> Merge.runs(List.of(one, two, three, shard("s1b", 1, 3, 6, "b", "h"))))
        .hasMessage("shard 1 of 3 is given twice: " + one + " and " + tmp.resolve("s1b"));
    assertThatThrownBy(() -> Merge.runs(List.of(one, two, otherSettings)))
        .hasMessage(
            otherSettings
                + " ran with other settings than "
                + one
                + " (settings hash other, not h); shards of one run share every setting");
    assertThatThrownBy(() -> Merge.runs(List.of(one, otherCount)))
        .hasMessage(
            otherCount
                + " is shard 2 of 2 of a run of 6 trials, "
                + one
                + " shard 1 of 3 of a run of 6 trials; only the shards of one run merge");
    assertThatThrownBy(() -> Merge.runs(List.of(whole, one)))
        .hasMessage(
            one
                + " is a shard (shard 1 of 3 of a run of 6 trials), "
                + whole
                + " a whole run; merge a run's shards together, or whole runs together");
    assertThat(Merge.runs(List.of(three, one, two)).protocol().trials()).isEqualTo(6);
  }

  @Test
  void foldersGroupByTheKindOfMachineTheyRanOn() throws Exception {
    Path one = shard("s1", 1, 3, 3, "a", "h");
    Path two = shard("s2", 2, 3, 3, "b", "h");
    Results.Run other = ResultsFile.read(shard("s3", 3, 3, 3, "c", "h"));
    Results.Machine m = other.machines().get(0);
    Results.Run otherCpu =
        other.toBuilder()
            .machines(
                List.of(
                    new Results.Machine(
                        m.host(),
                        m.cores(),
                        m.memoryBytes(),
                        "another cpu",
                        m.os(),
                        m.jdk(),
                        m.dataFileSystem(),
                        m.dataDevice(),
                        null)))
            .build();
    Path three = tmp.resolve("s3");
    ResultsFile.write(otherCpu, three);

    List<Merge.Folders> kinds = Merge.read(List.of(one, two, three)).byMachineKind();

    assertThat(kinds)
        .extracting(Merge.Folders::folders)
        .containsExactly(List.of(one, two), List.of(three));
    Results.Run alike = kinds.get(0).merged();
    assertThat(alike.protocol().trials()).isEqualTo(2);
    assertThat(alike.base().phase("lmdb", "load").repetitions())
        .extracting(r -> r.trial() + "=" + Math.round(r.figures().speed().speed()))
        .as("trials 1 and 2 of the whole run, numbered 1 and 2 among those of this kind")
        .containsExactly("1=100", "2=200");
  }
}
