package io.github.ycsbembedded.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Writes stock YCSB's {@code bin/bindings.properties} ({@code name:class} lines) for the bindings
 * on the classpath, from their descriptors, with YCSB's own {@code basic}: the distribution's
 * registry, which {@code install-into} adds to a YCSB install. The build runs it; no registry is
 * kept by hand.
 */
public final class BindingsRegistry {
  private BindingsRegistry() {}

  /** The registry's text. */
  public static String text() {
    StringBuilder text =
        new StringBuilder(
            "# The bindings of this distribution, name:class (stock YCSB's format), written by the"
                + " build from each\n# binding module's descriptor.\nbasic:site.ycsb.BasicDB\n");
    for (EngineDescriptor engine : Engines.all()) {
      text.append(engine.name()).append(':').append(engine.clientClass()).append('\n');
    }
    return text.toString();
  }

  /** {@code args[0]}: the file to write. */
  public static void main(String[] args) throws IOException {
    Path file = Paths.get(args[0]);
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, text(), StandardCharsets.UTF_8);
  }
}
