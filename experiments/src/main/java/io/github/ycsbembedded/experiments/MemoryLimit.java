package io.github.ycsbembedded.experiments;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * A memory cgroup (v2, or v1) that a phase's JVM joins before it starts, so that a data set larger
 * than the limit really has to come from disk. Needs root.
 */
final class MemoryLimit implements AutoCloseable {
  private static final Path ROOT = Paths.get("/sys/fs/cgroup");

  private final Path group;
  private final Path procs;

  private MemoryLimit(Path group, Path procs) {
    this.group = group;
    this.procs = procs;
  }

  /** Creates the group with {@code bytes} as its limit, or says why it cannot. */
  static MemoryLimit create(String name, long bytes) throws IOException {
    boolean v2 = Files.exists(ROOT.resolve("cgroup.controllers"));
    Path parent = v2 ? ROOT : ROOT.resolve("memory");
    if (!v2 && !Files.isDirectory(parent)) {
      throw new IOException("--memory-limit needs a memory cgroup: neither cgroup v2 (" + ROOT
          + "/cgroup.controllers) nor v1 (" + parent + ") is mounted");
    }
    if (!Files.isWritable(parent)) {
      throw new IOException("--memory-limit needs root: " + parent + " is not writable (run as root, or leave --memory-limit out)");
    }
    if (v2 && !Files.readString(ROOT.resolve("cgroup.subtree_control")).contains("memory")) {
      Files.writeString(ROOT.resolve("cgroup.subtree_control"), "+memory");
    }
    Path group = Files.createDirectories(parent.resolve(name));
    try {
      if (v2) {
        Files.writeString(group.resolve("memory.max"), Long.toString(bytes));
        Files.writeString(group.resolve("memory.swap.max"), "0");
      } else {
        Files.writeString(group.resolve("memory.limit_in_bytes"), Long.toString(bytes));
      }
    } catch (IOException e) {
      Files.deleteIfExists(group);
      throw new IOException("cannot set the memory limit of " + group + ": " + e.getMessage(), e);
    }
    return new MemoryLimit(group, group.resolve("cgroup.procs"));
  }

  /** The file a process writes its pid into to join the group. */
  Path procs() {
    return procs;
  }

  /**
   * Removes the group. A process the phase left in it (the JVM killed from outside and not yet
   * reaped, a child it started) keeps the group busy: those are killed, and the removal retried for
   * up to 5 seconds.
   */
  @Override
  public void close() throws IOException {
    for (int attempt = 1; ; attempt++) {
      try {
        Files.deleteIfExists(group);
        return;
      } catch (FileSystemException e) {
        List<String> left = Files.exists(procs) ? Files.readAllLines(procs) : List.of();
        if (attempt == 50) {
          throw new IOException("cannot remove the memory cgroup " + group + " (processes still in it: " + left + ")", e);
        }
        left.forEach(pid -> ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(ProcessHandle::destroyForcibly));
        try {
          Thread.sleep(100);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while removing the memory cgroup " + group, interrupted);
        }
      }
    }
  }
}
