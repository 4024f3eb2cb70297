package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** How a batch is cut into runs: every key read once, as many runs as the reads call for. */
class BatchWorkersTest {
  /** A clock that moves {@code step} nanoseconds each time it is read. */
  private static java.util.function.LongSupplier clock(long step) {
    AtomicLong now = new AtomicLong();
    return () -> now.getAndAdd(step);
  }

  private static List<int[]> runs(BatchWorkers workers, int size) throws Exception {
    List<int[]> runs = Collections.synchronizedList(new ArrayList<>());
    workers.read(size, (from, to) -> runs.add(new int[] {from, to}));
    runs.sort((a, b) -> Integer.compare(a[0], b[0]));
    return runs;
  }

  @Test
  void everyKeyIsReadExactlyOnceWhateverTheSizeAndParallelism() throws Exception {
    for (int parallelism : new int[] {1, 2, 3, 32, 40}) {
      try (BatchWorkers workers = new BatchWorkers("test", parallelism, 2, clock(1_000_000))) {
        for (int size = 0; size <= 300; size++) {
          AtomicInteger[] reads = new AtomicInteger[size];
          for (int i = 0; i < size; i++) {
            reads[i] = new AtomicInteger();
          }
          workers.read(
              size,
              (from, to) -> {
                for (int i = from; i < to; i++) {
                  reads[i].incrementAndGet();
                }
              });
          for (int i = 0; i < size; i++) {
            assertThat(reads[i].get())
                .as("key %d of %d, parallelism %d", i, size, parallelism)
                .isEqualTo(1);
          }
        }
      }
    }
  }

  @Test
  void readsThatComeFromTheDeviceAreSpreadOverEveryReader() throws Exception {
    // every clock reading 1 ms later than the one before: each run's keys took long
    try (BatchWorkers workers = new BatchWorkers("test", 32, 2, clock(1_000_000))) {
      for (int batch = 0; batch < 5; batch++) {
        List<int[]> runs = runs(workers, 256);

        assertThat(runs).as("batch %d", batch).hasSize(32);
        assertThat(runs.get(0)).containsExactly(0, 8);
        assertThat(runs.get(31)).containsExactly(248, 256);
      }
      assertThat(workers.readingFromDevice()).isTrue();
    }
  }

  @Test
  void onceReadsComeFromMemoryABatchIsSplitOnlyOverTheCores() throws Exception {
    // a clock that never moves: every key came at once
    try (BatchWorkers workers = new BatchWorkers("test", 32, 2, clock(0))) {
      assertThat(runs(workers, 256)).as("nothing measured yet: the device is assumed").hasSize(32);
      for (int batch = 0; batch < 3 && workers.readingFromDevice(); batch++) {
        runs(workers, 256);
      }
      assertThat(workers.readingFromDevice()).isFalse();

      List<int[]> runs = runs(workers, 256);
      assertThat(runs).hasSize(2);
      assertThat(runs.get(0)).containsExactly(0, 128);
      assertThat(runs.get(1)).containsExactly(128, 256);
    }
  }

  @Test
  void aSmallBatchIsReadOnTheCallersThreadAlone() throws Exception {
    try (BatchWorkers workers = new BatchWorkers("test", 32, 2, clock(1_000_000))) {
      Thread caller = Thread.currentThread();
      List<Thread> threads = Collections.synchronizedList(new ArrayList<>());
      workers.read(2 * BatchWorkers.MIN_RUN - 1, (from, to) -> threads.add(Thread.currentThread()));

      assertThat(threads).containsExactly(caller);
    }
  }

  @Test
  void theFirstFailureOfAnyRunIsThrownAfterAllRunsEnded() throws Exception {
    AtomicInteger ended = new AtomicInteger();
    try (BatchWorkers workers = new BatchWorkers("test", 4, 2, clock(1_000_000))) {
      assertThatThrownBy(
              () ->
                  workers.read(
                      100,
                      (from, to) -> {
                        ended.incrementAndGet();
                        if (from > 50) {
                          throw new java.io.IOException("disk gone at " + from);
                        }
                      }))
          .isInstanceOf(java.io.IOException.class)
          .hasMessageStartingWith("disk gone at ");
    }
    assertThat(ended.get()).as("four runs").isEqualTo(4);
  }

  @Test
  void theReaderThreadsStartWithThePoolAndNoneDuringReadsAndTheyEndWithIt() throws Exception {
    String name = "prestart" + System.nanoTime();
    BatchWorkers workers = new BatchWorkers(name, 8, 2, clock(1_000_000));
    java.util.Set<Thread> started = readers(name);
    assertThat(started).hasSize(7).allMatch(Thread::isDaemon);

    List<Thread> readingThreads = Collections.synchronizedList(new ArrayList<>());
    for (int batch = 0; batch < 20; batch++) {
      workers.read(256, (from, to) -> readingThreads.add(Thread.currentThread()));
    }
    assertThat(readers(name)).isEqualTo(started);
    assertThat(readingThreads)
        .filteredOn(thread -> thread != Thread.currentThread())
        .isNotEmpty()
        .allMatch(started::contains);

    workers.close();
    for (Thread thread : started) {
      thread.join(10_000);
    }
    assertThat(readers(name)).isEmpty();
  }

  private static java.util.Set<Thread> readers(String name) {
    java.util.Set<Thread> found = new java.util.HashSet<>();
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().startsWith(name + "-batch-reader-") && thread.isAlive()) {
        found.add(thread);
      }
    }
    return found;
  }
}
