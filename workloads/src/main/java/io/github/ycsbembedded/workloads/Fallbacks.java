package io.github.ycsbembedded.workloads;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.DB;

/**
 * Where a binding lacks an extension a workload would use (a native batch read, an atomic multi-key
 * write), the workload does without it and says so once on stderr: what the binding lacks and what
 * is done instead, so that a run's output says why it is slower or weaker.
 */
final class Fallbacks {
  /** The workloads that have said theirs, in this JVM. */
  private static final Set<String> SAID = ConcurrentHashMap.newKeySet();

  private Fallbacks() {}

  /**
   * Says {@code <workload>: <binding class> binding has no <lacks>; <instead>} on stderr, the first
   * time {@code workload} falls back in this JVM.
   */
  static void sayOnce(String workload, DB db, String lacks, String instead) {
    if (SAID.add(workload)) {
      System.err.println(
          workload + ": " + db.getClass().getName() + " binding has no " + lacks + "; " + instead);
    }
  }
}
