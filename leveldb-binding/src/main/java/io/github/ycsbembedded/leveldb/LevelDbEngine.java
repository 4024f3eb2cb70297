package io.github.ycsbembedded.leveldb;

import io.github.ycsbembedded.core.BatchWorkers;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.EngineStats;
import io.github.ycsbembedded.core.ErrorLog;
import io.github.ycsbembedded.core.KeyLocks;
import io.github.ycsbembedded.core.LockingEngine;
import java.nio.file.Path;
import site.ycsb.DBException;

/**
 * One LevelDB 1.23 (our JNI library, {@link LevelDb}) per data directory, shared by every {@link
 * LevelDbClient} of the process.
 */
final class LevelDbEngine implements LockingEngine {

  /** A key no table prefix can start with: every prefix starts with a length of at least 1. */
  private static final byte[] BELOW_EVERY_TABLE = {0};

  private final LevelDb db;
  private final boolean sync;
  private final KeyLocks keyLocks = new KeyLocks(1024);
  private final BatchWorkers workers;
  private final java.util.Set<String> bulkTables = new java.util.HashSet<>();

  private LevelDbEngine(LevelDb db, boolean sync, int batchParallelism) {
    this.db = db;
    this.sync = sync;
    this.workers = new BatchWorkers("leveldb", batchParallelism);
  }

  static LevelDbEngine open(Path dir, BindingProperties p) throws Exception {
    long cacheSize = p.size("leveldb.cache_size", 8L << 20, 0);
    // LevelDB clips these to its own ranges without a word; out of them is refused here instead
    long writeBufferSize = p.size("leveldb.write_buffer_size", 4L << 20, 64 << 10, 1L << 30);
    // 64m as YCSB-cpp's leveldb.properties sets it (LevelDB's own default is 2m): measured here,
    // 1M loads of 1 KB ran 10-20% faster, and a comparison between the two YCSBs runs alike
    long maxFileSize = p.size("leveldb.max_file_size", 64L << 20, 1 << 20, 1L << 30);
    long blockSize = p.size("leveldb.block_size", 4L << 10, 1 << 10, 4 << 20);
    int maxOpenFiles = p.integer("leveldb.max_open_files", 1000, 74, 50_000);
    int filterBits = p.integer("leveldb.filter_bits", 10, 0, 64);
    String compression = p.oneOf("leveldb.compression", "none", "none", "snappy");
    boolean verifyChecksums = p.bool("leveldb.verify_checksums", true);
    // LevelDB's compactions verify the blocks they read only with paranoid_checks; without it a
    // compaction rewrites a corrupt block into a new file with a valid checksum, and the
    // corruption then reads back as data
    boolean paranoidChecks = p.bool("leveldb.paranoid_checks", true);
    boolean sync = p.bool("leveldb.sync", false);
    boolean mmapReads = p.bool("leveldb.mmap_reads", true);
    int batchParallelism = BatchWorkers.parallelism(p, "leveldb");
    LevelDb.Options options =
        new LevelDb.Options(
            cacheSize,
            writeBufferSize,
            maxFileSize,
            (int) blockSize,
            maxOpenFiles,
            "snappy".equals(compression),
            filterBits,
            paranoidChecks,
            verifyChecksums,
            true,
            mmapReads);
    return new LevelDbEngine(LevelDb.open(dir, options), sync, batchParallelism);
  }

  LevelDb db() {
    return db;
  }

  boolean sync() {
    return sync;
  }

  /**
   * Whether a bulk load of {@code table} may go on: the first call for a table asks {@code empty}
   * (and remembers a yes); later calls, from any thread, go on.
   */
  synchronized boolean startBulk(String table, java.util.function.BooleanSupplier empty) {
    if (bulkTables.contains(table)) {
      return true;
    }
    if (!empty.getAsBoolean()) {
      return false;
    }
    bulkTables.add(table);
    return true;
  }

  @Override
  public KeyLocks keyLocks() {
    return keyLocks;
  }

  /** The reader threads of batch reads. */
  BatchWorkers workers() {
    return workers;
  }

  /**
   * Writes the memtable to a table file, so that the next open replays no log ({@code
   * leveldb.flush_on_close}). A compaction of a range below every table moves no data: LevelDB's
   * {@code CompactRange} flushes the memtable first and finds no file in that range. A failed flush
   * (a full disk) is thrown; corruption that stopped LevelDB's background work is reported as a
   * warning (the run's reads of it were ERRORs already).
   */
  @Override
  public void flush() throws DBException {
    try {
      db.compactRange(BELOW_EVERY_TABLE, BELOW_EVERY_TABLE);
      db.checkBackgroundError();
    } catch (LevelDbException.Corruption e) {
      ErrorLog.warn(
          "leveldb",
          db.directory()
              + " holds corrupt data ("
              + e.getMessage()
              + "); LevelDB stopped"
              + " compacting and writing, and reads of the corrupt blocks fail with ERROR");
    } catch (LevelDbException e) {
      throw new DBException(
          "leveldb: writing the memtable failed ("
              + e.getMessage()
              + "); every acknowledged write is in the log, which the next open replays",
          e);
    }
  }

  /**
   * Flushes, then waits until no level needs compacting by LevelDB's own rule ({@link
   * LevelDbStats#needsCompaction}): the compaction debt a load leaves, paid ({@code
   * leveldb.compact_on_close}). LevelDB keeps compacting in the background until the rule is met; a
   * background error ends the wait with that error, and a tree that stops changing while the rule
   * still asks for work ends it with a warning rather than waiting for ever.
   */
  @Override
  public void compact() throws DBException, InterruptedException {
    flush();
    String shape = db.property("leveldb.sstables");
    long unchangedSince = System.nanoTime();
    while (LevelDbStats.needsCompaction(LevelDbStats.levels(shape))) {
      try {
        db.checkBackgroundError();
      } catch (LevelDbException e) {
        throw new DBException(
            "leveldb: a background compaction failed (" + e.getMessage() + ")", e);
      }
      Thread.sleep(COMPACTION_POLL_MILLIS);
      String now = db.property("leveldb.sstables");
      if (!now.equals(shape)) {
        shape = now;
        unchangedSince = System.nanoTime();
      } else if (System.nanoTime() - unchangedSince > IDLE_NANOS) {
        ErrorLog.warn(
            "leveldb",
            "stopped waiting for compactions: the tree of "
                + db.directory()
                + " has not changed for 30 s although a level is over LevelDB's target");
        return;
      }
    }
  }

  /** How often the wait for pending compactions looks at the tree. */
  private static final long COMPACTION_POLL_MILLIS = 20;

  /** How long a tree may stay unchanged before the wait for compactions gives up. */
  private static final long IDLE_NANOS = 30_000_000_000L;

  /**
   * LevelDB's figures now: each level's table files and their exact bytes ({@code
   * leveldb.sstables}), the bytes its compactions read and wrote per level in whole MiB ({@code
   * leveldb.stats}, which counts memtable flushes among the writes), and the memory it says it uses
   * ({@code leveldb.approximate-memory-usage}).
   */
  @Override
  public EngineStats.Figures statistics() {
    String sstables = db.property("leveldb.sstables");
    String stats = db.property("leveldb.stats");
    String memory = db.property("leveldb.approximate-memory-usage");
    LevelDbStats.Compactions compactions = LevelDbStats.compactions(stats);
    java.util.Map<String, Object> own = new java.util.LinkedHashMap<>();
    own.put("leveldb.stats", stats);
    own.put("leveldb.approximate-memory-usage", memory);
    return EngineStats.Figures.of(EngineStats.Tree.lsm(LevelDbStats.levels(sstables)))
        .compaction(compactions.readBytes(), compactions.writtenBytes())
        .memoryBytes(memory == null ? null : Long.parseLong(memory.trim()))
        .engine(own)
        .build();
  }

  @Override
  public String version() {
    try {
      return "LevelDB " + LevelDb.version();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /**
   * Closes the database without a flush: every acknowledged write is in the log, which the next
   * open replays ({@code leveldb.flush_on_close} flushes first). Idempotent.
   */
  @Override
  public void close() {
    workers.close();
    db.close();
  }
}
