package io.github.ycsbembedded.experiments.results;

import static io.github.ycsbembedded.experiments.results.Runs.engine;
import static io.github.ycsbembedded.experiments.results.Runs.phase;
import static io.github.ycsbembedded.experiments.results.Runs.rep;
import static io.github.ycsbembedded.experiments.results.Runs.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Joining results folders: machines side by side, and the same engine's runs as more trials. */
class MergeTest {
  @TempDir Path tmp;

  private Path folder(String name, Results.Run run) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve(name));
    ResultsFile.write(run, dir);
    Files.createDirectories(dir.resolve("raw"));
    Files.writeString(dir.resolve("raw").resolve("x-1-1.stdout"), "log of " + name);
    return dir;
  }

  @Test
  void enginesOfSeveralMachinesJoinSideBySideWithTheirMachines() throws Exception {
    Path a =
        folder(
            "a",
            run(
                "hyperdex",
                "tiny",
                "host-a",
                engine("lmdb", "host-a", phase("load", rep(1, 1, 10)))));
    Path b =
        folder(
            "b",
            run(
                "hyperdex",
                "tiny",
                "host-b",
                engine("leveldb", "host-b", phase("load", rep(1, 1, 5)))));

    Results.Run merged = Merge.runs(List.of(a, b));

    assertThat(merged.base().engines())
        .extracting(Results.EngineRun::engine)
        .containsExactly("lmdb", "leveldb");
    assertThat(merged.machines())
        .extracting(Results.Machine::host)
        .containsExactly("host-a", "host-b");
    assertThat(merged.base().phase("leveldb", "load").repetitions())
        .extracting(Results.Repetition::trial)
        .as("trial 1 of each: their ratios pair up")
        .containsExactly(1);
    assertThat(
            merged.base().phase("leveldb", "load").repetitions().get(0).outcome().logs().stdout())
        .isEqualTo("raw/b/x-1-1.stdout");

    Merge.copyRaw(List.of(a, b), tmp.resolve("m/raw"));
    assertThat(tmp.resolve("m/raw/b/x-1-1.stdout")).hasContent("log of b");
    assertThat(tmp.resolve("m/raw/a/x-1-1.stdout")).hasContent("log of a");
  }

  @Test
  void theSameEngineInSeveralFoldersBecomesMoreTrials() throws Exception {
    Path a =
        folder(
            "a",
            run(
                "unum",
                "quick",
                "h",
                2,
                engine("lmdb", "h", phase("c", rep(1, 1, 10), rep(2, 1, 11))),
                engine("leveldb", "h", phase("c", rep(1, 1, 5), rep(2, 1, 6)))));
    Path b =
        folder(
            "b",
            run(
                "unum",
                "quick",
                "h",
                engine("lmdb", "h", phase("c", rep(1, 1, 12))),
                engine("leveldb", "h", phase("c", rep(1, 1, 4)))));

    Results.Run merged = Merge.runs(List.of(a, b));

    assertThat(merged.protocol().trials()).isEqualTo(3);
    assertThat(merged.base().phase("lmdb", "c").repetitions())
        .extracting(r -> r.trial() + ":" + r.figures().speed().speed())
        .containsExactly("1:10.0", "2:11.0", "3:12.0");
    assertThat(merged.base().phase("leveldb", "c").repetitions())
        .extracting(Results.Repetition::trial)
        .containsExactly(1, 2, 3);
  }

  @Test
  void runsOfDifferentScalesOrExperimentsOrProtocolsAreRefusedNamingTheMismatch() throws Exception {
    Path a = folder("a", run("hyperdex", "tiny", "h", engine("lmdb", "h")));
    Path b = folder("b", run("hyperdex", "quick", "h", engine("leveldb", "h")));
    assertThatThrownBy(() -> Merge.runs(List.of(a, b)))
        .hasMessage(
            b
                + " is a run of hyperdex at scale quick, "
                + a
                + " of hyperdex at scale tiny;"
                + " only runs of one experiment at one scale merge");
    Path c = folder("c", run("unum", "tiny", "h", engine("rocksdb", "h")));
    assertThatThrownBy(() -> Merge.runs(List.of(a, c)))
        .hasMessageStartingWith(c + " is a run of unum at scale tiny");
    Results.Run other = run("hyperdex", "tiny", "h", engine("leveldb", "h"));
    Path d = folder("d", other.toBuilder().protocol(new Results.Protocol(1, 1, 5, 60, 1)).build());
    assertThatThrownBy(() -> Merge.runs(List.of(a, d)))
        .hasMessageEndingWith("; their figures are not trials of one measurement");
  }

  @Test
  void anEngineRunWithOtherSettingsInAnotherFolderIsRefusedNamingTheProperty() throws Exception {
    Results.Setting cache = new Results.Setting("leveldb.cache_size", "1024", "", "", null, null);
    Results.EngineRun checked =
        withSettings(
            engine("leveldb", "h", phase("c", rep(1, 1, 5))),
            cache,
            new Results.Setting("leveldb.verify_checksums", "false", "", "", null, null));
    Results.EngineRun unchecked = withSettings(checked, cache);
    Path a = folder("a", run("unum", "quick", "h", checked));
    Path same = folder("same", run("unum", "quick", "h", checked));
    Path other = folder("other", run("unum", "quick", "h", unchecked));
    Path elsewhere =
        folder(
            "elsewhere", run("unum", "quick", "h", engine("lmdb", "h", phase("c", rep(1, 1, 9)))));

    assertThat(Merge.runs(List.of(a, same)).base().phase("leveldb", "c").repetitions())
        .extracting(Results.Repetition::trial)
        .containsExactly(1, 2);
    assertThat(Merge.runs(List.of(a, elsewhere)).base().engines())
        .as("engines no two folders share join whatever their settings")
        .extracting(Results.EngineRun::engine)
        .containsExactly("leveldb", "lmdb");
    assertThatThrownBy(() -> Merge.runs(List.of(a, other)))
        .hasMessage(
            other
                + " ran leveldb with leveldb.verify_checksums not set, "
                + a
                + " with leveldb.verify_checksums = false; only runs of the same settings merge as"
                + " trials (report each folder alone to set them side by side)");
  }

  private static Results.EngineRun withSettings(Results.EngineRun e, Results.Setting... settings) {
    return new Results.EngineRun(
        e.engine(), e.host(), e.version(), List.of(settings), e.error(), e.phases());
  }

  @Test
  void aFolderWithoutResultsOrOfAnotherSchemaIsNamed() throws Exception {
    assertThatThrownBy(() -> Merge.runs(List.of(tmp)))
        .hasMessage(tmp + " is not a results folder: it has no results.json");
    Path old = Files.createDirectories(tmp.resolve("old"));
    Files.writeString(old.resolve("results.json"), "{\"experiment\": \"unum\", \"engines\": []}");
    assertThatThrownBy(() -> Merge.runs(List.of(old)))
        .hasMessageStartingWith(
            old.resolve("results.json") + " is of results schema 1, written by another version");
    Files.writeString(old.resolve("results.json"), "");
    assertThatThrownBy(() -> Merge.runs(List.of(old)))
        .hasMessage(
            old.resolve("results.json")
                + " is empty: the run that was to write it wrote nothing (not a result)");
  }

  @Test
  void theVariantsOfTwoFoldersMergeByName() throws Exception {
    Results.Run first = run("unum", "quick", "h", engine("lmdb", "h", phase("c", rep(1, 1, 10))));
    Results.Run withVariant =
        first.toBuilder()
            .variants(
                List.of(
                    first.base(),
                    new Results.VariantRun(
                        "fast",
                        java.util.Map.of("lmdb.nordahead", "false"),
                        "",
                        List.of(engine("lmdb", "h", phase("c", rep(1, 1, 20)))))))
            .build();
    Path a = folder("a", withVariant);
    Path b = folder("b", withVariant);

    Results.Run merged = Merge.runs(List.of(a, b));

    assertThat(merged.variants())
        .extracting(Results.VariantRun::name)
        .containsExactly("base", "fast");
    assertThat(merged.variant("fast").phase("lmdb", "c").repetitions())
        .extracting(r -> r.trial() + ":" + r.figures().speed().speed())
        .containsExactly("1:20.0", "2:20.0");
    assertThat(merged.variant("fast").changes()).containsEntry("lmdb.nordahead", "false");
  }
}
