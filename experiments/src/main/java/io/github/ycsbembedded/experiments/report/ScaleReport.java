package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.measure.Spread;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.results.Merge;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.ResultsFile;
import io.github.ycsbembedded.experiments.writeups.Claim;
import io.github.ycsbembedded.experiments.writeups.Context;
import io.github.ycsbembedded.experiments.writeups.WriteUp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a write-up's ratios move with the data's size: runs of one experiment at several scales (the
 * folders of each scale merged as trials), each ratio claim's figure against the data size on a log
 * axis with the published figure at the write-up's own size, and whether the gap between ours and
 * the published figure narrows toward the published scale.
 */
public final class ScaleReport {
  private ScaleReport() {}

  /** The folders grouped by scale, smallest data first; one experiment only. */
  public static List<List<Path>> byScale(List<Path> folders) throws ExperimentException {
    Map<String, List<Path>> groups = new LinkedHashMap<>();
    Map<String, Long> sizes = new LinkedHashMap<>();
    String experiment = null;
    for (Path folder : folders) {
      Results.Run run = ResultsFile.read(folder);
      if (experiment != null && !experiment.equals(run.experiment())) {
        throw new ExperimentException(
            folder
                + " is a run of "
                + run.experiment()
                + ", not "
                + experiment
                + "; only runs of one experiment report together");
      }
      experiment = run.experiment();
      groups.computeIfAbsent(run.scale(), s -> new ArrayList<>()).add(folder);
      sizes.put(run.scale(), run.dataBytes());
    }
    List<String> order = new ArrayList<>(groups.keySet());
    order.sort(Comparator.comparingLong(sizes::get));
    List<List<Path>> result = new ArrayList<>();
    order.forEach(s -> result.add(groups.get(s)));
    return result;
  }

  /** The experiment the folders are runs of. */
  public static String experimentOf(List<Path> folders) throws ExperimentException {
    return ResultsFile.read(folders.get(0)).experiment();
  }

  /** Writes the report of the scales into {@code out}; returns its summary for the terminal. */
  public static List<String> write(Experiment experiment, List<Path> folders, Path out)
      throws IOException {
    List<Results.Run> runs = new ArrayList<>();
    WriteUp writeUp;
    try {
      for (List<Path> scale : byScale(folders)) {
        runs.add(Merge.runs(scale));
      }
      writeUp = WriteUp.of(experiment);
    } catch (ExperimentException e) {
      throw new IOException(e.getMessage(), e);
    }
    Path charts = Files.createDirectories(out.resolve("charts"));
    Map<String, List<Claim>> byClaim = new LinkedHashMap<>();
    for (Results.Run run : runs) {
      for (Claim claim : writeUp.claims(new Context(experiment, run))) {
        byClaim.computeIfAbsent(claim.statement(), k -> new ArrayList<>()).add(claim);
      }
    }
    Document doc = new Document();
    doc.heading(1, experiment.title() + ": how the ratios move with the data's size");
    doc.paragraph("Re-measured from: " + experiment.source() + ".");
    List<String> scales = new ArrayList<>();
    for (Results.Run run : runs) {
      scales.add(
          String.format(
              Locale.ROOT,
              "`%s`: %s (%,d records), %d trial%s × %d run%s, memory regime %s",
              run.scale(),
              Units.bytes(run.dataBytes()),
              run.records(),
              run.protocol().trials(),
              run.protocol().trials() == 1 ? "" : "s",
              run.protocol().repetitions(),
              run.protocol().repetitions() == 1 ? "" : "s",
              run.memory().regimeReproduced() ? "reproduced" : "not reproduced"));
    }
    doc.bullets(scales);
    Long published = experiment.publishedDataBytes(runs.get(runs.size() - 1).scale());
    doc.paragraph(
        "Each chart puts one claim's ratio here (median and range over the trials and runs of each"
            + " scale) against the data's size, on log axes, with the published ratio at the"
            + " write-up's own size"
            + (published == null ? "" : " (" + Units.bytes(published) + ")")
            + "; the gap is ours ÷ the published ratio. It narrows when the largest scale run in"
            + " the write-up's memory regime is closer to the published ratio than the smallest"
            + " (scales outside the regime are shown, not compared, unless fewer than two ran in it),"
            + " and cannot be told when their ranges overlap.");
    doc.contents();
    List<String> summary = new ArrayList<>(List.of("How the ratios move with the data's size:"));
    int index = 0;
    for (Map.Entry<String, List<Claim>> entry : byClaim.entrySet()) {
      List<Claim> claims = entry.getValue();
      if (!claims.get(0).ratio()) {
        continue;
      }
      doc.heading(2, entry.getKey());
      List<List<String>> rows = new ArrayList<>();
      List<Step> steps = new ArrayList<>();
      for (int i = 0; i < claims.size() && i < runs.size(); i++) {
        Claim claim = claims.get(i);
        Results.Run run = runs.get(i);
        rows.add(
            List.of(
                run.scale(),
                Units.bytes(run.dataBytes()),
                claim.oursText().isEmpty() ? "—" : claim.oursText(),
                claim.ours().isEmpty()
                    ? ""
                    : "×" + Units.ratio(claim.ours().median() / claim.published()),
                claim.verdict().word()));
        if (!claim.ours().isEmpty() && claim.ours().min() > 0) {
          steps.add(
              new Step(
                  run.scale(), run.dataBytes(), claim.ours(), run.memory().regimeReproduced()));
        }
      }
      double publishedRatio = claims.get(0).published();
      rows.add(
          List.of(
              "published",
              published == null ? "" : Units.bytes(published),
              Units.ratio(publishedRatio),
              "",
              ""));
      doc.table(List.of("scale", "data", "ours", "gap (ours ÷ published)", "verdict"), rows);
      String trend = trend(steps, publishedRatio);
      doc.paragraph(trend);
      summary.add("  " + entry.getKey() + ": " + trend);
      String file = "scale-" + ++index + ".png";
      Charts.scaleTrend(
          entry.getKey(),
          steps.stream()
              .map(step -> new Charts.ScalePoint(step.dataBytes(), step.ratio()))
              .toList(),
          published == null ? Double.NaN : published,
          publishedRatio,
          charts.resolve(file));
      doc.image(entry.getKey() + " against the data's size", "charts/" + file);
    }
    Files.writeString(out.resolve("report.md"), Markdown.render(doc), StandardCharsets.UTF_8);
    Files.writeString(
        out.resolve("report.html"),
        Html.page(experiment.title() + ": scales", doc, out),
        StandardCharsets.UTF_8);
    return summary;
  }

  /** One scale's ratio, and whether it ran in the write-up's memory regime. */
  record Step(String scale, long dataBytes, Spread ratio, boolean inRegime) {}

  /**
   * Whether the gap to the published ratio narrows from the smallest scale to the largest, among
   * the scales run in the write-up's memory regime when two or more were (a scale in RAM measures
   * another thing). The gap is |log(ours ÷ published)|; within ×1.1 it stays about as wide, and
   * when the two scales' ranges overlap the spread cannot tell.
   */
  static String trend(List<Step> steps, double published) {
    List<Step> compared = steps.stream().filter(Step::inRegime).toList();
    if (compared.size() < 2) {
      compared = steps;
    }
    if (compared.size() < 2) {
      return "Measured at fewer than two scales: no trend.";
    }
    Step first = compared.get(0);
    Step last = compared.get(compared.size() - 1);
    double before = Math.abs(Math.log(first.ratio().median() / published));
    double after = Math.abs(Math.log(last.ratio().median() / published));
    boolean overlap =
        first.ratio().min() <= last.ratio().max() && last.ratio().min() <= first.ratio().max();
    String word;
    if (Math.abs(after - before) < Math.log(1.1)) {
      word = "stays about as wide";
    } else if (overlap) {
      word = "cannot be told to move (the ranges overlap)";
    } else {
      word = after < before ? "narrows" : "widens";
    }
    List<String> gaps = new ArrayList<>();
    for (Step step : steps) {
      gaps.add(
          "×"
              + Units.ratio(step.ratio().median() / published)
              + " at "
              + Units.bytes(step.dataBytes())
              + (step.inRegime() || compared == steps
                  ? ""
                  : " (outside the memory regime, not compared)"));
    }
    return "From "
        + first.scale()
        + " to "
        + last.scale()
        + " the gap "
        + word
        + " toward the published scale (ours ÷ published: "
        + String.join(", ", gaps)
        + ").";
  }
}
