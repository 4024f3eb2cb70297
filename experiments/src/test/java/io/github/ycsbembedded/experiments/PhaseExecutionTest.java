package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PhaseExecutionTest {
  @TempDir Path tmp;

  @Test
  void cpuTimesAreTheChildrensLineOfBashTimes() throws Exception {
    Path times = Files.writeString(tmp.resolve("t"), "0m0.003s 0m0.001s\n1m5.250s 0m2.125s\n");
    assertThat(PhaseExecution.cpuTimes(times)).containsExactly(65.25, 2.125);
  }

  @Test
  void missingTimesAreNotANumber() throws Exception {
    assertThat(PhaseExecution.cpuTimes(tmp.resolve("absent"))).containsExactly(Double.NaN, Double.NaN);
  }

  /** A real child process: its CPU time and resident memory are seen, its stdout kept. */
  @Test
  void measuresARealProcess() throws Exception {
    PhaseExecution.Measured m = PhaseExecution.run(
        java.util.List.of("bash", "-c", "echo '[OVERALL], RunTime(ms), 5'; i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"),
        tmp, tmp.resolve("p"), null, 0, "test", null);

    assertThat(m.exitCode()).isZero();
    assertThat(m.stdout()).contains("[OVERALL], RunTime(ms), 5");
    assertThat(m.cpuUserSeconds() + m.cpuSystemSeconds()).isPositive();
    assertThat(tmp.resolve("p.stdout")).exists();
    assertThat(tmp.resolve("p.times")).doesNotExist();
  }
}
