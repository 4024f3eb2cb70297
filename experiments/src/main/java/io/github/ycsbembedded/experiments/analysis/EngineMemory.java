package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.results.Results;

/**
 * An engine's memory in a run, defined once for every table, chart and text: its resident memory is
 * its own native memory (the process's anonymous memory less the JVM's) and the file pages it maps
 * (LevelDB's mapped tables, LMDB's map), which is what a process's resident set counts of it, and
 * what Unum's RAM column (ucsb's process RSS) measured. The rest of the page cache its phase held,
 * which no resident set counts, is {@link #pageCache}. Both at the memory cgroup's sampled peak;
 * NaN where the run did not tell the engine's memory from the JVM's.
 */
public final class EngineMemory {
  private EngineMemory() {}

  /** The engine's native memory and the file pages it maps, at the peak; NaN if unknown. */
  public static double resident(Results.Repetition r) {
    Results.MemoryUse m = r.memory();
    if (m.engineNative() < 0) {
      return Double.NaN;
    }
    return m.engineNative() + Math.max(0, m.mappedAtPeak());
  }

  /** The page cache the phase held at the peak beside the pages mapped; NaN if unknown. */
  public static double pageCache(Results.Repetition r) {
    Results.MemoryUse m = r.memory();
    if (m.pageCacheAtPeak() < 0) {
      return Double.NaN;
    }
    // a cgroup's page cache counts the mapped pages among its own
    return Math.max(0, m.pageCacheAtPeak() - Math.max(0, m.mappedAtPeak()));
  }
}
