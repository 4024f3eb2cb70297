package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The memory cgroup of a phase; needs root and a writable cgroup file system, skipped otherwise. */
class MemoryLimitTest {
  private static MemoryLimit create(String name) {
    try {
      return MemoryLimit.create(name, 256L << 20);
    } catch (IOException e) {
      assumeTrue(false, "no writable memory cgroup here: " + e.getMessage());
      throw new AssertionError(e);
    }
  }

  @Test
  void closeRemovesTheGroupEvenWithAProcessLeftInIt() throws Exception {
    String name = "ycsb-embedded-test-" + ProcessHandle.current().pid();
    MemoryLimit limit = create(name);
    Path group = limit.procs().getParent();
    Process left = new ProcessBuilder("sleep", "600").start();
    try {
      Files.writeString(limit.procs(), Long.toString(left.pid()));
      assertThat(Files.readAllLines(limit.procs())).contains(Long.toString(left.pid()));

      limit.close();

      assertThat(group).doesNotExist();
      assertThat(left.waitFor(5, TimeUnit.SECONDS)).as("the process left in the group was killed").isTrue();
    } finally {
      left.destroyForcibly();
    }
  }

  @Test
  void theGroupHasTheLimitAskedFor() throws Exception {
    try (MemoryLimit limit = create("ycsb-embedded-test-limit-" + ProcessHandle.current().pid())) {
      Path group = limit.procs().getParent();
      Path max = Files.exists(group.resolve("memory.max")) ? group.resolve("memory.max") : group.resolve("memory.limit_in_bytes");
      assertThat(Files.readString(max).trim()).isEqualTo(Long.toString(256L << 20));
      assertThat(group.startsWith(Paths.get("/sys/fs/cgroup"))).isTrue();
    }
  }
}
