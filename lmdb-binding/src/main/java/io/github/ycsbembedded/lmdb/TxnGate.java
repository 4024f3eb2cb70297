package io.github.ycsbembedded.lmdb;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Keeps map growth apart from live transactions without a lock that threads share on the hot path.
 * LMDB lets {@code mdb_env_set_mapsize} run only while no transaction of the process is live. A
 * read-write lock would do, but every reader then writes the lock's shared counter: one cache line
 * bouncing between all cores on every read. Here each thread announces its transaction in a slot of
 * its own (a volatile flag on its own cache line) and only reads the shared {@code growing} flag;
 * growth raises that flag, waits until every slot is idle, grows, and lowers it.
 *
 * <p>Correctness rests on the two volatile accesses on each side (a thread stores its flag, then
 * loads {@code growing}; growth stores {@code growing}, then loads every flag): under the Java
 * memory model at least one of the two threads sees the other's store, so a transaction and growth
 * never overlap.
 *
 * <p>The slots also let a writer wait for a reader that stalled holding its snapshot (see {@link
 * #awaitStalledReaders}): LMDB cannot reuse a page freed after the snapshot of a live read
 * transaction, so every commit made while a reader is descheduled takes new pages from the end of
 * the map; the free list keeps that length for good (each commit reuses about as many pages as it
 * frees), and every later commit rewrites more of it. A few milliseconds of a preempted reader at
 * two threads were enough to turn LMDB's one-page free list into a two-level tree of 90 to 175
 * entries (docs/notes/performance-against-ycsb-cpp-and-upstream-ycsb.md has the figures).
 */
final class TxnGate {
  /**
   * A read lasting this many times its thread's typical read (and at least {@link
   * #MIN_STALL_NANOS}) has stalled: on a map in memory its thread was descheduled, or it waited for
   * the disk.
   */
  static final int STALL_FACTOR = 8;

  static final long MIN_STALL_NANOS = 20_000;

  /** The longest a writer waits for one stalled reader. */
  static final long MAX_WAIT_NANOS = 10_000_000;

  private static final long PARK_NANOS = 10_000;

  private static final VarHandle ACTIVE;
  private static final VarHandle READ_START;
  private static final VarHandle TYPICAL_READ;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      ACTIVE = lookup.findVarHandle(Slot.class, "active", boolean.class);
      READ_START = lookup.findVarHandle(Slot.class, "readStart", long.class);
      TYPICAL_READ = lookup.findVarHandle(Slot.class, "typicalRead", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** A thread's announcement; padded so that two threads' flags never share a cache line. */
  static final class Slot {
    @SuppressWarnings("unused")
    private long p1, p2, p3, p4, p5, p6, p7;
    private volatile boolean active;

    /** When the thread's current read transaction began (the gate's clock), 0 when it has none. */
    @SuppressWarnings("unused")
    private long readStart;

    /** Moving average of the thread's read transactions' durations, in nanoseconds. */
    @SuppressWarnings("unused")
    private long typicalRead;

    @SuppressWarnings("unused")
    private long q1, q2, q3, q4, q5, q6, q7;
  }

  private final CopyOnWriteArrayList<Slot> slots = new CopyOnWriteArrayList<>();

  /** Each thread's slot in this gate: one gate per engine, so not a static field. */
  @SuppressWarnings("ThreadLocalUsage")
  private final ThreadLocal<Slot> mine = new ThreadLocal<>();

  private final Object growth = new Object();
  private final LongSupplier clock;
  private volatile boolean growing;

  /** Whether a thread has asked for stalled readers: until then no writer exists to wait. */
  private volatile boolean writers;

  TxnGate() {
    this(System::nanoTime);
  }

  /** A gate that reads the time from {@code clock} (nanoseconds; tests pass their own). */
  TxnGate(LongSupplier clock) {
    this.clock = clock;
  }

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

  /**
   * Marks that {@code slot}'s thread takes a read snapshot: call after {@link #enter} and before
   * the read transaction is begun or renewed (a thread descheduled inside that call holds the
   * snapshot already), and {@link #readEnds} once it is reset, whatever happened. Returns the time
   * to hand to {@link #readEnds}, or 0 when the read is not timed.
   *
   * <p>Only another thread's writer waits for a stalled read, so the read is not timed while {@code
   * slot} is the gate's only one, nor before any thread has begun to write ({@link
   * #awaitStalledReaders}): a read then saves its two clock reads (24–52 ns each on the machines in
   * docs/notes/performance-against-ycsb-cpp-and-upstream-ycsb.md, against a read of about 1.5 µs),
   * which keeps read-only runs at any thread count untimed. A writer cannot wait for a read begun
   * before its thread took a slot or before the first write, and the reading thread's typical read
   * starts from nothing: the first reads waited for are those open for {@link #MIN_STALL_NANOS}.
   */
  long readBegins(Slot slot) {
    if (!writers || slots.size() < 2) {
      return 0;
    }
    long now = clock.getAsLong();
    // 0 means no read: a clock that reads 0 is moved on by one nanosecond
    now = now == 0 ? 1 : now;
    READ_START.setRelease(slot, now);
    return now;
  }

  /**
   * Marks the end of the read begun at {@code start} and folds its duration into the thread's
   * typical read (an eighth of the new duration, itself counted at most {@link #STALL_FACTOR} times
   * the typical, so that one stall does not raise the bar for the next). Does nothing for a read
   * that was not timed ({@code start} 0).
   */
  void readEnds(Slot slot, long start) {
    if (start == 0) {
      return;
    }
    READ_START.setRelease(slot, 0L);
    long took = clock.getAsLong() - start;
    long typical = (long) TYPICAL_READ.getOpaque(slot);
    if (typical == 0) {
      typical = took;
    } else {
      typical += (Math.min(took, STALL_FACTOR * typical) - typical) / 8;
    }
    TYPICAL_READ.setRelease(slot, Math.max(1, typical));
  }

  /**
   * Waits, before {@code self}'s thread begins a write transaction, for every other thread's read
   * that has stalled: one that has lasted {@link #STALL_FACTOR} times that thread's typical read
   * and at least {@link #MIN_STALL_NANOS} — on a map in memory, a thread descheduled while it held
   * its snapshot. Each is waited for until it ends or for {@link #MAX_WAIT_NANOS} at most; the
   * waiting thread parks, so that its core can run the stalled one. A thread whose reads wait for
   * the disk has a typical read long enough that only its outliers are waited for. The first call
   * has reads timed from then on ({@link #readBegins}). Returns how many readers were waited for.
   */
  int awaitStalledReaders(Slot self) {
    if (!writers) {
      writers = true;
    }
    int waited = 0;
    for (Slot slot : slots) {
      long start = (long) READ_START.getAcquire(slot);
      if (start == 0 || slot == self) {
        continue;
      }
      long now = clock.getAsLong();
      long stall = Math.max(MIN_STALL_NANOS, STALL_FACTOR * (long) TYPICAL_READ.getAcquire(slot));
      if (now - start < stall) {
        continue;
      }
      waited++;
      while ((long) READ_START.getAcquire(slot) == start
          && clock.getAsLong() - now < MAX_WAIT_NANOS) {
        LockSupport.parkNanos(PARK_NANOS);
      }
    }
    return waited;
  }

  /**
   * Marks the end of the transaction on {@code slot}. A release store: growth, which reads the flag
   * as a volatile, sees the transaction's work done once it sees the flag down, and no fence is
   * needed on this side (only {@link #enter}'s store must be ordered before the load after it).
   */
  void exit(Slot slot) {
    ACTIVE.setRelease(slot, false);
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
