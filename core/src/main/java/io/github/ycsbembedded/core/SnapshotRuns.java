package io.github.ycsbembedded.core;

/**
 * A batch read by an engine whose reader threads each need a snapshot of their own (LMDB's read
 * transactions, WiredTiger's sessions): the keys, in key order, are cut into runs read on the
 * threads of {@link BatchWorkers}, each in a snapshot it opens itself, and the batch stands only if
 * every run saw the same data — the snapshot taken before the runs began. When a write committed in
 * between, the runs are read again, {@value #ATTEMPTS} times at most; then the caller reads the
 * batch in one snapshot of its own. The engine supplies what differs: how it takes the token, reads
 * a run and tells whether anything was written since.
 */
public final class SnapshotRuns {
  /** How many times a batch is read in runs before the caller reads it in one snapshot. */
  public static final int ATTEMPTS = 3;

  private SnapshotRuns() {}

  /** The snapshot every run must see, as a token ({@code -1}: a write is under way, try again). */
  @FunctionalInterface
  public interface Begin {
    long token() throws Exception;
  }

  /**
   * Reads the keys at positions {@code from} (inclusive) to {@code to} of the key order in a
   * snapshot of its own; false when that snapshot is not {@code token}'s.
   */
  @FunctionalInterface
  public interface RunReader {
    boolean read(long token, int from, int to) throws Exception;
  }

  /**
   * Reads {@code keys} keys in runs of one snapshot; true when done, false when the caller must
   * read the batch in one snapshot (every attempt saw a write: {@code reset} ran before each retry
   * and after the last). A run's failure is thrown once every run has ended, after {@code reset}.
   *
   * @param unchanged whether nothing was written since a token, once every run is done
   * @param reset forgets what an attempt read
   */
  public static boolean read(
      BatchWorkers workers,
      int keys,
      Begin begin,
      RunReader run,
      java.util.function.LongPredicate unchanged,
      Runnable reset)
      throws Exception {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      long token = begin.token();
      if (token < 0) {
        Thread.onSpinWait();
        continue;
      }
      java.util.concurrent.atomic.AtomicBoolean moved =
          new java.util.concurrent.atomic.AtomicBoolean();
      try {
        workers.read(
            keys,
            (from, to) -> {
              if (!run.read(token, from, to)) {
                moved.set(true);
              }
            });
      } catch (Exception e) {
        reset.run();
        throw e;
      }
      if (!moved.get() && unchanged.test(token)) {
        return true;
      }
      reset.run();
    }
    return false;
  }
}
