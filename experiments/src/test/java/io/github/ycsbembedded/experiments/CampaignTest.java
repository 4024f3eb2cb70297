package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.measure.PhaseProcess;
import io.github.ycsbembedded.experiments.measure.YcsbOutputTest;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** When a phase counts as failed, and which line of its output says why. */
class CampaignTest {
  private static PhaseProcess.Measured measured(int exit, String stdout, String stderr) {
    return new PhaseProcess.Measured(exit, stdout, stderr, List.of(), new double[] {0.4, 0.1}, null, 0, 0, null, -1, -1, false, Map.of());
  }

  @Test
  void failedPhaseHasNoReportAndItsReasonIsTheLaunchersLine() throws IOException {
    PhaseProcess.Measured m = measured(1, YcsbOutputTest.captured("locked.stdout"), YcsbOutputTest.captured("locked.stderr"));

    assertThat(Campaign.failure(m, Set.of()))
        .startsWith("exit 1: rocksdb: ")
        .contains("is in use by another process");
  }

  @Test
  void phaseWithOperationsNotOkIsAFailureNamingTheCount() throws IOException {
    PhaseProcess.Measured m = measured(0, YcsbOutputTest.captured("empty-run.stdout"), "");

    assertThat(Campaign.failure(m, Set.of())).startsWith("1000 operations did not return OK");
    assertThat(Campaign.failure(m, Set.of("READ:NOT_FOUND", "UPDATE:NOT_FOUND")))
        .as("a phase whose reads may find nothing accepts it").isNull();
  }

  @Test
  void lastMessagePrefersTheLaunchersLineThenAnException() {
    assertThat(Campaign.lastMessage("noise\nycsb: lmdb.dir is required\nmore")).isEqualTo("lmdb.dir is required");
    assertThat(Campaign.lastMessage("a\njava.lang.IllegalStateException: boom\nb")).isEqualTo("java.lang.IllegalStateException: boom");
    assertThat(Campaign.lastMessage("a\nlast line\n\n")).isEqualTo("last line");
    assertThat(Campaign.lastMessage("")).isEqualTo("(no output on stderr)");
  }
}
