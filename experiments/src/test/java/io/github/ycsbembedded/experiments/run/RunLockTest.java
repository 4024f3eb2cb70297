package io.github.ycsbembedded.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.experiments.model.ExperimentException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One run per folder: a second lock on a folder is refused in one line naming the run that holds
 * it, until that one lets go. (Two processes: dist's InterruptedExperimentIT.)
 */
class RunLockTest {
  @TempDir Path tmp;

  private static final String FIRST = "bin/experiment unum --scale tiny";

  @Test
  void aSecondLockOnADataFolderIsRefusedNamingTheFirstUntilItIsReleased() throws Exception {
    Path data = tmp.resolve("data/unum-tiny");
    RunLock first = RunLock.take(data, "--dir", FIRST);

    assertThatThrownBy(() -> RunLock.take(data, "--dir", "bin/experiment unum"))
        .isInstanceOf(ExperimentException.class)
        .hasMessage(
            "--dir: "
                + data
                + " is in use by another experiment run (pid "
                + ProcessHandle.current().pid()
                + ": "
                + FIRST
                + "); wait for it to end, or use another folder");
    assertThat(data).as("the folder it locks is made").isDirectory();
    assertThat(tmp.resolve("data/.unum-tiny.lock")).as("the lock file beside it").exists();

    first.close();
    try (RunLock second = RunLock.take(data, "--dir", "bin/experiment unum")) {
      assertThat(second).as("free again once the first let go").isNotNull();
    }
  }

  @Test
  void aResultsFolderIsLockedThroughItsOwnFile() throws Exception {
    Path out = tmp.resolve("results/unum-tiny-20261126-100000");
    RunLock first = RunLock.take(out, out.resolve(".lock"), "--out", FIRST);
    try {
      assertThatThrownBy(() -> RunLock.take(out, out.resolve(".lock"), "--out", "resume"))
          .isInstanceOf(ExperimentException.class)
          .hasMessageStartingWith("--out: " + out + " is in use by another experiment run (pid ")
          .hasMessageContaining(": " + FIRST + ")");
    } finally {
      first.close();
    }
  }
}
