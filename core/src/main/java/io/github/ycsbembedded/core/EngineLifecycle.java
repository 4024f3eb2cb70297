package io.github.ycsbembedded.core;

import io.github.ycsbembedded.core.EngineFailure.Condition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import site.ycsb.DBException;

/**
 * A binding client's life around its engine, from {@code init()} to {@code cleanup()}: read the
 * properties ({@link BindingProperties}, refusing unknown ones with the binding's prefix), check
 * the directory before opening it ({@link EngineDirectory}), share one engine per directory ({@link
 * SharedEngines}), say once which engine version runs, and on the last client's close do the last
 * cleanup ({@link LastCleanup}) and check that the directory still holds what the run wrote.
 *
 * @param <E> the shared engine handle
 */
final class EngineLifecycle<E extends EngineHandle> {
  /** Sets up a client thread's state on the shared engine. */
  @FunctionalInterface
  interface ThreadInit<E> {
    void init(E engine, BindingProperties properties) throws DBException;
  }

  /** Releases a client thread's state. */
  @FunctionalInterface
  interface ThreadCleanup {
    void cleanup() throws DBException;
  }

  private static final Set<String> ANNOUNCED = new HashSet<>();

  /** Set while {@link CheckedClient}'s pre-flight opens and closes the binding, which is no run. */
  private static volatile boolean preflight;

  private final String name;
  private final Class<E> engineType;
  private final EngineClient.Opener<E> opener;
  private final Set<String> properties;
  private final List<String> essentialFiles;
  private final EngineMessages messages;
  private SharedEngines.Lease<E> lease;

  /** What the last cleanup does before the engine closes: a flush, the engine's figures. */
  private LastCleanup lastCleanup;

  EngineLifecycle(
      EngineDescriptor engine,
      Class<E> engineType,
      EngineClient.Opener<E> opener,
      EngineMessages messages) {
    this.name = engine.name();
    this.engineType = engineType;
    this.opener = opener;
    this.properties = Engines.properties(engine);
    this.essentialFiles = engine.essentialFiles();
    this.messages = messages;
  }

  /** Every property the binding accepts with its prefix. */
  Set<String> properties() {
    return properties;
  }

  /** Marks the pre-flight's open and close, whose flush is not reported (see {@link #close}). */
  static void preflight(boolean on) {
    preflight = on;
  }

  /**
   * Opens (or shares) the engine of the directory the properties name and sets up this thread.
   *
   * @param client the binding's class, named in the line that says which engine runs
   * @param multiProcess whether the engine lets several processes open one directory
   */
  void open(Properties props, String client, boolean multiProcess, ThreadInit<E> initThread)
      throws DBException {
    BindingProperties bound = new BindingProperties(props).declare(name + ".", properties);
    Path directory = bound.requiredDirectory(name + ".dir");
    boolean destroy = bound.bool(name + ".destroy", false);
    lastCleanup = new LastCleanup(name, bound, properties.contains(name + ".compact_on_close"));
    lease =
        SharedEngines.acquire(
            directory, engineType, dir -> open(dir, bound, destroy, multiProcess, client));
    if (!preflight) {
      lastCleanup.scheduleWindowStart(lease.engine());
    }
    try {
      initThread.init(lease.engine(), bound);
    } catch (DBException | RuntimeException e) {
      lease.close();
      lease = null;
      throw e;
    }
  }

  /** The shared engine; valid between {@link #open} and {@link #close}. */
  E engine() {
    return lease.engine();
  }

  /**
   * Checks (and for destroy wipes) the directory, opens the engine, marks the directory as ours.
   */
  private E open(
      Path dir, BindingProperties bound, boolean destroy, boolean multiProcess, String client)
      throws DBException {
    EngineDirectory.prepare(dir, name, destroy, multiProcess);
    E engine;
    try {
      engine = opener.open(dir, bound);
    } catch (DBException e) {
      throw e;
    } catch (Exception | LinkageError e) {
      throw messages.failure("cannot open " + dir, e);
    }
    announce(engine, client);
    try {
      EngineDirectory.mark(dir, name);
    } catch (IOException e) {
      try {
        engine.close();
      } catch (Exception closing) {
        e.addSuppressed(closing);
      }
      throw new EngineFailure(
          Condition.IO_ERROR,
          name + ": cannot write " + dir.resolve(EngineDirectory.MARKER) + ": " + e.getMessage());
    }
    return engine;
  }

  /**
   * Prints, once per process and binding, which binding class runs and on which engine version, so
   * that every run says what it measured whichever launcher started it (through {@code bin/ycsb}
   * the line comes before YCSB's own output). It goes to stdout, beside YCSB's report, so that
   * stderr keeps to the one line of a failure.
   */
  private void announce(E engine, String client) {
    String version;
    try {
      version = engine.version();
    } catch (RuntimeException e) {
      version = "version unknown (" + e.getMessage() + ")";
    }
    synchronized (ANNOUNCED) {
      if (ANNOUNCED.add(name)) {
        System.out.println(name + ": " + client + " on " + version);
      }
    }
  }

  /**
   * Releases this thread's state and, for the last client, closes the engine. A failure (a
   * checkpoint or flush that could not be written) is printed by YCSB as the one line of its {@link
   * EngineFailure}, and recorded in {@link RunStatus} so that {@code bin/ycsb} exits non-zero.
   */
  void close(ThreadCleanup cleanupThread) throws DBException {
    if (lease == null) {
      return;
    }
    EngineFailure threadFailure = null;
    try {
      cleanupThread.cleanup();
    } catch (DBException | RuntimeException e) {
      threadFailure = failedCleanup(e);
    }
    // the lease is released whatever the thread's cleanup did; a failure to close the engine wins
    SharedEngines.Lease<E> held = lease;
    lease = null;
    long start = System.nanoTime();
    boolean closedEngine;
    try {
      closedEngine = held.release(this::beforeClose);
    } catch (DBException | RuntimeException e) {
      throw failedCleanup(e);
    }
    if (closedEngine && !preflight) {
      // the last cleanup lies inside YCSB's [OVERALL] RunTime; said on its own so that a run can be
      // compared with a client that closes otherwise
      System.out.println(
          name
              + ": closing "
              + held.directory()
              + lastCleanup.work()
              + " took "
              + (System.nanoTime() - start) / 1_000_000
              + " ms");
      String removed = removedDuringRun(held.directory());
      if (removed != null) {
        RunStatus.failed(removed);
        throw new EngineFailure(Condition.IO_ERROR, removed);
      }
    }
    if (threadFailure != null) {
      throw threadFailure;
    }
  }

  /**
   * Why the engine's directory no longer holds what it wrote, or null: the directory, or a file the
   * engine cannot open without, was removed while the run used it. An engine may write on into an
   * unlinked file (LMDB's map stays mapped) and close without an error, and the run would otherwise
   * end well with its data gone.
   */
  private String removedDuringRun(Path directory) {
    if (!Files.isDirectory(directory)) {
      return name
          + ": "
          + directory
          + " was removed during the run; what the run wrote there is gone";
    }
    for (String file : essentialFiles) {
      if (!Files.exists(directory.resolve(file))) {
        return name
            + ": "
            + directory.resolve(file)
            + " was removed during the run; the directory no longer holds a "
            + name
            + " database";
      }
    }
    return null;
  }

  /**
   * The last client's work before the engine closes ({@link LastCleanup}); none in a pre-flight.
   */
  private void beforeClose(E engine) throws Exception {
    if (!preflight) {
      lastCleanup.run(engine, messages::failure);
    }
  }

  private EngineFailure failedCleanup(Exception e) {
    EngineFailure failure;
    if (e instanceof EngineFailure f) {
      failure = f;
    } else if (e instanceof DBException) {
      // a binding's own message, about the engine error it wraps
      failure =
          new EngineFailure(
              e.getCause() == null ? Condition.OTHER : messages.conditionOf(e.getCause()),
              e.getMessage());
    } else {
      failure = messages.failure("closing failed", e);
    }
    RunStatus.failed(failure.getMessage());
    return failure;
  }
}
