package io.github.ycsbembedded.installer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A YCSB install this can add to: the layout of a release tarball or of master's distribution
 * module ({@code bin/bindings.properties}, {@code bin/ycsb.sh}, {@code lib/core-<version>.jar}), of
 * version 0.17.x or 0.18.0-SNAPSHOT (built from master, whose {@code bin/ycsb} is Python 3).
 *
 * @param home the install's folder
 * @param version the version of its core jar
 */
record YcsbInstall(Path home, String version) {
  /** The versions this adds to, in words. */
  static final String SUPPORTED = "YCSB 0.17.x or 0.18.0-SNAPSHOT (built from master)";

  /** Checks {@code folder} before anything is written to it. */
  static YcsbInstall check(Path folder) throws Refusal, IOException {
    if (!Files.isDirectory(folder)) {
      throw new Refusal(folder + ": no such directory");
    }
    Path home = folder.toRealPath();
    for (String required : new String[] {"bin/bindings.properties", "bin/ycsb.sh"}) {
      if (!Files.isRegularFile(home.resolve(required))) {
        throw new Refusal(home + " is not a YCSB install: it has no " + required);
      }
    }
    String version = coreVersion(home);
    if (version == null) {
      throw new Refusal(home + " is not a YCSB install: it has no lib/core-*.jar");
    }
    if (!version.startsWith("0.17.") && !version.equals("0.18.0-SNAPSHOT")) {
      throw new Refusal(
          home + " is YCSB " + version + "; install-into adds to " + SUPPORTED + " only");
    }
    for (String writable : new String[] {"", "bin", "lib"}) {
      if (!Files.isWritable(home.resolve(writable))) {
        throw new Refusal(
            home.resolve(writable) + " is not writable by " + System.getProperty("user.name"));
      }
    }
    return new YcsbInstall(home, version);
  }

  /** The version in the name of {@code lib/core-<version>.jar}, or null without one. */
  private static String coreVersion(Path home) throws IOException {
    Path lib = home.resolve("lib");
    if (!Files.isDirectory(lib)) {
      return null;
    }
    try (Stream<Path> jars = Files.list(lib)) {
      return jars.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("core-") && n.endsWith(".jar"))
          .sorted()
          .map(n -> n.substring("core-".length(), n.length() - ".jar".length()))
          .findFirst()
          .orElse(null);
    }
  }
}
