package io.github.ycsbembedded.core;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped locks that make a read-modify-write of one key atomic among the threads of a process,
 * for engines without transactions of their own (RocksDB, LevelDB). Two keys may share a stripe;
 * one key always maps to the same stripe.
 */
public final class KeyLocks {
  private final ReentrantLock[] stripes;

  /** {@code stripes} is rounded up to a power of two. */
  public KeyLocks(int stripes) {
    int size = Integer.highestOneBit(Math.max(1, stripes - 1)) << 1;
    this.stripes = new ReentrantLock[size];
    for (int i = 0; i < size; i++) {
      this.stripes[i] = new ReentrantLock();
    }
  }

  /** The lock of {@code key} in {@code table}; lock it, and unlock it in a finally block. */
  public ReentrantLock lockFor(String table, String key) {
    int hash = table.hashCode() * 31 + key.hashCode();
    hash ^= hash >>> 16;
    return stripes[hash & (stripes.length - 1)];
  }

  public int stripes() {
    return stripes.length;
  }
}
