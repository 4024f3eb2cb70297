package io.github.ycsbembedded.experiments.peers;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The engine options each side is given, the same engine configuration on both: YCSB-cpp's own
 * properties files ({@code <engine>/<engine>.properties} in its checkout) set what it does not take
 * from the command line, and our side is set to match them. Upstream YCSB 0.17.0's RocksDB client
 * takes no option but its directory: it opens RocksDB with {@code optimizeLevelStyleCompaction()}
 * and RocksDB's defaults, which the report states beside its figures.
 */
public final class PeerSettings {
  /** The JVM heap of both Java sides. */
  static final String HEAP = "256m";

  /** The young generation of both Java sides, as {@code bin/ycsb} sizes it beside a heap. */
  static final String YOUNG = "32m";

  /**
   * LMDB's map on both sides: YCSB-cpp's LMDB stops at its map's size ({@code MDB_MAP_FULL}), where
   * ours grows it; at {@code small} (1,000,000 records of about 1.1 KB) a map of 1 GiB stopped
   * YCSB-cpp's load. The file grows only as pages are written.
   */
  static final long LMDB_MAP_BYTES = 8L << 30;

  private PeerSettings() {}

  /** The engine properties {@code side} is given for {@code engine}; none for upstream YCSB's. */
  static Map<String, String> of(Side side, String engine) {
    return switch (side) {
      case OURS -> ours(engine);
      case YCSB_CPP -> ycsbCpp(engine);
      case YCSB -> Map.of();
    };
  }

  /**
   * Our binding's properties for {@code engine}: those of YCSB-cpp's properties files where the two
   * differ by default.
   */
  public static Map<String, String> ours(String engine) {
    Map<String, String> p = new LinkedHashMap<>();
    switch (engine) {
      case "lmdb" -> {
        // YCSB-cpp links the system's LMDB and opens it MDB_NOSYNC (lmdb.nosync=true), as our
        // lmdb.sync=false does
        p.put("lmdb.library", "system");
        p.put("lmdb.mapsize", "8g");
      }
      case "rocksdb" -> {
        p.put("rocksdb.cache_size", "8m");
        p.put("rocksdb.compression", "none");
        p.put("rocksdb.write_buffer_size", "64m");
        // YCSB-cpp's rocksdb.properties sets no filter (rocksdb.bloom_bits=0)
        p.put("rocksdb.bloom_bits", "0");
      }
      case "leveldb" -> {
        p.put("leveldb.cache_size", "128m");
        p.put("leveldb.write_buffer_size", "64m");
        p.put("leveldb.max_file_size", "64m");
        p.put("leveldb.compression", "none");
        p.put("leveldb.filter_bits", "10");
        // YCSB-cpp reads with LevelDB's defaults: no block checksums verified, no paranoid checks
        p.put("leveldb.verify_checksums", "false");
        p.put("leveldb.paranoid_checks", "false");
      }
      case "wiredtiger" -> {
        p.put("wiredtiger.cache_size", "64m");
        // YCSB-cpp opens WiredTiger without its log
        p.put("wiredtiger.log", "false");
        // YCSB-cpp's table: its wiredtiger.properties' page sizes
        p.put(
            "wiredtiger.table_config",
            "allocation_size=4KB,internal_page_max=4KB,leaf_page_max=32KB");
      }
      default -> throw new IllegalArgumentException(engine);
    }
    return p;
  }

  /**
   * YCSB-cpp's properties for {@code engine} beyond its properties file: compression off where the
   * file turns it on (our side stores without compression).
   */
  public static Map<String, String> ycsbCpp(String engine) {
    Map<String, String> p = new LinkedHashMap<>();
    switch (engine) {
      case "lmdb" -> {
        p.put("lmdb.mapsize", Long.toString(LMDB_MAP_BYTES));
        p.put("lmdb.nosync", "true");
      }
      case "rocksdb" -> {
        p.put("rocksdb.cache_size", Long.toString(8L << 20));
        p.put("rocksdb.compression", "no");
        p.put("rocksdb.write_buffer_size", Long.toString(64L << 20));
        p.put("rocksdb.bloom_bits", "0");
      }
      case "leveldb" -> {
        p.put("leveldb.cache_size", Long.toString(128L << 20));
        p.put("leveldb.write_buffer_size", Long.toString(64L << 20));
        p.put("leveldb.max_file_size", Long.toString(64L << 20));
        p.put("leveldb.compression", "no");
        p.put("leveldb.filter_bits", "10");
      }
      case "wiredtiger" -> {
        p.put("wiredtiger.cache_size", "64MB");
        // Debian's WiredTiger has no built-in snappy, which the properties file asks for
        p.put("wiredtiger.blk_mgr.compressor", "");
      }
      default -> throw new IllegalArgumentException(engine);
    }
    return p;
  }

  /** The property of each side that names the engine's data directory. */
  static String directoryProperty(Side side, String engine) {
    return switch (side) {
      case OURS -> engine + ".dir";
      case YCSB -> "rocksdb.dir";
      case YCSB_CPP ->
          switch (engine) {
            case "lmdb" -> "lmdb.dbpath";
            case "wiredtiger" -> "wiredtiger.home";
            default -> engine + ".dbname";
          };
    };
  }
}
