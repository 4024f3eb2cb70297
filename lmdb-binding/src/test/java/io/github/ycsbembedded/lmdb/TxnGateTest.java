package io.github.ycsbembedded.lmdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Growth never overlaps a transaction, and transactions go on around it. */
class TxnGateTest {
  @Test
  void noThreadIsInsideWhileTheExclusiveActionRuns() throws Exception {
    TxnGate gate = new TxnGate();
    AtomicInteger inside = new AtomicInteger();
    AtomicLong entries = new AtomicLong();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      Thread thread = new Thread(() -> {
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
    long before = 0;
    for (int growth = 0; growth < 2000; growth++) {
      gate.exclusive(() -> seenInside.add(inside.get()));
      if (growth == 0) {
        before = entries.get();
      }
    }
    long after = entries.get();
    stop.set(true);
    for (Thread thread : threads) {
      thread.join();
    }

    assertThat(seenInside).hasSize(2000).containsOnly(0);
    assertThat(after).as("transactions went on between growths").isGreaterThan(before);
  }

  @Test
  void aReleasedSlotIsNotWaitedForAndItsThreadGetsANewOne() {
    TxnGate gate = new TxnGate();
    TxnGate.Slot slot = gate.slot();
    gate.enter(slot);
    gate.release(slot);

    gate.exclusive(() -> { });

    assertThat(gate.slot()).isNotSameAs(slot);
  }
}
