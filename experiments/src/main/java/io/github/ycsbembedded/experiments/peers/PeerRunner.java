package io.github.ycsbembedded.experiments.peers;

import io.github.ycsbembedded.experiments.measure.PhaseProcess;
import io.github.ycsbembedded.experiments.plan.PhaseCommand;
import io.github.ycsbembedded.experiments.run.DiskUsage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs the cells of {@code bin/experiment peers}: in every round, for every engine, thread count
 * and phase, each side once, back to back, in one order in odd rounds and the reverse in even ones.
 * A side's first load of an engine is kept as its tree; every run of A and of C starts from a fresh
 * copy of that tree, so each round reads and updates the same data in the same layout. Later loads
 * go to a scratch folder, removed after the run.
 */
public final class PeerRunner {
  /** One run to do, in order. */
  public record Step(int round, String engine, int threads, Phase phase, Side side) {}

  private final PeerCommands commands;
  private final PeerScale scale;
  private final Path data;
  private final Path raw;
  private final PrintStream console;

  /**
   * @param data where the trees go ({@code <data>/<side>/<engine>/...}), emptied first
   * @param raw where each run's output is kept
   */
  public PeerRunner(
      PeerCommands commands, PeerScale scale, Path data, Path raw, PrintStream console) {
    this.commands = commands;
    this.scale = scale;
    this.data = data;
    this.raw = raw;
    this.console = console;
  }

  /** Every run, in the order it is done. */
  public static List<Step> steps(
      PeerScale scale, List<String> engines, List<Integer> threads, List<Side> sides) {
    List<Step> steps = new ArrayList<>();
    for (int round = 1; round <= scale.rounds(); round++) {
      List<Side> order = new ArrayList<>(sides);
      if (round % 2 == 0) {
        java.util.Collections.reverse(order);
      }
      for (String engine : engines) {
        for (int t : threads) {
          for (Phase phase : Phase.values()) {
            for (Side side : order) {
              if (side.drives(engine)) {
                steps.add(new Step(round, engine, t, phase, side));
              }
            }
          }
        }
      }
    }
    return steps;
  }

  /** Runs {@code step} and measures it. */
  public PeerResults.Measurement run(Step step) throws IOException, InterruptedException {
    Path work = data.resolve(folder(step.side())).resolve(step.engine()).resolve("run");
    Path target = prepare(step, work);
    if (target == null) {
      return failed(step, "", "no tree: the side's load failed");
    }
    List<String> command =
        commands.of(
            step.side(),
            new PeerCommands.Run(
                step.engine(),
                step.phase(),
                scale.records(),
                scale.operations(step.phase(), step.engine()),
                step.threads(),
                target));
    String name =
        String.format(
            Locale.ROOT,
            "%s-%s-t%d-%s-%d",
            folder(step.side()),
            step.engine(),
            step.threads(),
            step.phase().id(),
            step.round());
    ThreadSampler threads = new ThreadSampler();
    PhaseProcess.Measured m =
        PhaseProcess.run(
            new PhaseProcess.Request(
                command, commands.home(), raw.resolve(name), null, null, null, threads));
    if (target.equals(work)) {
      DiskUsage.delete(work);
    }
    return measured(step, PhaseCommand.line(command), name, m, threads);
  }

  /**
   * The folder {@code step} runs in: the side's tree for its first load, else {@code work} (a copy
   * of the tree for A and C); null when A or C has no tree to copy.
   */
  private Path prepare(Step step, Path work) throws IOException {
    Path tree = work.resolveSibling("tree");
    DiskUsage.delete(work);
    Path target;
    if (step.phase().load()) {
      target = Files.exists(tree) ? work : tree;
    } else {
      if (!Files.exists(tree)) {
        return null;
      }
      copyTree(tree, work);
      target = work;
    }
    Files.createDirectories(target.getParent());
    if (step.side() == Side.YCSB_CPP && step.engine().equals("lmdb")) {
      Files.createDirectories(target); // LMDB opens an existing folder
    }
    return target;
  }

  private PeerResults.Measurement measured(
      Step step, String line, String name, PhaseProcess.Measured m, ThreadSampler threads) {
    if (m.exitCode() != 0) {
      return failed(
          step,
          line,
          "exit status "
              + m.exitCode()
              + ": "
              + lastLine(m.stderr())
              + " (see raw/"
              + name
              + ".stderr)");
    }
    RunFigures f = RunFigures.of(m, scale.warmupSeconds());
    if (f.operations() <= 0) {
      return failed(step, line, "no operations counted (see raw/" + name + ".stderr)");
    }
    PeerResults.Measurement done =
        new PeerResults.Measurement(
            step.round(),
            step.engine(),
            step.threads(),
            step.phase(),
            step.side(),
            line,
            null,
            f.withThreads(threads.window(scale.warmupSeconds())),
            step.side() == Side.OURS ? library(step.engine(), m.stdout()) : null);
    console.printf(
        Locale.ROOT,
        "round %d: %s, %d thread%s, %s, %s: %,.0f ops/s, %.2f µs CPU per operation%n",
        step.round(),
        step.engine(),
        step.threads(),
        step.threads() == 1 ? "" : "s",
        step.phase().id(),
        step.side().label(),
        done.speed(),
        done.cpuPerOperationUs());
    return done;
  }

  /** Removes every tree. */
  public void clean() throws IOException {
    DiskUsage.delete(data);
  }

  private PeerResults.Measurement failed(Step step, String command, String error) {
    console.printf(
        Locale.ROOT,
        "round %d: %s, %d threads, %s, %s: failed: %s%n",
        step.round(),
        step.engine(),
        step.threads(),
        step.phase().id(),
        step.side().label(),
        error);
    return new PeerResults.Measurement(
        step.round(),
        step.engine(),
        step.threads(),
        step.phase(),
        step.side(),
        command,
        error,
        null,
        null);
  }

  /**
   * The engine library our run's startup line names ({@code rocksdb: <client class> on RocksDB
   * 7.8.3}), or null where it has none.
   */
  static String library(String engine, String stdout) {
    Matcher line =
        Pattern.compile("(?m)^" + Pattern.quote(engine) + ": \\S+ on ([^:\\n]+)$").matcher(stdout);
    return line.find() ? line.group(1).strip() : null;
  }

  /** A side's folder name: {@code ours}, {@code ycsb-cpp}, {@code ycsb}. */
  static String folder(Side side) {
    return side.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  private static String lastLine(String text) {
    List<String> lines = text.strip().lines().filter(l -> !l.isBlank()).toList();
    return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1).strip();
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }
}
