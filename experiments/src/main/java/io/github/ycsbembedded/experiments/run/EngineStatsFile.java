package io.github.ycsbembedded.experiments.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.experiments.plan.PhaseCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The engine's own statistics a run's binding wrote at its last cleanup ({@code
 * enginestats=<raw>.stats.json}, see core's {@code EngineStats}), kept in results.json as they are.
 */
final class EngineStatsFile {
  private static final ObjectMapper JSON = new ObjectMapper();

  private EngineStatsFile() {}

  /** The statistics, or null when the binding wrote none (or not JSON). */
  static JsonNode read(Path raw) {
    Path file = PhaseCommand.engineStats(raw);
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      return JSON.readTree(file.toFile());
    } catch (IOException e) {
      return null;
    }
  }
}
