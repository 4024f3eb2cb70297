package io.github.ycsbembedded.mvstore;

import io.github.ycsbembedded.core.BindingDescriptor;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The mvstore binding as it registers itself ({@link java.util.ServiceLoader}): H2's MVStore, whose
 * whole database is one file, {@value #FILE}, which the engine locks while it has it open. Loads
 * nothing of the engine.
 */
public final class MvStoreDescriptor extends BindingDescriptor {
  /** The store's one file in the data directory. */
  static final String FILE = "data.mv.db";

  /** The binding's properties besides those every binding takes. */
  static final Set<String> PROPERTIES =
      Set.of(
          "mvstore.sync", "mvstore.cache_size", "mvstore.compression", "mvstore.batch_parallelism");

  public MvStoreDescriptor() {
    super(
        "mvstore",
        "MVStore",
        "io.github.ycsbembedded.mvstore.MvStoreClient",
        PROPERTIES,
        List.of(FILE),
        4,
        // MVStore's file names end in .mv.db (H2's own convention)
        name -> name.endsWith(".mv.db"),
        // MVStore keeps no log: each commit writes a chunk of pages into the store's file
        name -> false);
  }

  /** MVStore locks its file ({@code FileChannel.tryLock}) while a process has it open. */
  @Override
  public List<String> lockFiles() {
    return List.of(FILE);
  }

  /** MVStore's cache is Java objects in the JVM's heap. */
  @Override
  public boolean cacheInHeap() {
    return true;
  }

  /** The reports' brown, apart from the other engines'. */
  @Override
  public OptionalInt chartColour() {
    return OptionalInt.of(0x8c564b);
  }
}
