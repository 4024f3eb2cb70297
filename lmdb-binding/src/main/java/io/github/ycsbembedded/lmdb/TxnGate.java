package io.github.ycsbembedded.lmdb;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * Keeps map growth apart from live transactions without a lock that threads share on the hot path.
 * LMDB lets {@code mdb_env_set_mapsize} run only while no transaction of the process is live. A
 * read-write lock would do, but every reader then writes the lock's shared counter: one cache line
 * bouncing between all cores on every read. Here each thread announces its transaction in a slot
 * of its own (a volatile flag on its own cache line) and only reads the shared {@code growing}
 * flag; growth raises that flag, waits until every slot is idle, grows, and lowers it.
 *
 * <p>Correctness rests on the two volatile accesses on each side (a thread stores its flag, then
 * loads {@code growing}; growth stores {@code growing}, then loads every flag): under the Java
 * memory model at least one of the two threads sees the other's store, so a transaction and growth
 * never overlap.
 */
final class TxnGate {
  /** A thread's announcement; padded so that two threads' flags never share a cache line. */
  static final class Slot {
    @SuppressWarnings("unused")
    private long p1, p2, p3, p4, p5, p6, p7;
    private volatile boolean active;
    @SuppressWarnings("unused")
    private long q1, q2, q3, q4, q5, q6, q7;
  }

  private final CopyOnWriteArrayList<Slot> slots = new CopyOnWriteArrayList<>();
  private final ThreadLocal<Slot> mine = new ThreadLocal<>();
  private final Object growth = new Object();
  private volatile boolean growing;

  /** The calling thread's slot, made on its first use. */
  Slot slot() {
    Slot slot = mine.get();
    if (slot == null) {
      slot = new Slot();
      slots.add(slot);
      mine.set(slot);
    }
    return slot;
  }

  /**
   * Forgets a slot whose client closed (it must not be in a transaction); the thread that owned it
   * gets a new one if it opens a transaction again.
   */
  void release(Slot slot) {
    slots.remove(slot);
    if (mine.get() == slot) {
      mine.remove();
    }
  }

  /** Marks the start of a transaction on {@code slot}; waits while the map grows. */
  void enter(Slot slot) {
    while (true) {
      slot.active = true;
      if (!growing) {
        return;
      }
      slot.active = false;
      synchronized (growth) {
        while (growing) {
          try {
            growth.wait();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the LMDB map grew", e);
          }
        }
      }
    }
  }

  /** Marks the end of the transaction on {@code slot}. */
  void exit(Slot slot) {
    slot.active = false;
  }

  /**
   * Runs {@code action} with no transaction live in the process: new ones wait, live ones are
   * waited for. Must not be called from within a transaction. One growth at a time.
   */
  void exclusive(Runnable action) {
    synchronized (growth) {
      growing = true;
      try {
        for (Slot slot : slots) {
          for (int spins = 0; slot.active; spins++) {
            if (spins < 100) {
              Thread.onSpinWait();
            } else {
              LockSupport.parkNanos(50_000);
            }
          }
        }
        action.run();
      } finally {
        growing = false;
        growth.notifyAll();
      }
    }
  }
}
