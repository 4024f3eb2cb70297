package io.github.ycsbembedded.experiments.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Runs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An engine's memory: native memory and mapped pages for an engine whose cache is outside the heap;
 * for one whose cache lives in the JVM's heap, the cache its statistics give besides.
 */
class EngineMemoryTest {
  private static final long MIB = 1L << 20;

  /** A run whose process held {@code anonymous} resident beside the JVM's 200 MiB committed. */
  private static Results.Repetition run(String engine, long anonymous, String stats)
      throws Exception {
    Results.Repetition r = Runs.rep(1, 1, 1000);
    Results.Figures f = r.figures();
    Results.MemoryUse memory =
        Results.MemoryUse.builder()
            .peak(400 * MIB, 300 * MIB)
            .atPeak(anonymous, 50 * MIB, 0)
            .jvm(100 * MIB, 200 * MIB, anonymous)
            .build();
    return new Results.Repetition(
        r.trial(),
        r.index(),
        r.outcome(),
        new Results.Figures(
            f.speed(), f.window(), f.cpu(), f.io(), memory, f.disk(), f.amplification()),
        r.operations(),
        r.latency(),
        r.timeline(),
        new ObjectMapper()
            .readTree("{\"schema\": 1, \"engine\": \"" + engine + "\", " + stats + "}"));
  }

  @Test
  void anInHeapEnginesMemoryIsItsCacheAsItsStatisticsGiveIt() throws Exception {
    // 201 MiB resident beside the JVM's 200: 1 MiB of native memory, the cache in the heap
    Results.Repetition mvstore =
        run("mvstore", 201 * MIB, "\"beforeFlush\": {\"memoryBytes\": " + 12 * MIB + "}");
    assertThat(EngineMemory.resident(mvstore)).isEqualTo(13.0 * MIB);
    assertThat(EngineMemory.heapCache(mvstore)).isEqualTo(12.0 * MIB);

    Results.Repetition noFigure = run("berkeleydb", 201 * MIB, "\"beforeFlush\": {}");
    assertThat(EngineMemory.resident(noFigure)).isNaN();
    assertThat(EngineMemory.heapCache(noFigure)).isNaN();
  }

  @Test
  void anEngineWithItsCacheOutsideTheHeapIsItsNativeMemoryAlone() throws Exception {
    Results.Repetition rocksdb =
        run("rocksdb", 230 * MIB, "\"beforeFlush\": {\"memoryBytes\": " + 12 * MIB + "}");
    assertThat(EngineMemory.resident(rocksdb)).isEqualTo(30.0 * MIB);
    assertThat(EngineMemory.heapCache(rocksdb)).isNaN();
  }

  @Test
  void eachEnginesHeapIsTheFilesAndAnInHeapCacheOnTop() throws Exception {
    Experiment engines = Experiment.load(ExperimentTest.EXPERIMENTS, "engines");
    List<Results.Setting> cache =
        List.of(new Results.Setting("berkeleydb.cache_size", "4000000", "", "", null, List.of()));
    Results.EngineRun je = new Results.EngineRun("berkeleydb", "h", null, cache, null, List.of());
    Results.EngineRun sqlite =
        new Results.EngineRun(
            "sqlite",
            "h",
            null,
            List.of(new Results.Setting("sqlite.cache_size", "4000000", "", "", null, List.of())),
            null,
            List.of());

    assertThat(EngineMemory.heapBytes(engines, je)).isEqualTo((256 + 4) * MIB);
    assertThat(EngineMemory.heapBytes(engines, sqlite)).isEqualTo(256 * MIB);
    assertThat(Experiment.cacheInHeap("mvstore")).isTrue();
    assertThat(Experiment.cacheInHeap("berkeleydb")).isTrue();
    assertThat(Experiment.cacheInHeap("lmdb")).isFalse();
    assertThat(Experiment.cacheInHeap("sqlite")).isFalse();
  }
}
