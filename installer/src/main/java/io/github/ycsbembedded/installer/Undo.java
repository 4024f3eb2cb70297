package io.github.ycsbembedded.installer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Puts an install back as it was before install-into, from its {@link Journal}. */
final class Undo {
  private Undo() {}

  static void run(Path home, PrintStream out) throws IOException {
    if (!Journal.exists(home)) {
      out.println(
          "install-into: " + home + " has nothing of ycsb-embedded to undo; nothing changed");
      return;
    }
    Path state = home.resolve(Journal.FOLDER);
    List<String> restored = new ArrayList<>();
    // what the install created, newest first: binding folders go whole, with what bin/setup put
    // there
    List<String> created = Journal.lines(state.resolve("created"));
    Collections.reverse(created);
    for (String path : created) {
      deleteTree(home.resolve(path));
      restored.add("- " + path);
    }
    // what it replaced or removed, back as it was (content and mode)
    for (String path : Journal.lines(state.resolve("replaced"))) {
      Files.copy(
          state.resolve("originals").resolve(path),
          home.resolve(path),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.COPY_ATTRIBUTES);
      restored.add("= " + path);
    }
    // what bin/setup made for WiredTiger after the install
    if (Files.exists(state.resolve("no-deps")) && Files.isDirectory(home.resolve(".deps"))) {
      deleteTree(home.resolve(".deps"));
      restored.add("- .deps (bin/setup's WiredTiger packages)");
    }
    deleteTree(state);
    out.println(
        "install-into: "
            + home
            + " is back as it was before ycsb-embedded (- removed, = restored):");
    restored.forEach(line -> out.println("  " + line));
  }

  /**
   * Deletes {@code path}: a file or link, or a folder with everything in it (links not followed).
   */
  static void deleteTree(Path path) throws IOException {
    if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (Files.isDirectory(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      try (Stream<Path> all = Files.walk(path)) {
        for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    } else {
      Files.delete(path);
    }
  }
}
