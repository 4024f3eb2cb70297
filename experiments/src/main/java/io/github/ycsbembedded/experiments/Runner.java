package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.core.Signals;
import io.github.ycsbembedded.experiments.RunPlanner.PlannedRun;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Findings;
import io.github.ycsbembedded.experiments.measure.DeviceProbe;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.Description.Scale;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.model.Variants;
import io.github.ycsbembedded.experiments.report.ScaleReport;
import io.github.ycsbembedded.experiments.results.Pooling;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.run.Campaign;
import io.github.ycsbembedded.experiments.run.PhaseExecutor;
import io.github.ycsbembedded.experiments.run.RunLock;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs an experiment as the command line asked: has the {@link RunPlanner} plan every scale's
 * variants, takes the locks, copies the experiment file into the results folder, drives the {@link
 * Campaign} (writing results after every phase and the report after every trial), stops cleanly on
 * SIGTERM or SIGINT, and writes the report. {@code resume} continues a run from the first trial it
 * did not finish.
 */
final class Runner {
  /** The folder of a results folder that holds the experiment file as it ran, and its workloads. */
  static final String COPY = "experiment";

  private final PrintStream log = System.out;
  private final RunPlanner planner = RunPlanner.local();
  private final RunConsole console = new RunConsole(log, System.err);
  private volatile Campaign running;
  private volatile boolean stopping;

  /** Runs {@code experimentArgument} (a name or a file) as {@code options} say. */
  int start(String experimentArgument, RunOptions options, List<String> arguments)
      throws IOException, InterruptedException {
    Path home = ExperimentRunner.home();
    LocalDateTime started = now();
    List<PlannedRun> planned = new ArrayList<>();
    Experiment experiment;
    try {
      experiment = load(experimentArgument, home);
      List<Variants.PlannedVariant> variants = RunPlanner.variants(experiment, options);
      for (String s : options.scales == null ? List.of(options.scale) : options.scales) {
        Scale scale = experiment.scale(s.trim());
        planned.add(planner.plan(experiment, variants, scale, options, home, started, arguments));
      }
    } catch (ExperimentException e) {
      System.err.println("experiment: " + e.getMessage());
      return 2;
    }
    int status = 0;
    List<Results.Run> finished = new ArrayList<>();
    for (PlannedRun p : planned) {
      try {
        Files.createDirectories(p.out().resolve("raw"));
      } catch (IOException | SecurityException e) {
        System.err.println(
            "experiment: --out: cannot create " + p.out() + " (" + e.getMessage() + ")");
        return 2;
      }
      Result result = run(experiment, p, options.keepData, 1);
      if (result.status() == 2) {
        return 2;
      }
      status = Math.max(status, result.status());
      if (result.stopped()) {
        return status;
      }
      finished.add(result.run());
    }
    if (planned.size() > 1) {
      Path out =
          planned
              .get(0)
              .out()
              .resolveSibling(
                  experiment.name() + "-scales-" + started.format(ExperimentRunner.STAMP));
      List<String> summary = scaleReport(experiment, finished, out);
      summary.forEach(System.out::println);
      System.out.println("report of the scales: " + out.resolve("report.md"));
    }
    return status;
  }

  /** Continues the run in {@code folder} from its first unfinished trial. */
  int resume(Path folder) throws IOException, InterruptedException {
    Results.Run previous;
    Experiment experiment;
    RunOptions options = new RunOptions();
    String experimentArgument;
    try {
      previous = io.github.ycsbembedded.experiments.results.ResultsFile.read(folder);
      experiment = Reports.experimentOf(folder, previous);
      List<String> args = previous.invocation().arguments();
      if (args.isEmpty()) {
        throw new ExperimentException(folder + " records no command line to resume");
      }
      ExperimentRunner parsed = new ExperimentRunner();
      new picocli.CommandLine(parsed).parseArgs(args.toArray(new String[0]));
      options = parsed.options;
      experimentArgument = parsed.name;
      options.scales = null;
      options.scale = previous.scale().name();
      Scale scale = experiment.scale(previous.scale().name());
      List<Variants.PlannedVariant> variants = RunPlanner.variants(experiment, options);
      LocalDateTime started = LocalDateTime.parse(previous.startedAt());
      PlannedRun p =
          planner.plan(
              experiment, variants, scale, options, ExperimentRunner.home(), started, args);
      PlannedRun here = RunPlanner.resumed(p, folder, previous, options);
      int from = RunPlanner.firstUnfinishedTrial(here.plans(), previous);
      if (from > here.plans().get(0).trials()) {
        System.err.println(
            "experiment resume: "
                + folder
                + " is complete: every trial ran (bin/experiment report "
                + folder
                + " renders it again)");
        return 2;
      }
      console.resuming(experimentArgument, folder, from, here.plans().get(0).trials());
      Result result = run(experiment, here, options.keepData, from);
      return result.status();
    } catch (ExperimentException e) {
      System.err.println("experiment resume: " + e.getMessage());
      return 2;
    } catch (picocli.CommandLine.ParameterException e) {
      System.err.println(
          "experiment resume: "
              + folder
              + " records a command line this runner cannot read: "
              + e.getMessage());
      return 2;
    }
  }

  /** A scale's run as it ended. */
  record Result(int status, boolean stopped, Results.Run run) {}

  /** Runs one scale's plans into its results folder, from trial {@code fromTrial}. */
  private Result run(Experiment experiment, PlannedRun p, boolean keepData, int fromTrial)
      throws IOException, InterruptedException {
    String what = "bin/experiment " + String.join(" ", p.skeleton().invocation().arguments());
    RunLock data;
    RunLock out;
    try {
      data = RunLock.take(p.data(), "--dir", what);
    } catch (ExperimentException e) {
      System.err.println("experiment: " + e.getMessage());
      return new Result(2, true, null);
    }
    try {
      out = RunLock.take(p.out(), p.out().resolve(".lock"), "--out", what);
    } catch (ExperimentException e) {
      data.close();
      System.err.println("experiment: " + e.getMessage());
      return new Result(2, true, null);
    }
    try {
      return measure(experiment, p, keepData, fromTrial);
    } catch (IOException | RuntimeException | Error e) {
      // whatever failed after a phase (writing results or the report, deleting the data), the run
      // ends in one line that says so and what the folder still allows
      System.out.flush();
      System.err.println(failed(p.out(), e));
      return new Result(1, true, null);
    } finally {
      out.close();
      data.close();
    }
  }

  /**
   * The line of a run that failed between or after its phases: what failed, and that the results
   * folder keeps every phase measured so far, to resume or to report.
   */
  static String failed(Path out, Throwable e) {
    return "experiment: "
        + ExperimentRunner.oneLine(e)
        + "; "
        + out
        + " keeps every phase measured so far: bin/experiment resume "
        + out
        + " runs what is missing, bin/experiment report "
        + out
        + " writes its report again";
  }

  /** Measures one scale's plans under their locks, writing results as it goes. */
  private Result measure(Experiment experiment, PlannedRun p, boolean keepData, int fromTrial)
      throws IOException, InterruptedException {
    copyExperiment(experiment, p.out());
    console.plan(experiment, p);
    Campaign campaign =
        new Campaign(
            p.plans(),
            log,
            PhaseExecutor.inProcesses(log, stderrIsTerminal() ? System.err : null),
            new Campaign.Listener() {
              private int trialsWritten;

              @Override
              public void measured(Results.Run soFar) throws IOException {
                Outputs.results(soFar, p.out());
                int trials = RunPlanner.completedTrials(p.plans(), soFar);
                if (trials > trialsWritten) {
                  trialsWritten = trials;
                  Outputs.write(experiment, soFar, List.of(), p.out());
                }
              }
            });
    running = campaign;
    campaign.probingEachTrial(trial -> probe(p, trial));
    Results.Run run = campaign.run(p.skeleton(), fromTrial);
    running = null;
    if (!keepData) {
      campaign.deleteData();
    }
    List<String> summary =
        Outputs.write(
            experiment, pool(p, run), Reports.history(p.out(), run, List.of(p.out())), p.out());
    if (!run.completion().complete()) {
      console.stopped(run.completion(), p.out());
      int status = 128 + ("SIGINT".equals(run.completion().stoppedBy()) ? 2 : 15);
      return new Result(status, true, run);
    }
    console.finished(summary, p.out());
    String failed = engineFailures(run.variants(), p.out());
    if (failed != null) {
      // exit 1 says an engine failed: stderr says which, not only the report and stdout
      System.err.println(failed);
    }
    return new Result(failed == null ? 0 : 1, false, run);
  }

  /**
   * The line of a finished run in which an engine failed (its runs stopped at a failed phase): the
   * first, how many more, and where the report is; null when none failed.
   */
  static String engineFailures(List<Results.VariantRun> variants, Path out) {
    List<String> failures = new ArrayList<>();
    for (Results.VariantRun variant : variants) {
      for (Results.EngineRun engine : variant.engines()) {
        if (engine.failed()) {
          failures.add(
              engine.engine()
                  + (variants.size() > 1 ? " (variant " + variant.name() + ")" : "")
                  + " failed: "
                  + engine.error());
        }
      }
    }
    if (failures.isEmpty()) {
      return null;
    }
    return "experiment: "
        + failures.get(0)
        + (failures.size() > 1 ? " (and " + (failures.size() - 1) + " more)" : "")
        + "; the report, "
        + out.resolve("report.md")
        + ", has the rest of the run";
  }

  /** A finished run with the like earlier runs its verdicts pool with, said in a line. */
  private Pooling.Pooled pool(PlannedRun p, Results.Run run) {
    Pooling.Pooled pool =
        run.completion().complete() ? Pooling.of(run, p.out(), p.history()) : Pooling.alone(run);
    console.pooling(pool);
    return pool;
  }

  /**
   * Measures the data device's random reads before a trial, where the run holds the engines to the
   * regime's memory (their reads then reach the device); null otherwise, or where the device cannot
   * be read around the page cache.
   */
  private Results.DeviceSpeed probe(PlannedRun p, int trial) {
    if (p.plans().get(0).memory().limitBytes() == null) {
      return null;
    }
    console.probing(trial);
    Results.DeviceSpeed speed = DeviceProbe.measure(p.data(), DEVICE_PROBE_BYTES, 3);
    console.probed(speed);
    return speed;
  }

  /**
   * The file the device probe reads: large enough that the device's own cache holds little of it.
   */
  private static final long DEVICE_PROBE_BYTES = 1L << 30;

  /** Hands SIGTERM and SIGINT to the running campaign: the first stops it, a second at once. */
  void handleSignals() {
    Signals.handle(
        (name, number) -> {
          Campaign campaign = running;
          if (stopping) {
            if (campaign != null) {
              campaign.stop().now();
            }
            console.secondSignal(name);
            Runtime.getRuntime().halt(128 + number);
          }
          stopping = true;
          if (campaign == null) {
            console.stoppedBeforeAnyPhase(name);
            Runtime.getRuntime().halt(128 + number);
          }
          console.stopping(name);
          campaign.stop().request("SIG" + name);
        });
  }

  static Experiment load(String argument, Path home) throws ExperimentException {
    return isFile(argument)
        ? Experiment.load(Paths.get(argument), home)
        : Experiment.load(home.resolve("experiments"), argument);
  }

  /** Whether {@code argument} names an experiment file rather than a shipped experiment. */
  static boolean isFile(String argument) {
    return argument.contains("/")
        || argument.endsWith(Experiment.SUFFIX)
        || (Files.isRegularFile(Paths.get(argument)) && !argument.matches("[a-z0-9-]+"));
  }

  /**
   * Copies the experiment file and its workload files into {@code out/experiment/}, so that the
   * folder reports and resumes as it ran wherever the file was.
   */
  private static void copyExperiment(Experiment experiment, Path out) throws IOException {
    Path copy = Files.createDirectories(out.resolve(COPY));
    Files.copy(
        experiment.file(),
        copy.resolve(experiment.fileName()),
        StandardCopyOption.REPLACE_EXISTING);
    for (Phase phase : experiment.description().phases()) {
      Path source = experiment.workloadFile(phase);
      Path target = copy.resolve(phase.workload()).normalize();
      if (source != null && target.startsWith(copy)) {
        Files.createDirectories(target.getParent());
        Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  private static List<String> scaleReport(Experiment experiment, List<Results.Run> runs, Path out)
      throws IOException {
    List<List<io.github.ycsbembedded.experiments.analysis.Claim>> claims = new ArrayList<>();
    for (Results.Run run : runs) {
      try {
        claims.add(Findings.of(new Context(experiment, run)).claims());
      } catch (ExperimentException e) {
        throw new IOException(e.getMessage(), e);
      }
    }
    return ScaleReport.write(experiment, runs, claims, out);
  }

  static LocalDateTime now() {
    return LocalDateTime.now(ZoneId.systemDefault()).truncatedTo(ChronoUnit.SECONDS);
  }

  /** Whether stderr is a terminal (where a progress line that rewrites itself belongs). */
  private static boolean stderrIsTerminal() {
    try {
      String target = Paths.get("/proc/self/fd/2").toRealPath().toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
