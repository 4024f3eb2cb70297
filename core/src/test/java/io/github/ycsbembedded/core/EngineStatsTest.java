package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineStatsTest {
  @Test
  void everyFigureIsWrittenFlatInTheSchemasOrder(@TempDir Path dir) throws Exception {
    EngineStats.Figures figures =
        EngineStats.Figures.of(EngineStats.Tree.lsm(List.of(new EngineStats.Level(0, 2, 300))))
            .liveDataBytes(1L)
            .flushedBytes(2L)
            .compaction(3L, 4L)
            .pendingCompactionBytes(5L)
            .stallMicros(6L)
            .cache(7L, 8L)
            .filter(9L, 10L)
            .memoryBytes(11L)
            .engine(Map.of("own", 12))
            .build();
    Path file = dir.resolve("stats.json");
    new EngineStats(EngineStats.SCHEMA, "e", "e 1", null, null, figures, null, null).write(file);

    assertThat(Files.readString(file).replaceAll("\\s+", ""))
        .isEqualTo(
            "{\"schema\":1,\"engine\":\"e\",\"version\":\"e1\",\"beforeFlush\":{\"tree\":{"
                + "\"kind\":\"lsm\",\"levels\":[{\"level\":0,\"files\":2,\"bytes\":300}]},"
                + "\"liveDataBytes\":1,\"flushedBytes\":2,\"compactionReadBytes\":3,"
                + "\"compactionWrittenBytes\":4,\"pendingCompactionBytes\":5,\"stallMicros\":6,"
                + "\"cacheHits\":7,\"cacheMisses\":8,\"filterUseful\":9,\"filterChecked\":10,"
                + "\"memoryBytes\":11,\"engine\":{\"own\":12}}}");
  }

  @Test
  void aFigureTheEngineDoesNotKeepIsLeftOut(@TempDir Path dir) throws Exception {
    EngineStats.Figures figures =
        EngineStats.Figures.of(EngineStats.Tree.btree(2, null, 5L, null, null, 4096L))
            .cache(7L, null)
            .build();
    Path file = dir.resolve("stats.json");
    new EngineStats(EngineStats.SCHEMA, "e", "e 1", figures, 10L, figures, null, null).write(file);

    String tree = "{\"tree\":{\"kind\":\"btree\",\"depth\":2,\"leafPages\":5,\"pageSize\":4096},";
    assertThat(Files.readString(file).replaceAll("\\s+", ""))
        .isEqualTo(
            "{\"schema\":1,\"engine\":\"e\",\"version\":\"e1\",\"atWindowStart\":"
                + tree
                + "\"cacheHits\":7,\"engine\":{}},\"windowStartMillis\":10,\"beforeFlush\":"
                + tree
                + "\"cacheHits\":7,\"engine\":{}}}");
  }
}
