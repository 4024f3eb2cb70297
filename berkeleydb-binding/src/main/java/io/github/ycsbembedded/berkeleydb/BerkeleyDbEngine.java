package io.github.ycsbembedded.berkeleydb;

import com.sleepycat.je.BtreeStats;
import com.sleepycat.je.CheckpointConfig;
import com.sleepycat.je.Cursor;
import com.sleepycat.je.CursorConfig;
import com.sleepycat.je.Database;
import com.sleepycat.je.DatabaseConfig;
import com.sleepycat.je.DatabaseEntry;
import com.sleepycat.je.DatabaseException;
import com.sleepycat.je.Durability;
import com.sleepycat.je.Environment;
import com.sleepycat.je.EnvironmentConfig;
import com.sleepycat.je.EnvironmentLockedException;
import com.sleepycat.je.EnvironmentStats;
import com.sleepycat.je.JEVersion;
import com.sleepycat.je.OperationStatus;
import com.sleepycat.je.StatsConfig;
import io.github.ycsbembedded.core.BatchWorkers;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.EngineDirectory;
import io.github.ycsbembedded.core.EngineFailure;
import io.github.ycsbembedded.core.EngineFailure.Condition;
import io.github.ycsbembedded.core.EngineHandle;
import io.github.ycsbembedded.core.EngineStats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import site.ycsb.DBException;

/**
 * One transactional JE environment per data directory, shared by every {@link BerkeleyDbClient} of
 * the process, with one transactional database per YCSB table, opened on first use. Every commit is
 * written to the OS ({@link Durability#COMMIT_WRITE_NO_SYNC}) or, with {@code
 * berkeleydb.sync=true}, synced ({@link Durability#COMMIT_SYNC}). JE's cache lives in the JVM's
 * heap.
 */
final class BerkeleyDbEngine implements EngineHandle {
  /** JE's own {@code je.freeDisk}: writes stop while the disk has less room than this. */
  static final long DEFAULT_FREE_DISK = 5L << 30;

  /** JE's own {@code je.log.fileMax}: 10,000,000 bytes. */
  static final long DEFAULT_LOG_FILE_SIZE = 10_000_000L;

  /** JE's own lock timeout. */
  static final int DEFAULT_LOCK_TIMEOUT_MS = 500;

  private final Path dir;
  private final Environment environment;
  private final long retryTimeoutNanos;

  /** The reader threads of batch reads (see {@link BerkeleyDbClient#batchRead}). */
  private final BatchWorkers workers;

  private final Map<String, Database> tables = new ConcurrentHashMap<>();

  /** Tables whose bulk load began (see {@link #startBulk}). */
  private final Set<String> bulkTables = ConcurrentHashMap.newKeySet();

  private BerkeleyDbEngine(
      Path dir, Environment environment, long retryTimeoutNanos, BatchWorkers workers) {
    this.dir = dir;
    this.environment = environment;
    this.retryTimeoutNanos = retryTimeoutNanos;
    this.workers = workers;
  }

  static BerkeleyDbEngine open(Path dir, BindingProperties p) throws Exception {
    EnvironmentConfig config = config(p);
    long retryTimeoutNanos =
        TimeUnit.MILLISECONDS.toNanos(
            p.integer("berkeleydb.retry_timeout_ms", 10_000, 0, Integer.MAX_VALUE));
    int batchParallelism = BatchWorkers.parallelism(p, "berkeleydb");
    refuseLostLog(dir);
    Environment environment;
    try {
      environment = new Environment(dir.toFile(), config);
    } catch (EnvironmentLockedException e) {
      throw new EngineFailure(
          Condition.IN_USE,
          "berkeleydb: "
              + dir
              + " is in use by another process (it holds a lock on the directory's lock file)");
    }
    return new BerkeleyDbEngine(
        dir, environment, retryTimeoutNanos, new BatchWorkers("berkeleydb", batchParallelism));
  }

  /** The environment's configuration from the binding's properties, each checked. */
  private static EnvironmentConfig config(BindingProperties p) throws DBException {
    long heap = Runtime.getRuntime().maxMemory();
    Long cacheSize = p.sizeIfGiven("berkeleydb.cache_size", 96L << 10, Long.MAX_VALUE);
    if (cacheSize != null && cacheSize >= heap) {
      throw new DBException(
          "berkeleydb.cache_size: '"
              + p.raw("berkeleydb.cache_size")
              + "' does not fit the JVM's heap of "
              + heap
              + " bytes (JE's cache lives in the heap); use less, or give the JVM more (-Xmx)");
    }
    boolean sync = p.bool("berkeleydb.sync", false);
    long freeDisk = p.size("berkeleydb.free_disk", DEFAULT_FREE_DISK, 0);
    long logFileSize =
        p.size("berkeleydb.log_file_size", DEFAULT_LOG_FILE_SIZE, 1_000_000L, 1L << 30);
    int lockTimeoutMs =
        p.integer("berkeleydb.lock_timeout_ms", DEFAULT_LOCK_TIMEOUT_MS, 1, 3_600_000);
    EnvironmentConfig config = new EnvironmentConfig();
    config.setAllowCreate(true);
    config.setTransactional(true);
    config.setLockTimeout(lockTimeoutMs, TimeUnit.MILLISECONDS);
    // the durability contract: every commit's log records are written to the OS before the commit
    // returns, so that a process that dies loses nothing acknowledged; sync=true syncs them too
    config.setDurability(sync ? Durability.COMMIT_SYNC : Durability.COMMIT_WRITE_NO_SYNC);
    config.setConfigParam(EnvironmentConfig.FREE_DISK, Long.toString(freeDisk));
    config.setConfigParam(EnvironmentConfig.LOG_FILE_MAX, Long.toString(logFileSize));
    // enginestats takes the figures; JE's own would write je.stat.csv every minute
    config.setConfigParam(EnvironmentConfig.STATS_COLLECT, "false");
    // no je.info.0: on a full disk java.util.logging's handler would print its failures on stderr;
    // what went wrong reaches the binding in JE's exceptions
    config.setConfigParam(EnvironmentConfig.FILE_LOGGING_LEVEL, "OFF");
    if (cacheSize != null) {
      config.setCacheSize(cacheSize);
    }
    return config;
  }

  /**
   * Refuses a directory marked as the binding's that holds no JE log file: JE would start an empty
   * environment there. No single log file is essential (the cleaner deletes any whose records all
   * became obsolete), so the descriptor names none and this check stands in for them.
   */
  private static void refuseLostLog(Path dir) throws IOException, EngineFailure {
    Path marker = dir.resolve(EngineDirectory.MARKER);
    if (!Files.isRegularFile(marker)
        || !Files.readString(marker, StandardCharsets.UTF_8).strip().equals("berkeleydb")) {
      return;
    }
    try (Stream<Path> files = Files.list(dir)) {
      if (files.anyMatch(
          f -> BerkeleyDbDescriptor.LOG_FILE.matcher(f.getFileName().toString()).matches())) {
        return;
      }
    }
    throw new EngineFailure(
        Condition.CORRUPTION,
        "berkeleydb: "
            + dir
            + " holds an incomplete berkeleydb database: its log files (*.jdb) are missing (the"
            + " engine would start empty; restore them or use berkeleydb.destroy=true)");
  }

  Environment environment() {
    return environment;
  }

  long retryTimeoutNanos() {
    return retryTimeoutNanos;
  }

  BatchWorkers workers() {
    return workers;
  }

  /** The table's database, opened (and created) on first use. */
  Database table(String table) {
    Database database = tables.get(table);
    return database != null ? database : tables.computeIfAbsent(table, this::openTable);
  }

  private Database openTable(String table) {
    DatabaseConfig config = new DatabaseConfig().setAllowCreate(true).setTransactional(true);
    return environment.openDatabase(null, table, config);
  }

  /**
   * Marks the start of a bulk load of {@code table}: true when it was empty at the first batch of
   * any client (or its load began already), false when it held records then.
   */
  synchronized boolean startBulk(String table) {
    if (bulkTables.contains(table)) {
      return true;
    }
    try (Cursor cursor = table(table).openCursor(null, CursorConfig.READ_COMMITTED)) {
      if (cursor.getFirst(new DatabaseEntry(), new DatabaseEntry(), null)
          == OperationStatus.SUCCESS) {
        return false;
      }
    }
    bulkTables.add(table);
    return true;
  }

  /** A forced checkpoint: the next open replays no log past it. */
  @Override
  public void flush() {
    environment.checkpoint(new CheckpointConfig().setForce(true));
  }

  @Override
  public EngineStats.Figures statistics() {
    return figures(environment.getStats(new StatsConfig()), tree());
  }

  /** The environment's counters, without the walk of every table's tree. */
  @Override
  public EngineStats.Figures counters() {
    return figures(environment.getStats(new StatsConfig().setFast(true)), null);
  }

  /** Every table's B+tree, summed: JE walks each one for its figures. */
  private EngineStats.Tree tree() {
    long depth = 0;
    long internal = 0;
    long bottom = 0;
    long entries = 0;
    for (Database database : tables.values()) {
      BtreeStats stats = (BtreeStats) database.getStats(new StatsConfig());
      depth = Math.max(depth, stats.getMainTreeMaxDepth());
      internal += stats.getInternalNodeCount();
      bottom += stats.getBottomInternalNodeCount();
      entries += stats.getLeafNodeCount();
    }
    return EngineStats.Tree.btree(depth, internal, bottom, null, entries, null);
  }

  private static EngineStats.Figures figures(EnvironmentStats s, EngineStats.Tree tree) {
    long fetches = s.getNLNsFetch() + s.getNBINsFetch() + s.getNUpperINsFetch();
    long misses = s.getNLNsFetchMiss() + s.getNBINsFetchMiss() + s.getNUpperINsFetchMiss();
    Map<String, Object> engine = new LinkedHashMap<>();
    engine.put("cache misses", s.getNCacheMiss());
    engine.put("LN fetches", s.getNLNsFetch());
    engine.put("LN fetch misses", s.getNLNsFetchMiss());
    engine.put("BIN fetches", s.getNBINsFetch());
    engine.put("BIN fetch misses", s.getNBINsFetchMiss());
    engine.put("upper IN fetch misses", s.getNUpperINsFetchMiss());
    engine.put("cache total bytes", s.getCacheTotalBytes());
    engine.put("cache data bytes", s.getDataBytes());
    engine.put("evicted bytes (evictor threads)", s.getNBytesEvictedEvictorThread());
    engine.put("evicted bytes (critical)", s.getNBytesEvictedCritical());
    engine.put("cleaner runs", s.getNCleanerRuns());
    engine.put("cleaner deletions", s.getNCleanerDeletions());
    engine.put("cleaner entries read", s.getNCleanerEntriesRead());
    engine.put("checkpoints", s.getNCheckpoints());
    engine.put("total log size", s.getTotalLogSize());
    engine.put("active log size", s.getActiveLogSize());
    engine.put("current min utilization", s.getCurrentMinUtilization());
    engine.put("log fsyncs", s.getNLogFSyncs());
    engine.put("random reads", s.getNRandomReads());
    engine.put("random read bytes", s.getNRandomReadBytes());
    engine.put("sequential reads", s.getNSequentialReads());
    engine.put("sequential read bytes", s.getNSequentialReadBytes());
    engine.put("random write bytes", s.getNRandomWriteBytes());
    engine.put("sequential write bytes", s.getNSequentialWriteBytes());
    return EngineStats.Figures.of(tree)
        .cache(fetches - misses, s.getNCacheMiss())
        .memoryBytes(s.getCacheTotalBytes())
        .engine(engine)
        .build();
  }

  /**
   * Closes every table and the environment. JE's close writes a checkpoint of its own (it has no
   * way around it), so the next open replays little of the log.
   */
  @Override
  public void close() throws DBException {
    workers.close();
    DatabaseException failure = null;
    for (Database database : tables.values()) {
      try {
        database.close();
      } catch (DatabaseException e) {
        failure = failure == null ? e : failure;
      }
    }
    tables.clear();
    try {
      environment.close();
    } catch (DatabaseException e) {
      failure = failure == null ? e : failure;
    }
    if (failure != null) {
      throw new DBException(
          "berkeleydb: closing " + dir + " failed: " + BerkeleyDbClient.oneLine(failure), failure);
    }
  }

  /** As JE names itself in its messages ({@code JE 18.3.12}). */
  @Override
  public String version() {
    return "JE " + JEVersion.CURRENT_VERSION.getVersionString();
  }
}
