package io.github.ycsbembedded.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import site.ycsb.DB;

/** The per-trial and per-thread states of {@link EngineBenchmark}. */
public final class States {
  static final int SCAN_LENGTH = 100;
  static final int BATCH_SIZE = 256;

  private States() {}

  /** A thread's random key indexes: uniform over the data set. */
  @State(Scope.Thread)
  public static class RandomKeys {
    @Param({"100000"})
    public int recordCount;

    private final SplittableRandom random = new SplittableRandom();

    public int next() {
      return random.nextInt(recordCount);
    }

    public int[] batch() {
      int[] indexes = new int[BATCH_SIZE];
      for (int i = 0; i < indexes.length; i++) {
        indexes[i] = next();
      }
      return indexes;
    }

    public List<String> batchKeys() {
      List<String> keys = new ArrayList<>(BATCH_SIZE);
      for (int i = 0; i < BATCH_SIZE; i++) {
        keys.add(Keys.key(next()));
      }
      return keys;
    }
  }

  /** The engine opened directly, once per trial. */
  @State(Scope.Benchmark)
  public static class RawEngineState {
    RawEngine engine;

    /** The threads' sessions open on the engine. */
    Users users;

    @Setup(Level.Trial)
    public void open(Dataset dataset) throws Exception {
      users = new Users();
      engine = dataset.engine.openRaw(dataset.dir, dataset.properties());
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
      users.awaitAll();
      engine.close();
    }
  }

  /** A thread's raw session. */
  @State(Scope.Thread)
  public static class RawThread {
    RawEngine.RawSession session;
    private Users users;

    @Setup(Level.Trial)
    public void open(RawEngineState engine) throws Exception {
      session = engine.engine.session();
      users = engine.users;
      users.enter();
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
      try {
        session.close();
      } finally {
        users.leave();
      }
    }
  }

  /** A thread's binding client (the engine itself is shared through the binding's registry). */
  @State(Scope.Thread)
  public static class BindingThread {
    DB db;
    byte[] updateValue;
    private Users users;

    @Setup(Level.Trial)
    public void open(Dataset dataset) throws Exception {
      db = dataset.engine.newClient();
      db.setProperties(dataset.properties());
      db.init();
      users = dataset.users;
      users.enter();
      updateValue = new byte[dataset.valueSize];
      new SplittableRandom(7).nextBytes(updateValue);
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
      try {
        db.cleanup();
      } finally {
        users.leave();
      }
    }
  }
}
