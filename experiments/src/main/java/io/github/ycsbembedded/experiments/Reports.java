package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.ResultsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Where a results folder's experiment comes from, for {@code report} and {@code resume}. */
final class Reports {
  private Reports() {}

  /**
   * The experiment {@code run} in {@code folder} ran: the copy of its file the folder keeps, else
   * (a folder written before copies were kept) the shipped experiment of its name.
   */
  static Experiment experimentOf(Path folder, Results.Run run) throws ExperimentException {
    return Experiment.ofResults(
        folder, run.experiment().file(), run.experiment().name(), ExperimentRunner.home());
  }

  /**
   * The other runs of {@code run}'s experiment in the folder {@code folder} is in (other sizes,
   * other days), for the write-ups that chart across them; folders in {@code except}, and folders
   * that hold no readable results of this schema, are left out.
   */
  static List<Results.Run> history(Path folder, Results.Run run, List<Path> except) {
    List<Results.Run> runs = new ArrayList<>();
    Path parent = folder.toAbsolutePath().normalize().getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      return runs;
    }
    List<Path> left = except.stream().map(p -> p.toAbsolutePath().normalize()).toList();
    try (Stream<Path> dirs = Files.list(parent)) {
      for (Path dir : (Iterable<Path>) dirs.sorted()::iterator) {
        if (left.contains(dir)
            || !dir.getFileName().toString().startsWith(run.experiment().name() + "-")
            || !Files.isRegularFile(dir.resolve(ResultsFile.NAME))) {
          continue;
        }
        try {
          runs.add(ResultsFile.read(dir));
        } catch (ExperimentException e) {
          // a results file of another version, or none: left out of the history
        }
      }
    } catch (IOException e) {
      // an unreadable folder: no history
    }
    return runs;
  }
}
