package io.github.ycsbembedded.core;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import site.ycsb.DBException;

/**
 * The process-wide registry of open engines, one per canonical data directory, reference counted:
 * the first {@link #acquire} opens the engine, the last {@link Lease#close} closes it. Bindings
 * keep a {@link Lease} per client thread and nothing process-wide of their own.
 */
public final class SharedEngines {
  private static final Map<Path, Entry> OPEN = new HashMap<>();

  private SharedEngines() {}

  /** Opens an engine; on failure it must close whatever it opened before throwing. */
  @FunctionalInterface
  public interface Opener<E extends AutoCloseable> {
    E open(Path directory) throws Exception;
  }

  /**
   * Returns a lease on the engine of {@code directory}, opening it with {@code opener} when no
   * other lease holds it.
   *
   * @param directory a canonical path ({@link BindingProperties#requiredDirectory} gives one)
   * @throws DBException if the open fails, or the directory is already open as another engine
   */
  public static <E extends AutoCloseable> Lease<E> acquire(
      Path directory, Class<E> type, Opener<E> opener) throws DBException {
    synchronized (OPEN) {
      Entry entry = OPEN.get(directory);
      if (entry == null) {
        E engine;
        try {
          engine = opener.open(directory);
        } catch (DBException e) {
          throw e;
        } catch (Exception e) {
          throw new DBException(
              "cannot open " + directory + ": " + BindingProperties.describe(e), e);
        }
        entry = new Entry(engine);
        OPEN.put(directory, entry);
      } else if (!type.isInstance(entry.engine)) {
        throw new DBException(
            directory
                + " is already open in this process as "
                + entry.engine.getClass().getSimpleName()
                + ", not "
                + type.getSimpleName());
      }
      entry.leases++;
      return new Lease<>(directory, type, type.cast(entry.engine));
    }
  }

  /** Whether an engine is open on {@code directory} in this process. */
  public static boolean isOpen(Path directory) {
    synchronized (OPEN) {
      return OPEN.containsKey(directory);
    }
  }

  /** What the last holder does with the engine before it is closed (its final figures, a flush). */
  @FunctionalInterface
  public interface BeforeClose<E> {
    void accept(E engine) throws Exception;
  }

  /**
   * Closes under the lock, so that nobody reopens the directory while it is still closing; the last
   * holder's {@code beforeClose} runs first (an exception from it still closes the engine, then is
   * thrown). Returns whether this release closed the engine.
   */
  private static <E> boolean release(Path directory, Class<E> type, BeforeClose<E> beforeClose)
      throws Exception {
    synchronized (OPEN) {
      Entry entry = OPEN.get(directory);
      if (entry == null || --entry.leases > 0) {
        return false;
      }
      OPEN.remove(directory);
      try {
        beforeClose.accept(type.cast(entry.engine));
      } catch (Exception e) {
        try {
          entry.engine.close();
        } catch (Exception closing) {
          e.addSuppressed(closing);
        }
        throw e;
      }
      entry.engine.close();
      return true;
    }
  }

  private static final class Entry {
    final AutoCloseable engine;
    int leases;

    Entry(AutoCloseable engine) {
      this.engine = engine;
    }
  }

  /** One holder's share of an open engine. Closing twice is harmless. */
  public static final class Lease<E extends AutoCloseable> implements AutoCloseable {
    private final Path directory;
    private final Class<E> type;
    private final E engine;
    private boolean closed;

    private Lease(Path directory, Class<E> type, E engine) {
      this.directory = directory;
      this.type = type;
      this.engine = engine;
    }

    public E engine() {
      return engine;
    }

    public Path directory() {
      return directory;
    }

    /** Releases this share; the last one closes the engine and reports its close errors. */
    @Override
    public void close() throws DBException {
      release();
    }

    /** As {@link #close}, and says whether this share was the last, which closed the engine. */
    public boolean release() throws DBException {
      return release(engine -> {});
    }

    /**
     * As {@link #release()}, the last share running {@code beforeClose} on the engine before it is
     * closed (under the lock: no other thread opens the directory meanwhile).
     */
    public boolean release(BeforeClose<E> beforeClose) throws DBException {
      if (closed) {
        return false;
      }
      closed = true;
      try {
        return SharedEngines.release(directory, type, beforeClose);
      } catch (DBException e) {
        throw e;
      } catch (Exception e) {
        throw new DBException(
            "closing " + directory + " failed: " + BindingProperties.describe(e), e);
      }
    }
  }
}
