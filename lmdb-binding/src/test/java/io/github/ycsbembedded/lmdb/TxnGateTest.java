package io.github.ycsbembedded.lmdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Growth never overlaps a transaction, and transactions go on around it; a writer waits for a read
 * that stalled holding its snapshot, and for no other; reads are timed only where a writer could
 * wait for them. The stall tests run on a clock of their own that moves only when told to.
 */
class TxnGateTest {
  private static final long MICROS = 1_000;
  private static final long MILLIS = 1_000_000;

  /** The stall tests' clock, which moves only when told to, and a gate on it. */
  private final AtomicLong clock = new AtomicLong(1 * MILLIS);

  private final TxnGate timed = new TxnGate(clock::get);

  @Test
  @Timeout(60)
  void noThreadIsInsideWhileTheExclusiveActionRunsAndTransactionsGoOnAfterIt() throws Exception {
    TxnGate gate = new TxnGate();
    AtomicInteger inside = new AtomicInteger();
    AtomicLong entries = new AtomicLong();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      Thread thread =
          new Thread(
              () -> {
                TxnGate.Slot slot = gate.slot();
                while (!stop.get()) {
                  gate.enter(slot);
                  inside.incrementAndGet();
                  entries.incrementAndGet();
                  inside.decrementAndGet();
                  gate.exit(slot);
                }
                gate.release(slot);
              });
      threads.add(thread);
      thread.start();
    }
    List<Integer> seenInside = new ArrayList<>();
    long[] entriesDuringGrowth = new long[1];
    for (int growth = 0; growth < 2000; growth++) {
      gate.exclusive(
          () -> {
            seenInside.add(inside.get());
            entriesDuringGrowth[0] = entries.get();
          });
      // transactions go on once the growth is over (a gate left shut hangs here until the timeout)
      while (entries.get() == entriesDuringGrowth[0]) {
        Thread.onSpinWait();
      }
    }
    stop.set(true);
    for (Thread thread : threads) {
      thread.join();
    }

    assertThat(seenInside).hasSize(2000).containsOnly(0);
  }

  @Test
  void aReleasedSlotIsNotWaitedForAndItsThreadGetsANewOne() {
    TxnGate gate = new TxnGate();
    TxnGate.Slot slot = gate.slot();
    gate.enter(slot);
    gate.release(slot);

    gate.exclusive(() -> {});

    assertThat(gate.slot()).isNotSameAs(slot);
  }

  /**
   * Reads short of a stall: under 8 typical reads (5 µs reads, 39 µs open), under 20 µs whatever
   * the typical read (1 µs reads, 19 µs open), and a thread whose reads wait for the disk (1 ms
   * reads, 7 ms open).
   */
  @ParameterizedTest
  @CsvSource({"5000, 39000", "1000, 19000", "1000000, 7000000"})
  @Timeout(60)
  void aReadShortOfAStallIsNotWaitedFor(long typicalNanos, long openNanos) throws Exception {
    openFor(slotOfAnotherThread(timed), typicalNanos, openNanos);

    assertThat(timed.awaitStalledReaders(timed.slot())).isZero();
  }

  /**
   * Reads past a stall: 8 typical reads and more (5 µs reads, 41 µs open; a thread whose reads wait
   * for the disk: 1 ms reads, 9 ms open).
   */
  @ParameterizedTest
  @CsvSource({"5000, 41000", "1000000, 9000000"})
  @Timeout(60)
  void aReadPastAStallIsWaitedForUntilItEnds(long typicalNanos, long openNanos) throws Exception {
    TxnGate.Slot reader = slotOfAnotherThread(timed);
    long start = openFor(reader, typicalNanos, openNanos);

    assertThat(waitsUntilTheReadEnds(reader, start)).isEqualTo(1);
  }

  @Test
  @Timeout(60)
  void oneStalledReadDoesNotRaiseTheBarForTheNext() throws Exception {
    TxnGate.Slot reader = slotOfAnotherThread(timed);
    readsTaking(reader, 5 * MICROS, 32);
    readsTaking(reader, 4 * MILLIS, 1);
    long start = timed.readBegins(reader);
    // the stall counts as 8 typical reads at most: 5 + (40 - 5) / 8 µs, so 8 × 9.4 = 75 µs is a
    // stall
    clock.addAndGet(80 * MICROS);

    assertThat(waitsUntilTheReadEnds(reader, start)).isEqualTo(1);
  }

  @Test
  @Timeout(60)
  void aWriterGivesUpOnAStalledReadAfterTenMilliseconds() throws Exception {
    // a clock that moves a millisecond each time the gate reads it; the read never ends
    AtomicLong moving = new AtomicLong(1 * MILLIS);
    TxnGate gate = new TxnGate(() -> moving.getAndAdd(1 * MILLIS));
    TxnGate.Slot stalled = slotOfAnotherThread(gate);
    gate.readBegins(stalled);
    long before = moving.get();

    assertThat(gate.awaitStalledReaders(gate.slot())).isEqualTo(1);
    assertThat(moving.get() - before)
        .isBetween(TxnGate.MAX_WAIT_NANOS, TxnGate.MAX_WAIT_NANOS + 3 * MILLIS);
  }

  @Test
  @Timeout(60)
  void aThreadNeverWaitsForItsOwnRead() {
    TxnGate.Slot mine = timed.slot();
    timed.readBegins(mine);
    clock.addAndGet(1_000 * MILLIS);

    assertThat(timed.awaitStalledReaders(mine)).isZero();
  }

  @Test
  @Timeout(60)
  void anEndedReadIsNotWaitedFor() throws Exception {
    TxnGate.Slot reader = slotOfAnotherThread(timed);
    long start = timed.readBegins(reader);
    clock.addAndGet(1_000 * MILLIS);
    timed.readEnds(reader, start);

    assertThat(timed.awaitStalledReaders(timed.slot())).isZero();
  }

  @Test
  void aThreadAloneDoesNotReadTheClockAndItsReadsAreNotWaitedFor() throws Exception {
    AtomicInteger clockReads = new AtomicInteger();
    TxnGate gate = countingClockReads(clockReads);
    TxnGate.Slot alone = gate.slot();
    for (int i = 0; i < 3; i++) {
      assertThat(gate.readBegins(alone)).isZero();
      gate.readEnds(alone, 0);
    }
    // a read begun alone stays unseen by a thread that takes a slot during it
    gate.readBegins(alone);
    AtomicInteger waited = new AtomicInteger(-1);
    Thread writer = new Thread(() -> waited.set(gate.awaitStalledReaders(gate.slot())));
    writer.start();
    writer.join();

    assertThat(clockReads).hasValue(0);
    assertThat(waited).hasValue(0);
  }

  @Test
  void aReadIsTimedOnceASecondThreadHasASlot() throws Exception {
    TxnGate.Slot first = timed.slot();
    assertThat(timed.readBegins(first)).isZero();
    timed.readEnds(first, 0);
    slotOfAnotherThread(timed);

    assertThat(timed.readBegins(first)).isEqualTo(clock.get());
  }

  @Test
  void readsAreNotTimedUntilAThreadBeginsToWrite() throws Exception {
    AtomicInteger clockReads = new AtomicInteger();
    TxnGate gate = countingClockReads(clockReads);
    TxnGate.Slot reader = gate.slot();
    TxnGate.Slot other = slotMadeByAnotherThread(gate);
    for (int i = 0; i < 3; i++) {
      assertThat(gate.readBegins(reader)).isZero();
      gate.readEnds(reader, 0);
    }
    assertThat(clockReads).hasValue(0);

    assertThat(gate.awaitStalledReaders(other)).isZero();

    assertThat(gate.readBegins(reader)).isEqualTo(clock.get());
    assertThat(clockReads).hasValue(1);
  }

  /** A gate on the stall tests' clock that counts in {@code reads} each time it reads it. */
  private TxnGate countingClockReads(AtomicInteger reads) {
    return new TxnGate(
        () -> {
          reads.incrementAndGet();
          return clock.get();
        });
  }

  /**
   * A slot made by (and belonging to) a thread that has ended, after the calling thread's own,
   * which has begun to write: a read is timed only on a gate with two slots or more, once a thread
   * writes.
   */
  private static TxnGate.Slot slotOfAnotherThread(TxnGate gate) throws InterruptedException {
    gate.awaitStalledReaders(gate.slot());
    return slotMadeByAnotherThread(gate);
  }

  /** A slot made by (and belonging to) a thread that has ended. */
  private static TxnGate.Slot slotMadeByAnotherThread(TxnGate gate) throws InterruptedException {
    AtomicReference<TxnGate.Slot> slot = new AtomicReference<>();
    Thread thread = new Thread(() -> slot.set(gate.slot()));
    thread.start();
    thread.join();
    return slot.get();
  }

  /**
   * 32 reads of {@code typicalNanos} on {@code reader} of the timed gate, then one begun and left
   * open for {@code openNanos}; returns its start.
   */
  private long openFor(TxnGate.Slot reader, long typicalNanos, long openNanos) {
    readsTaking(reader, typicalNanos, 32);
    long start = timed.readBegins(reader);
    clock.addAndGet(openNanos);
    return start;
  }

  /**
   * {@code count} reads on {@code slot} of the timed gate, each taking {@code nanos} on its clock.
   */
  private void readsTaking(TxnGate.Slot slot, long nanos, int count) {
    for (int i = 0; i < count; i++) {
      long start = timed.readBegins(slot);
      clock.addAndGet(nanos);
      timed.readEnds(slot, start);
    }
  }

  /**
   * Runs the timed gate's {@link TxnGate#awaitStalledReaders} on a thread of its own, checks that
   * it is parked and still waiting (the clock does not move, so it cannot give up), ends the read,
   * and returns what the call returned.
   */
  private int waitsUntilTheReadEnds(TxnGate.Slot reader, long start) throws Exception {
    AtomicInteger waited = new AtomicInteger(-1);
    Thread writer = new Thread(() -> waited.set(timed.awaitStalledReaders(timed.slot())));
    writer.start();
    while (writer.getState() != Thread.State.TIMED_WAITING) {
      assertThat(writer.isAlive()).as("the writer returned without waiting").isTrue();
      Thread.onSpinWait();
    }
    assertThat(waited.get()).isEqualTo(-1);
    timed.readEnds(reader, start);
    writer.join();
    return waited.get();
  }
}
