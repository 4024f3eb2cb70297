package io.github.ycsbembedded.sqlite;

import io.github.ycsbembedded.core.EngineDescriptor;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The sqlite binding as it registers itself ({@link java.util.ServiceLoader}): SQLite, one database
 * file in the directory with its write-ahead log and the log's shared-memory index beside it. Loads
 * nothing of the engine.
 */
public final class SqliteDescriptor implements EngineDescriptor {
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

  @Override
  public String name() {
    return "sqlite";
  }

  @Override
  public String displayName() {
    return "SQLite";
  }

  @Override
  public String clientClass() {
    return "io.github.ycsbembedded.sqlite.SqliteClient";
  }

  @Override
  public Set<String> properties() {
    return PROPERTIES;
  }

  @Override
  public List<String> essentialFiles() {
    return List.of(DATABASE);
  }

  @Override
  public boolean ownsFile(String name) {
    return name.equals(DATABASE)
        || name.equals(WAL)
        || name.equals(SHM)
        || name.equals(DATABASE + "-journal");
  }

  @Override
  public boolean isLog(String name) {
    return name.equals(WAL);
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

  @Override
  public int recognitionOrder() {
    return 4;
  }
}
