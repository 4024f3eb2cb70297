package io.github.ycsbembedded.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
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

  /** {@code enginestats.from}: seconds after the engine opened to take its counters, or null. */
  private final Double fromSeconds;

  /**
   * Each open engine's counters at {@code enginestats.from}, taken once per engine by a daemon
   * thread whoever of its clients starts first; removed at its last cleanup.
   */
  private static final Map<EngineHandle, WindowStart> STARTS =
      java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>());

  /** The counters taken at the window's start, and when (ms after the engine opened). */
  private record WindowStart(
      java.util.concurrent.CompletableFuture<EngineStats.Figures> figures,
      java.util.concurrent.atomic.AtomicLong atMillis) {}

  /**
   * @param compacts whether the binding takes {@code <name>.compact_on_close} (its descriptor lists
   *     it)
   */
  LastCleanup(String name, BindingProperties properties, boolean compacts) throws DBException {
    this.name = name;
    this.flush = properties.bool(name + ".flush_on_close", false);
    this.compact = compacts && properties.bool(name + ".compact_on_close", false);
    this.statsFile = statsFile(properties);
    this.fromSeconds = properties.numberIfGiven(EngineStats.FROM_PROPERTY, 0, 86_400);
  }

  /**
   * Takes {@code engine}'s counters {@code enginestats.from} seconds from now, once per engine (the
   * first client to start asks; the engine opened just before).
   */
  void scheduleWindowStart(EngineHandle engine) {
    if (statsFile == null || fromSeconds == null) {
      return;
    }
    STARTS.computeIfAbsent(
        engine,
        e -> {
          long opened = System.nanoTime();
          java.util.concurrent.atomic.AtomicLong at =
              new java.util.concurrent.atomic.AtomicLong(-1);
          java.util.concurrent.CompletableFuture<EngineStats.Figures> figures =
              new java.util.concurrent.CompletableFuture<>();
          if (fromSeconds == 0) {
            // from the start: taken now, before the first operation
            try {
              figures.complete(e.counters());
              at.set(0);
            } catch (Exception failed) {
              figures.complete(null);
            }
            return new WindowStart(figures, at);
          }
          Thread taker =
              new Thread(
                  () -> {
                    try {
                      Thread.sleep((long) (fromSeconds * 1000));
                      EngineStats.Figures now = e.counters();
                      at.set((System.nanoTime() - opened) / 1_000_000);
                      figures.complete(now);
                    } catch (InterruptedException stopped) {
                      figures.complete(null);
                    } catch (Exception failed) {
                      figures.complete(null); // no window figures; the end's are still written
                    }
                  },
                  name + "-stats-window");
          taker.setDaemon(true);
          taker.start();
          return new WindowStart(figures, at);
        });
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
    WindowStart window = STARTS.remove(engine);
    // counters not yet taken when the run ends (a run shorter than its warm-up) are no window
    EngineStats.Figures atStart =
        window == null || !window.figures().isDone() ? null : window.figures().getNow(null);
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
        new EngineStats(
                EngineStats.SCHEMA,
                name,
                version,
                atStart,
                atStart == null ? null : window.atMillis().get(),
                before,
                after,
                flushMillis)
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
