package io.github.ycsbembedded.core.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * A tmpfs of a given size mounted on a folder, for full-disk tests; it can grow afterwards, as a
 * user freeing space would. Needs root and {@code mount}: the caller's test is skipped, saying why,
 * where either is missing.
 */
public final class SmallFileSystem implements AutoCloseable {
  private final Path mountPoint;

  private SmallFileSystem(Path mountPoint) {
    this.mountPoint = mountPoint;
  }

  /**
   * Mounts a tmpfs of {@code bytes} on {@code mountPoint} (created if missing), or skips the test.
   */
  public static SmallFileSystem mount(Path mountPoint, long bytes)
      throws IOException, InterruptedException {
    Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "full-disk tests mount a small tmpfs, which needs root");
    Files.createDirectories(mountPoint);
    int exit = run("mount", "-t", "tmpfs", "-o", "size=" + bytes, "tmpfs", mountPoint.toString());
    Assumptions.assumeTrue(
        exit == 0, "mount -t tmpfs failed here (exit " + exit + "); no full-disk test");
    return new SmallFileSystem(mountPoint);
  }

  public Path path() {
    return mountPoint;
  }

  /** Gives the file system {@code bytes} in all, keeping what it holds. */
  public void grow(long bytes) throws IOException, InterruptedException {
    int exit = run("mount", "-o", "remount,size=" + bytes, mountPoint.toString());
    if (exit != 0) {
      throw new IOException("remount of " + mountPoint + " failed with exit " + exit);
    }
  }

  @Override
  public void close() throws IOException {
    int exit;
    try {
      exit = run("umount", "-l", mountPoint.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while unmounting " + mountPoint, e);
    }
    if (exit != 0) {
      throw new IOException("umount " + mountPoint + " failed with exit " + exit);
    }
  }

  private static int run(String... command) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(List.of(command))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    if (!process.waitFor(2, java.util.concurrent.TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IOException("timed out after 2 minutes: " + String.join(" ", command));
    }
    return process.exitValue();
  }
}
