package io.github.ycsbembedded.experiments.run;

import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.plan.RunPlan;
import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.io.PrintStream;

/**
 * Runs one engine × phase once for a {@link Campaign}: what the campaign asks of its phase runner.
 * The runner's own ({@link #inProcesses}) runs each in its own JVM through {@code bin/ycsb}; a test
 * gives the campaign one that measures nothing, so that the order, stop and resume are checked
 * without a process.
 */
@FunctionalInterface
public interface PhaseExecutor {
  /** A run's figures, and the engine library its binding named at startup (null if none). */
  record Outcome(Results.Repetition repetition, String version) {}

  /**
   * Runs {@code phase} of {@code engine}, the {@code index}-th time in {@code trial}; {@code first}
   * when it starts its data set from an empty folder; at {@code target} operations per second in
   * all (null: closed-loop).
   */
  Outcome run(Phase phase, String engine, int trial, int index, boolean first, Double target)
      throws IOException, InterruptedException;

  /** Makes the executor of one plan's phases, which {@code stop} ends. */
  @FunctionalInterface
  interface Factory {
    PhaseExecutor of(RunPlan plan, PhaseStop stop);
  }

  /**
   * Each phase in its own JVM through {@code bin/ycsb}, its command in {@code log} and, when {@code
   * progress} is not null, its progress there.
   */
  static Factory inProcesses(PrintStream log, PrintStream progress) {
    return (plan, stop) -> new PhaseRunner(plan, log, progress, stop);
  }
}
