package io.github.ycsbembedded.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The pre-loaded data set of one trial: {@code recordCount} records of one field of {@code
 * valueSize} bytes, written through the binding (so raw and binding read the same bytes) into a
 * temporary directory, which is deleted after the trial.
 */
@State(Scope.Benchmark)
public class Dataset {
  @Param({"LMDB", "ROCKSDB", "LEVELDB", "WIREDTIGER", "SQLITE", "MVSTORE", "BERKELEYDB"})
  public Engine engine;

  @Param({"100", "1000", "4000"})
  public int valueSize;

  @Param({"100000"})
  public int recordCount;

  /**
   * Binding properties besides the directory, as {@code name=value} pairs separated by {@code ;}
   * (JMH separates a parameter's values by commas), {@code none} for none: {@code -p
   * bindingProperties=none,wiredtiger.log=false} measures WiredTiger with and without its log.
   */
  @Param({"none"})
  public String bindingProperties = "none";

  Path dir;

  /** The threads' binding clients open on the data set. */
  Users users;

  @Setup(Level.Trial)
  public void load() throws Exception {
    users = new Users();
    dir = Files.createTempDirectory("ycsb-embedded-jmh-" + engine.prefix());
    DB db = engine.newClient();
    db.setProperties(properties());
    db.init();
    SplittableRandom random = new SplittableRandom(42);
    try {
      for (int i = 0; i < recordCount; i++) {
        byte[] value = new byte[valueSize];
        random.nextBytes(value);
        Status status =
            db.insert(Keys.TABLE, Keys.key(i), Map.of("field0", new ByteArrayByteIterator(value)));
        if (!status.isOk()) {
          throw new IllegalStateException(
              "loading " + engine + " failed at record " + i + ": " + status);
        }
      }
    } finally {
      db.cleanup();
    }
  }

  /** The binding's properties for this data set. */
  Properties properties() {
    Properties properties = engine.properties(dir);
    properties.setProperty("lmdb.mapsize", "4g");
    if (bindingProperties.isBlank() || bindingProperties.trim().equals("none")) {
      return properties;
    }
    for (String pair : bindingProperties.split(";", -1)) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        properties.setProperty(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
      } else if (!pair.isBlank()) {
        throw new IllegalArgumentException("bindingProperties: '" + pair + "' is not name=value");
      }
    }
    return properties;
  }

  @TearDown(Level.Trial)
  public void delete() throws Exception {
    users.awaitAll();
    try (Stream<Path> tree = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) tree.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }
}
