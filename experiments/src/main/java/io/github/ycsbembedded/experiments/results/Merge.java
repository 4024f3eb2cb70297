package io.github.ycsbembedded.experiments;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.experiments.Experiment.ExperimentException;
import io.github.ycsbembedded.experiments.measure.Results;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Joins the results of several runs of one experiment at one scale, for example one engine per
 * machine, into one run to report: the engines of all, the machines of all.
 */
final class Merge {
  private Merge() {}

  static Results.Run read(Path folder) throws ExperimentException {
    Path file = folder.resolve("results.json");
    if (!Files.isRegularFile(file)) {
      throw new ExperimentException(folder + " is not a results folder: it has no results.json");
    }
    try {
      return new ObjectMapper()
          .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
          .readValue(file.toFile(), Results.Run.class);
    } catch (IOException e) {
      throw new ExperimentException(
          "cannot read " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
    }
  }

  /**
   * The runs of {@code folders} as one; refuses runs of different experiments or scales, and an
   * engine twice.
   */
  static Results.Run runs(List<Path> folders) throws ExperimentException {
    List<Results.Run> runs = new ArrayList<>();
    for (Path folder : folders) {
      runs.add(read(folder));
    }
    Results.Run first = runs.get(0);
    Map<String, Results.Machine> machines = new LinkedHashMap<>();
    Map<String, Results.EngineRun> engines = new LinkedHashMap<>();
    boolean reproduced = true;
    String finished = first.finishedAt();
    for (int i = 0; i < runs.size(); i++) {
      Results.Run run = runs.get(i);
      if (!run.experiment().equals(first.experiment()) || !run.scale().equals(first.scale())) {
        throw new ExperimentException(
            folders.get(i)
                + " is a run of "
                + run.experiment()
                + " at scale "
                + run.scale()
                + ", "
                + folders.get(0)
                + " of "
                + first.experiment()
                + " at scale "
                + first.scale()
                + "; only runs of one experiment at one scale merge");
      }
      for (Results.EngineRun engine : run.engines()) {
        if (engines.putIfAbsent(engine.engine(), engine) != null) {
          throw new ExperimentException(
              "engine "
                  + engine.engine()
                  + " is in more than one of the results folders ("
                  + folders.get(i)
                  + " among them); give each engine's run once");
        }
      }
      run.machines().forEach(m -> machines.putIfAbsent(m.host(), m));
      reproduced &= run.regimeReproduced();
      finished = run.finishedAt().compareTo(finished) > 0 ? run.finishedAt() : finished;
    }
    return new Results.Run(
        first.experiment(),
        first.title(),
        first.source(),
        first.scale(),
        first.startedAt(),
        finished,
        List.copyOf(machines.values()),
        first.settings(),
        first.regime(),
        first.memoryLimitBytes(),
        first.dataBytes(),
        reproduced,
        first.heapMaxBytes(),
        first.repetitions(),
        first.warmupSeconds(),
        first.durationSeconds(),
        List.copyOf(engines.values()));
  }

  /** Copies every folder's raw/ logs into {@code raw}. */
  static void copyRaw(List<Path> folders, Path raw) throws IOException {
    Files.createDirectories(raw);
    for (Path folder : folders) {
      Path from = folder.resolve("raw");
      if (!Files.isDirectory(from)) {
        continue;
      }
      try (Stream<Path> files = Files.list(from)) {
        for (Path file : (Iterable<Path>) files::iterator) {
          Files.copy(file, raw.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
