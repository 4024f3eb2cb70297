package io.github.ycsbembedded.leveldb;

import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.Directories;
import io.github.ycsbembedded.core.KeyLocks;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.fusesource.leveldbjni.JniDBFactory;
import org.iq80.leveldb.CompressionType;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.Options;
import org.iq80.leveldb.WriteOptions;
import site.ycsb.DBException;

/**
 * One LevelDB (the C++ engine, 1.13, bundled in leveldbjni 1.8) per data directory, shared by every
 * {@link LevelDbClient} of the process.
 */
final class LevelDbEngine implements AutoCloseable {
  /** A key no table prefix can start with: every prefix starts with a length of at least 1. */
  private static final byte[] BELOW_EVERY_TABLE = {0};

  private final DB db;
  private final WriteOptions writeOptions;
  private final KeyLocks keyLocks = new KeyLocks(1024);
  private boolean closed;

  private LevelDbEngine(DB db, WriteOptions writeOptions) {
    this.db = db;
    this.writeOptions = writeOptions;
  }

  static LevelDbEngine open(Path dir, BindingProperties p) throws Exception {
    long cacheSize = p.size("leveldb.cache_size", 8L << 20, 0);
    long writeBufferSize = p.size("leveldb.write_buffer_size", 4L << 20, 64 << 10);
    long blockSize = p.size("leveldb.block_size", 4L << 10, 1 << 10);
    int maxOpenFiles = p.integer("leveldb.max_open_files", 1000, 20, 1 << 20);
    int filterBits = p.integer("leveldb.filter_bits", 0, 0, 64);
    String compression = p.oneOf("leveldb.compression", "none", "none", "snappy");
    boolean sync = p.bool("leveldb.sync", false);
    boolean destroy = p.bool("leveldb.destroy", false);
    if (filterBits != 0) {
      throw new DBException("leveldb.filter_bits: '" + filterBits + "' is not supported: leveldbjni 1.8"
          + " has no filter policy in its API; use 0 (no Bloom filter)");
    }
    if (writeBufferSize > Integer.MAX_VALUE || blockSize > Integer.MAX_VALUE) {
      throw new DBException("leveldb.write_buffer_size and leveldb.block_size must be below 2g");
    }
    if (destroy) {
      Directories.wipe(dir);
    }

    Options options = new Options()
        .createIfMissing(true)
        .cacheSize(cacheSize)
        .writeBufferSize((int) writeBufferSize)
        .blockSize((int) blockSize)
        .maxOpenFiles(maxOpenFiles)
        .compressionType("snappy".equals(compression) ? CompressionType.SNAPPY : CompressionType.NONE);
    try {
      return new LevelDbEngine(JniDBFactory.factory.open(dir.toFile(), options), new WriteOptions().sync(sync));
    } catch (IOException | RuntimeException e) {
      String message = String.valueOf(e.getMessage());
      if (message.toLowerCase(Locale.ROOT).contains("lock")) {
        throw new DBException("leveldb: " + dir + " is in use by another process (" + message + ")", e);
      }
      throw new DBException("leveldb: cannot open " + dir + ": " + message, e);
    }
  }

  DB db() {
    return db;
  }

  WriteOptions writeOptions() {
    return writeOptions;
  }

  KeyLocks keyLocks() {
    return keyLocks;
  }

  /**
   * Writes the memtable to a table file, so the next open replays no log inside its timed window,
   * then closes. A compaction of a range below every table moves no data: LevelDB's
   * {@code CompactRange} flushes the memtable first and finds no file in that range. Idempotent.
   */
  @Override
  public synchronized void close() throws DBException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      db.compactRange(BELOW_EVERY_TABLE, BELOW_EVERY_TABLE);
      db.close();
    } catch (IOException | RuntimeException e) {
      throw new DBException("leveldb: closing failed: " + e.getMessage(), e);
    }
  }
}
