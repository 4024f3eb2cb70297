package io.github.ycsbembedded.experiments.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.results.Results;

/**
 * An engine's memory in a run, defined once for every table, chart and text: its resident memory is
 * its own native memory (the process's anonymous memory less the JVM's) and the file pages it maps
 * (LevelDB's mapped tables, LMDB's map), which is what a process's resident set counts of it, and
 * what Unum's RAM column (ucsb's process RSS) measured. An engine whose cache lives in the JVM's
 * heap (MVStore, Berkeley DB JE: {@link Experiment#cacheInHeap}) holds it among the JVM's memory,
 * which the native memory leaves out, so its cache as its own statistics give it ({@code
 * memoryBytes} at the last cleanup, before the final flush) is counted besides. The rest of the
 * page cache its phase held, which no resident set counts, is {@link #pageCache}. Both at the
 * memory cgroup's sampled peak; NaN where the run did not tell the engine's memory from the JVM's.
 */
public final class EngineMemory {
  private EngineMemory() {}

  /**
   * The engine's native memory, the file pages it maps and, for an engine whose cache lives in the
   * JVM's heap, that cache; NaN if unknown.
   */
  public static double resident(Results.Repetition r) {
    Results.MemoryUse m = r.figures().memory();
    double mapped = Math.max(0, m.mappedAtPeak());
    if (inHeapEngine(r)) {
      double cache = heapCache(r);
      return Double.isNaN(cache) ? Double.NaN : cache + Math.max(0, m.engineNative()) + mapped;
    }
    if (m.engineNative() < 0) {
      return Double.NaN;
    }
    return m.engineNative() + mapped;
  }

  /**
   * The engine's cache in the JVM's heap, as its statistics give it at the last cleanup ({@code
   * memoryBytes} before the final flush), for an engine whose cache lives there; NaN for another
   * engine, or where the binding wrote no such figure.
   */
  public static double heapCache(Results.Repetition r) {
    if (!inHeapEngine(r)) {
      return Double.NaN;
    }
    JsonNode memory = r.engineStats().path("beforeFlush").path("memoryBytes");
    return memory.isNumber() ? memory.asDouble() : Double.NaN;
  }

  /**
   * The {@code -Xmx} an engine's phases ran with: the file's heap, and for an engine whose cache
   * lives in the heap, its {@code cache_size} as the run set it on top ({@link
   * Experiment#heapBytes(String, Long)}).
   */
  public static long heapBytes(Experiment experiment, Results.EngineRun engine) {
    Long cache = null;
    for (Results.Setting s : engine.settings()) {
      if (s.property().equals(engine.engine() + ".cache_size")) {
        long bytes = io.github.ycsbembedded.core.Sizes.parse(s.value());
        cache = bytes < 0 ? null : bytes;
      }
    }
    return experiment.heapBytes(engine.engine(), cache);
  }

  /** Whether the run's engine, as its statistics name it, keeps its cache in the JVM's heap. */
  private static boolean inHeapEngine(Results.Repetition r) {
    JsonNode stats = r.engineStats();
    return stats != null
        && stats.path("engine").isTextual()
        && Experiment.cacheInHeap(stats.path("engine").asText());
  }

  /** The page cache the phase held at the peak beside the pages mapped; NaN if unknown. */
  public static double pageCache(Results.Repetition r) {
    Results.MemoryUse m = r.figures().memory();
    if (m.pageCacheAtPeak() < 0) {
      return Double.NaN;
    }
    // a cgroup's page cache counts the mapped pages among its own
    return Math.max(0, m.pageCacheAtPeak() - Math.max(0, m.mappedAtPeak()));
  }
}
