package io.github.ycsbembedded.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** File-system helpers shared by the bindings. */
public final class Directories {
  private Directories() {}

  /** Deletes everything inside {@code dir}, keeping {@code dir} itself ({@code <engine>.destroy}). */
  public static void wipe(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> tree = Files.walk(dir)) {
      for (Path path : (Iterable<Path>) tree.sorted(Comparator.reverseOrder())::iterator) {
        if (!path.equals(dir)) {
          Files.delete(path);
        }
      }
    }
  }
}
