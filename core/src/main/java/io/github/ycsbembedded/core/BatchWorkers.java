package io.github.ycsbembedded.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * A bounded pool of reader threads per engine handle, so that one batch read keeps several reads in
 * flight: once the data is larger than memory a batch of 256 keys read one after the other waits
 * for 256 device reads in turn, where the device could serve many at once. A batch is cut into runs
 * of keys, each read by one thread (the caller reads the first). How many runs depends on where the
 * reads have been coming from: every run times itself, and a moving average of the time a key took
 * (over the last few runs of any batch) decides. Above {@value #DEVICE_READ_NANOS} ns a key the
 * reads come from the device, and a batch is cut into up to {@code parallelism} runs, so that that
 * many reads are outstanding; below it they come from memory, and a batch is cut into no more runs
 * than there are cores, since more threads would only add hand-offs to work the CPU does anyway
 * (measured on 2 cores: 32 runs of an in-memory LMDB batch read 610k keys/s, 2 runs 838k). Until
 * something was measured the device is assumed. The pool's threads are daemons, named after the
 * engine, started with the pool and kept as long as the engine: not started on demand during a run,
 * where in a memory cgroup at its limit a new thread can fail to get its stack and the JVM then
 * stops (seen once here, a LevelDB Workload Z run of {@code bin/experiment unum}: "failed to map
 * 16384 bytes ... committing reserved memory" for {@code leveldb-batch-reader-24}).
 */
public final class BatchWorkers implements AutoCloseable {
  /**
   * Reads the keys at positions {@code from} (inclusive) to {@code to} (exclusive) of the batch's
   * order.
   */
  @FunctionalInterface
  public interface Run {
    void read(int from, int to) throws Exception;
  }

  /** Reads in flight per batch by default (README, "Workload Z", for the measurement). */
  public static final int DEFAULT_PARALLELISM = 32;

  /** Above this a key's read came from the device, not from memory. */
  static final long DEVICE_READ_NANOS = 10_000;

  /** The fewest keys a run gets. */
  static final int MIN_RUN = 4;

  private final int parallelism;
  private final int cores;
  private final LongSupplier clock;
  private final ExecutorService pool;

  /** The moving average of a key's read time (racy updates lose a sample now and then, no more). */
  private volatile long perKeyNanos = 2 * DEVICE_READ_NANOS;

  /**
   * @param name the engine's name, for the threads' names
   * @param parallelism reads in flight at most per batch; 1 reads every batch on the caller's
   *     thread
   */
  public BatchWorkers(String name, int parallelism) {
    this(name, parallelism, Runtime.getRuntime().availableProcessors(), System::nanoTime);
  }

  /** With the cores to count on and the clock that times the first keys (for the tests). */
  BatchWorkers(String name, int parallelism, int cores, LongSupplier clock) {
    this.cores = cores;
    this.clock = clock;
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism " + parallelism);
    }
    this.parallelism = parallelism;
    AtomicInteger count = new AtomicInteger();
    // idle threads wait on a synchronous hand-off, most recently idle first, so that a batch cut
    // into two runs keeps going to the same warm thread (a fixed pool's queue rotates through all
    // of them: measured 610k against 838k keys/s for in-memory LMDB batches); with every thread
    // busy (several clients at once) the caller reads the run itself
    if (parallelism == 1) {
      this.pool = null;
      return;
    }
    ThreadPoolExecutor readers =
        new ThreadPoolExecutor(
            parallelism - 1,
            parallelism - 1,
            0,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            r -> {
              Thread thread = new Thread(r, name + "-batch-reader-" + count.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            },
            new ThreadPoolExecutor.CallerRunsPolicy());
    readers.prestartAllCoreThreads();
    this.pool = readers;
  }

  /** {@code <engine>.batch_parallelism}, 1 to 256, {@link #DEFAULT_PARALLELISM} when not given. */
  public static int parallelism(BindingProperties properties, String engine)
      throws site.ycsb.DBException {
    return properties.integer(engine + ".batch_parallelism", DEFAULT_PARALLELISM, 1, 256);
  }

  public int parallelism() {
    return parallelism;
  }

  /**
   * Reads a batch of {@code size} keys as runs of about equal length (see the class), the first on
   * the calling thread, and returns when all are done. A batch of fewer than {@code 2 × MIN_RUN}
   * keys is read on the caller's thread alone. The first exception of any run is thrown (after
   * every run has ended).
   */
  public void read(int size, Run run) throws Exception {
    if (pool == null || size < 2 * MIN_RUN) {
      run.read(0, size);
      return;
    }
    boolean fromDevice = perKeyNanos > DEVICE_READ_NANOS;
    int runs = Math.min(fromDevice ? parallelism : Math.min(parallelism, cores), size / MIN_RUN);
    List<Future<?>> others = new ArrayList<>(runs - 1);
    for (int i = 1; i < runs; i++) {
      int from = (int) ((long) size * i / runs);
      int to = (int) ((long) size * (i + 1) / runs);
      others.add(
          pool.submit(
              () -> {
                timed(run, from, to);
                return null;
              }));
    }
    Exception failure = null;
    try {
      timed(run, 0, (int) ((long) size / runs));
    } catch (Exception e) {
      failure = e;
    }
    for (Future<?> other : others) {
      try {
        other.get();
      } catch (ExecutionException e) {
        if (failure == null) {
          failure =
              e.getCause() instanceof Exception cause
                  ? cause
                  : new IllegalStateException(e.getCause());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        if (failure == null) {
          failure = e;
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  /** Whether the last runs' keys came from the device, by their moving average (for the tests). */
  boolean readingFromDevice() {
    return perKeyNanos > DEVICE_READ_NANOS;
  }

  private void timed(Run run, int from, int to) throws Exception {
    long start = clock.getAsLong();
    run.read(from, to);
    long perKey = (clock.getAsLong() - start) / Math.max(1, to - from);
    long average = perKeyNanos;
    perKeyNanos = average + (perKey - average) / 4;
  }

  /**
   * Stops the pool. State a binding keeps per reader thread (LMDB's read transactions) is the
   * binding's to release, after this.
   */
  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }
}
