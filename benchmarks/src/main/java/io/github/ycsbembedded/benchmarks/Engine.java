package io.github.ycsbembedded.benchmarks;

import io.github.ycsbembedded.core.Engines;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.DB;

/**
 * The engines: their binding client (from core's {@link Engines} registry) and their raw session
 * here.
 */
public enum Engine {
  LMDB("io.github.ycsbembedded.benchmarks.RawLmdb"),
  ROCKSDB("io.github.ycsbembedded.benchmarks.RawRocksDb"),
  LEVELDB("io.github.ycsbembedded.benchmarks.RawLevelDb"),
  WIREDTIGER("io.github.ycsbembedded.benchmarks.RawWiredTiger"),
  SQLITE("io.github.ycsbembedded.benchmarks.RawSqlite"),
  MVSTORE("io.github.ycsbembedded.benchmarks.RawMvStore"),
  BERKELEYDB("io.github.ycsbembedded.benchmarks.RawBerkeleyDb");

  private final String rawClass;

  Engine(String rawClass) {
    this.rawClass = rawClass;
  }

  /** The binding's property prefix: {@code lmdb}, {@code rocksdb}, ... */
  public String prefix() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The binding's properties for a data directory. */
  public Properties properties(Path dir) {
    Properties properties = new Properties();
    properties.setProperty(prefix() + ".dir", dir.toString());
    return properties;
  }

  /** A new, uninitialized binding client. */
  public DB newClient() throws ReflectiveOperationException {
    String bindingClass = Engines.named(prefix()).orElseThrow().clientClass();
    return Class.forName(bindingClass).asSubclass(DB.class).getDeclaredConstructor().newInstance();
  }

  /**
   * Opens the engine directly on a directory the binding has loaded, as the binding opened it with
   * {@code binding} (its properties) where that changes what a write costs: WiredTiger's log.
   */
  public RawEngine openRaw(Path dir, Properties binding) throws Exception {
    Class<?> type;
    try {
      type = Class.forName(rawClass);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(
          this + " is not in this build (WiredTiger needs bin/setup before the build)", e);
    }
    return (RawEngine)
        type.getDeclaredMethod("open", Path.class, Properties.class).invoke(null, dir, binding);
  }
}
