package io.github.ycsbembedded.core.testing;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.BatchWriteDB;
import io.github.ycsbembedded.core.MultiWriteDB;
import io.github.ycsbembedded.core.RangeScanDB;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import site.ycsb.DB;
import site.ycsb.DBException;

/**
 * What the conformance tests need of a binding under test, and the hooks a binding may change: the
 * tests themselves are grouped by capability in the interfaces that extend this one ({@link
 * PointOperationsConformance}, {@link ScanConformance}, ...), and {@link BindingConformanceTest}
 * implements them all. A binding with fewer capabilities extends {@link BindingFixture} and
 * implements only the interfaces of those it has.
 */
public interface Conformance {
  String TABLE = "usertable";

  /** The binding's name, the prefix of its properties: {@code lmdb} for {@code lmdb.dir}. */
  String name();

  /** A new, uninitialized client of the binding. */
  DB newClient();

  /** The test's data directory, empty at its start. */
  Path dataDir();

  /** The properties a client gets for {@code dir}; override to add engine settings. */
  default Properties properties(Path dir) {
    Properties properties = new Properties();
    properties.setProperty(name() + ".dir", dir.toString());
    return properties;
  }

  /** An initialized client on {@link #dataDir}, cleaned up after the test. */
  default DB open() throws DBException {
    return open(properties(dataDir()));
  }

  /** An initialized client with these properties, cleaned up after the test. */
  DB open(Properties properties) throws DBException;

  /** Cleans the client up now. */
  void close(DB db) throws DBException;

  /** A size property of the binding, used to check the malformed-size message. */
  default String sizeProperty() {
    return name() + ".cache_size";
  }

  // ---- engine statistics (enginestats) ----

  /** Records of {@code field0} = 1,000 bytes written for the statistics tests. */
  int STATS_RECORDS = 2_000;

  /**
   * Checks the engine's figures after {@code records} inserts of 1,000 bytes: {@code before} at the
   * last cleanup, {@code after} the final flush. Each engine checks what it keeps.
   */
  void checkStatistics(JsonNode before, JsonNode after, int records);

  /**
   * Checks, engine by engine, that nothing still holds {@code dir} after the last cleanup (for
   * example by opening it with the engine's own API). By default nothing more than the registry.
   */
  default void assertDirectoryReleased(Path dir) throws Exception {}

  /**
   * The values {@code <name>.compression} accepts; each is checked to round-trip. None by default.
   */
  default List<String> compressions() {
    return List.of();
  }

  // ---- batch reads (BatchReadDB) ----

  default BatchReadDB batch(DB db) {
    assertThat(db).as("every binding implements BatchReadDB").isInstanceOf(BatchReadDB.class);
    return (BatchReadDB) db;
  }

  // ---- batch inserts and bulk loads (BatchWriteDB) ----

  default BatchWriteDB batches(DB db) {
    assertThat(db).as("every binding implements BatchWriteDB").isInstanceOf(BatchWriteDB.class);
    return (BatchWriteDB) db;
  }

  // ---- atomic multi-key writes (MultiWriteDB) and range scans (RangeScanDB) ----

  default MultiWriteDB multi(DB db) {
    assertThat(db).as("every binding implements MultiWriteDB").isInstanceOf(MultiWriteDB.class);
    return (MultiWriteDB) db;
  }

  default RangeScanDB ranges(DB db) {
    assertThat(db).as("every binding implements RangeScanDB").isInstanceOf(RangeScanDB.class);
    return (RangeScanDB) db;
  }

  /**
   * Whether the engine refuses a directory that another process holds (RocksDB, LevelDB, WiredTiger
   * lock it; LMDB is multi-process by design).
   */
  default boolean locksDirectoryAgainstOtherProcesses() {
    return true;
  }

  /**
   * Starts a second process holding the binding's engine on {@code dir} until the returned handle
   * closes.
   */
  default AutoCloseable holdInAnotherProcess(Path dir) throws Exception {
    List<String> command = YcsbProcess.java(HoldDirectory.class.getName());
    command.add(newClient().getClass().getName());
    properties(dir).forEach((k, v) -> command.add(k + "=" + v));
    Process holder = new ProcessBuilder(command).redirectErrorStream(true).start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
    // the binding announces its class and engine version before the holder says ready
    List<String> said = new java.util.ArrayList<>();
    String line;
    YcsbProcess.Bound bounded = YcsbProcess.bound(holder, 2);
    try {
      while ((line = out.readLine()) != null && !line.equals("ready")) {
        said.add(line);
      }
    } finally {
      bounded.close();
    }
    assertThat(line)
        .as("the holder process opened the directory; it said " + said)
        .isEqualTo("ready");
    return () -> {
      holder.getOutputStream().close();
      if (!holder.waitFor(1, TimeUnit.MINUTES)) {
        YcsbProcess.destroyTree(holder);
      }
      out.close();
    };
  }

  /**
   * Whether a file of the data directory holds the records themselves (not a log of them): the file
   * whose bytes {@link #flippedBytesInTheDataFileAreErrorsNeverWrongValues} flips is the largest of
   * these.
   */
  default boolean holdsRecords(Path file) {
    return true;
  }

  /**
   * The properties with which the binding keeps every acknowledged write through a full disk (the
   * engine's defaults unless it needs more, e.g. a log).
   */
  default Properties fullDiskProperties(Path dir) {
    return properties(dir);
  }

  /**
   * Whether a bulk load keeps the batches it acknowledged when a later write fails. WiredTiger's
   * bulk cursor cannot survive a failed write, and its own test checks that the load is lost in one
   * line instead.
   */
  default boolean bulkLoadKeepsAcknowledgedBatchesAfterAFailedWrite() {
    return true;
  }

  /** The body of one thread in {@link #runConcurrently}; {@code t} is the thread's index. */
  interface ThreadBody {
    Void run(int t) throws Exception;
  }

  /** Runs {@code threads} bodies at once and rethrows the first failure. */
  default void runConcurrently(int threads, ThreadBody body) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Void>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int id = t;
        Callable<Void> task = () -> body.run(id);
        futures.add(pool.submit(task));
      }
      for (Future<Void> future : futures) {
        future.get(5, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdown();
      assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
    }
  }
}
