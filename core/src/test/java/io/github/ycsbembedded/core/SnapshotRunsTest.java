package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A batch read in runs of one snapshot: kept when every run saw the token's snapshot and nothing
 * was written since; read again otherwise, {@value SnapshotRuns#ATTEMPTS} times at most, each retry
 * after a reset; a run's failure thrown after the reset.
 */
class SnapshotRunsTest {
  /** A snapshot whose runs see a write in the first {@code moves} attempts. */
  private static final class Fake {
    final List<Integer> read = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger begins = new AtomicInteger();
    final AtomicInteger resets = new AtomicInteger();
    final int moves;
    final boolean fail;

    Fake(int moves, boolean fail) {
      this.moves = moves;
      this.fail = fail;
    }

    boolean readIn(BatchWorkers workers, int keys) throws Exception {
      return SnapshotRuns.read(workers, keys, this::begin, this::readRun, t -> true, this::reset);
    }

    long begin() {
      return begins.incrementAndGet();
    }

    boolean readRun(long token, int from, int to) {
      if (fail) {
        throw new IllegalStateException("the run's read failed");
      }
      for (int i = from; i < to; i++) {
        read.add(i);
      }
      return token > moves;
    }

    void reset() {
      resets.incrementAndGet();
      read.clear();
    }
  }

  @Test
  void aBatchNoWriteMovedIsReadOnceEveryKeyOnce() throws Exception {
    try (BatchWorkers workers = new BatchWorkers("t", 4)) {
      Fake fake = new Fake(0, false);
      assertThat(fake.readIn(workers, 40)).isTrue();
      assertThat(fake.begins).hasValue(1);
      assertThat(fake.resets).hasValue(0);
      assertThat(fake.read).containsExactlyInAnyOrderElementsOf(range(40));
    }
  }

  @Test
  void aWriteBetweenTheRunsMeansTheyAreReadAgainAfterAReset() throws Exception {
    try (BatchWorkers workers = new BatchWorkers("t", 4)) {
      Fake fake = new Fake(2, false);
      assertThat(fake.readIn(workers, 40)).isTrue();
      assertThat(fake.begins).hasValue(3);
      assertThat(fake.resets).hasValue(2);
      assertThat(fake.read).containsExactlyInAnyOrderElementsOf(range(40));
    }
  }

  @Test
  void afterEveryAttemptSawAWriteTheCallerReadsTheBatchItself() throws Exception {
    try (BatchWorkers workers = new BatchWorkers("t", 4)) {
      Fake fake = new Fake(SnapshotRuns.ATTEMPTS, false);
      assertThat(fake.readIn(workers, 40)).isFalse();
      assertThat(fake.begins).hasValue(SnapshotRuns.ATTEMPTS);
      assertThat(fake.resets).hasValue(SnapshotRuns.ATTEMPTS);
      assertThat(fake.read).isEmpty();
    }
  }

  @Test
  void aRunsFailureIsThrownAfterTheReset() throws Exception {
    try (BatchWorkers workers = new BatchWorkers("t", 4)) {
      Fake fake = new Fake(0, true);
      assertThatThrownBy(() -> fake.readIn(workers, 40)).hasMessage("the run's read failed");
      assertThat(fake.resets).hasValue(1);
    }
  }

  private static List<Integer> range(int n) {
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(i);
    }
    return all;
  }
}
