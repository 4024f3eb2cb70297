package io.github.ycsbembedded.wiredtiger;

import com.wiredtiger.db.Connection;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerException;
import com.wiredtiger.db.wiredtiger;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.Directories;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.DBException;

/**
 * One WiredTiger connection per data directory, shared by every {@link WiredTigerClient} of the
 * process; each client opens its own session on it.
 */
final class WiredTigerEngine implements AutoCloseable {
  private final Connection connection;
  private final String tableConfig;
  private final Set<String> tables = ConcurrentHashMap.newKeySet();
  private boolean closed;

  private WiredTigerEngine(Connection connection, String tableConfig) {
    this.connection = connection;
    this.tableConfig = tableConfig;
  }

  static WiredTigerEngine open(Path dir, BindingProperties p) throws Exception {
    long cacheSize = p.size("wiredtiger.cache_size", 256L << 20, 1L << 20);
    String compression = p.oneOf("wiredtiger.compression", "none", "none", "snappy");
    boolean sync = p.bool("wiredtiger.sync", false);
    String extraConfig = p.string("wiredtiger.config", "");
    String extraTableConfig = p.string("wiredtiger.table_config", "");
    int threads = p.integer("threadcount", 1, 1, Integer.MAX_VALUE);
    boolean destroy = p.bool("wiredtiger.destroy", false);

    Path libraries = WiredTigerNative.load();
    StringBuilder config = new StringBuilder("create")
        .append(",cache_size=").append(cacheSize)
        .append(",session_max=").append(Math.max(100, 2 * threads + 16));
    // asynchronous by default, as in the write-ups' runs: no log, durable at each checkpoint
    // (the last cleanup closes with one); sync=true logs every commit and fsyncs it
    if (sync) {
      config.append(",log=(enabled=true),transaction_sync=(enabled=true,method=fsync)");
    }
    StringBuilder tableConfig = new StringBuilder("key_format=u,value_format=u");
    if ("snappy".equals(compression)) {
      Path extension = libraries.resolve(WiredTigerNative.SNAPPY_EXTENSION);
      if (!Files.exists(extension)) {
        throw new DBException("wiredtiger.compression: 'snappy' needs the extension "
            + extension + ", which is missing (Debian's build of WiredTiger has no built-in snappy;"
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
    if (destroy) {
      Directories.wipe(dir);
    }
    try {
      return new WiredTigerEngine(wiredtiger.open(dir.toString(), config.toString()), tableConfig.toString());
    } catch (WiredTigerException e) {
      // the Java API carries only strerror(); WiredTiger prints the detail to stderr itself
      String message = String.valueOf(e.getMessage());
      if (message.toLowerCase(Locale.ROOT).contains("busy") && Files.exists(dir.resolve("WiredTiger.lock"))) {
        throw new DBException("wiredtiger: " + dir + " is in use by another process"
            + " (WiredTiger.lock is held: " + message + ")", e);
      }
      throw new DBException("wiredtiger: cannot open " + dir + " with configuration '" + config
          + "': " + message, e);
    }
  }

  Session openSession() {
    return connection.open_session(null);
  }

  /** Creates the table of a YCSB table once per process ({@code table:<name>}, binary key/value). */
  String table(Session session, String name) {
    String uri = "table:" + name;
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

  /** Closes with a final checkpoint, so the next open needs no recovery. Idempotent. */
  @Override
  public synchronized void close() throws DBException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      connection.close(null);
    } catch (WiredTigerException e) {
      throw new DBException("wiredtiger: closing failed: " + e.getMessage(), e);
    }
  }
}
