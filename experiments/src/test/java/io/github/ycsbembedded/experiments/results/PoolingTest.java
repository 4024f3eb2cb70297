package io.github.ycsbembedded.experiments.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which earlier runs a run's verdicts pool with, and how their trials join its own. */
class PoolingTest {
  @TempDir Path results;

  /** A complete run of unum at quick with the given settings hash, CPU and LevelDB version. */
  private static Results.Run run(String settings, String cpu, String version, double speed) {
    Results.Run r =
        Runs.run(
            "unum",
            "quick",
            "vm",
            2,
            new Results.EngineRun(
                "leveldb",
                "vm",
                version,
                List.of(),
                null,
                List.of(Runs.phase("c", Runs.rep(1, 1, speed), Runs.rep(2, 1, speed * 1.1)))));
    return r.toBuilder()
        .experiment(new Results.ExperimentRef("unum", "t", "s", null, settings))
        .machines(
            List.of(
                new Results.Machine(
                    "vm-" + settings,
                    2,
                    24L << 30,
                    cpu,
                    "Linux",
                    "jdk 17",
                    "/dev/vda (ext4), 71.1 GiB free of 252.0 GiB",
                    "vda (virtio)",
                    null)))
        .build();
  }

  private Path folder(String name, Results.Run run) throws Exception {
    Path dir = Files.createDirectories(results.resolve(name));
    ResultsFile.write(run, dir);
    return dir;
  }

  @Test
  void likeRunsOfOtherDaysJoinAsMoreTrialsWithTheirLogsWhereTheyLie() throws Exception {
    Path a = folder("unum-quick-1", run("s1", "EPYC", "LevelDB 1.23", 100));
    folder("unum-quick-2", run("s1", "EPYC", "LevelDB 1.23", 120));
    Path own = Files.createDirectories(results.resolve("unum-quick-3"));
    Results.Run mine = run("s1", "EPYC", "LevelDB 1.23", 90);

    Pooling.Pooled pool = Pooling.of(mine, own, results);

    assertThat(pool.folders())
        .extracting(p -> p.getFileName().toString())
        .containsExactly("unum-quick-1", "unum-quick-2");
    assertThat(pool.ownTrials()).isEqualTo(2);
    assertThat(pool.ownRun()).isSameAs(mine);
    List<Results.Repetition> reps = pool.run().base().engine("leveldb").phase("c").repetitions();
    assertThat(reps).extracting(Results.Repetition::trial).containsExactly(1, 2, 3, 4, 5, 6);
    assertThat(List.of(reps.get(0), reps.get(2), reps.get(4)))
        .as("this run's trials first, then the earlier runs' in their folders' order")
        .extracting(r -> r.figures().speed().speed())
        .containsExactly(90.0, 100.0, 120.0);
    assertThat(reps.get(0).outcome().logs().stdout()).isEqualTo("raw/x-1-1.stdout");
    assertThat(reps.get(2).outcome().logs().stdout()).isEqualTo("../unum-quick-1/raw/x-1-1.stdout");
    assertThat(pool.run().protocol().trials()).isEqualTo(6);
    assertThat(a).exists();
  }

  @Test
  void runsOfOtherSettingsVersionsMachinesOrUnfinishedAreNotPooled() throws Exception {
    folder("other-settings", run("s2", "EPYC", "LevelDB 1.23", 100));
    folder("other-cpu", run("s1", "Xeon", "LevelDB 1.23", 100));
    folder("other-version", run("s1", "EPYC", "LevelDB 1.22", 100));
    folder(
        "unfinished",
        run("s1", "EPYC", "LevelDB 1.23", 100).toBuilder()
            .completion(new Results.Completion(false, 10, 5, "SIGINT", List.of()))
            .build());
    Files.createDirectories(results.resolve("no-results"));
    Path own = Files.createDirectories(results.resolve("mine"));

    Pooling.Pooled pool = Pooling.of(run("s1", "EPYC", "LevelDB 1.23", 90), own, results);

    assertThat(pool.any()).isFalse();
    assertThat(pool.run().protocol().trials()).isEqualTo(2);
  }

  @Test
  void aRunWithoutASettingsHashPoolsWithNothingAndNoHistoryFolderIsNone() throws Exception {
    folder("old", run(null, "EPYC", "LevelDB 1.23", 100));
    Path own = Files.createDirectories(results.resolve("mine"));
    assertThat(Pooling.of(run(null, "EPYC", "LevelDB 1.23", 90), own, results).any()).isFalse();
    assertThat(Pooling.of(run("s1", "EPYC", "LevelDB 1.23", 90), own, null).any()).isFalse();
  }

  @Test
  void aMachinesKindLeavesOutItsNameFreeSpaceAndMeasuredDevice() {
    Results.Machine a =
        new Results.Machine(
            "a",
            2,
            (24L << 30) + 12345,
            "EPYC",
            "Linux 6.1",
            "jdk 17",
            "/dev/vda (ext4), 71 GiB free of 252 GiB",
            "vda",
            null);
    Results.Machine b =
        new Results.Machine(
            "b",
            2,
            24L << 30,
            "EPYC",
            "Linux 6.1",
            "jdk 17",
            "/dev/vda (ext4), 12 GiB free of 252 GiB",
            "vda",
            new Results.DeviceSpeed(4096, 1 << 30, 50, 20000, 32, 70000));
    assertThat(a.kind()).isEqualTo(b.kind()).contains("2 × EPYC", "24 GiB", "ext4");
    assertThat(a.kind())
        .isNotEqualTo(
            new Results.Machine(
                    "a", 4, 24L << 30, "EPYC", "Linux 6.1", "jdk 17", "x (ext4)", "vda", null)
                .kind());
  }
}
