package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.experiments.measure.Results;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Joining the results of one experiment run on several machines. */
class MergeTest {
  @TempDir Path tmp;

  private Path folder(
      String name, String experiment, String scale, String host, String engine, boolean reproduced)
      throws Exception {
    Results.Run run =
        new Results.Run(
            experiment,
            "t",
            "s",
            scale,
            "2026-11-23T10:00",
            "2026-11-23T10:05:" + name.length(),
            List.of(new Results.Machine(host, 2, 1L << 30, "cpu", "os", "jdk", "fs")),
            Map.of("scale", scale),
            null,
            null,
            1000,
            reproduced,
            256L << 20,
            3,
            2,
            12,
            List.of(new Results.EngineRun(engine, host, false, null, List.of(), null)));
    Path dir = Files.createDirectories(tmp.resolve(name));
    new ObjectMapper().writeValue(dir.resolve("results.json").toFile(), run);
    Files.createDirectories(dir.resolve("raw"));
    Files.writeString(dir.resolve("raw").resolve(engine + "-load.stdout"), "log of " + engine);
    return dir;
  }

  @Test
  void runsOfOneExperimentAndScaleJoinWithTheirMachines() throws Exception {
    Path a = folder("a", "hyperdex", "tiny", "host-a", "lmdb", true);
    Path b = folder("b", "hyperdex", "tiny", "host-b", "leveldb", false);

    Results.Run merged = Merge.runs(List.of(a, b));

    assertThat(merged.engines())
        .extracting(Results.EngineRun::engine)
        .containsExactly("lmdb", "leveldb");
    assertThat(merged.machines())
        .extracting(Results.Machine::host)
        .containsExactly("host-a", "host-b");
    assertThat(merged.regimeReproduced()).as("only if every part reproduced it").isFalse();

    Merge.copyRaw(List.of(a, b), tmp.resolve("m/raw"));
    assertThat(tmp.resolve("m/raw/leveldb-load.stdout")).hasContent("log of leveldb");
  }

  @Test
  void runsOfDifferentScalesOrExperimentsAreRefusedNamingTheMismatch() throws Exception {
    Path a = folder("a", "hyperdex", "tiny", "h", "lmdb", true);
    Path b = folder("b", "hyperdex", "quick", "h", "leveldb", true);
    assertThatThrownBy(() -> Merge.runs(List.of(a, b)))
        .hasMessage(
            b
                + " is a run of hyperdex at scale quick, "
                + a
                + " of hyperdex at scale tiny;"
                + " only runs of one experiment at one scale merge");

    Path c = folder("c", "unum", "tiny", "h", "rocksdb", true);
    assertThatThrownBy(() -> Merge.runs(List.of(a, c)))
        .hasMessageStartingWith(c + " is a run of unum at scale tiny");
  }

  @Test
  void theSameEngineTwiceIsRefused() throws Exception {
    Path a = folder("a", "hyperdex", "tiny", "h1", "lmdb", true);
    Path b = folder("b", "hyperdex", "tiny", "h2", "lmdb", true);
    assertThatThrownBy(() -> Merge.runs(List.of(a, b)))
        .hasMessage(
            "engine lmdb is in more than one of the results folders ("
                + b
                + " among them); give each engine's run once");
  }

  @Test
  void aFolderWithoutResultsIsNamed() {
    assertThatThrownBy(() -> Merge.runs(List.of(tmp)))
        .hasMessage(tmp + " is not a results folder: it has no results.json");
  }
}
