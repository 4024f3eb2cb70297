package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.Experiment.ExperimentException;
import io.github.ycsbembedded.experiments.Experiment.Phase;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** One engine × phase: the {@code bin/ycsb} command, its run, and its figures. */
final class PhaseRunner {
  private PhaseRunner() {}

  /** The command a user can paste to reproduce the phase by hand. */
  static List<String> command(Experiment experiment, Phase phase, String engine, Path engineData,
      boolean first, Map<String, String> variables, int threads) throws ExperimentException {
    List<String> command = new ArrayList<>(List.of("bin/ycsb", phase.command(), engine, "-P", phase.workload()));
    Map<String, String> properties = experiment.phaseProperties(phase, engine, variables);
    properties.put(engine + ".dir", engineData.toString());
    if (first) {
      properties.put(engine + ".destroy", "true");
    }
    properties.put("status.interval", "1");
    for (Map.Entry<String, String> p : properties.entrySet()) {
      command.add("-p");
      command.add(p.getKey() + "=" + p.getValue());
    }
    command.addAll(List.of("-threads", Integer.toString(threads), "-s"));
    return command;
  }

  static Results.PhaseRun run(Path home, Experiment experiment, Phase phase, String engine, Path engineData,
      boolean first, Map<String, String> variables, int threads, long memoryLimitBytes, Path rawDir,
      PrintStream log, PrintStream progress) throws ExperimentException, IOException, InterruptedException {
    List<String> command = command(experiment, phase, engine, engineData, first, variables, threads);
    log.println("  $ " + command.stream().map(PhaseRunner::quote).collect(Collectors.joining(" ")));
    Files.createDirectories(engineData);
    long expected = Long.parseLong(phase.command().equals("load")
        ? variables.get("recordcount")
        : experiment.phaseProperties(phase, engine, variables).get("operationcount"));
    Path logPrefix = rawDir.resolve(engine + "-" + phase.id());
    PhaseExecution.Measured measured;
    if (memoryLimitBytes > 0) {
      try (MemoryLimit limit = MemoryLimit.create("ycsb-embedded-" + ProcessHandle.current().pid(), memoryLimitBytes)) {
        measured = PhaseExecution.run(command, home, logPrefix, limit, expected, engine + " " + phase.id(), progress);
      }
    } else {
      measured = PhaseExecution.run(command, home, logPrefix, null, expected, engine + " " + phase.id(), progress);
    }
    YcsbOutput output = YcsbOutput.parse(measured.stdout());
    String error = failure(measured, output, phase.accepted());
    if (error != null && memoryLimitBytes > 0 && measured.exitCode() == 137) {
      error += " (killed: the memory limit of " + Report.bytes(memoryLimitBytes) + " is too small for this phase's JVM)";
    }
    double speed = phase.keysAreSpeed() ? output.keysPerSecond() : output.throughput();
    long[] disk = diskUsage(engineData);
    return new Results.PhaseRun(phase.id(), phase.label(), String.join(" ", command), measured.exitCode(),
        error != null, error, output.throughput(), speed, phase.keysAreSpeed() ? "keys/s" : "ops/s",
        output.runtimeMs(), phase.keysAreSpeed() ? output.keys() : operations(output), output.failedOperations(phase.accepted()),
        output.operations(), measured.cpuUserSeconds() + measured.cpuSystemSeconds(), measured.cpuUserSeconds(),
        measured.cpuSystemSeconds(), measured.rssPeakBytes(), measured.rssAverageBytes(), disk[0], disk[1],
        measured.timeline(), home.relativize(rawDir).resolve(logPrefix.getFileName() + ".stdout").toString(),
        home.relativize(rawDir).resolve(logPrefix.getFileName() + ".stderr").toString());
  }

  /** A phase that could not even start. */
  static Results.PhaseRun failed(Phase phase, String error) {
    return new Results.PhaseRun(phase.id(), phase.label(), "", -1, true, error, Double.NaN, Double.NaN, "ops/s",
        0, 0, 0, Map.of(), Double.NaN, Double.NaN, Double.NaN, 0, 0, 0, 0, List.of(), "", "");
  }

  /** Why the phase failed, or null: a non-zero exit, no final report, or operations that were not OK. */
  static String failure(PhaseExecution.Measured measured, YcsbOutput output, Set<String> accepted) {
    if (measured.exitCode() != 0) {
      return "exit " + measured.exitCode() + ": " + lastMessage(measured.stderr());
    }
    if (!output.complete()) {
      return "no YCSB report in the output: " + lastMessage(measured.stderr());
    }
    long failed = output.failedOperations(accepted);
    if (failed > 0) {
      return failed + " operations did not return OK: " + lastMessage(measured.stderr());
    }
    return null;
  }

  private static long operations(YcsbOutput output) {
    return output.operations().values().stream()
        .filter(o -> !o.returns().isEmpty())
        .mapToLong(YcsbOutput.Operation::operations)
        .sum();
  }

  /** The line that explains a failure: the launcher's one-line error, an exception, or the last line. */
  static String lastMessage(String stderr) {
    List<String> lines = stderr.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    for (String line : lines) {
      if (line.startsWith("ycsb: ")) {
        return line.substring("ycsb: ".length());
      }
    }
    for (String line : lines) {
      if (line.contains("Exception") || line.contains("Error") || line.contains(" failed: ")) {
        return line;
      }
    }
    return lines.isEmpty() ? "(no output on stderr)" : lines.get(lines.size() - 1);
  }

  /** Apparent bytes (file sizes) and allocated bytes ({@code du}) under {@code dir}. */
  static long[] diskUsage(Path dir) throws IOException, InterruptedException {
    if (!Files.isDirectory(dir)) {
      return new long[] {0, 0};
    }
    long apparent = 0;
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        apparent += Files.size(file);
      }
    }
    long allocated = apparent;
    Process du = new ProcessBuilder("du", "-s", "-B1", dir.toString()).redirectErrorStream(true).start();
    String out = new String(du.getInputStream().readAllBytes()).trim();
    if (du.waitFor() == 0 && out.matches("\\d+\\s.*")) {
      allocated = Long.parseLong(out.split("\\s+")[0]);
    }
    return new long[] {apparent, allocated};
  }

  static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> tree = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) tree.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }

  private static String quote(String arg) {
    return arg.matches("[A-Za-z0-9_./=:,+@%-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
  }
}
