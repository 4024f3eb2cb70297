package io.github.ycsbembedded.experiments.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The kernel's accounting files, read from copies captured on a Linux machine
 * (src/test/resources/captured/proc).
 */
class ProcFilesTest {
  private static String captured(String name) throws IOException {
    return YcsbOutputTest.captured("proc/" + name);
  }

  @Test
  void cpuSecondsAreFieldsFourteenAndFifteenInClockTicks() throws IOException {
    ProcFiles.CpuSeconds cpu = ProcFiles.cpuSeconds(captured("bash.stat"));
    assertThat(cpu).isEqualTo(new ProcFiles.CpuSeconds(0.21, 0.47));
  }

  @Test
  void aCommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() throws IOException {
    ProcFiles.CpuSeconds cpu = ProcFiles.cpuSeconds(captured("java-spaces.stat"));
    assertThat(cpu).isEqualTo(new ProcFiles.CpuSeconds(12.34, 5.67));
  }

  @Test
  void theMachinesBusyAndStolenTimeComeFromItsFirstCpuLineInClockTicks() throws IOException {
    // "cpu  747683 211 138317 320357 18835 0 8349 387 0 0": user, nice, system, irq and softirq
    // busy (747683 + 211 + 138317 + 0 + 8349 ticks of 1/100 s), 387 stolen
    assertThat(ProcFiles.machineCpu(captured("stat")))
        .isEqualTo(new ProcFiles.MachineCpu(8945.60, 3.87));
    assertThat(ProcFiles.machineCpu("cpu  1 2 3 4 5 6 7\n"))
        .as("a kernel without steal")
        .isEqualTo(new ProcFiles.MachineCpu(0.19, Double.NaN));
    assertThat(ProcFiles.machineCpu("intr 1 2 3\n"))
        .as("no cpu line first")
        .isEqualTo(ProcFiles.MachineCpu.UNKNOWN);
    assertThat(ProcFiles.machineCpu("cpu  1 2 3 4\n"))
        .as("too few figures")
        .isEqualTo(ProcFiles.MachineCpu.UNKNOWN);
  }

  private static ProcFiles.Counters at(double user, double system, double busy, double steal) {
    return new ProcFiles.Counters(
        user, system, 0, 0, 0, new ProcFiles.MachineCpu(busy, steal), Double.NaN);
  }

  @Test
  void otherWorkIsTheMachinesBusyTimeBeyondThePhasesOwn() {
    Results.Cpu cpu = PhaseFigures.cpu(at(1, 1, 100, 5), at(3, 2, 110, 6));
    assertThat(cpu).isEqualTo(new Results.Cpu(2, 1, 1.0, 7.0));
  }

  @Test
  void otherWorkIsNeverBelowZeroAndUnknownWhereTheMachinesTimeIs() {
    assertThat(PhaseFigures.cpu(at(1, 1, 100, 5), at(3, 2, 102, 5)).others())
        .as("the files read a moment apart")
        .isZero();
    assertThat(PhaseFigures.cpu(at(1, 1, Double.NaN, 5), at(3, 2, Double.NaN, 5)).others())
        .as("no /proc/stat")
        .isNaN();
  }

  @Test
  void memoryStallIsTheSomeLinesTotalInMicroseconds() throws IOException {
    // "some avg10=0.00 avg60=0.00 avg300=0.00 total=226019": 0.226019 s
    assertThat(ProcFiles.memoryStall(captured("pressure.memory"))).isEqualTo(0.226019);
    assertThat(ProcFiles.memoryStall("full avg10=0.00 total=5\n")).as("no some line").isNaN();
    assertThat(ProcFiles.memoryStall("")).as("an empty file").isNaN();
  }

  @Test
  void deviceBytesAndCancelledWritesComeFromTheIoFile() throws IOException {
    ProcFiles.Counters io = ProcFiles.io(captured("bash.io"));
    assertThat(io.readBytes()).isEqualTo(6_566_924_288L);
    assertThat(io.writeBytes()).isEqualTo(44_318_244_864L);
    assertThat(io.bytesWritten()).isEqualTo(44_318_244_864L - 11_418_808_320L);
  }

  @Test
  void cgroupV1MemoryIsRssCacheMappedFileDirtyAndWriteback() throws IOException {
    ProcFiles.MemoryStat stat = ProcFiles.memoryStat(captured("cgroup-v1.memory.stat"));
    assertThat(stat)
        .isEqualTo(new ProcFiles.MemoryStat(3_534_848, 9_297_920, 7_614_464, 28_672, 0));
  }

  @Test
  void cgroupV2MemoryIsAnonFileFileMappedFileDirtyAndFileWriteback() throws IOException {
    ProcFiles.MemoryStat stat = ProcFiles.memoryStat(captured("cgroup-v2.memory.stat"));
    assertThat(stat)
        .isEqualTo(new ProcFiles.MemoryStat(157_286_400, 52_428_800, 41_943_040, 1_048_576, 0));
  }

  @Test
  void childrensCpuTimeIsTheSecondLineOfBashTimes() throws IOException {
    assertThat(ProcFiles.timesOfChildren(captured("bash-times-after-java.txt")))
        .isEqualTo(new ProcFiles.CpuSeconds(65.25, 2.125));
    assertThat(ProcFiles.timesOfChildren("0m0.001s 0m0.000s\n"))
        .isEqualTo(ProcFiles.CpuSeconds.UNKNOWN);
  }

  @Test
  void theCountersOfThisLiveProcessAreRead() {
    ProcFiles.Counters counters = ProcFiles.read(ProcessHandle.current().pid());
    assertThat(counters).isNotNull();
    assertThat(counters.userSeconds()).isPositive();
  }
}
