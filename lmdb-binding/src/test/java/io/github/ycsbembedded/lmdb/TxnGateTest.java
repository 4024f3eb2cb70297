package io.github.ycsbembedded.lmdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Growth never overlaps a transaction, and transactions go on around it. */
class TxnGateTest {
  @Test
  @Timeout(60)
  void noThreadIsInsideWhileTheExclusiveActionRunsAndTransactionsGoOnAfterIt() throws Exception {
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
    long[] entriesDuringGrowth = new long[1];
    for (int growth = 0; growth < 2000; growth++) {
      gate.exclusive(() -> {
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

    gate.exclusive(() -> { });

    assertThat(gate.slot()).isNotSameAs(slot);
  }
}
