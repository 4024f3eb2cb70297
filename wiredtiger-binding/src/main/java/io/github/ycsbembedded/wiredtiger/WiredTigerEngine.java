package io.github.ycsbembedded.wiredtiger;

import com.wiredtiger.db.Connection;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerException;
import com.wiredtiger.db.wiredtiger;
import io.github.ycsbembedded.core.BindingProperties;
import java.nio.file.Files;
import java.nio.file.Path;
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
final class WiredTigerEngine implements AutoCloseable {
  /**
   * A table configuration key the binding owns: its point operations pass keys and values as bytes.
   */
  private static final Pattern RECORD_FORMAT =
      Pattern.compile("(?:^|[,(])\\s*(key_format|value_format)\\s*[=:]");

  /** The binding's properties besides {@code wiredtiger.dir} and {@code wiredtiger.destroy}. */
  static final Set<String> PROPERTIES =
      Set.of(
          "wiredtiger.cache_size",
          "wiredtiger.compression",
          "wiredtiger.sync",
          "wiredtiger.config",
          "wiredtiger.table_config",
          "wiredtiger.retry_timeout_ms");

  /** A table created and dropped at open, to check the table configuration before any work. */
  private static final String CONFIG_CHECK = "table:ycsb-embedded-config-check";

  private final Connection connection;
  private final String tableConfig;
  private final long retryTimeoutNanos;
  private final Set<String> tables = ConcurrentHashMap.newKeySet();

  /** Tables (URIs) with a bulk cursor that cannot be closed; see {@link #abandon}. */
  private final Set<String> abandoned = ConcurrentHashMap.newKeySet();

  private String version = "WiredTiger (version unknown)";
  private boolean closed;

  private WiredTigerEngine(Connection connection, String tableConfig, long retryTimeoutNanos) {
    this.connection = connection;
    this.tableConfig = tableConfig;
    this.retryTimeoutNanos = retryTimeoutNanos;
  }

  static WiredTigerEngine open(Path dir, BindingProperties p) throws Exception {
    long cacheSize = p.size("wiredtiger.cache_size", 256L << 20, 1L << 20);
    String compression = p.oneOf("wiredtiger.compression", "none", "none", "snappy");
    boolean sync = p.bool("wiredtiger.sync", false);
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
            .append(Math.max(100, 2 * threads + 16));
    // asynchronous by default, as in the write-ups' runs: no log, durable at each checkpoint
    // (the last cleanup closes with one); sync=true logs every commit and fsyncs it
    if (sync) {
      config.append(",log=(enabled=true),transaction_sync=(enabled=true,method=fsync)");
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
    if (!extraConfig.isEmpty()) {
      config.append(',').append(extraConfig);
    }
    if (!extraTableConfig.isEmpty()) {
      tableConfig.append(',').append(extraTableConfig);
    }
    Connection connection;
    try {
      connection = wiredtiger.open(dir.toString(), config.toString());
    } catch (WiredTigerException e) {
      // the Java API carries only strerror(); WiredTiger prints the detail to stderr itself
      throw new DBException(
          "wiredtiger: cannot open "
              + dir
              + " with configuration '"
              + config
              + "': "
              + e.getMessage(),
          e);
    }
    WiredTigerEngine engine =
        new WiredTigerEngine(connection, tableConfig.toString(), retryTimeoutMs * 1_000_000L);
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
  String version() {
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
              + "; WiredTiger's own message is above)",
          e);
    } finally {
      session.close(null);
    }
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
   * Closes with a final checkpoint, so the next open needs no recovery. A checkpoint that fails (a
   * full disk, a panic) is reported: without {@code wiredtiger.sync=true} (a log) what was written
   * since the last checkpoint is then lost. With {@link #abandon}ed tables, checkpoints the others
   * and leaves the connection open. Idempotent.
   */
  @Override
  public synchronized void close() throws DBException {
    if (closed) {
      return;
    }
    closed = true;
    if (!abandoned.isEmpty()) {
      checkpointAllBut(abandoned);
      return;
    }
    try {
      connection.close(null);
    } catch (WiredTigerException e) {
      throw new DBException(
          "wiredtiger: the final checkpoint failed ("
              + e.getMessage()
              + "); writes since the"
              + " last checkpoint are lost unless wiredtiger.sync=true logged them",
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
              + "); writes to them since the last checkpoint are lost unless wiredtiger.sync=true logged them",
          e);
    } finally {
      session.close(null);
    }
  }
}
