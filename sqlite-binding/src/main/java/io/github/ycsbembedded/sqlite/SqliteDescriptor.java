package io.github.ycsbembedded.sqlite;

import io.github.ycsbembedded.core.BindingDescriptor;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The sqlite binding as it registers itself ({@link java.util.ServiceLoader}): SQLite, one database
 * file in the directory with its write-ahead log and the log's shared-memory index beside it. Loads
 * nothing of the engine.
 */
public final class SqliteDescriptor extends BindingDescriptor {
  /** The database file inside {@code sqlite.dir}. */
  static final String DATABASE = "ycsb.sqlite";

  /** SQLite's write-ahead log of {@link #DATABASE} (WAL mode). */
  static final String WAL = DATABASE + "-wal";

  /**
   * The WAL's shared-memory index: every connection holds a read lock on it while open, which the
   * directory checks probe.
   */
  static final String SHM = DATABASE + "-shm";

  /** The binding's properties besides those every binding takes. */
  static final Set<String> PROPERTIES =
      Set.of(
          "sqlite.sync",
          "sqlite.cache_size",
          "sqlite.page_size",
          "sqlite.mmap_size",
          "sqlite.busy_timeout_ms");

  public SqliteDescriptor() {
    super(
        "sqlite",
        "SQLite",
        "io.github.ycsbembedded.sqlite.SqliteClient",
        PROPERTIES,
        List.of(DATABASE),
        4,
        name ->
            name.equals(DATABASE)
                || name.equals(WAL)
                || name.equals(SHM)
                || name.equals(DATABASE + "-journal"),
        name -> name.equals(WAL));
  }

  @Override
  public List<String> lockFiles() {
    return List.of(SHM);
  }

  /** The reports' pink, apart from the other engines'. */
  @Override
  public OptionalInt chartColour() {
    return OptionalInt.of(0xe377c2);
  }
}
