package io.github.ycsbembedded.experiments;

import java.util.List;
import java.util.Map;

/** Everything an experiment run measured; written as {@code results.json}. */
final class Results {
  private Results() {}

  /** The whole run. */
  record Run(String experiment, String title, String source, String scale, String startedAt,
      String finishedAt, Machine machine, Map<String, String> settings, List<EngineRun> engines) {
    /** One engine's run of a phase, or null when that engine or phase did not run. */
    PhaseRun phase(String engine, String phase) {
      return engines.stream().filter(e -> e.engine().equals(engine)).findFirst().map(e -> e.phase(phase)).orElse(null);
    }
  }

  /** One engine's phases, in order; failed when any phase failed (later phases are then skipped). */
  record EngineRun(String engine, boolean failed, String error, List<PhaseRun> phases) {
    PhaseRun phase(String id) {
      return phases.stream().filter(p -> p.phase().equals(id)).findFirst().orElse(null);
    }
  }

  /**
   * One engine × phase. {@code speed} is the figure the write-up reports: operations per second,
   * or keys per second for batch reads ({@code speedUnit}).
   */
  record PhaseRun(String phase, String label, String command, int exitCode, boolean failed, String error,
      double throughput, double speed, String speedUnit, long runtimeMs, long operations,
      long failedOperations, Map<String, YcsbOutput.Operation> operationTypes, double cpuSeconds,
      double cpuUserSeconds, double cpuSystemSeconds, long rssPeakBytes, long rssAverageBytes,
      long diskApparentBytes, long diskAllocatedBytes, List<YcsbOutput.StatusPoint> timeline,
      String stdoutFile, String stderrFile) {}

  /** The machine the run was measured on. */
  record Machine(int cores, long memoryBytes, String cpu, String os, String jdk, String dataFileSystem) {}
}
