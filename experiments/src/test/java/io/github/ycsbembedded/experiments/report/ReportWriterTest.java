package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.experiments.measure.Results;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's record of what ran where, on a captured results.json (fixtures/unum-quick.json). */
class ReportWriterTest {
  @TempDir Path out;

  private static Results.Run fixture() throws Exception {
    try (InputStream in = ReportWriterTest.class.getResourceAsStream("/fixtures/unum-quick.json")) {
      return new ObjectMapper().readValue(in, Results.Run.class);
    }
  }

  /** The fixture with each engine's version set from {@code versions} (absent: none). */
  private static Results.Run withVersions(Results.Run run, Map<String, String> versions) {
    List<Results.EngineRun> engines =
        run.engines().stream()
            .map(
                e ->
                    new Results.EngineRun(
                        e.engine(),
                        e.host(),
                        e.failed(),
                        e.error(),
                        e.phases(),
                        versions.get(e.engine())))
            .toList();
    return new Results.Run(
        run.experiment(),
        run.title(),
        run.source(),
        run.scale(),
        run.startedAt(),
        run.finishedAt(),
        run.machines(),
        run.settings(),
        run.regime(),
        run.memoryLimitBytes(),
        run.dataBytes(),
        run.regimeReproduced(),
        run.heapMaxBytes(),
        run.repetitions(),
        run.warmupSeconds(),
        run.durationSeconds(),
        engines);
  }

  @Test
  void theMachinesTableNamesTheLibraryEachEngineRanOn() throws Exception {
    Results.Run run =
        withVersions(
            fixture(),
            Map.of("lmdb", "LMDB 0.9.24", "rocksdb", "RocksDB 11.8.1", "leveldb", "LevelDB 1.23"));

    ReportWriter.write(Experiment.load(ExperimentTest.EXPERIMENTS, "unum"), run, out);

    String md = Files.readString(out.resolve("report.md"));
    assertThat(md)
        .contains("| host | engines (the library each ran on) | CPU |")
        .contains(
            "| vm | lmdb (LMDB 0.9.24), rocksdb (RocksDB 11.8.1), leveldb (LevelDB 1.23), wiredtiger |");
    Results.Run written =
        new ObjectMapper().readValue(out.resolve("results.json").toFile(), Results.Run.class);
    assertThat(written.engine("leveldb").version()).isEqualTo("LevelDB 1.23");
    assertThat(written.engine("wiredtiger").version()).as("no startup line seen").isNull();
  }

  @Test
  void aResultsFileWrittenBeforeVersionsWereRecordedReadsWithoutThem() throws Exception {
    Results.Run run = fixture();

    assertThat(run.engines()).extracting(Results.EngineRun::version).containsOnlyNulls();
    ReportWriter.write(Experiment.load(ExperimentTest.EXPERIMENTS, "unum"), run, out);
    assertThat(Files.readString(out.resolve("report.md")))
        .contains("| vm | lmdb, rocksdb, leveldb, wiredtiger |");
  }
}
