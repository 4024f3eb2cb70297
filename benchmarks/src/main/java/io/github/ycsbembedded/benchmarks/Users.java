package io.github.ycsbembedded.benchmarks;

import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The threads still using a trial's shared state. JMH tears a trial's shared ({@code
 * Scope.Benchmark}) state down on the first thread that gets there, which may be before another
 * thread has closed its own client or session on it; the shared state's teardown first waits for
 * every user to leave.
 */
final class Users {
  private final Phaser phaser = new Phaser(1);

  /** A thread's client or session opened on the shared state. */
  void enter() {
    phaser.register();
  }

  /** That client or session is closed. */
  void leave() {
    phaser.arriveAndDeregister();
  }

  /**
   * Waits until every user has left (a minute at most); call once, from the shared state's
   * teardown.
   */
  void awaitAll() throws InterruptedException, TimeoutException {
    phaser.awaitAdvanceInterruptibly(phaser.arriveAndDeregister(), 1, TimeUnit.MINUTES);
  }
}
