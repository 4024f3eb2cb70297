package io.github.ycsbembedded.core;

import java.util.ArrayList;
import java.util.List;

/**
 * Failures of a run that YCSB's own Client prints and then ignores (it exits 0 after a binding's
 * cleanup fails): bindings record them here, and {@link CheckedClient} turns them into a non-zero
 * exit status.
 */
public final class RunStatus {
  private static final List<String> FAILURES = new ArrayList<>();

  private RunStatus() {}

  public static synchronized void failed(String message) {
    FAILURES.add(message);
  }

  public static synchronized List<String> failures() {
    return List.copyOf(FAILURES);
  }

  /** Forgets every failure (for a process that runs several clients, e.g. the pre-flight check). */
  static synchronized void clear() {
    FAILURES.clear();
  }
}
