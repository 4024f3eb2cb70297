package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Findings;
import io.github.ycsbembedded.experiments.analysis.HostSpread;
import io.github.ycsbembedded.experiments.analysis.Section;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.report.ScaleReport;
import io.github.ycsbembedded.experiments.results.Merge;
import io.github.ycsbembedded.experiments.results.Pooling;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.ResultsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

  @Mixin OutFolder outFolder = new OutFolder();

  @Override
  public Integer call() throws Exception {
    Path home = ExperimentRunner.home();
    Experiment experiment;
    List<List<Path>> byScale;
    try {
      byScale = byScale(folders);
      experiment = Reports.experimentOf(folders.get(0), ResultsFile.read(folders.get(0)));
    } catch (ExperimentException e) {
      System.err.println("experiment report: " + e.getMessage());
      return 2;
    }
    String stamp = LocalDateTime.now(ZoneId.systemDefault()).format(ExperimentRunner.STAMP);
    Path base = outFolder.base(home);
    try {
      if (byScale.size() > 1) {
        Path out = base.resolve(experiment.name() + "-scales-report-" + stamp);
        List<Results.Run> runs = new ArrayList<>();
        List<List<Claim>> claims = new ArrayList<>();
        for (List<Path> scale : byScale) {
          Results.Run run = Merge.runs(scale);
          runs.add(run);
          claims.add(Findings.of(new Context(experiment, run)).claims());
        }
        List<String> summary = ScaleReport.write(experiment, runs, claims, out);
        summary.forEach(System.out::println);
        System.out.println();
        System.out.println("report: " + out.resolve("report.md"));
        return 0;
      }
      Merge.Folders read = Merge.read(folders);
      // each kind of machine's folders merged once: the largest's run is the report's
      List<Results.Run> kinds = read.byMachineKind().stream().map(Merge.Folders::merged).toList();
      int judged = largest(kinds);
      Results.Run merged = kinds.get(judged);
      Path out =
          base.resolve(
              merged.experiment().name() + "-" + merged.scale().name() + "-report-" + stamp);
      Files.createDirectories(out);
      Merge.copyRaw(folders, out.resolve("raw"));
      List<Section> apart =
          kinds.size() == 1 ? List.of() : List.of(apart(experiment, kinds, judged));
      List<String> summary =
          Outputs.write(
              experiment,
              Pooling.alone(merged),
              Reports.history(folders.get(0), merged, folders),
              apart,
              out);
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

  /** The kind of machine with the most trials (the first such): the one the verdicts rest on. */
  static int largest(List<Results.Run> kinds) {
    int best = 0;
    for (int i = 1; i < kinds.size(); i++) {
      if (kinds.get(i).protocol().trials() > kinds.get(best).protocol().trials()) {
        best = i;
      }
    }
    return best;
  }

  /** Every kind of machine's claims, judged on its own trials, side by side. */
  private static Section apart(Experiment experiment, List<Results.Run> kinds, int judged)
      throws ExperimentException {
    List<HostSpread.Kind> each = new ArrayList<>();
    for (Results.Run run : kinds) {
      each.add(
          new HostSpread.Kind(
              run.machines().stream().map(Results.Machine::host).toList(),
              run.machines().get(0).kind(),
              run.protocol().trials(),
              Findings.of(new Context(experiment, run)).claims()));
    }
    return HostSpread.section(each, judged);
  }

  /** The folders grouped by scale, smallest data first; one experiment only. */
  static List<List<Path>> byScale(List<Path> folders) throws ExperimentException {
    Map<String, List<Path>> groups = new LinkedHashMap<>();
    Map<String, Long> sizes = new LinkedHashMap<>();
    String experiment = null;
    for (Path folder : folders) {
      Results.Run run = ResultsFile.read(folder);
      String name = run.experiment().name();
      if (experiment != null && !experiment.equals(name)) {
        throw new ExperimentException(
            folder
                + " is a run of "
                + name
                + ", not "
                + experiment
                + "; only runs of one experiment report together");
      }
      experiment = name;
      groups.computeIfAbsent(run.scale().name(), s -> new ArrayList<>()).add(folder);
      sizes.put(run.scale().name(), run.scale().dataBytes());
    }
    List<String> order = new ArrayList<>(groups.keySet());
    order.sort(Comparator.comparingLong(sizes::get));
    List<List<Path>> result = new ArrayList<>();
    order.forEach(s -> result.add(groups.get(s)));
    return result;
  }
}
