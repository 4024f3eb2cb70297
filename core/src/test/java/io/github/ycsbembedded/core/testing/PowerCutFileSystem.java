package io.github.ycsbembedded.core.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Assumptions;

/**
 * A folder on cutfs, the FUSE fixture of {@code cutfs.c} (docs/faults.md): what is written there
 * but never synced can be lost on a {@link #cut power cut}, and the disk can be made to fail. The
 * fixture is built with gcc against libfuse3 into the module's {@code target/cutfs/} on first use.
 * Tests that mount it are skipped, saying why, where {@code /dev/fuse}, {@code fusermount3}, gcc or
 * libfuse3's headers are missing ({@code bin/setup --test} installs the packages).
 */
public final class PowerCutFileSystem implements AutoCloseable {
  private static final String SOURCE = "cutfs.c";
  private final Path backing;
  private final Path mountPoint;
  private final Process daemon;
  private final BufferedReader replies;
  private final PrintWriter commands;
  private boolean mounted = true;

  private PowerCutFileSystem(Path backing, Path mountPoint, Process daemon) {
    this.backing = backing;
    this.mountPoint = mountPoint;
    this.daemon = daemon;
    this.replies =
        new BufferedReader(new InputStreamReader(daemon.getInputStream(), StandardCharsets.UTF_8));
    this.commands =
        new PrintWriter(
            new java.io.OutputStreamWriter(daemon.getOutputStream(), StandardCharsets.UTF_8), true);
  }

  /**
   * Mounts cutfs on {@code mountPoint} over {@code backing} (both created if missing), or skips the
   * test saying why it cannot. What {@code backing} already holds is durable.
   */
  public static PowerCutFileSystem mount(Path backing, Path mountPoint)
      throws IOException, InterruptedException {
    Path binary = binary();
    Files.createDirectories(backing);
    Files.createDirectories(mountPoint);
    Process daemon =
        new ProcessBuilder(
                binary.toString(),
                backing.toString(),
                mountPoint.toString(),
                "-f",
                "-o",
                "auto_unmount")
            .redirectError(backing.resolveSibling(backing.getFileName() + ".log").toFile())
            .start();
    PowerCutFileSystem fs = new PowerCutFileSystem(backing, mountPoint, daemon);
    String first = fs.reply();
    if (!"ready".equals(first)) {
      daemon.destroyForcibly();
      throw new IOException("cutfs did not mount " + mountPoint + ": " + first);
    }
    return fs;
  }

  /** The mounted folder. */
  public Path path() {
    return mountPoint;
  }

  /** Makes everything written so far durable, as {@code sync(1)} would. */
  public void sync() throws IOException {
    command("sync");
  }

  /**
   * Cuts the power: everything not synced is lost, every later call fails with EIO. Kill the
   * processes using the folder, then {@link #remount}.
   */
  public void cut() throws IOException {
    command("cut");
  }

  /** Makes fsync, read or write ({@code what}) fail with EIO until {@link #heal}. */
  public void fail(String what) throws IOException {
    command("fail " + what);
  }

  /** The device fills up after {@code bytes} more written bytes: writes then fail with ENOSPC. */
  public void fullAfter(long bytes) throws IOException {
    command("full " + bytes);
  }

  /** Ends every fault. */
  public void heal() throws IOException {
    command("heal");
  }

  /** Unmounts and mounts again over the same backing folder: a reboot (and a cold cache). */
  public PowerCutFileSystem remount() throws IOException, InterruptedException {
    close();
    return mount(backing, mountPoint);
  }

  private void command(String line) throws IOException {
    commands.println(line);
    String reply = reply();
    if (!("ok " + line).equals(reply)) {
      throw new IOException("cutfs: " + line + ": " + reply);
    }
  }

  private String reply() throws IOException {
    try {
      String line = CompletableFuture.supplyAsync(this::readLine).get(2, TimeUnit.MINUTES);
      return line == null ? "(cutfs ended: " + log() + ")" : line;
    } catch (ExecutionException | TimeoutException e) {
      throw new IOException("cutfs did not answer: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted waiting for cutfs", e);
    }
  }

  private String readLine() {
    try {
      return replies.readLine();
    } catch (IOException e) {
      return "(" + e + ")";
    }
  }

  private String log() {
    try {
      return Files.readString(backing.resolveSibling(backing.getFileName() + ".log")).strip();
    } catch (IOException e) {
      return e.toString();
    }
  }

  /** Unmounts (lazily, should a process still hold a file) and waits for the daemon to end. */
  @Override
  public void close() throws IOException {
    if (!mounted) {
      return;
    }
    mounted = false;
    try {
      if (run("fusermount3", "-u", mountPoint.toString()) != 0) {
        run("fusermount3", "-uz", mountPoint.toString());
      }
      commands.close();
      if (!daemon.waitFor(1, TimeUnit.MINUTES)) {
        daemon.destroyForcibly();
        throw new IOException("cutfs did not end within a minute of unmounting " + mountPoint);
      }
    } catch (InterruptedException e) {
      daemon.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while unmounting " + mountPoint, e);
    }
  }

  /** The fixture's binary, built once per module from {@code cutfs.c}; skips where it cannot be. */
  private static synchronized Path binary() throws IOException, InterruptedException {
    Assumptions.assumeTrue(
        Files.exists(Path.of("/dev/fuse")), "no /dev/fuse here: no power-cut or failing-disk test");
    Assumptions.assumeTrue(
        run("fusermount3", "-V") == 0,
        "no fusermount3 (Debian's fuse3; bin/setup --test installs it): no power-cut test");
    List<String> flags = output("pkg-config", "--cflags", "--libs", "fuse3");
    Assumptions.assumeTrue(
        flags != null,
        "no libfuse3 headers (Debian's libfuse3-dev and pkg-config; bin/setup --test installs"
            + " them): no power-cut test");
    Path dir = Path.of("target", "cutfs").toAbsolutePath();
    Path source = dir.resolve(SOURCE);
    Path binary = dir.resolve("cutfs");
    byte[] text;
    try (InputStream in = PowerCutFileSystem.class.getResourceAsStream(SOURCE)) {
      text = in.readAllBytes();
    }
    if (Files.exists(binary) && Arrays.equals(text, Files.readAllBytes(source))) {
      return binary;
    }
    Files.createDirectories(dir);
    Files.write(source, text);
    List<String> gcc =
        new ArrayList<>(
            List.of(
                "gcc",
                "-O2",
                "-Wall",
                "-Wno-format-truncation",
                "-o",
                binary.toString(),
                source.toString()));
    gcc.addAll(flags);
    Assumptions.assumeTrue(run(gcc.toArray(String[]::new)) == 0, "gcc could not build cutfs.c");
    return binary;
  }

  /** The command's whitespace-separated output, or null when it fails. */
  private static List<String> output(String... command) throws IOException, InterruptedException {
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException notInstalled) {
      return null;
    }
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return process.waitFor() == 0 ? List.of(out.strip().split("\\s+")) : null;
  }

  private static int run(String... command) throws InterruptedException {
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!process.waitFor(2, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        return -1;
      }
      return process.exitValue();
    } catch (IOException notInstalled) {
      return -1;
    }
  }
}
