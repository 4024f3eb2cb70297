package io.github.ycsbembedded.installer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What install-into did to an install, kept in {@code <ycsb-home>/.ycsb-embedded/} so that {@code
 * --undo} can put it back: the paths it created ({@code created}, in order), the files it replaced
 * or removed ({@code replaced}, each one's original under {@code originals/}, content and mode),
 * and whether the install had no {@code .deps/} before (then bin/setup's is removed too). Every
 * change is also listed for the summary ({@link #changes()}).
 */
final class Journal {
  static final String FOLDER = ".ycsb-embedded";

  private final Path home;
  private final Path state;
  private final List<String> created;
  private final List<String> replaced;
  private final List<String> changes = new ArrayList<>();

  private Journal(Path home, List<String> created, List<String> replaced) {
    this.home = home;
    this.state = home.resolve(FOLDER);
    this.created = created;
    this.replaced = replaced;
  }

  /** The journal of {@code home}: a new one, or the one an earlier install left. */
  static Journal open(Path home) throws IOException {
    Path state = home.resolve(FOLDER);
    boolean first = !Files.isDirectory(state);
    Files.createDirectories(state.resolve("originals"));
    if (first && !Files.exists(home.resolve(".deps"))) {
      Files.writeString(state.resolve("no-deps"), "");
    }
    return new Journal(home, lines(state.resolve("created")), lines(state.resolve("replaced")));
  }

  /** Whether {@code home} holds a journal (something to undo). */
  static boolean exists(Path home) {
    return Files.isDirectory(home.resolve(FOLDER));
  }

  static List<String> lines(Path file) throws IOException {
    if (!Files.exists(file)) {
      return new ArrayList<>();
    }
    List<String> lines = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!line.isEmpty()) {
        lines.add(line);
      }
    }
    return lines;
  }

  /** Whether this install (now or before) created {@code path}, or the folder it lies in. */
  boolean created(String path) {
    return created.contains(path) || created.contains(topFolder(path));
  }

  private static String topFolder(String path) {
    int slash = path.indexOf('/');
    return slash < 0 ? path : path.substring(0, slash);
  }

  void recordCreated(String path) throws IOException {
    if (!created.contains(path)) {
      created.add(path);
      append("created", path);
    }
    changes.add("+ " + path);
  }

  /** Keeps the install's own {@code path} once, before the first change to it. */
  void keepOriginal(String path) throws IOException {
    if (created(path) || replaced.contains(path)) {
      return;
    }
    Path original = state.resolve("originals").resolve(path);
    Files.createDirectories(original.getParent());
    Files.copy(
        home.resolve(path),
        original,
        StandardCopyOption.COPY_ATTRIBUTES,
        StandardCopyOption.REPLACE_EXISTING);
    replaced.add(path);
    append("replaced", path);
  }

  /** Puts {@code source} at {@code path}, only when missing or different. */
  void put(Path source, String path) throws IOException {
    Path target = home.resolve(path);
    if (Files.isRegularFile(target)
        && Arrays.equals(Files.readAllBytes(source), Files.readAllBytes(target))) {
      return;
    }
    if (Files.exists(target)) {
      keepOriginal(path);
      Files.copy(
          source, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
      changes.add("~ " + path);
    } else {
      Files.createDirectories(target.getParent());
      Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
      if (!created(path)) {
        recordCreated(path);
      }
    }
  }

  /** Removes the install's {@code path}, keeping the original. */
  void remove(String path, String why) throws IOException {
    keepOriginal(path);
    Files.delete(home.resolve(path));
    changes.add("- " + path + " (" + why + ")");
  }

  /** Notes a change made in place (a line added to a file whose original is kept). */
  void changed(String description) {
    changes.add("~ " + description);
  }

  List<String> changes() {
    return changes;
  }

  private void append(String list, String path) throws IOException {
    Files.writeString(
        state.resolve(list),
        path + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }
}
