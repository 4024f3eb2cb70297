package io.github.ycsbembedded.experiments.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbembedded.experiments.results.Results;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The device probe reads its own file at both queue depths and leaves nothing behind. */
class DeviceProbeTest {
  @TempDir Path dir;

  @Test
  void theProbeReadsAtBothDepthsAndDeletesItsFile() throws Exception {
    Results.DeviceSpeed speed = DeviceProbe.measure(dir, 8L << 20, 0.2);
    try (var files = Files.list(dir)) {
      assertThat(files).as("the probe's file is gone").isEmpty();
    }
    assumeTrue(
        speed != null,
        "the probe cannot read "
            + dir
            + " around the page cache here (O_DIRECT, which tmpfs before Linux 6.6 refuses), so"
            + " there are no figures to check");
    assertThat(speed.blockBytes()).isEqualTo(4096);
    assertThat(speed.fileBytes()).isEqualTo(8L << 20);
    assertThat(speed.depth()).isEqualTo(32);
    assertThat(speed.qd1MedianUs()).isPositive();
    assertThat(speed.qd1PerSecond()).isPositive();
    assertThat(speed.deepPerSecond()).isPositive();
  }
}
