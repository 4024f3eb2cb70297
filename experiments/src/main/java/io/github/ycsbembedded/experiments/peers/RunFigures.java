package io.github.ycsbembedded.experiments.peers;

import io.github.ycsbembedded.experiments.measure.PhaseProcess;
import io.github.ycsbembedded.experiments.measure.ProcFiles;
import io.github.ycsbembedded.experiments.measure.YcsbOutput;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures of one run from its process's measurement: operations, seconds and CPU seconds over
 * its window — from the first status line at or after the warm-up to the last status line before
 * the final one (which may hold the close) — read from the client's own process at each line. A run
 * with fewer than two such lines is taken whole: the operations and runtime its client reported,
 * and the CPU time of its whole process tree (start and close included).
 */
record RunFigures(
    long operations, double seconds, double cpuSeconds, boolean windowed, double reported) {
  /** These figures as results keep them, with the window's CPU seconds by kind of thread. */
  PeerResults.Figures withThreads(java.util.Map<String, Double> cpuByThreads) {
    return new PeerResults.Figures(
        operations, seconds, cpuSeconds, windowed, reported, windowed ? cpuByThreads : null);
  }

  private static final Pattern CPP =
      Pattern.compile(
          "^(Load|Run) (runtime\\(sec\\)|operations\\(ops\\)|throughput\\(ops/sec\\)): (\\S+)$");

  /** The figures of {@code m}, with {@code warmupSeconds} left out where the window allows. */
  static RunFigures of(PhaseProcess.Measured m, int warmupSeconds) {
    return of(m.samples(), m.totalCpu(), m.stdout() + "\n" + m.stderr(), warmupSeconds);
  }

  /**
   * The figures of a run from its status lines' {@code samples}, its process tree's {@code total}
   * CPU time and its {@code output}.
   */
  static RunFigures of(
      List<PhaseProcess.Sample> samples,
      ProcFiles.CpuSeconds total,
      String output,
      int warmupSeconds) {
    Whole whole = whole(output);
    List<PhaseProcess.Sample> window =
        samples.stream()
            .filter(s -> s.counters() != null && s.point().seconds() >= warmupSeconds)
            .toList();
    if (window.size() >= 3) {
      PhaseProcess.Sample first = window.get(0);
      PhaseProcess.Sample last = window.get(window.size() - 2);
      long operations = last.point().operations() - first.point().operations();
      double seconds = seconds(first, last);
      if (operations > 0 && seconds > 0) {
        return new RunFigures(
            operations,
            seconds,
            cpu(last.counters()) - cpu(first.counters()),
            true,
            whole.reported);
      }
    }
    double cpu = total.user() + total.system();
    return new RunFigures(whole.operations, whole.seconds, cpu, false, whole.reported);
  }

  /** Seconds between two status lines: by their time stamps where both have one. */
  private static double seconds(PhaseProcess.Sample first, PhaseProcess.Sample last) {
    if (first.point().timeMs() > 0 && last.point().timeMs() > 0) {
      return (last.point().timeMs() - first.point().timeMs()) / 1000.0;
    }
    return last.point().seconds() - first.point().seconds();
  }

  private static double cpu(ProcFiles.Counters c) {
    return c.userSeconds() + c.systemSeconds();
  }

  /** What a client reported of its whole run. */
  private record Whole(long operations, double seconds, double reported) {}

  /**
   * The whole run as its client reported it: YCSB's {@code [OVERALL]} and per-type {@code
   * Operations} lines, or YCSB-cpp's {@code Load|Run runtime/operations/throughput} lines.
   */
  private static Whole whole(String output) {
    YcsbOutput ycsb = YcsbOutput.parse(output);
    if (ycsb.complete()) {
      long operations =
          ycsb.operations().entrySet().stream()
              .filter(e -> !e.getKey().equals("CLEANUP"))
              .mapToLong(e -> e.getValue().operations())
              .sum();
      return new Whole(operations, ycsb.runtimeMs() / 1000.0, ycsb.throughput());
    }
    Map<String, String> cpp = new java.util.HashMap<>();
    for (String line : output.split("\n", -1)) {
      Matcher m = CPP.matcher(line.strip());
      if (m.matches()) {
        cpp.put(m.group(2), m.group(3));
      }
    }
    if (cpp.size() < 3) {
      return new Whole(0, Double.NaN, Double.NaN);
    }
    return new Whole(
        Long.parseLong(cpp.get("operations(ops)")),
        Double.parseDouble(cpp.get("runtime(sec)")),
        Double.parseDouble(cpp.get("throughput(ops/sec)")));
  }
}
