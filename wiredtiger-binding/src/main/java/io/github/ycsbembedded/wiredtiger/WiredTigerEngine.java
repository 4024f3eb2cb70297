package io.github.ycsbembedded.wiredtiger;

import com.wiredtiger.db.Connection;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerException;
import com.wiredtiger.db.WiredTigerPanicException;
import com.wiredtiger.db.wiredtiger;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.EngineHandle;
import io.github.ycsbembedded.core.EngineStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import site.ycsb.DBException;

/**
 * One WiredTiger connection per data directory, shared by every {@link WiredTigerClient} of the
 * process; each client opens its own session on it.
 */
final class WiredTigerEngine implements EngineHandle {
  /**
   * A table configuration key the binding owns: its point operations pass keys and values as bytes.
   */
  private static final Pattern RECORD_FORMAT =
      Pattern.compile("(?:^|[,(])\\s*(key_format|value_format)\\s*[=:]");

  /** Seconds between WiredTiger's own checkpoints while the log is on (MongoDB's default). */
  static final int CHECKPOINT_SECONDS = 60;

  /** What a failed checkpoint costs. */
  private static final String LOST_UNLESS_LOGGED =
      "writes since the last checkpoint are lost unless the log (wiredtiger.log, on by default)"
          + " holds them";

  /** A table created and dropped at open, to check the table configuration before any work. */
  private static final String CONFIG_CHECK = "table:ycsb-embedded-config-check";

  private final Connection connection;
  private final String tableConfig;
  private final long retryTimeoutNanos;
  private final Set<String> tables = ConcurrentHashMap.newKeySet();

  /** Tables (URIs) with a bulk cursor that cannot be closed; see {@link #abandon}. */
  private final Set<String> abandoned = ConcurrentHashMap.newKeySet();

  /**
   * The first failure to close a session (WiredTiger panicked), or null: the connection then stays
   * open at a {@link #close} on another thread than its opener's; see {@link #sessionLeftOpen}.
   */
  private final java.util.concurrent.atomic.AtomicReference<WiredTigerPanicException>
      sessionLeftOpen = new java.util.concurrent.atomic.AtomicReference<>();

  /**
   * The thread that opened the connection: WiredTiger's JNI close handler, which runs for every
   * session or cursor the connection's close closes itself, uses that thread's JNIEnv.
   */
  private final Thread opener = Thread.currentThread();

  /** Whether this engine gave back its hold on {@link NativeStderr}: once, at the first close. */
  private final java.util.concurrent.atomic.AtomicBoolean released =
      new java.util.concurrent.atomic.AtomicBoolean();

  private String version = "WiredTiger (version unknown)";

  /** The reader threads of batch reads, each with a session of its own ({@link Reader}). */
  private final io.github.ycsbembedded.core.BatchWorkers workers;

  /** Each batch reader thread's session: one per engine, so not a static field. */
  @SuppressWarnings("ThreadLocalUsage")
  private final ThreadLocal<Reader> readers = new ThreadLocal<>();

  private final java.util.Queue<Reader> allReaders =
      new java.util.concurrent.ConcurrentLinkedQueue<>();

  /** Writes begun and ended through the binding (see {@link #quiet}). */
  private final java.util.concurrent.atomic.AtomicLong writesBegun =
      new java.util.concurrent.atomic.AtomicLong();

  private final java.util.concurrent.atomic.AtomicLong writesEnded =
      new java.util.concurrent.atomic.AtomicLong();

  private WiredTigerEngine(
      Connection connection, String tableConfig, long retryTimeoutNanos, int batchParallelism) {
    this.connection = connection;
    this.tableConfig = tableConfig;
    this.retryTimeoutNanos = retryTimeoutNanos;
    this.workers = new io.github.ycsbembedded.core.BatchWorkers("wiredtiger", batchParallelism);
  }

  static WiredTigerEngine open(Path dir, BindingProperties p) throws Exception {
    // WiredTiger 3.2 takes at most 10 TB (its own error line would come before ours)
    long cacheSize = p.size("wiredtiger.cache_size", 256L << 20, 1L << 20, 10L << 40);
    String compression = p.oneOf("wiredtiger.compression", "none", "none", "snappy");
    boolean sync = p.bool("wiredtiger.sync", false);
    boolean log = p.bool("wiredtiger.log", true);
    if (sync && !log) {
      throw new DBException(
          "wiredtiger.log: 'false' with wiredtiger.sync=true: a commit is synced through the log;"
              + " leave wiredtiger.log out, or sync=false");
    }
    int batchParallelism = io.github.ycsbembedded.core.BatchWorkers.parallelism(p, "wiredtiger");
    String extraConfig = p.string("wiredtiger.config", "");
    String extraTableConfig = p.string("wiredtiger.table_config", "");
    Matcher format = RECORD_FORMAT.matcher(extraTableConfig);
    if (format.find()) {
      throw new DBException(
          "wiredtiger.table_config: '"
              + extraTableConfig
              + "' sets "
              + format.group(1)
              + ", which the binding fixes at u (its keys and values are bytes, read and written as such);"
              + " leave it out");
    }
    int threads = p.integer("threadcount", 1, 1, Integer.MAX_VALUE);
    int retryTimeoutMs = p.integer("wiredtiger.retry_timeout_ms", 10_000, 0, Integer.MAX_VALUE);

    Path libraries = WiredTigerNative.load();
    StringBuilder config =
        new StringBuilder("create")
            .append(",cache_size=")
            .append(cacheSize)
            .append(",session_max=")
            // each client thread: its session, its batch runs' session, a spare; and the readers
            .append(Math.max(100, 3 * threads + batchParallelism + 16));
    // the durability contract: every commit goes to the log, written to the OS before it returns
    // (method=none: written, not flushed), so that a process that dies loses nothing acknowledged;
    // with sync=true it is flushed too (fsync). Left to itself WiredTiger would keep the records of
    // unsynced commits in its log buffer for a background thread to write, and a process killed
    // then loses them. A checkpoint a minute (MongoDB's default) bounds the log a reopen replays,
    // and WiredTiger removes the log files a checkpoint made needless. wiredtiger.log=false leaves
    // the log off, as the write-ups' harnesses ran it: durable at checkpoints only
    if (log) {
      config
          // no log files allocated ahead: a run's disk figure counts the log it wrote, not 100 MB
          // files it might write into
          .append(",log=(enabled=true,archive=true,prealloc=false)")
          .append(",checkpoint=(wait=")
          .append(CHECKPOINT_SECONDS)
          .append(')')
          .append(",transaction_sync=(enabled=true,method=")
          .append(sync ? "fsync" : "none")
          .append(')');
    }
    StringBuilder tableConfig = new StringBuilder("key_format=u,value_format=u");
    if ("snappy".equals(compression)) {
      Path extension = libraries.resolve(WiredTigerNative.SNAPPY_EXTENSION);
      if (!Files.exists(extension)) {
        throw new DBException(
            "wiredtiger.compression: 'snappy' needs the extension "
                + extension
                + ", which is missing (Debian's build of WiredTiger has no built-in snappy;"
                + " the libwiredtiger0 package ships it); use none");
      }
      config.append(",extensions=[").append(extension.toAbsolutePath()).append(']');
      tableConfig.append(",block_compressor=snappy");
    }
    if (EngineStats.wanted(p)) {
      // kept only when asked for: every operation counts then
      config.append(",statistics=(fast)");
    }
    if (!extraConfig.isEmpty()) {
      config.append(',').append(extraConfig);
    }
    if (!extraTableConfig.isEmpty()) {
      tableConfig.append(',').append(extraTableConfig);
    }
    Connection connection;
    NativeStderr.acquire();
    try {
      connection = wiredtiger.open(dir.toString(), config.toString());
    } catch (WiredTigerException e) {
      // the Java API carries only strerror(); WiredTiger writes the detail to stderr itself, where
      // NativeStderr reads it for this line
      String detail = NativeStderr.firstSinceMark();
      NativeStderr.release();
      throw new DBException(
          "wiredtiger: cannot open "
              + dir
              + " with configuration '"
              + config
              + "': "
              + e.getMessage()
              + NativeStderr.quoted(detail),
          e);
    }
    WiredTigerEngine engine =
        new WiredTigerEngine(
            connection, tableConfig.toString(), retryTimeoutMs * 1_000_000L, batchParallelism);
    try {
      engine.version = readVersion(dir);
      engine.checkTableConfig();
      return engine;
    } catch (DBException | RuntimeException e) {
      engine.close();
      throw e;
    }
  }

  /**
   * The version the library wrote into the directory's {@code WiredTiger} file on opening it (its
   * second line: {@code WiredTiger 3.2.1: (December 16, 2019)}); the Java API has no call for it.
   */
  private static String readVersion(Path dir) {
    try {
      for (String line : Files.readAllLines(dir.resolve("WiredTiger"))) {
        if (line.startsWith("WiredTiger ")) {
          int colon = line.indexOf(':');
          return colon > 0 ? line.substring(0, colon) : line;
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      // no version file: unknown
    }
    return "WiredTiger (version unknown)";
  }

  /** The engine and its version, as the library wrote it into the directory. */
  @Override
  public String version() {
    return version;
  }

  /**
   * Creates and drops a table with the table configuration, so a bad one fails the open, not every
   * write.
   */
  private void checkTableConfig() throws DBException {
    Session session = connection.open_session(null);
    try {
      session.create(CONFIG_CHECK, tableConfig);
      session.drop(CONFIG_CHECK, null);
    } catch (WiredTigerException e) {
      throw new DBException(
          "wiredtiger.table_config: WiredTiger refuses the table configuration '"
              + tableConfig
              + "' ("
              + e.getMessage()
              + ")"
              + NativeStderr.quoted(NativeStderr.firstSinceMark()),
          e);
    } finally {
      session.close(null);
    }
  }

  /** The reader threads of batch reads. */
  io.github.ycsbembedded.core.BatchWorkers workers() {
    return workers;
  }

  /** This thread's reader session, opened on its first batch run. */
  Reader reader() {
    Reader reader = readers.get();
    if (reader == null) {
      reader = new Reader(openSession());
      readers.set(reader);
      allReaders.add(reader);
    }
    return reader;
  }

  /**
   * A batch reader thread's own session and cursors: WiredTiger's sessions are single-threaded, so
   * each thread that reads a run of a batch has its own, closed with the engine.
   */
  static final class Reader {
    final Session session;
    final java.util.Map<String, RawCursor> cursors = new java.util.HashMap<>();

    Reader(Session session) {
      this.session = session;
    }

    RawCursor cursor(String uri) {
      return cursors.computeIfAbsent(uri, u -> new RawCursor(session.open_cursor(u, null, null)));
    }

    void close() {
      for (RawCursor cursor : cursors.values()) {
        cursor.cursor.close();
      }
      cursors.clear();
      session.close(null);
    }
  }

  /** A write through the binding begins (see {@link #quiet}). */
  void beginWrite() {
    writesBegun.incrementAndGet();
  }

  /** A write through the binding has committed or given up (see {@link #quiet}). */
  void endWrite() {
    writesEnded.incrementAndGet();
  }

  /**
   * The count of writes begun, when no write is under way, else -1: a batch read in runs takes it
   * before its runs and compares after them. Every write to the engine goes through the binding in
   * this process (WiredTiger opens a directory in one process only), so an unchanged count means
   * that no write committed while the runs read, and every run's snapshot saw the same data.
   */
  long quiet() {
    long begun = writesBegun.get();
    return writesEnded.get() == begun ? begun : -1;
  }

  /** Whether a write has begun since {@link #quiet} returned {@code begun}. */
  boolean wroteSince(long begun) {
    return writesBegun.get() != begun;
  }

  /** How long an operation retries after WiredTiger rolled it back for a conflict. */
  long retryTimeoutNanos() {
    return retryTimeoutNanos;
  }

  /**
   * A client's session, with snapshot isolation as its default, so that its transactions begin
   * without a configuration string: WiredTiger parses one on every {@code begin_transaction}, and
   * an empty {@code begin_transaction("isolation=snapshot")} and commit took 770 ns here against
   * 110 ns for {@code begin_transaction(null)} on such a session (README, WiredTiger). Operations
   * outside a transaction read as before: each takes a snapshot of its own and lets it go when it
   * returns.
   */
  Session openSession() {
    return connection.open_session("isolation=snapshot");
  }

  /**
   * Creates the table of a YCSB table once per process ({@code table:<name>}, binary key/value).
   */
  String table(Session session, String name) {
    String uri = uri(name);
    if (!tables.contains(uri)) {
      synchronized (tables) {
        if (!tables.contains(uri)) {
          session.create(uri, tableConfig);
          tables.add(uri);
        }
      }
    }
    return uri;
  }

  /**
   * The URI of a YCSB table's WiredTiger table; {@link #abandon} must name a table as {@link
   * #table} does.
   */
  private static String uri(String name) {
    return "table:" + name;
  }

  /**
   * Leaves the connection open at {@link #close}: a session holds a bulk cursor on each of these
   * tables that a failed write broke and WiredTiger cannot close (closing the connection would
   * close it). Their loads are lost; the other tables are checkpointed instead of closed.
   */
  void abandon(Set<String> tableNames) {
    for (String name : tableNames) {
      abandoned.add(uri(name));
    }
  }

  /**
   * Leaves the connection open at a {@link #close} on another thread than the one that opened it: a
   * session (or a cursor of it) could not be closed after a panic (the data directory removed under
   * a run, a failing disk), and the connection's close would close it itself, through WiredTiger's
   * JNI close handler with the opener's JNIEnv, which crashed the JVM (SIGSEGV in {@code
   * jni_GetObjectClass}: exit 134, nothing on stderr) or never returned. After a panic WiredTiger
   * writes nothing more; what its log holds is kept, as after a kill.
   */
  void sessionLeftOpen(WiredTigerPanicException why) {
    sessionLeftOpen.compareAndSet(null, why);
  }

  /**
   * A checkpoint of every table, so that the next open replays no log ({@code
   * wiredtiger.flush_on_close}). WiredTiger's close writes one anyway; asked for, it is timed on
   * its own.
   */
  @Override
  public void flush() throws DBException {
    if (abandoned.isEmpty()) {
      Session session = connection.open_session(null);
      try {
        session.checkpoint(null);
      } catch (WiredTigerException e) {
        throw new DBException(
            "wiredtiger: the checkpoint failed (" + e.getMessage() + "); " + LOST_UNLESS_LOGGED, e);
      } finally {
        session.close(null);
      }
    } else {
      checkpointAllBut(abandoned);
    }
  }

  /**
   * WiredTiger's figures now, from its statistics cursors: the connection's ({@code statistics:};
   * kept only with {@code enginestats}, which opens the connection with {@code statistics=(fast)})
   * and each table's tree ({@code statistics:table:<name>}). Null figures when statistics are off.
   */
  @Override
  public EngineStats.Figures statistics() {
    Session session = connection.open_session(null);
    try {
      WiredTigerStats stats = WiredTigerStats.read(session, "statistics:", null);
      List<WiredTigerStats> trees = new ArrayList<>();
      for (String uri : tables.stream().sorted().toList()) {
        // tree_walk: the pages and entries, counted by walking the tree (fast leaves them at 0)
        trees.add(
            WiredTigerStats.read(session, "statistics:" + uri, "statistics=(fast,tree_walk)"));
      }
      return stats.figures(trees);
    } finally {
      session.close(null);
    }
  }

  /**
   * The connection's counters alone, read while the run goes on: the walk of every table's tree
   * that {@link #statistics} adds would slow the run it measures.
   */
  @Override
  public EngineStats.Figures counters() {
    Session session = connection.open_session(null);
    try {
      return WiredTigerStats.read(session, "statistics:", null).figures(List.of());
    } finally {
      session.close(null);
    }
  }

  /**
   * Closes, which writes a final checkpoint: WiredTiger's close always does, so the next open needs
   * no recovery. A checkpoint that fails (a full disk, a panic) is reported: what was written since
   * the last checkpoint then lives only in the log ({@code wiredtiger.log}, on unless turned off).
   * With {@link #abandon}ed tables, checkpoints the others and leaves the connection open.
   * Idempotent.
   */
  @Override
  public void close() throws DBException {
    try {
      closeConnection();
    } finally {
      if (released.compareAndSet(false, true)) {
        NativeStderr.release();
      }
    }
  }

  private void closeConnection() throws DBException {
    workers.close();
    // the readers' sessions are closed here, explicitly: the connection must not close them itself
    // (WiredTiger's JNI close handler would run on the wrong thread's JNIEnv)
    for (Reader reader : allReaders) {
      try {
        reader.close();
      } catch (WiredTigerPanicException e) {
        sessionLeftOpen(e);
      } catch (WiredTigerException e) {
        // the connection's close reports what matters: a checkpoint that could not be written
      }
    }
    allReaders.clear();
    WiredTigerPanicException leftOpen = sessionLeftOpen.get();
    if (leftOpen != null && Thread.currentThread() != opener) {
      throw new DBException(
          "wiredtiger: the connection is left open, as a session could not be closed ("
              + leftOpen.getMessage()
              + ") and closing it on this thread would crash the JVM; "
              + LOST_UNLESS_LOGGED,
          leftOpen);
    }
    if (!abandoned.isEmpty()) {
      checkpointAllBut(abandoned);
      return;
    }
    try {
      connection.close(null);
    } catch (WiredTigerException e) {
      throw new DBException(
          "wiredtiger: the final checkpoint failed (" + e.getMessage() + "); " + LOST_UNLESS_LOGGED,
          e);
    }
  }

  private void checkpointAllBut(Set<String> left) throws DBException {
    List<String> others = tables.stream().filter(uri -> !left.contains(uri)).sorted().toList();
    if (others.isEmpty()) {
      return;
    }
    Session session = connection.open_session(null);
    try {
      session.checkpoint(
          others.stream()
              .map(uri -> '"' + uri + '"')
              .collect(Collectors.joining(",", "target=(", ")")));
    } catch (WiredTigerException e) {
      throw new DBException(
          "wiredtiger: the checkpoint of "
              + String.join(", ", others)
              + " failed ("
              + e.getMessage()
              + "); "
              + LOST_UNLESS_LOGGED,
          e);
    } finally {
      session.close(null);
    }
  }
}
