package io.github.ycsbembedded.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.function.BiFunction;
import site.ycsb.DBException;

/**
 * What the last client of an engine does before closing it ({@link EngineClient#cleanup}): takes
 * the JVM's own memory for the report and the engine's figures while its caches are still as the
 * run left them, then the flush {@code <name>.flush_on_close} asks for (or the flush and the wait
 * for pending compactions {@code <name>.compact_on_close} asks for, where the binding takes it),
 * then the figures again, written to {@code enginestats}. The properties are read and checked when
 * the client starts.
 */
final class LastCleanup {
  private final String name;

  /** {@code <name>.flush_on_close}: whether the last cleanup leaves the store cheap to reopen. */
  private final boolean flush;

  /**
   * {@code <name>.compact_on_close}: whether the last cleanup also waits for the engine's pending
   * compactions (read only for a binding that lists the property; false for the others).
   */
  private final boolean compact;

  /** {@code enginestats}: where the last cleanup writes the engine's figures, or null. */
  private final Path statsFile;

  /**
   * @param compacts whether the binding takes {@code <name>.compact_on_close} (its descriptor lists
   *     it)
   */
  LastCleanup(String name, BindingProperties properties, boolean compacts) throws DBException {
    this.name = name;
    this.flush = properties.bool(name + ".flush_on_close", false);
    this.compact = compacts && properties.bool(name + ".compact_on_close", false);
    this.statsFile = statsFile(properties);
  }

  /**
   * What the last cleanup does before closing, for the closing line: {@code " (with a final
   * flush)"}, {@code " (with a final flush and the pending compactions)"} or nothing.
   */
  String work() {
    if (compact) {
      return " (with a final flush and the pending compactions)";
    }
    return flush ? " (with a final flush)" : "";
  }

  /**
   * Runs on the engine before it closes; {@code failure} turns a flush the engine could not do into
   * the binding's one-line failure.
   */
  void run(EngineHandle engine, BiFunction<String, Throwable, EngineFailure> failure)
      throws Exception {
    JvmMemory.takeForReport();
    EngineStats.Figures before = statsFile == null ? null : engine.statistics();
    Long flushMillis = null;
    if (flush || compact) {
      long start = System.nanoTime();
      try {
        if (compact) {
          engine.compact();
        } else {
          engine.flush();
        }
      } catch (DBException e) {
        throw e;
      } catch (Exception e) {
        throw failure.apply(
            compact ? "the final flush and compactions failed" : "the final flush failed", e);
      }
      flushMillis = (System.nanoTime() - start) / 1_000_000;
    }
    if (statsFile != null) {
      EngineStats.Figures after = flush || compact ? engine.statistics() : null;
      String version;
      try {
        version = engine.version();
      } catch (RuntimeException e) {
        version = null;
      }
      try {
        new EngineStats(EngineStats.SCHEMA, name, version, before, after, flushMillis)
            .write(statsFile);
      } catch (IOException e) {
        RunStatus.failed(
            EngineStats.PROPERTY + ": cannot write " + statsFile + ": " + e.getMessage());
      }
    }
  }

  /**
   * The file {@code enginestats} names, checked before any work: its folder must exist and be
   * writable. Null when the property is not given (statistics off: the engines keep none).
   */
  private static Path statsFile(BindingProperties properties) throws DBException {
    String value = properties.raw(EngineStats.PROPERTY);
    if (value == null) {
      if (properties.isEmpty(EngineStats.PROPERTY)) {
        throw new DBException(
            EngineStats.PROPERTY + ": empty value; name a file, or leave it out for no statistics");
      }
      return null;
    }
    Path file = Paths.get(value).toAbsolutePath();
    Path folder = file.getParent();
    if (folder == null || !Files.isDirectory(folder) || !Files.isWritable(folder)) {
      throw new DBException(
          EngineStats.PROPERTY + ": '" + value + "': " + folder + " is not a writable folder");
    }
    return file;
  }
}
