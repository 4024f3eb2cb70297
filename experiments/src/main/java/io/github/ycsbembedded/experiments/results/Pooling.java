package io.github.ycsbembedded.experiments.results;

import io.github.ycsbembedded.experiments.model.ExperimentException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The earlier runs a run's verdicts pool their trials with: complete runs of the same experiment at
 * the same scale, with the same settings ({@link Results.ExperimentRef#settings}) and engine
 * versions, on a machine of the same {@link Results.Machine#kind} — each a folder of the history
 * folder (by default the one the run's own folder is in). Another machine's runs, or runs of other
 * settings, are never pooled in: their differences are not a day's movement.
 */
public final class Pooling {
  private Pooling() {}

  /**
   * A run with the trials of its like earlier runs after its own.
   *
   * @param ownRun the run itself
   * @param run the pooled run ({@code ownRun} where none is alike)
   * @param folders the earlier runs' folders, oldest first
   */
  public record Pooled(Results.Run ownRun, Results.Run run, List<Path> folders) {
    public Pooled {
      folders = List.copyOf(folders);
    }

    /** The run's own trials: the first of the pooled run's. */
    public int ownTrials() {
      return ownRun.protocol().trials();
    }

    /** Whether any earlier run was pooled in. */
    public boolean any() {
      return !folders.isEmpty();
    }
  }

  /** {@code run} alone. */
  public static Pooled alone(Results.Run run) {
    return new Pooled(run, run, List.of());
  }

  /**
   * {@code run} (in {@code own}) pooled with the like runs among the folders of {@code history}
   * (null: none); a folder that holds no readable results is left out.
   */
  public static Pooled of(Results.Run run, Path own, Path history) {
    if (history == null || !Files.isDirectory(history)) {
      return alone(run);
    }
    Map<Path, Results.Run> earlier = new LinkedHashMap<>();
    Path self = own.toAbsolutePath().normalize();
    try (Stream<Path> dirs = Files.list(history)) {
      for (Path dir : (Iterable<Path>) dirs.sorted()::iterator) {
        Path folder = dir.toAbsolutePath().normalize();
        if (folder.equals(self) || !Files.isRegularFile(folder.resolve(ResultsFile.NAME))) {
          continue;
        }
        try {
          Results.Run other = ResultsFile.read(folder);
          if (alike(run, other)) {
            earlier.put(folder, other);
          }
        } catch (ExperimentException e) {
          // another version's results, or none: not pooled
        }
      }
    } catch (IOException e) {
      return alone(run);
    }
    if (earlier.isEmpty()) {
      return alone(run);
    }
    List<Results.Run> runs = new ArrayList<>();
    List<String> logs = new ArrayList<>();
    runs.add(run);
    logs.add("raw/");
    earlier.forEach(
        (folder, other) -> {
          runs.add(other);
          logs.add(relative(self, folder));
        });
    Results.Run pooled = Merge.of(runs, logs);
    return new Pooled(run, pooled, List.copyOf(earlier.keySet()));
  }

  /** Where {@code folder}'s raw logs lie, seen from {@code self}: {@code ../<folder>/raw/}. */
  private static String relative(Path self, Path folder) {
    return self.relativize(folder).toString().replace('\\', '/') + "/raw/";
  }

  /**
   * Whether {@code other} is a complete run of {@code run}'s experiment, scale and settings, with
   * the same engine versions, on a machine of the same kind: its trials are samples of the same
   * thing on another day. A shard is none (its trials are pooled by merging the run's shards).
   */
  static boolean alike(Results.Run run, Results.Run other) {
    Results.ExperimentRef a = run.experiment();
    Results.ExperimentRef b = other.experiment();
    return other.completion().complete()
        && run.protocol().shard() == null
        && other.protocol().shard() == null
        && a.settings() != null
        && a.settings().equals(b.settings())
        && a.name().equals(b.name())
        && run.scale().name().equals(other.scale().name())
        && !run.machines().isEmpty()
        && !other.machines().isEmpty()
        && run.machines().get(0).kind().equals(other.machines().get(0).kind())
        && versions(run).equals(versions(other));
  }

  private static Map<String, String> versions(Results.Run run) {
    Map<String, String> versions = new LinkedHashMap<>();
    for (Results.EngineRun e : run.base().engines()) {
      versions.put(e.engine(), Objects.requireNonNullElse(e.version(), ""));
    }
    return versions;
  }
}
