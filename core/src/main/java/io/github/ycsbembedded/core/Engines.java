package io.github.ycsbembedded.core;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The one registry of the engines this project binds: each engine's binding name (also its
 * properties' prefix and its folder, {@code <name>-binding}), the name it goes by, its client
 * class, the colour it has in every chart, the files without which a database of it would start
 * empty, and how its own file names are told apart. The directory check, the JMH benchmarks and the
 * reports' charts read it; the launchers' {@code bin/bindings.properties} (stock YCSB's format) is
 * checked against it by a test.
 */
public final class Engines {
  private Engines() {}

  /**
   * One engine.
   *
   * @param name the binding's name and property prefix ({@code lmdb})
   * @param displayName what the engine is called ({@code LMDB})
   * @param clientClass the binding's YCSB client
   * @param colour its colour in charts, as 0xRRGGBB
   * @param essentialFiles files a database of it cannot lose without starting empty
   * @param ownsFile whether a file name is one only this engine writes
   * @param isLog whether a file name is one of its write-ahead log's (what a reopen replays)
   */
  public record Engine(
      String name,
      String displayName,
      String clientClass,
      int colour,
      List<String> essentialFiles,
      Predicate<String> ownsFile,
      Predicate<String> isLog) {}

  // in the order a directory's files are recognized: RocksDB writes LevelDB's file names too
  private static final List<Engine> ALL =
      List.of(
          new Engine(
              "lmdb",
              "LMDB",
              "io.github.ycsbembedded.lmdb.LmdbClient",
              0x1f77b4,
              List.of("data.mdb"),
              n -> n.equals("data.mdb") || n.equals("lock.mdb"),
              n -> false),
          new Engine(
              "rocksdb",
              "RocksDB",
              "io.github.ycsbembedded.rocksdb.RocksDbClient",
              0xd62728,
              List.of("CURRENT"),
              n -> n.equals("IDENTITY") || n.startsWith("OPTIONS-"),
              n -> n.matches("[0-9]+\\.log")),
          new Engine(
              "leveldb",
              "LevelDB",
              "io.github.ycsbembedded.leveldb.LevelDbClient",
              0x2ca02c,
              List.of("CURRENT"),
              n -> n.equals("CURRENT") || n.startsWith("MANIFEST-") || n.endsWith(".ldb"),
              n -> n.matches("[0-9]+\\.log")),
          new Engine(
              "wiredtiger",
              "WiredTiger",
              "io.github.ycsbembedded.wiredtiger.WiredTigerClient",
              0x9467bd,
              List.of("WiredTiger.turtle", "WiredTiger.wt"),
              n -> n.startsWith("WiredTiger") || n.endsWith(".wt"),
              n -> n.matches("WiredTiger(Log|Preplog|TmpLog)\\.[0-9]+")));

  /** Every engine, in the project's order. */
  public static List<Engine> all() {
    return ALL;
  }

  /** The engine of a binding name, if it is one of ours. */
  public static Optional<Engine> named(String name) {
    return ALL.stream().filter(e -> e.name().equals(name)).findFirst();
  }

  /**
   * The engine whose own file names are among {@code names}, if any: WiredTiger and LMDB by their
   * own names, then RocksDB (which also writes LevelDB's names), then LevelDB.
   */
  public static Optional<Engine> recognize(List<String> names) {
    for (String order : List.of("lmdb", "wiredtiger", "rocksdb", "leveldb")) {
      Engine engine = named(order).orElseThrow();
      if (names.stream().anyMatch(engine.ownsFile())) {
        return Optional.of(engine);
      }
    }
    return Optional.empty();
  }
}
