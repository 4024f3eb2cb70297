package io.github.ycsbembedded.experiments.measure;

import static org.assertj.core.api.Assertions.assertThat;

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
  void stolenTimeIsTheMachinesEighthCpuFigureInClockTicks() throws IOException {
    // "cpu  747683 211 138317 320357 18835 0 8349 387 0 0": 387 ticks of 1/100 s
    assertThat(ProcFiles.steal(captured("stat"))).isEqualTo(3.87);
    assertThat(ProcFiles.steal("intr 1 2 3\n")).as("no cpu line first").isNaN();
    assertThat(ProcFiles.steal("cpu  1 2 3 4\n")).as("a kernel without steal").isNaN();
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
