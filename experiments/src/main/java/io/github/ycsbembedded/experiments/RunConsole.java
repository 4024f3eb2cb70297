package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.core.Sizes;
import io.github.ycsbembedded.experiments.RunPlanner.PlannedRun;
import io.github.ycsbembedded.experiments.analysis.DeviceWaits;
import io.github.ycsbembedded.experiments.model.Description.Scale;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.model.Variants;
import io.github.ycsbembedded.experiments.plan.RunPlan;
import io.github.ycsbembedded.experiments.results.Pooling;
import io.github.ycsbembedded.experiments.results.Results;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a run says on the console as it goes: what will run, resuming, the device probe, pooling,
 * the end (the summary and where the report is, or how to resume), and each signal. Progress goes
 * to {@code out}; warnings and stops, one line each, to {@code err}.
 */
final class RunConsole {
  private final PrintStream out;
  private final PrintStream err;

  RunConsole(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  /** Prints what will run, and warns when the file's regime cannot be applied. */
  void plan(Experiment experiment, PlannedRun p) {
    RunPlan plan = p.plans().get(0);
    Scale chosen = plan.scale();
    out.printf(
        Locale.ROOT,
        "%s at scale %s: %,d records, %s of data; engines %s; %d thread%s%n",
        experiment.title(),
        chosen.name(),
        chosen.records(),
        Units.bytes(experiment.dataSize(chosen)),
        String.join(",", plan.engines()),
        plan.threads(),
        plan.threads() == 1 ? "" : "s");
    out.println("memory: " + plan.memory().note() + "; heap " + heaps(plan, experiment));
    if (plan.memory().regimeApplies()
        && plan.memory().limitBytes() == null
        && experiment.regimeAppliesAt(chosen)) {
      err.println(
          "experiment: the file's memory regime is not applied ("
              + plan.memory().note()
              + "); the report marks it as not reproduced");
    }
    if (p.plans().size() > 1) {
      out.println(
          "variants: "
              + String.join(
                  ", ",
                  p.plans().stream()
                      .map(
                          r ->
                              r.variant().name()
                                  + (r.variant().changes().isEmpty()
                                      ? ""
                                      : " (" + Variants.said(r.variant().changes()) + ")"))
                      .toList())
              + ", each in every trial");
    }
    out.println(
        plan.trials()
            + " trial"
            + (plan.trials() == 1 ? "" : "s")
            + " (each loads the data anew); run phases: "
            + (chosen.duration() == null
                ? "to their operation count"
                : chosen.duration() + " s each")
            + ", the first "
            + chosen.warmup()
            + " s left out of every figure, "
            + plan.repetitions()
            + " run"
            + (plan.repetitions() == 1 ? "" : "s")
            + " of each per trial");
    out.println("results: " + p.out());
  }

  void resuming(String experimentArgument, Path folder, int from, int trials) {
    out.println(
        "resuming "
            + experimentArgument
            + " in "
            + folder
            + " from trial "
            + from
            + " of "
            + trials
            + " (a trial stopped half-way loads its data again)");
  }

  /** A run stopped before its end: what it did and how to go on. */
  void stopped(Results.Completion completion, Path folder) {
    out.println();
    err.println(
        "experiment: stopped by "
            + completion.stoppedBy()
            + " after "
            + completion.done()
            + " of "
            + completion.planned()
            + " runs; what was measured is in "
            + folder
            + "; continue with: bin/experiment resume "
            + folder);
  }

  /** A run's end: its summary and where its report is. */
  void finished(List<String> summary, Path folder) {
    out.println();
    summary.forEach(out::println);
    out.println();
    out.println(
        "report: " + folder.resolve("report.md") + " (and report.html, results.json, charts/)");
  }

  void pooling(Pooling.Pooled pool) {
    if (pool.any()) {
      out.println(
          "pooling this run's trials with "
              + pool.folders().size()
              + " earlier run"
              + (pool.folders().size() == 1 ? "" : "s")
              + " of the same settings on a like machine (--history none judges it alone)");
    }
  }

  void probing(int trial) {
    out.println("trial " + trial + ": measuring the data device's random reads (about 10 s)");
  }

  void probed(Results.DeviceSpeed speed) {
    out.println(
        speed == null
            ? "  the data device cannot be read around the page cache (O_DIRECT): not measured"
            : "  " + DeviceWaits.describe(speed));
  }

  void secondSignal(String name) {
    err.println(
        "experiment: stopped at once by a second SIG"
            + name
            + "; the results folder holds the runs finished before the first");
    err.flush();
  }

  void stoppedBeforeAnyPhase(String name) {
    err.println("experiment: stopped by SIG" + name + " before any phase ran");
    err.flush();
  }

  void stopping(String name) {
    err.println(
        "experiment: SIG"
            + name
            + ": stopping the running phase and writing what was measured (again to stop at"
            + " once)");
  }

  /**
   * {@code -Xmx256m}, and where an engine's cache lives in the heap, that engine's: {@code -Xmx256m
   * (mvstore -Xmx265m: the engine's cache lives in the heap)}.
   */
  private static String heaps(RunPlan plan, Experiment experiment) {
    List<String> inHeap = new ArrayList<>();
    for (String engine : plan.engines()) {
      if (plan.heapBytes(engine) != experiment.heapBytes()) {
        inHeap.add(engine + " -Xmx" + Sizes.format(plan.heapBytes(engine)));
      }
    }
    return "-Xmx"
        + Sizes.format(experiment.heapBytes())
        + (inHeap.isEmpty()
            ? ""
            : " (" + String.join(", ", inHeap) + ": the engine's cache lives in the heap)");
  }
}
