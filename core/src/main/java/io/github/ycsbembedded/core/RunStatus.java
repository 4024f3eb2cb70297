package io.github.ycsbembedded.core;

import java.util.ArrayList;
import java.util.List;

/**
 * Failures of a run that YCSB's own Client prints and then ignores (it exits 0 after a binding's
 * cleanup fails): bindings record them here, and {@link CheckedClient} turns them into a non-zero
 * exit status, with one line quoting the first.
 */
public final class RunStatus {
  private static final List<String> FAILURES = new ArrayList<>();

  /** Whether the process ends with a line quoting the first failure ({@link CheckedClient}). */
  private static volatile boolean quotedAtExit;

  private RunStatus() {}

  public static synchronized void failed(String message) {
    FAILURES.add(message);
  }

  public static synchronized List<String> failures() {
    return List.copyOf(FAILURES);
  }

  /** From now on (or no longer) the run ends with a line quoting its first failure. */
  static void quoteAtExit(boolean on) {
    quotedAtExit = on;
  }

  /**
   * Whether the run's last line will say {@code message}, the first failure recorded (another
   * thread's cleanup may fail with the same words), so that YCSB's own print of it would say it a
   * second time.
   */
  static synchronized boolean quotedAtExit(String message) {
    return quotedAtExit && !FAILURES.isEmpty() && FAILURES.get(0).equals(message);
  }

  /** Forgets every failure (for a process that runs several clients, e.g. the pre-flight check). */
  static synchronized void clear() {
    FAILURES.clear();
  }
}
