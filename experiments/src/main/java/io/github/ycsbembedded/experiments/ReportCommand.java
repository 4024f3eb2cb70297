package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.report.ReportWriter;
import io.github.ycsbembedded.experiments.report.ScaleReport;
import io.github.ycsbembedded.experiments.results.Merge;
import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/experiment report [--out DIR] RESULTS...}: renders one report from one or more results
 * folders: of one scale, as one run (engines side by side, the same engine's runs as more trials);
 * of several scales, a report of how the ratios move with the data's size.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description =
        "Renders one report from results folders: re-render, merge trials or machines, or compare scales.")
final class ReportCommand implements Callable<Integer> {
  @Parameters(
      arity = "1..*",
      paramLabel = "RESULTS",
      description = "results folders (each with a results.json)")
  List<Path> folders;

  @Option(
      names = "--out",
      description = "where the new report folder goes (default: <home>/results)")
  Path outDir;

  @Override
  public Integer call() throws Exception {
    Path home = ExperimentRunner.home();
    Experiment experiment;
    List<List<Path>> byScale;
    try {
      byScale = ScaleReport.byScale(folders);
      String experimentName = ScaleReport.experimentOf(folders);
      experiment = Experiment.load(home.resolve("experiments"), experimentName);
    } catch (ExperimentException e) {
      System.err.println("experiment report: " + e.getMessage());
      return 2;
    }
    String stamp = LocalDateTime.now(ZoneId.systemDefault()).format(ExperimentRunner.STAMP);
    Path base = outDir == null ? home.resolve("results") : outDir.toAbsolutePath();
    try {
      if (byScale.size() > 1) {
        Path out = base.resolve(experiment.name() + "-scales-report-" + stamp);
        List<String> summary = ScaleReport.write(experiment, folders, out);
        summary.forEach(System.out::println);
        System.out.println();
        System.out.println("report: " + out.resolve("report.md"));
        return 0;
      }
      Results.Run merged = Merge.runs(folders);
      Path out = base.resolve(merged.experiment() + "-" + merged.scale() + "-report-" + stamp);
      Files.createDirectories(out);
      Merge.copyRaw(folders, out.resolve("raw"));
      List<String> summary = ReportWriter.write(experiment, merged, out);
      summary.forEach(System.out::println);
      System.out.println();
      System.out.println("report: " + out.resolve("report.md"));
      return 0;
    } catch (ExperimentException e) {
      System.err.println("experiment report: " + e.getMessage());
      return 2;
    } catch (IOException | SecurityException e) {
      System.err.println(
          "experiment report: --out: cannot write into " + base + " (" + e.getMessage() + ")");
      return 2;
    }
  }
}
