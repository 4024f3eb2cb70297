package io.github.ycsbembedded.leveldb;

import io.github.ycsbembedded.core.BindingDescriptor;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The leveldb binding as it registers itself ({@link java.util.ServiceLoader}): LevelDB 1.23:
 * CURRENT, MANIFEST-* and .ldb tables (RocksDB writes the same names, so it comes after RocksDB).
 * Loads nothing of the engine.
 */
public final class LevelDbDescriptor extends BindingDescriptor {
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

  public LevelDbDescriptor() {
    super(
        "leveldb",
        "LevelDB",
        "io.github.ycsbembedded.leveldb.LevelDbClient",
        PROPERTIES,
        List.of("CURRENT"),
        3,
        name -> name.equals("CURRENT") || name.startsWith("MANIFEST-") || name.endsWith(".ldb"),
        name -> name.matches("[0-9]+\\.log"));
  }

  /** Matplotlib's green, as the reports always drew it. */
  @Override
  public OptionalInt chartColour() {
    return OptionalInt.of(0x2ca02c);
  }
}
