package io.github.ycsbembedded.leveldb;

import io.github.ycsbembedded.core.EngineDescriptor;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The leveldb binding as it registers itself ({@link java.util.ServiceLoader}): LevelDB 1.23:
 * CURRENT, MANIFEST-* and .ldb tables (RocksDB writes the same names, so it comes after RocksDB).
 * Loads nothing of the engine.
 */
public final class LevelDbDescriptor implements EngineDescriptor {
  /** The binding's properties besides those every binding takes. */
  static final Set<String> PROPERTIES =
      Set.of(
          "leveldb.cache_size",
          "leveldb.write_buffer_size",
          "leveldb.max_file_size",
          "leveldb.block_size",
          "leveldb.max_open_files",
          "leveldb.filter_bits",
          "leveldb.compression",
          "leveldb.verify_checksums",
          "leveldb.paranoid_checks",
          "leveldb.sync",
          "leveldb.mmap_reads",
          "leveldb.batch_parallelism",
          "leveldb.compact_on_close");

  @Override
  public String name() {
    return "leveldb";
  }

  @Override
  public String displayName() {
    return "LevelDB";
  }

  @Override
  public String clientClass() {
    return "io.github.ycsbembedded.leveldb.LevelDbClient";
  }

  @Override
  public Set<String> properties() {
    return PROPERTIES;
  }

  @Override
  public List<String> essentialFiles() {
    return List.of("CURRENT");
  }

  @Override
  public boolean ownsFile(String name) {
    return name.equals("CURRENT") || name.startsWith("MANIFEST-") || name.endsWith(".ldb");
  }

  @Override
  public boolean isLog(String name) {
    return name.matches("[0-9]+\\.log");
  }

  @Override
  public int recognitionOrder() {
    return 3;
  }

  /** Matplotlib's green, as the reports always drew it. */
  @Override
  public OptionalInt chartColour() {
    return OptionalInt.of(0x2ca02c);
  }
}
