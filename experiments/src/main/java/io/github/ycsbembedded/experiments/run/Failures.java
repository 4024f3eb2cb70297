package io.github.ycsbembedded.experiments.run;

import io.github.ycsbembedded.experiments.measure.PhaseProcess;
import io.github.ycsbembedded.experiments.measure.YcsbOutput;
import java.util.List;
import java.util.Set;

/** Why a run of a phase failed, as one line from its output. */
final class Failures {
  private Failures() {}

  /**
   * Why the phase failed, or null: a non-zero exit, no final report, or operations that returned
   * neither OK nor an {@code accepted} answer.
   */
  static String of(PhaseProcess.Measured measured, Set<String> accepted) {
    YcsbOutput output = YcsbOutput.parse(measured.stdout());
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

  /**
   * The line that explains a failure: the launcher's one-line error, an exception, or the last
   * line.
   */
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
}
