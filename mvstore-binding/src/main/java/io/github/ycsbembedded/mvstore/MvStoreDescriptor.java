package io.github.ycsbembedded.mvstore;

import io.github.ycsbembedded.core.EngineDescriptor;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The mvstore binding as it registers itself ({@link java.util.ServiceLoader}): H2's MVStore, whose
 * whole database is one file, {@value #FILE}, which the engine locks while it has it open. Loads
 * nothing of the engine.
 */
public final class MvStoreDescriptor implements EngineDescriptor {
  /** The store's one file in the data directory. */
  static final String FILE = "data.mv.db";

  /** The binding's properties besides those every binding takes. */
  static final Set<String> PROPERTIES =
      Set.of(
          "mvstore.sync", "mvstore.cache_size", "mvstore.compression", "mvstore.batch_parallelism");

  @Override
  public String name() {
    return "mvstore";
  }

  @Override
  public String displayName() {
    return "MVStore";
  }

  @Override
  public String clientClass() {
    return "io.github.ycsbembedded.mvstore.MvStoreClient";
  }

  @Override
  public Set<String> properties() {
    return PROPERTIES;
  }

  @Override
  public List<String> essentialFiles() {
    return List.of(FILE);
  }

  /** MVStore's file names end in {@code .mv.db} (H2's own convention). */
  @Override
  public boolean ownsFile(String name) {
    return name.endsWith(".mv.db");
  }

  /** MVStore keeps no log: each commit writes a chunk of pages into the store's file. */
  @Override
  public boolean isLog(String name) {
    return false;
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

  @Override
  public int recognitionOrder() {
    return 4;
  }
}
