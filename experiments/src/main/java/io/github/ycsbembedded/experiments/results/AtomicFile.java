package io.github.ycsbembedded.experiments.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A file replaced whole: written beside its place, then renamed over it, so that a reader (or a run
 * stopped half-way) sees the old file or the new one, never a part of one.
 */
public final class AtomicFile {
  private AtomicFile() {}

  /** Writes {@code text} as {@code file}, whole. */
  public static void write(Path file, String text) throws IOException {
    write(file, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes {@code bytes} as {@code file}, whole. */
  public static void write(Path file, byte[] bytes) throws IOException {
    Path temporary = file.resolveSibling("." + file.getFileName() + ".tmp");
    Files.write(temporary, bytes);
    try {
      Files.move(
          temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
