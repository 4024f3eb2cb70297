package io.github.ycsbembedded.rocksdb;

import io.github.ycsbembedded.core.BindingDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.Set;

/**
 * The rocksdb binding as it registers itself ({@link java.util.ServiceLoader}): RocksDB: LevelDB's
 * file names and its own (IDENTITY, OPTIONS-*), so it is told apart before LevelDB. Loads nothing
 * of the engine.
 */
public final class RocksDbDescriptor extends BindingDescriptor {
  /** The binding's properties besides those every binding takes. */
  static final Set<String> PROPERTIES =
      Set.of(
          "rocksdb.max_write_buffer_number",
          "rocksdb.target_file_size_base",
          "rocksdb.target_file_size_multiplier",
          "rocksdb.max_bytes_for_level_base",
          "rocksdb.max_bytes_for_level_multiplier",
          "rocksdb.max_compaction_bytes",
          "rocksdb.level0_stop_writes_trigger",
          "rocksdb.level_compaction_dynamic_level_bytes",
          "rocksdb.cache_index_and_filter_blocks",
          "rocksdb.checksum",
          "rocksdb.optionsfile",
          "rocksdb.cache_size",
          "rocksdb.compression",
          "rocksdb.sync",
          "rocksdb.disable_wal",
          "rocksdb.write_buffer_size",
          "rocksdb.bloom_bits",
          "rocksdb.max_background_jobs",
          "rocksdb.batch_parallelism",
          "rocksdb.direct_reads",
          "rocksdb.compact_on_close",
          "rocksdb.library");

  /** The RocksDB versions a run may choose, as the build wrote them (library.properties). */
  private static final Libraries LIBRARIES = readLibraries();

  public RocksDbDescriptor() {
    super(
        "rocksdb",
        "RocksDB",
        "io.github.ycsbembedded.rocksdb.RocksDbClient",
        PROPERTIES,
        List.of("CURRENT"),
        2,
        name -> name.equals("IDENTITY") || name.startsWith("OPTIONS-"),
        name -> name.matches("[0-9]+\\.log"));
  }

  /** Matplotlib's red, as the reports always drew it. */
  @Override
  public OptionalInt chartColour() {
    return OptionalInt.of(0xd62728);
  }

  /** {@code rocksdb.library}: the build's rocksdbjni, or the Unum write-up's 6.20.3. */
  @Override
  public Optional<Libraries> libraries() {
    return Optional.of(LIBRARIES);
  }

  private static Libraries readLibraries() {
    Properties versions = new Properties();
    try (InputStream in = RocksDbDescriptor.class.getResourceAsStream("library.properties")) {
      versions.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Libraries(
        "rocksdb.library",
        versions.getProperty("builtWith"),
        Arrays.stream(versions.getProperty("others").split(",", -1)).map(String::trim).toList(),
        "org.rocksdb.RocksDB");
  }
}
