package io.github.ycsbembedded.experiments.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class EngineMechanicsTest {
  private static JsonNode json(String text) throws Exception {
    return new ObjectMapper().readTree(text);
  }

  @Test
  void aBTreeShowsItsDepthAndPages() throws Exception {
    assertThat(
            EngineMechanics.tree(
                json("{\"kind\":\"btree\",\"depth\":5,\"leafPages\":95000,\"branchPages\":645}")))
        .isEqualTo("depth 5, 95,000 leaf and 645 branch pages");
  }

  @Test
  void aBTreeWithPagesButDepthZeroHadItsDepthNotRecorded() throws Exception {
    // WiredTiger counts its depth on searches: a bulk-loaded tree nothing searched says 0
    assertThat(
            EngineMechanics.tree(
                json("{\"kind\":\"btree\",\"depth\":0,\"leafPages\":74075,\"branchPages\":591}")))
        .isEqualTo("depth not recorded, 74,075 leaf and 591 branch pages");
  }

  @Test
  void anLsmTreeListsItsLevelsWithFiles() throws Exception {
    assertThat(
            EngineMechanics.tree(
                json(
                    "{\"kind\":\"lsm\",\"levels\":[{\"level\":0,\"files\":2,\"bytes\":4194304},"
                        + "{\"level\":1,\"files\":0,\"bytes\":0},"
                        + "{\"level\":2,\"files\":3,\"bytes\":1073741824}]}")))
        .isEqualTo("L0 2 (4.0 MiB), L2 3 (1.0 GiB)");
  }

  /** A run of unum's phase C with one repetition per engine carrying {@code stats}. */
  private static Context withStats(String rocksdb, String wiredtiger) throws Exception {
    var unum =
        io.github.ycsbembedded.experiments.model.Experiment.load(
            io.github.ycsbembedded.experiments.model.ExperimentTest.EXPERIMENTS, "unum");
    var rocks = withEngineStats(rocksdb);
    var wt = withEngineStats(wiredtiger);
    var run =
        io.github.ycsbembedded.experiments.results.Runs.run(
            "unum",
            "quick",
            "h",
            io.github.ycsbembedded.experiments.results.Runs.engine(
                "rocksdb", "h", io.github.ycsbembedded.experiments.results.Runs.phase("c", rocks)),
            io.github.ycsbembedded.experiments.results.Runs.engine(
                "wiredtiger", "h", io.github.ycsbembedded.experiments.results.Runs.phase("c", wt)));
    return new Context(unum, run);
  }

  /** A repetition of 1,000 ops/s carrying the engine's statistics {@code stats}. */
  private static io.github.ycsbembedded.experiments.results.Results.Repetition withEngineStats(
      String stats) throws Exception {
    var rep = io.github.ycsbembedded.experiments.results.Runs.rep(1, 1, 1000);
    return new io.github.ycsbembedded.experiments.results.Results.Repetition(
        1,
        1,
        rep.outcome(),
        rep.figures(),
        java.util.Map.of(),
        java.util.Map.of(),
        java.util.List.of(),
        json(stats));
  }

  private static final String ROCKSDB =
      "{\"atWindowStart\": {\"stallMicros\": 1000000, \"cacheHits\": 10, \"cacheMisses\": 90,"
          + " \"flushedBytes\": 0, \"compactionWrittenBytes\": 100},"
          + " \"beforeFlush\": {\"tree\": {\"kind\": \"lsm\", \"levels\": [{\"level\": 6,"
          + " \"files\": 3, \"bytes\": 100}]}, \"stallMicros\": 3500000, \"cacheHits\": 110,"
          + " \"cacheMisses\": 190, \"flushedBytes\": 50, \"compactionWrittenBytes\": 350}}";

  private static final String WIREDTIGER =
      "{\"beforeFlush\": {\"tree\": {\"kind\": \"btree\", \"depth\": 4, \"leafPages\": 10,"
          + " \"branchPages\": 1}, \"stallMicros\": 2000000}}";

  @Test
  void countersAreTakenOverTheWindowWhereTheirStartWasRecorded() throws Exception {
    EngineMechanics.Figures f = EngineMechanics.of(withStats(ROCKSDB, WIREDTIGER), "rocksdb", "c");
    assertThat(f.overWindow()).isTrue();
    assertThat(f.stallSeconds()).isEqualTo(2.5);
    assertThat(f.cacheHitRatio()).isEqualTo(0.5);
    assertThat(f.compactionWrittenBytes()).isEqualTo(50 + 250);
    assertThat(f.levels()).as("only level 6 holds files: one level, not seven").isEqualTo(1);

    EngineMechanics.Figures wt =
        EngineMechanics.of(withStats(ROCKSDB, WIREDTIGER), "wiredtiger", "c");
    assertThat(wt.overWindow()).isFalse();
    assertThat(wt.stallSeconds()).isEqualTo(2.0);
    assertThat(wt.levels()).isEqualTo(4);
  }

  @Test
  void theTableTellsNotApplicableFromNotMeasured() throws Exception {
    Section section = EngineMechanics.section(withStats(ROCKSDB, WIREDTIGER));
    Section.Table table =
        section.parts().stream()
            .filter(Section.Table.class::isInstance)
            .map(Section.Table.class::cast)
            .findFirst()
            .orElseThrow();
    java.util.List<Cell> wt =
        table.rows().stream()
            .filter(r -> ((Cell.Text) r.get(1)).text().equals("wiredtiger"))
            .findFirst()
            .orElseThrow();
    int compaction = table.header().indexOf("flushes + compactions wrote");
    int cache = table.header().indexOf("cache hits");
    assertThat(wt.get(compaction)).isEqualTo(Cell.missing(Cell.Why.NOT_APPLICABLE));
    assertThat(wt.get(cache)).isEqualTo(Cell.missing(Cell.Why.NOT_MEASURED));
  }
}
