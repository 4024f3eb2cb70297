package io.github.ycsbembedded.rocksdb;

import io.github.ycsbembedded.core.BatchWorkers;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.EngineLibraries;
import io.github.ycsbembedded.core.EngineStats;
import io.github.ycsbembedded.core.KeyLocks;
import io.github.ycsbembedded.core.LockingEngine;
import io.github.ycsbembedded.core.NativeLibrary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ChecksumType;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.EnvOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.LevelMetaData;
import org.rocksdb.Options;
import org.rocksdb.OptionsUtil;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.SstFileWriter;
import org.rocksdb.Statistics;
import org.rocksdb.TickerType;
import org.rocksdb.WriteOptions;
import site.ycsb.DBException;

/**
 * One RocksDB instance per data directory, shared by every {@link RocksDbClient} of the process,
 * with one column family per YCSB table. Column families are found again on reopen from the
 * database itself ({@code listColumnFamilies}). Owns every native object it creates and closes them
 * all, in reverse order, with the close variant that reports errors.
 */
final class RocksDbEngine implements LockingEngine {
  /**
   * Bloom filter bits per key by default: without a filter every point read probes each level-0
   * file whose range holds the key, and after updates those are many (measured: README, RocksDB).
   */
  static final int DEFAULT_BLOOM_BITS = 10;

  private static boolean libraryLoaded;

  private final RocksDB db;
  private final ColumnFamilyOptions familyOptions;
  private final DBOptions dbOptions;

  /** The engine's tickers, or null when no run asked for them. */
  private final Statistics statistics;

  /** What the startup line adds to the version when the tables are not checksummed as set. */
  private String checksumNote;

  private final Path dir;
  private final Set<String> bulkTables = new java.util.HashSet<>();
  private final java.util.concurrent.atomic.AtomicLong bulkFiles =
      new java.util.concurrent.atomic.AtomicLong();
  private final WriteOptions writeOptions;
  private final Deque<AutoCloseable> owned;
  private final ConcurrentHashMap<String, ColumnFamilyHandle> families = new ConcurrentHashMap<>();
  private final KeyLocks keyLocks = new KeyLocks(1024);
  private final BatchWorkers workers;

  private RocksDbEngine(
      Path dir,
      RocksDB db,
      DBOptions dbOptions,
      ColumnFamilyOptions familyOptions,
      WriteOptions writeOptions,
      Deque<AutoCloseable> owned,
      List<ColumnFamilyHandle> handles,
      int batchParallelism,
      Statistics statistics)
      throws RocksDBException {
    this.dir = dir;
    this.statistics = statistics;
    this.dbOptions = dbOptions;
    this.workers = new BatchWorkers("rocksdb", batchParallelism);
    this.db = db;
    this.familyOptions = familyOptions;
    this.writeOptions = writeOptions;
    this.owned = owned;
    for (ColumnFamilyHandle handle : handles) {
      families.put(new String(handle.getName(), StandardCharsets.UTF_8), handle);
    }
  }

  static RocksDbEngine open(Path dir, BindingProperties p) throws Exception {
    // read every property before touching the directory or native code
    String optionsFile = p.raw("rocksdb.optionsfile");
    long cacheSize = p.size("rocksdb.cache_size", 32L << 20, 0);
    String compression = p.oneOf("rocksdb.compression", "none", "none", "snappy", "lz4", "zstd");
    boolean sync = p.bool("rocksdb.sync", false);
    boolean disableWal = p.bool("rocksdb.disable_wal", false);
    long writeBufferSize = p.size("rocksdb.write_buffer_size", 64L << 20, 64 << 10);
    int bloomBits = p.integer("rocksdb.bloom_bits", DEFAULT_BLOOM_BITS, 0, 64);
    int backgroundJobs = p.integer("rocksdb.max_background_jobs", 2, 1, 256);
    boolean directReads = p.bool("rocksdb.direct_reads", false);
    int batchParallelism = BatchWorkers.parallelism(p, "rocksdb");
    Shape shape = Shape.of(p);
    boolean cacheIndexAndFilters = p.bool("rocksdb.cache_index_and_filter_blocks", false);
    // null: the checksum the loaded RocksDB's C++ library defaults to (checksum())
    String checksumAsked =
        p.oneOf("rocksdb.checksum", null, "crc32c", "xxhash", "xxhash64", "xxh3");
    RocksDbDescriptor descriptor = new RocksDbDescriptor();
    String library = EngineLibraries.asked(descriptor.libraries().orElseThrow(), p);
    if (optionsFile != null && !Files.isReadable(Path.of(optionsFile))) {
      throw new DBException("rocksdb.optionsfile: '" + optionsFile + "' is not a readable file");
    }

    loadLibrary();
    String loaded = RocksDB.rocksdbVersion().toString();
    if (library != null && !EngineLibraries.isLoaded(descriptor, library, loaded)) {
      throw new DBException(EngineLibraries.notLoaded(descriptor, library, "RocksDB " + loaded));
    }
    // an options file sets the checksum itself: the knob is then ignored, as every other one is
    ChecksumType checksum =
        optionsFile == null ? checksum(checksumAsked, RocksDB.rocksdbVersion()) : null;
    Deque<AutoCloseable> owned = new ArrayDeque<>();
    try {
      DBOptions dbOptions;
      ColumnFamilyOptions familyOptions;
      if (optionsFile != null) {
        dbOptions = own(owned, new DBOptions());
        List<ColumnFamilyDescriptor> fromFile = new ArrayList<>();
        try (ConfigOptions config = new ConfigOptions()) {
          OptionsUtil.loadOptionsFromFile(config, optionsFile, dbOptions, fromFile);
        }
        fromFile.forEach(d -> owned.push(d.getOptions()));
        familyOptions =
            fromFile.isEmpty()
                ? own(owned, new ColumnFamilyOptions())
                : fromFile.get(0).getOptions();
      } else {
        // direct reads bypass the page cache: the block cache is then the only cache
        dbOptions =
            own(owned, new DBOptions())
                .setMaxBackgroundJobs(backgroundJobs)
                .setUseDirectReads(directReads);
        BlockBasedTableConfig table =
            new BlockBasedTableConfig()
                .setBlockCache(own(owned, new LRUCache(cacheSize)))
                .setCacheIndexAndFilterBlocks(cacheIndexAndFilters)
                .setChecksumType(checksum);
        if (bloomBits > 0) {
          table.setFilterPolicy(own(owned, new BloomFilter(bloomBits)));
        }
        CompressionType type = compressionType(compression);
        familyOptions =
            own(owned, new ColumnFamilyOptions())
                .setWriteBufferSize(writeBufferSize)
                .setCompressionType(type)
                .setBottommostCompressionType(type)
                .setTableFormatConfig(table);
        shape.applyTo(familyOptions);
      }
      dbOptions.setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
      // kept only when asked for (enginestats): the tickers cost every operation a little
      Statistics statistics = null;
      if (EngineStats.wanted(p)) {
        statistics = own(owned, new Statistics());
        dbOptions.setStatistics(statistics);
      }
      WriteOptions writeOptions =
          own(owned, new WriteOptions()).setSync(sync).setDisableWAL(disableWal);

      List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
      for (byte[] name : existingFamilies(dir)) {
        descriptors.add(new ColumnFamilyDescriptor(name, familyOptions));
      }
      List<ColumnFamilyHandle> handles = new ArrayList<>();
      RocksDB db = RocksDB.open(dbOptions, dir.toString(), descriptors, handles);
      owned.push(db::closeE); // closed after every handle (pushed later), before the options
      handles.forEach(owned::push);
      RocksDbEngine engine =
          new RocksDbEngine(
              dir,
              db,
              dbOptions,
              familyOptions,
              writeOptions,
              owned,
              handles,
              batchParallelism,
              statistics);
      if (optionsFile == null) {
        engine.checksumNote = checksumWritten(dir, checksum, checksumAsked);
      }
      return engine;
    } catch (Exception | Error e) {
      closeAll(owned, e);
      throw e;
    }
  }

  /**
   * The block checksum: the one {@code asked} ({@code rocksdb.checksum}), else the one RocksDB's
   * C++ library defaults to in the version loaded: XXH3 from 7.8.0 (facebook/rocksdb#10778), CRC32c
   * before. rocksdbjni's {@code BlockBasedTableConfig} carries Java-side defaults of its own that
   * did not follow in every version (7.8.3's is CRC32c), so a binding that left it alone would
   * checksum every block otherwise than a C++ program on the same RocksDB. Each is named at run
   * time, so that a version without XXH3 (6.20.3) runs, and refuses it in one line.
   */
  static ChecksumType checksum(String asked, RocksDB.Version loaded) throws DBException {
    boolean xxh3ByDefault =
        loaded.getMajor() > 7 || (loaded.getMajor() == 7 && loaded.getMinor() >= 8);
    String name = asked != null ? asked : xxh3ByDefault ? "xxh3" : "crc32c";
    String constant =
        switch (name) {
          case "crc32c" -> "kCRC32c";
          case "xxhash" -> "kxxHash";
          case "xxhash64" -> "kxxHash64";
          default -> "kXXH3";
        };
    try {
      return ChecksumType.valueOf(constant);
    } catch (IllegalArgumentException e) {
      throw new DBException("rocksdb.checksum: " + name + " is not in RocksDB " + loaded, e);
    }
  }

  /**
   * The LSM tree's shape as the properties give it; each figure left out (null) keeps RocksDB's own
   * default. The experiments set them to a write-up's values scaled to the data (experiments/).
   */
  record Shape(
      Integer maxWriteBufferNumber,
      Long targetFileSizeBase,
      Integer targetFileSizeMultiplier,
      Long maxBytesForLevelBase,
      Double maxBytesForLevelMultiplier,
      Long maxCompactionBytes,
      Integer level0StopWritesTrigger,
      Boolean dynamicLevelBytes) {
    static Shape of(BindingProperties p) throws DBException {
      return new Shape(
          p.integerIfGiven("rocksdb.max_write_buffer_number", 2, 64),
          p.sizeIfGiven("rocksdb.target_file_size_base", 64 << 10, 1L << 40),
          p.integerIfGiven("rocksdb.target_file_size_multiplier", 1, 1000),
          p.sizeIfGiven("rocksdb.max_bytes_for_level_base", 64 << 10, 1L << 50),
          p.numberIfGiven("rocksdb.max_bytes_for_level_multiplier", 2, 1000),
          p.sizeIfGiven("rocksdb.max_compaction_bytes", 64 << 10, 1L << 50),
          p.integerIfGiven("rocksdb.level0_stop_writes_trigger", 1, 1 << 20),
          p.boolIfGiven("rocksdb.level_compaction_dynamic_level_bytes"));
    }

    void applyTo(ColumnFamilyOptions o) {
      given(maxWriteBufferNumber, o::setMaxWriteBufferNumber);
      given(targetFileSizeBase, o::setTargetFileSizeBase);
      given(targetFileSizeMultiplier, o::setTargetFileSizeMultiplier);
      given(maxBytesForLevelBase, o::setMaxBytesForLevelBase);
      given(maxBytesForLevelMultiplier, o::setMaxBytesForLevelMultiplier);
      given(maxCompactionBytes, o::setMaxCompactionBytes);
      given(dynamicLevelBytes, o::setLevelCompactionDynamicLevelBytes);
      if (level0StopWritesTrigger != null) {
        // RocksDB slows writes from level0_slowdown_writes_trigger (20) on: keep it at or below
        o.setLevel0StopWritesTrigger(level0StopWritesTrigger);
        o.setLevel0SlowdownWritesTrigger(
            Math.min(o.level0SlowdownWritesTrigger(), level0StopWritesTrigger));
      }
    }

    /** Sets a figure that is given; one left out (null) keeps RocksDB's own. */
    private static <T> void given(T value, Consumer<T> set) {
      if (value != null) {
        set.accept(value);
      }
    }
  }

  /**
   * Loads rocksdbjni's native library from our own temporary copy, deleted once loaded
   * (rocksdbjni's own copy is deleted only at a normal JVM exit, so every kill -9 would leave 17 MB
   * in the temporary folder). Elsewhere than linux-x86_64, rocksdbjni loads it its own way.
   */
  private static synchronized void loadLibrary() throws IOException {
    if (libraryLoaded) {
      return;
    }
    if (NativeLibrary.platform() == null) {
      RocksDB.loadLibrary();
    } else {
      Path folder = Files.createTempDirectory("ycsbe-rocksdbjni-");
      // the name RocksDB.loadLibrary(paths) looks for in each folder
      Path copy = folder.resolve(org.rocksdb.util.Environment.getJniLibraryFileName("rocksdbjni"));
      try {
        Files.move(
            NativeLibrary.copyOut(RocksDB.class, "/librocksdbjni-linux64.so", "rocksdbjni.so"),
            copy);
        RocksDB.loadLibrary(List.of(folder.toString()));
      } finally {
        Files.deleteIfExists(copy);
        Files.deleteIfExists(folder);
      }
    }
    libraryLoaded = true;
  }

  /** The column families already in the database, or just the default one for a new database. */
  private static List<byte[]> existingFamilies(Path dir) throws RocksDBException {
    if (!Files.exists(dir.resolve("CURRENT"))) {
      return List.of(RocksDB.DEFAULT_COLUMN_FAMILY);
    }
    try (Options options = new Options()) {
      return RocksDB.listColumnFamilies(options, dir.toString());
    }
  }

  private static CompressionType compressionType(String name) {
    return switch (name) {
      case "snappy" -> CompressionType.SNAPPY_COMPRESSION;
      case "lz4" -> CompressionType.LZ4_COMPRESSION;
      case "zstd" -> CompressionType.ZSTD_COMPRESSION;
      default -> CompressionType.NO_COMPRESSION;
    };
  }

  private static <T extends AutoCloseable> T own(Deque<AutoCloseable> owned, T resource) {
    owned.push(resource);
    return resource;
  }

  private static void closeAll(Deque<AutoCloseable> owned, Throwable primary) {
    while (!owned.isEmpty()) {
      try {
        owned.pop().close();
      } catch (Exception e) {
        primary.addSuppressed(e);
      }
    }
  }

  RocksDB db() {
    return db;
  }

  WriteOptions writeOptions() {
    return writeOptions;
  }

  @Override
  public KeyLocks keyLocks() {
    return keyLocks;
  }

  /** The reader threads of batch reads. */
  BatchWorkers workers() {
    return workers;
  }

  /** The column family of a YCSB table, created on first use. */
  ColumnFamilyHandle family(String table) throws RocksDBException {
    ColumnFamilyHandle handle = families.get(table);
    if (handle != null) {
      return handle;
    }
    synchronized (families) {
      handle = families.get(table);
      if (handle == null) {
        handle =
            db.createColumnFamily(
                new ColumnFamilyDescriptor(table.getBytes(StandardCharsets.UTF_8), familyOptions));
        owned.push(handle);
        families.put(table, handle);
      }
      return handle;
    }
  }

  /**
   * Whether a bulk load of {@code table} may go on: the first call for a table checks that it holds
   * no record (and remembers the answer); later calls, from any thread, go on.
   */
  synchronized boolean startBulk(String table, ColumnFamilyHandle family) {
    if (bulkTables.contains(table)) {
      return true;
    }
    try (RocksIterator it = db.newIterator(family)) {
      it.seekToFirst();
      if (it.isValid()) {
        return false;
      }
    }
    bulkTables.add(table);
    return true;
  }

  /**
   * Writes {@code batch} (sorted, no key twice) into a table file of the family's format in the
   * database's folder and ingests it, moving the file in; the file is deleted if ingestion fails.
   */
  void ingest(ColumnFamilyHandle family, io.github.ycsbembedded.core.SortedBatch batch)
      throws RocksDBException, IOException {
    Path file =
        dir.resolve(
            "ycsb-bulk-"
                + bulkFiles.incrementAndGet()
                + "-"
                + Thread.currentThread().getId()
                + ".sst");
    try {
      try (Options options = new Options(dbOptions, familyOptions);
          EnvOptions env = new EnvOptions();
          SstFileWriter writer = new SstFileWriter(env, options)) {
        writer.open(file.toString());
        for (int j = 0; j < batch.size(); j++) {
          writer.put(batch.key(j), batch.value(j));
        }
        writer.finish();
      }
      try (IngestExternalFileOptions ingest = new IngestExternalFileOptions().setMoveFiles(true)) {
        db.ingestExternalFile(family, List.of(file.toString()), ingest);
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /**
   * Writes every memtable to a table file and waits for it, so that the next open replays no WAL
   * ({@code rocksdb.flush_on_close}).
   */
  @Override
  public void flush() throws RocksDBException {
    try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
      db.flush(flush, new ArrayList<>(families.values()));
    }
  }

  /**
   * Flushes, then waits until RocksDB has no compaction pending or running by its own reckoning
   * ({@code rocksdb.compaction-pending}, {@code rocksdb.num-running-compactions}): the compaction
   * debt a load leaves, paid ({@code rocksdb.compact_on_close}). A background error ends the wait
   * with that error.
   */
  @Override
  public void compact() throws RocksDBException, InterruptedException {
    flush();
    while (db.getAggregatedLongProperty("rocksdb.compaction-pending") > 0
        || db.getLongProperty("rocksdb.num-running-compactions") > 0
        || db.getLongProperty("rocksdb.num-running-flushes") > 0) {
      if (db.getLongProperty("rocksdb.background-errors") > 0) {
        throw new RocksDBException(
            "a background flush or compaction failed while waiting for the pending compactions");
      }
      Thread.sleep(COMPACTION_POLL_MILLIS);
    }
  }

  /** How often the wait for pending compactions asks RocksDB whether it is done. */
  private static final long COMPACTION_POLL_MILLIS = 20;

  /**
   * RocksDB's figures now: each level that holds a file, with its files and bytes summed over the
   * column families, its estimates of live data and pending compaction, the memory of memtables,
   * table readers and block cache, and (when {@code enginestats} is set, so that the engine keeps
   * them) its tickers.
   */
  @Override
  public EngineStats.Figures statistics() throws RocksDBException {
    java.util.TreeMap<Integer, long[]> levels = new java.util.TreeMap<>();
    for (ColumnFamilyHandle family : families.values()) {
      for (LevelMetaData level : db.getColumnFamilyMetaData(family).levels()) {
        long[] sum = levels.computeIfAbsent(level.level(), l -> new long[2]);
        sum[0] += level.files().size();
        sum[1] += level.size();
      }
    }
    List<EngineStats.Level> shape = new ArrayList<>();
    levels.forEach(
        (level, sum) -> {
          if (sum[0] > 0) {
            shape.add(new EngineStats.Level(level, sum[0], sum[1]));
          }
        });
    long memtables = db.getAggregatedLongProperty("rocksdb.cur-size-all-mem-tables");
    long tableReaders = db.getAggregatedLongProperty("rocksdb.estimate-table-readers-mem");
    long blockCache = db.getLongProperty("rocksdb.block-cache-usage");
    java.util.Map<String, Object> own = new java.util.LinkedHashMap<>();
    own.put("rocksdb.cur-size-all-mem-tables", memtables);
    own.put("rocksdb.estimate-table-readers-mem", tableReaders);
    own.put("rocksdb.block-cache-usage", blockCache);
    own.put("rocksdb.estimate-num-keys", db.getAggregatedLongProperty("rocksdb.estimate-num-keys"));
    EngineStats.Builder figures =
        EngineStats.Figures.of(EngineStats.Tree.lsm(shape))
            .liveDataBytes(db.getAggregatedLongProperty("rocksdb.estimate-live-data-size"))
            .pendingCompactionBytes(
                db.getAggregatedLongProperty("rocksdb.estimate-pending-compaction-bytes"))
            .memoryBytes(memtables + tableReaders + blockCache);
    if (statistics != null) {
      for (TickerType ticker : TICKERS) {
        own.put(ticker.name(), statistics.getTickerCount(ticker));
      }
      long useful = statistics.getTickerCount(TickerType.BLOOM_FILTER_USEFUL);
      figures
          .flushedBytes(statistics.getTickerCount(TickerType.FLUSH_WRITE_BYTES))
          .compaction(
              statistics.getTickerCount(TickerType.COMPACT_READ_BYTES),
              statistics.getTickerCount(TickerType.COMPACT_WRITE_BYTES))
          .stallMicros(statistics.getTickerCount(TickerType.STALL_MICROS))
          .cache(
              statistics.getTickerCount(TickerType.BLOCK_CACHE_HIT),
              statistics.getTickerCount(TickerType.BLOCK_CACHE_MISS))
          // a filter is consulted when it spares the read (useful) or lets it through (positive)
          .filter(
              useful, useful + statistics.getTickerCount(TickerType.BLOOM_FILTER_FULL_POSITIVE));
    }
    return figures.engine(own).build();
  }

  @Override
  public String version() {
    return "RocksDB "
        + RocksDB.rocksdbVersion()
        + (checksumNote == null ? "" : ", " + checksumNote);
  }

  /**
   * Whether the tables are checksummed as set, read from the OPTIONS file RocksDB wrote at open:
   * null when they are (or no file says), else what the startup line adds to the version.
   * rocksdbjni 7.8.3's Java API turns XXH3 into CRC32c (facebook/rocksdb#10862, fixed after it), so
   * a default it cannot set is said there and the run goes on with what the library did; a checksum
   * asked for ({@code rocksdb.checksum}) that it cannot set is refused in one line.
   */
  static String checksumWritten(Path dir, ChecksumType set, String asked)
      throws IOException, DBException {
    String written = recordedChecksum(dir);
    if (written == null || written.equals(set.name())) {
      return null;
    }
    if (asked != null) {
      throw new DBException(
          "rocksdb.checksum: RocksDB "
              + RocksDB.rocksdbVersion()
              + " wrote "
              + written
              + " for the "
              + asked
              + " asked: its Java API cannot set it (facebook/rocksdb#10862); rocksdb.optionsfile"
              + " can");
    }
    return "its tables checksummed "
        + written
        + ", not "
        + set.name()
        + " (the C++ library's default), which its Java API cannot set (facebook/rocksdb#10862;"
        + " rocksdb.optionsfile can)";
  }

  /** The block checksum the newest OPTIONS file of {@code dir} records (e.g. kXXH3), or null. */
  static String recordedChecksum(Path dir) throws IOException {
    Path newest;
    try (Stream<Path> files = Files.list(dir)) {
      newest =
          files
              .filter(f -> f.getFileName().toString().matches("OPTIONS-[0-9]+"))
              // by number: the name pads it to six digits, so past 999,999 names do not sort so
              .max(
                  Comparator.comparingLong(
                      f ->
                          Long.parseLong(
                              f.getFileName().toString().substring("OPTIONS-".length()))))
              .orElse(null);
    }
    if (newest == null) {
      return null;
    }
    boolean table = false;
    for (String line : Files.readAllLines(newest)) {
      String t = line.strip();
      if (t.startsWith("[")) {
        table = t.startsWith("[TableOptions/BlockBasedTable");
      } else if (table && t.startsWith("checksum=")) {
        return t.substring("checksum=".length());
      }
    }
    return null;
  }

  /** The tickers written under their own names beside the common figures. */
  private static final List<TickerType> TICKERS =
      List.of(
          TickerType.BYTES_WRITTEN,
          TickerType.WAL_FILE_BYTES,
          TickerType.FLUSH_WRITE_BYTES,
          TickerType.COMPACT_READ_BYTES,
          TickerType.COMPACT_WRITE_BYTES,
          TickerType.STALL_MICROS,
          TickerType.BLOCK_CACHE_HIT,
          TickerType.BLOCK_CACHE_MISS,
          TickerType.BLOOM_FILTER_USEFUL,
          TickerType.BLOOM_FILTER_FULL_POSITIVE,
          TickerType.MEMTABLE_HIT,
          TickerType.GET_HIT_L0,
          TickerType.GET_HIT_L1,
          TickerType.GET_HIT_L2_AND_UP);

  /**
   * Closes all native objects, in reverse order, without a flush: every acknowledged write is in
   * the WAL, which the next open replays ({@code rocksdb.flush_on_close} flushes first).
   * Idempotent; the first close error is thrown with the others suppressed.
   */
  @Override
  public void close() throws DBException {
    workers.close();
    Exception failure = null;
    while (!owned.isEmpty()) {
      try {
        owned.pop().close();
      } catch (Exception e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw new DBException("rocksdb: closing failed: " + failure.getMessage(), failure);
    }
  }
}
