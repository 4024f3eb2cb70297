package io.github.ycsbembedded.core;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped locks that make a read-modify-write of one key atomic among the threads of a process, for
 * engines without transactions of their own (RocksDB, LevelDB). Two keys may share a stripe; one
 * key always maps to the same stripe.
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
    return stripes[stripe(table, key)];
  }

  private int stripe(String table, String key) {
    int hash = table.hashCode() * 31 + key.hashCode();
    hash ^= hash >>> 16;
    return hash & (stripes.length - 1);
  }

  /**
   * Locks the stripes of every write's key, each once, in ascending order (so two callers cannot
   * deadlock), and returns them for {@link #unlockAll}.
   */
  public List<ReentrantLock> lockAll(List<MultiWriteDB.Write> writes) {
    TreeSet<Integer> indexes = new TreeSet<>();
    for (MultiWriteDB.Write write : writes) {
      indexes.add(stripe(write.table(), write.key()));
    }
    List<ReentrantLock> locked = new ArrayList<>(indexes.size());
    for (int index : indexes) {
      stripes[index].lock();
      locked.add(stripes[index]);
    }
    return locked;
  }

  public static void unlockAll(List<ReentrantLock> locked) {
    for (int i = locked.size() - 1; i >= 0; i--) {
      locked.get(i).unlock();
    }
  }

  public int stripes() {
    return stripes.length;
  }
}
