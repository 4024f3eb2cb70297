package io.github.ycsbembedded.experiments.run;

import io.github.ycsbembedded.experiments.model.ExperimentException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One run per folder: a lock the kernel holds for the process ({@code fcntl}, through {@link
 * FileChannel#tryLock}) on a file beside the folder ({@code .<folder>.lock}, which is never
 * deleted, so that two runs always lock the same file), naming the process that holds it. A second
 * run on the same data or results folder is refused in one line naming the first; a run that dies
 * leaves no lock behind (the kernel drops it with the process).
 */
public final class RunLock implements AutoCloseable {
  private final FileChannel channel;
  private final FileLock lock;

  private RunLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Locks {@code folder} (created if missing, with its parent) for this process, recording {@code
   * what} runs there; refuses, naming the holder, when another process holds it.
   *
   * @param role what the folder is to the run, for the message ({@code --dir}, {@code --out})
   */
  public static RunLock take(Path folder, String role, String what) throws ExperimentException {
    Path absolute = folder.toAbsolutePath().normalize();
    return take(
        absolute, absolute.resolveSibling("." + absolute.getFileName() + ".lock"), role, what);
  }

  /**
   * Locks {@code folder} through {@code file} (a results folder, never deleted, holds its own lock
   * file); as {@link #take(Path, String, String)}.
   */
  public static RunLock take(Path folder, Path file, String role, String what)
      throws ExperimentException {
    Path absolute = folder.toAbsolutePath().normalize();
    FileChannel channel = null;
    try {
      Files.createDirectories(absolute);
      channel =
          FileChannel.open(
              file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
      FileLock lock = tryLock(channel);
      if (lock == null) {
        String holder = read(channel);
        channel.close();
        throw new ExperimentException(
            role
                + ": "
                + folder
                + " is in use by another experiment run"
                + (holder.isEmpty() ? "" : " (" + holder + ")")
                + "; wait for it to end, or use another folder");
      }
      channel.truncate(0);
      channel.write(
          ByteBuffer.wrap(
              ("pid " + ProcessHandle.current().pid() + ": " + what + "\n")
                  .getBytes(StandardCharsets.UTF_8)),
          0);
      return new RunLock(channel, lock);
    } catch (IOException | SecurityException e) {
      closeQuietly(channel);
      throw new ExperimentException(
          role + ": cannot lock " + folder + " (" + e.getMessage() + ")", e);
    }
  }

  /**
   * The lock, or null when another run holds it: another process, or this one (the kernel's lock is
   * the process's, so Java refuses a second one in the same JVM with an exception instead).
   */
  private static FileLock tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock();
    } catch (OverlappingFileLockException e) {
      return null;
    }
  }

  private static String read(FileChannel channel) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(4096);
    channel.read(buffer, 0);
    return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).strip();
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException e) {
        // closing a file that could not be locked: nothing to keep
      }
    }
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      channel.close();
    }
  }
}
