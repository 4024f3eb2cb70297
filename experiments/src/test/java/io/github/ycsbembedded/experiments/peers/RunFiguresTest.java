package io.github.ycsbembedded.experiments.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.ycsbembedded.experiments.measure.PhaseProcess;
import io.github.ycsbembedded.experiments.measure.ProcFiles;
import io.github.ycsbembedded.experiments.measure.YcsbOutput;
import io.github.ycsbembedded.experiments.results.Results;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run's figures: over its window where status lines allow, else as its client reported it. */
class RunFiguresTest {
  /** YCSB-cpp's output of a run (723fff7), as it prints it. */
  private static final String CPP =
      String.join(
          "\n",
          "2026-12-02 18:09:06 0 sec: 0 operations;",
          "2026-12-02 18:09:06 0 sec: 10000 operations; [READ: Count=4923 Max=141.06 Min=0.73"
              + " Avg=2.32 90=2.61 99=10.16 99.9=68.22 99.99=141.06]",
          "Run runtime(sec): 0.0794625",
          "Run operations(ops): 10000",
          "Run throughput(ops/sec): 125845");

  private static final String JAVA =
      String.join(
          "\n",
          "[OVERALL], RunTime(ms), 408",
          "[OVERALL], Throughput(ops/sec), 24509.8",
          "[READ], Operations, 5065",
          "[UPDATE], Operations, 4935",
          "[CLEANUP], Operations, 1");

  private static final ProcFiles.CpuSeconds WHOLE = new ProcFiles.CpuSeconds(1.5, 0.5);

  @Test
  void ycsbCppsStatusLinesAreReadAsStatusLines() {
    Results.Point p = YcsbOutput.status(CPP.lines().toList().get(1)).orElseThrow();

    assertThat(p.seconds()).isZero();
    assertThat(p.operations()).isEqualTo(10000);
    assertThat(p.intervalCounts()).isEqualTo(Map.of("READ", 4923L));
  }

  @Test
  void aRunWithoutAWindowIsTakenWholeFromYcsbCppsReport() {
    RunFigures f = RunFigures.of(List.of(), WHOLE, CPP, 2);

    assertThat(f.windowed()).isFalse();
    assertThat(f.operations()).isEqualTo(10000);
    assertThat(f.seconds()).isEqualTo(0.0794625);
    assertThat(f.cpuSeconds()).isEqualTo(2.0);
    assertThat(f.reported()).isEqualTo(125845);
  }

  @Test
  void aRunWithoutAWindowIsTakenWholeFromYcsbsReportItsCleanupLeftOut() {
    RunFigures f = RunFigures.of(List.of(), WHOLE, JAVA, 2);

    assertThat(f.operations()).isEqualTo(10000);
    assertThat(f.seconds()).isEqualTo(0.408);
    assertThat(f.reported()).isEqualTo(24509.8);
  }

  @Test
  void theWindowRunsFromTheWarmUpsEndToTheLineBeforeTheLast() {
    List<PhaseProcess.Sample> samples = new ArrayList<>();
    // second s: 1,000 operations a second; the client's CPU grows 2 ms per 1,000 operations, and
    // the last line (the close) adds 5 s of CPU that the window leaves out
    for (int s = 0; s <= 6; s++) {
      double cpu = s == 6 ? 5 + 0.002 * 1000 * s : 0.002 * 1000 * s;
      samples.add(
          new PhaseProcess.Sample(
              new Results.Point(-1, s, 1000L * s, 0, Map.of(), Map.of(), false),
              new ProcFiles.Counters(cpu, 0, 0, 0, 0, ProcFiles.MachineCpu.UNKNOWN, 0)));
    }

    RunFigures f = RunFigures.of(samples, WHOLE, JAVA, 2);

    assertThat(f.windowed()).isTrue();
    assertThat(f.operations()).isEqualTo(3000);
    assertThat(f.seconds()).isEqualTo(3);
    assertThat(f.cpuSeconds()).isCloseTo(6.0, within(1e-9));
  }
}
