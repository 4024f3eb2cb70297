package io.github.ycsbembedded.berkeleydb;

import io.github.ycsbembedded.core.BindingDescriptor;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The berkeleydb binding as it registers itself ({@link java.util.ServiceLoader}): Berkeley DB Java
 * Edition, a log-structured B+tree whose numbered log files ({@code 00000000.jdb}, ...) are the
 * store itself. Loads nothing of the engine.
 *
 * <p>No one file is essential: JE's cleaner deletes any log file whose records all became obsolete,
 * the first one included. An environment that lost every log file would start empty; the engine
 * refuses a directory marked as the binding's that holds none ({@link BerkeleyDbEngine}).
 */
public final class BerkeleyDbDescriptor extends BindingDescriptor {
  /** The binding's properties besides those every binding takes. */
  static final Set<String> PROPERTIES =
      Set.of(
          "berkeleydb.cache_size",
          "berkeleydb.sync",
          "berkeleydb.free_disk",
          "berkeleydb.log_file_size",
          "berkeleydb.lock_timeout_ms",
          "berkeleydb.retry_timeout_ms",
          "berkeleydb.batch_parallelism");

  /** A JE log file: eight hex digits, {@code .jdb} (or {@code .del}, a cleaned one kept). */
  static final Pattern LOG_FILE = Pattern.compile("[0-9a-f]{8}\\.(jdb|del|bad)");

  /** JE's lock file, its logging output and its statistics files, in the environment's home. */
  private static final Pattern OWN_FILE =
      Pattern.compile("je\\.lck|je\\.info\\.[0-9]+(\\.lck)?|je\\.(stat|config)(\\.[0-9]+)?\\.csv");

  public BerkeleyDbDescriptor() {
    super(
        "berkeleydb",
        "Berkeley DB JE",
        "io.github.ycsbembedded.berkeleydb.BerkeleyDbClient",
        PROPERTIES,
        List.of(), // none: see the class comment
        4,
        name -> LOG_FILE.matcher(name).matches() || OWN_FILE.matcher(name).matches(),
        // JE's log is the store: its files hold the records themselves, not a log replayed into
        // them
        name -> false);
  }

  /** JE locks {@code je.lck} while an environment is open (exclusively, for a writer). */
  @Override
  public List<String> lockFiles() {
    return List.of("je.lck");
  }

  /** JE's cache is Java objects in the JVM's heap. */
  @Override
  public boolean cacheInHeap() {
    return true;
  }

  /** The reports' cyan, apart from the other engines'. */
  @Override
  public OptionalInt chartColour() {
    return OptionalInt.of(0x17becf);
  }
}
