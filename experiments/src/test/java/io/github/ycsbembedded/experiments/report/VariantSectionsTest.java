package io.github.ycsbembedded.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Runs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VariantSectionsTest {
  private static Results.EngineRun engine(String name, String version) {
    return new Results.EngineRun(name, "host", version, List.of(), null, List.of());
  }

  /** A variant that ran another RocksDB (rocksdb.library) says which beside what it changes. */
  @Test
  void aVariantNamesTheEngineVersionsItRanWhereTheBaseRanOthers() {
    Results.VariantRun unum =
        new Results.VariantRun(
            "rocksdb-6.20.3",
            Map.of("rocksdb.library", "6.20.3"),
            "",
            List.of(engine("rocksdb", "RocksDB 6.20.3"), engine("leveldb", "LevelDB 1.23")));
    Results.Run run =
        Runs.run("unum", "tiny", "host").toBuilder()
            .variants(
                List.of(
                    new Results.VariantRun(
                        Results.BASE,
                        Map.of(),
                        "",
                        List.of(
                            engine("rocksdb", "RocksDB 11.8.1"),
                            engine("leveldb", "LevelDB 1.23"))),
                    unum))
            .build();

    assertThat(VariantSections.otherVersions(run, unum))
        .isEqualTo("; rocksdb ran RocksDB 6.20.3 (the base RocksDB 11.8.1)");
    assertThat(VariantSections.otherVersions(run, run.base())).isEmpty();
  }
}
