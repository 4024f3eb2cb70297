package io.github.ycsbembedded.core;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Makes names durable. A file synced is not yet durably named: its directory entry reaches the disk
 * when the directory is synced. Without that, a power cut can lose a data directory the binding
 * created, or the files an engine created in it at open (LMDB and MVStore sync their files, never
 * the directory); the power-cut suite (docs/faults.md) finds exactly that.
 */
public final class DirectorySync {
  private DirectorySync() {}

  /** Syncs {@code dir}: the names in it, as they are now, survive a power cut. */
  public static void sync(Path dir) throws IOException {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }

  /**
   * Creates {@code dir} with its missing parents, syncing the parent of each one created, so that
   * the whole path survives a power cut.
   */
  public static void createDirectories(Path dir) throws IOException {
    Deque<Path> missing = new ArrayDeque<>();
    for (Path p = dir.toAbsolutePath(); p != null && !Files.isDirectory(p); p = p.getParent()) {
      missing.push(p);
    }
    Files.createDirectories(dir);
    while (!missing.isEmpty()) {
      Path created = missing.pop();
      if (created.getParent() != null) {
        sync(created.getParent());
      }
    }
  }
}
