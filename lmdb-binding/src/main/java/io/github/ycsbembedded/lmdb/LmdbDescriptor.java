package io.github.ycsbembedded.lmdb;

import io.github.ycsbembedded.core.BindingDescriptor;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The lmdb binding as it registers itself ({@link java.util.ServiceLoader}): LMDB: one data file
 * and its lock file; no write-ahead log. Loads nothing of the engine.
 */
public final class LmdbDescriptor extends BindingDescriptor {
  /** The binding's properties besides those every binding takes. */
  static final Set<String> PROPERTIES =
      Set.of(
          "lmdb.mapsize",
          "lmdb.sync",
          "lmdb.nometasync",
          "lmdb.writemap",
          "lmdb.nordahead",
          "lmdb.maxreaders",
          "lmdb.batch_parallelism",
          "lmdb.library");

  public LmdbDescriptor() {
    super(
        "lmdb",
        "LMDB",
        "io.github.ycsbembedded.lmdb.LmdbClient",
        PROPERTIES,
        List.of("data.mdb"),
        0,
        name -> name.equals("data.mdb") || name.equals("lock.mdb"),
        name -> false);
  }

  /** Matplotlib's blue, as the reports always drew it. */
  @Override
  public OptionalInt chartColour() {
    return OptionalInt.of(0x1f77b4);
  }
}
