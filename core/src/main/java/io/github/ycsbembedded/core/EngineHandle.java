package io.github.ycsbembedded.core;

/**
 * A binding's engine, opened once per directory and shared by the process's clients ({@link
 * EngineClient}): what the last cleanup asks of it besides closing.
 */
public interface EngineHandle extends AutoCloseable {
  /**
   * Leaves the store cheap to reopen, for {@code <name>.flush_on_close=true}: writes the memtables
   * (RocksDB, LevelDB), checkpoints (WiredTiger) or syncs the map (LMDB). The durability contract
   * needs none of it: every acknowledged write is already where a reopen finds it.
   */
  void flush() throws Exception;

  /**
   * Pays the engine's compaction debt, for {@code <name>.compact_on_close=true} (LSM engines only):
   * flushes, then waits until the engine has no compaction left to do by its own rules, as a store
   * that is written and then left alone ends up. Only a binding whose descriptor lists {@code
   * <name>.compact_on_close} is asked.
   */
  default void compact() throws Exception {
    throw new UnsupportedOperationException("this engine keeps no compaction debt");
  }

  /** The engine's own figures now ({@code enginestats}), in the common schema. */
  EngineStats.Figures statistics() throws Exception;

  /**
   * The engine's counters now, taken while the run goes on ({@code enginestats.from}): the figures
   * of {@link #statistics} an engine can read without slowing the run (WiredTiger leaves out its
   * walk of the tree).
   */
  default EngineStats.Figures counters() throws Exception {
    return statistics();
  }

  /**
   * Closes the engine, without a flush: the last cleanup calls {@link #flush} first if asked.
   * Called once: by the last lease's release ({@link SharedEngines}), or by {@link EngineClient}
   * when the directory it just opened cannot be marked as the binding's.
   */
  @Override
  void close() throws java.io.IOException, site.ycsb.DBException;

  /**
   * The engine and version this process runs, as the engine itself reports it (for example {@code
   * RocksDB 11.8.1}).
   */
  String version();
}
