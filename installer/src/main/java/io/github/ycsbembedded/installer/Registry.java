package io.github.ycsbembedded.installer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@code bin/bindings.properties}: {@code name:class} lines, read as stock YCSB's {@code ycsb.sh}
 * reads them (the first line of a name wins; blank lines and {@code #} comments skipped).
 */
final class Registry {
  private final Path file;
  private final Map<String, String> classes = new LinkedHashMap<>();

  private Registry(Path file) {
    this.file = file;
  }

  static Registry read(Path file) throws IOException {
    Registry registry = new Registry(file);
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith("#") || line.indexOf(':') < 0) {
        continue;
      }
      registry.classes.putIfAbsent(
          line.substring(0, line.indexOf(':')), line.substring(line.indexOf(':') + 1));
    }
    return registry;
  }

  /** The class registered under {@code name}, or null. */
  String classOf(String name) {
    return classes.get(name);
  }

  Map<String, String> entries() {
    return classes;
  }

  /** Appends {@code name:class} on a line of its own. */
  void add(String name, String className) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    String line =
        (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + name + ":" + className + "\n";
    Files.writeString(file, text + line, StandardCharsets.UTF_8);
    classes.putIfAbsent(name, className);
  }
}
