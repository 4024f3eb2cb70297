package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.Experiment.ExperimentException;
import io.github.ycsbembedded.experiments.Experiment.Phase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The {@code bin/ycsb} command of one engine × phase, as a user can paste it to reproduce the run.
 */
final class PhaseCommand {
  /** The operation count of a time-bound run: YCSB stops it at {@code maxexecutiontime}. */
  static final String UNBOUNDED = Integer.toString(Integer.MAX_VALUE);

  /** The system property core's CheckedClient writes the JVM's memory figures under, at exit. */
  static final String JVM_REPORT = "ycsbembedded.jvm.report";

  private PhaseCommand() {}

  /**
   * @param first whether the phase starts its data set (from an empty directory)
   * @param durationSeconds the run's time bound, or null to run to the phase's operation count
   * @param jvmReport where the JVM writes its memory figures at exit
   */
  static List<String> of(
      Experiment experiment,
      Phase phase,
      String engine,
      Path engineData,
      boolean first,
      Map<String, String> variables,
      boolean regimeApplies,
      int threads,
      Integer durationSeconds,
      Path jvmReport)
      throws ExperimentException {
    List<String> command =
        new ArrayList<>(List.of("bin/ycsb", phase.command(), engine, "-P", phase.workload()));
    Map<String, String> properties =
        experiment.phaseProperties(phase, engine, variables, regimeApplies);
    properties.put(engine + ".dir", engineData.toString());
    if (first) {
      properties.put(engine + ".destroy", "true");
    }
    if (durationSeconds != null) {
      properties.put("operationcount", UNBOUNDED);
      properties.put("maxexecutiontime", durationSeconds.toString());
    }
    properties.put("status.interval", "1");
    for (Map.Entry<String, String> p : properties.entrySet()) {
      command.add("-p");
      command.add(p.getKey() + "=" + p.getValue());
    }
    command.addAll(
        List.of(
            "-threads",
            Integer.toString(threads),
            "-s",
            "-jvm-args",
            "-Xmx" + jvmSize(experiment.heapBytes()) + " -D" + JVM_REPORT + "=" + jvmReport));
    return command;
  }

  /** A size as the JVM's options write it: {@code 256m}, or bytes. */
  static String jvmSize(long bytes) {
    return bytes % (1 << 20) == 0 ? (bytes >> 20) + "m" : Long.toString(bytes);
  }

  /** The command as one shell line. */
  static String line(List<String> command) {
    return command.stream().map(PhaseCommand::quote).collect(Collectors.joining(" "));
  }

  private static String quote(String arg) {
    return arg.matches("[A-Za-z0-9_./=:,+@%-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
  }
}
