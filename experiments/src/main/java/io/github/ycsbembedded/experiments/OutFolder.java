package io.github.ycsbembedded.experiments;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --out}, the option of every command that writes a new folder (a run's results, a report, a
 * comparison): the folder that new folder goes into, {@code <home>/results} by default.
 */
final class OutFolder {
  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "results directory (default: <home>/results)")
  Path dir;

  /** Whether {@code --out} was given. */
  boolean given() {
    return dir != null;
  }

  /** The folder new folders go into: {@code --out}, else {@code <home>/results}. */
  Path base(Path home) {
    return dir == null ? home.resolve("results") : dir.toAbsolutePath();
  }
}
