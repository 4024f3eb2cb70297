package io.github.ycsbembedded.core;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What a binding module says of its engine, the one place a binding is registered: each binding
 * module publishes one implementation through {@link java.util.ServiceLoader} ({@code
 * META-INF/services/io.github.ycsbembedded.core.EngineDescriptor}), and {@link Engines} reads them.
 * The launchers, the directory checks, the experiment runner and the benchmarks all learn the
 * engines from here. An implementation must load nothing of its engine: the runner and the
 * directory checks read descriptors with no engine library on the classpath.
 */
public interface EngineDescriptor {
  /** The binding's name: its property prefix, its folder ({@code <name>-binding}), e.g. lmdb. */
  String name();

  /** What the engine is called, e.g. LMDB. */
  String displayName();

  /** The binding's YCSB client class. */
  String clientClass();

  /**
   * The properties the binding takes besides those every binding takes ({@link
   * Engines#COMMON_PROPERTIES}), with its prefix, e.g. {@code lmdb.mapsize}.
   */
  Set<String> properties();

  /** Files a database of the engine cannot lose without starting empty. */
  List<String> essentialFiles();

  /** Whether a file name is one only this engine writes. */
  boolean ownsFile(String fileName);

  /** Whether a file name is one of the engine's write-ahead log (what a reopen replays). */
  boolean isLog(String fileName);

  /**
   * Files the engine holds a lock on (fcntl, as Java's {@code FileChannel.tryLock} takes one) while
   * it has the directory open, which tell that another process has it open; none by default. The
   * lock files of the four first engines ({@code LOCK}, {@code WiredTiger.lock}, {@code lock.mdb})
   * are known without it.
   */
  default List<String> lockFiles() {
    return List.of();
  }

  /**
   * Where the engine comes when a directory's files are told apart (lower first): an engine that
   * writes another's file names too (RocksDB writes LevelDB's) comes before that one.
   */
  int recognitionOrder();

  /**
   * The colour the reports draw the engine in, as {@code 0xRRGGBB}, the same in every chart; empty
   * (the default) gives the engine one of the reports' spare colours, the same for its name every
   * time.
   */
  default OptionalInt chartColour() {
    return OptionalInt.empty();
  }

  /**
   * Whether the engine's cache lives in the JVM's heap (a pure-Java engine: MVStore, Berkeley DB
   * JE) rather than in native memory or the OS page cache; false by default. The experiment runner
   * then gives a phase's JVM the engine's {@code <name>.cache_size} on top of its heap, and takes
   * the engine's memory from the engine's own statistics ({@code memoryBytes}), since the process's
   * memory beside the JVM's holds none of it.
   */
  default boolean cacheInHeap() {
    return false;
  }

  /**
   * The versions of the engine's Java library a run may choose with a property of the binding, when
   * it has more than the one it is built with ({@link EngineLibraries}); empty by default.
   */
  default Optional<Libraries> libraries() {
    return Optional.empty();
  }

  /**
   * Versions of an engine's Java library: {@code property} chooses one for a run, {@code builtWith}
   * is the binding's own (on its classpath; the default), {@code others} are kept each in a folder
   * {@code <name>-<version>} beside the binding's jar and on no classpath, and {@code marker} is a
   * class of the library, which tells the jar that holds it.
   */
  record Libraries(String property, String builtWith, List<String> others, String marker) {}
}
