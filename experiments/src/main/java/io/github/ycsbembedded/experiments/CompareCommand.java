package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.analysis.Comparison;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.report.CompareReport;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.ResultsFile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/experiment compare A B}: two results folders of one experiment side by side, the
 * change of each figure and whether it is told from noise; with {@code --fail-on-slowdown P%}, exit
 * status 1 when a change told from noise is a slowdown beyond P% (so that a CI job can use it).
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description =
        "Compares two results folders of one experiment: the change of every figure, ~ where it"
            + " cannot be told from noise.")
final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "BEFORE", description = "the first results folder")
  Path before;

  @Parameters(index = "1", paramLabel = "AFTER", description = "the second results folder")
  Path after;

  @Option(
      names = "--fail-on-slowdown",
      paramLabel = "PERCENT",
      description =
          "exit 1 when a change told from noise is a slowdown beyond this, e.g. 5% (less speed,"
              + " more p99 latency or more CPU time per operation)")
  String failOnSlowdown;

  @Mixin OutFolder outFolder = new OutFolder();

  @Override
  public Integer call() throws Exception {
    Double threshold = null;
    List<Comparison.Row> rows;
    Results.Run a;
    Results.Run b;
    try {
      if (failOnSlowdown != null) {
        threshold = percent(failOnSlowdown);
      }
      a = ResultsFile.read(before);
      b = ResultsFile.read(after);
      rows = Comparison.of(a, b, before.toString(), after.toString());
    } catch (ExperimentException e) {
      System.err.println("experiment compare: " + e.getMessage());
      return 2;
    }
    if (rows.isEmpty()) {
      System.err.println(
          "experiment compare: "
              + before
              + " and "
              + after
              + " share no variant, engine and phase that both measured");
      return 2;
    }
    CompareReport.lines(rows).forEach(System.out::println);
    System.out.println();
    System.out.println("~: no change told from noise by " + Comparison.TEST);
    String stamp = LocalDateTime.now(ZoneId.systemDefault()).format(ExperimentRunner.STAMP);
    Path base = outFolder.base(ExperimentRunner.home());
    Path out = base.resolve(a.experiment().name() + "-compare-" + stamp);
    try {
      CompareReport.write(a, b, before.toString(), after.toString(), rows, out);
      System.out.println("report: " + out.resolve("report.md"));
    } catch (IOException | SecurityException e) {
      System.err.println(
          "experiment compare: --out: cannot write into " + base + " (" + e.getMessage() + ")");
      return 2;
    }
    return threshold == null ? 0 : slowdowns(rows, threshold);
  }

  /** 1, with one line naming the first, when a change told from noise is a slowdown beyond it. */
  private int slowdowns(List<Comparison.Row> rows, double threshold) {
    List<Comparison.Row> slower = rows.stream().filter(r -> r.slowdown(threshold)).toList();
    if (slower.isEmpty()) {
      return 0;
    }
    Comparison.Row worst = slower.get(0);
    System.err.println(
        String.format(
            Locale.ROOT,
            "experiment compare: %d slowdown%s beyond %s, the first: %s %s %s %s %+.1f%%",
            slower.size(),
            slower.size() == 1 ? "" : "s",
            failOnSlowdown,
            worst.variant(),
            worst.engine(),
            worst.phase(),
            CompareReport.label(worst.figure()),
            worst.changePercent()));
    return 1;
  }

  /** {@code 5%} or {@code 5} as 5.0; refused in one line when not a percentage. */
  static double percent(String text) throws ExperimentException {
    String number = text.trim().endsWith("%") ? text.trim().replaceAll("%$", "") : text.trim();
    try {
      double value = Double.parseDouble(number);
      if (value >= 0 && value < 1000) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ExperimentException(
        "--fail-on-slowdown: '" + text + "' is not a percentage; use e.g. 5%");
  }
}
