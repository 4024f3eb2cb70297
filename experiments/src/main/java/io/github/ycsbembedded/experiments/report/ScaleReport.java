package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.HarnessRatios;
import io.github.ycsbembedded.experiments.analysis.ScaleTrend;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.AtomicFile;
import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report of how a write-up's ratios move with the data's size: runs of one experiment at
 * several scales (each scale's folders merged as trials by the caller), each ratio claim's figure
 * against the data size on a log axis with the published figure at the write-up's own size, and
 * whether the gap between ours and the published figure narrows toward the published scale ({@link
 * ScaleTrend}).
 */
public final class ScaleReport {
  private ScaleReport() {}

  /**
   * Writes the report of the scales into {@code out}; returns its summary for the terminal.
   *
   * @param runs one run per scale, smallest data first
   * @param claimsByRun each run's claims, in the same order
   */
  public static List<String> write(
      Experiment experiment, List<Results.Run> runs, List<List<Claim>> claimsByRun, Path out)
      throws IOException {
    Path charts = Files.createDirectories(out.resolve("charts"));
    Map<String, List<Claim>> byClaim = new LinkedHashMap<>();
    for (List<Claim> claims : claimsByRun) {
      for (Claim claim : claims) {
        byClaim.computeIfAbsent(claim.statement(), k -> new ArrayList<>()).add(claim);
      }
    }
    Document doc = new Document();
    Long published = experiment.publishedDataBytes(runs.get(runs.size() - 1).scale().name());
    intro(doc, experiment, runs, published);
    doc.contents();
    List<String> summary = new ArrayList<>(List.of("How the ratios move with the data's size:"));
    int index = 0;
    for (Map.Entry<String, List<Claim>> entry : byClaim.entrySet()) {
      List<Claim> claims = entry.getValue();
      if (!claims.get(0).ratio() || !Double.isFinite(claims.get(0).expected())) {
        continue;
      }
      String file = "scale-" + ++index + ".png";
      String trend =
          claimAcrossScales(doc, experiment, runs, claims, published, charts.resolve(file));
      doc.image(entry.getKey() + " against the data's size", "charts/" + file);
      summary.add("  " + entry.getKey() + ": " + trend);
    }
    AtomicFile.write(out.resolve("report.md"), Markdown.render(doc));
    AtomicFile.write(
        out.resolve("report.html"), Html.page(experiment.title() + ": scales", doc, out));
    return summary;
  }

  /** The title, the scales that ran, and how to read the charts. */
  private static void intro(
      Document doc, Experiment experiment, List<Results.Run> runs, Long published) {
    doc.heading(1, experiment.title() + ": how the ratios move with the data's size");
    doc.paragraph("Re-measured from: " + experiment.source() + ".");
    List<String> scales = new ArrayList<>();
    for (Results.Run run : runs) {
      scales.add(
          String.format(
              Locale.ROOT,
              "`%s`: %s (%,d records), %d trial%s × %d run%s, memory regime %s",
              run.scale().name(),
              Units.bytes(run.scale().dataBytes()),
              run.scale().records(),
              run.protocol().trials(),
              run.protocol().trials() == 1 ? "" : "s",
              run.protocol().repetitions(),
              run.protocol().repetitions() == 1 ? "" : "s",
              run.memory().regimeReproduced() ? "reproduced" : "not reproduced"));
    }
    doc.bullets(scales);
    doc.paragraph(
        "Each chart puts one claim's ratio here (median and range over the trials and runs of each"
            + " scale) against the data's size, on log axes, with the published ratio at the"
            + " write-up's own size"
            + (published == null ? "" : " (" + Units.bytes(published) + ")")
            + "; the gap is ours ÷ the published ratio. It narrows when the largest scale run in"
            + " the write-up's memory regime is closer to the published ratio than the smallest"
            + " (scales outside the regime are shown, not compared, unless fewer than two ran in it),"
            + " and cannot be told when their ranges overlap.");
  }

  /** One claim's section: its ratio at each scale, the harness's and the published, the trend. */
  private static String claimAcrossScales(
      Document doc,
      Experiment experiment,
      List<Results.Run> runs,
      List<Claim> claims,
      Long published,
      Path chart)
      throws IOException {
    String statement = claims.get(0).statement();
    doc.heading(2, statement);
    List<List<String>> rows = new ArrayList<>();
    List<ScaleTrend.Step> steps = new ArrayList<>();
    for (int i = 0; i < claims.size() && i < runs.size(); i++) {
      Claim claim = claims.get(i);
      Results.Run run = runs.get(i);
      rows.add(
          List.of(
              run.scale().name(),
              Units.bytes(run.scale().dataBytes()),
              claim.ours().isEmpty() ? "—" : Cells.ratio(claim.ours()),
              claim.ours().isEmpty()
                  ? ""
                  : "×" + Units.ratio(claim.ours().median() / claim.expected()),
              claim.verdict().word()));
      if (!claim.ours().isEmpty() && claim.ours().min() > 0) {
        steps.add(
            new ScaleTrend.Step(
                run.scale().name(),
                run.scale().dataBytes(),
                claim.ours(),
                run.memory().regimeReproduced()));
      }
    }
    double publishedRatio = claims.get(0).expected();
    rows.addAll(harnessRows(experiment, claims.get(0)));
    rows.add(
        List.of(
            "published",
            published == null ? "" : Units.bytes(published),
            Units.ratio(publishedRatio),
            "",
            ""));
    doc.table(List.of("scale", "data", "ours", "gap (ours ÷ published)", "verdict"), rows);
    String trend = sentence(ScaleTrend.of(steps, publishedRatio), publishedRatio);
    doc.paragraph(trend);
    Charts.scaleTrend(
        statement,
        steps.stream().map(step -> new Charts.ScalePoint(step.dataBytes(), step.ratio())).toList(),
        published == null ? Double.NaN : published,
        publishedRatio,
        chart);
    return trend;
  }

  /** The ratio of the write-up's own harness at each size it ran, where it has one. */
  private static List<List<String>> harnessRows(Experiment experiment, Claim claim) {
    List<List<String>> rows = new ArrayList<>();
    var harness = experiment.description().origin().published().harness();
    List<Double> theirs = HarnessRatios.ratios(harness, claim);
    for (int i = 0; theirs != null && i < theirs.size(); i++) {
      if (!theirs.get(i).isNaN()) {
        long records = harness.points().get(i).records();
        Long bytes = experiment.description().origin().published().setup().recordBytes();
        rows.add(
            List.of(
                harness.name() + " (the authors' harness)",
                bytes == null
                    ? String.format(Locale.ROOT, "%,d records", records)
                    : Units.bytes(records * bytes),
                Units.ratio(theirs.get(i)),
                "",
                ""));
      }
    }
    return rows;
  }

  /** The trend in a sentence: how the gap moved, and each scale's gap. */
  static String sentence(ScaleTrend trend, double published) {
    if (trend.movement() == ScaleTrend.Movement.TOO_FEW) {
      return "Measured at fewer than two scales: no trend.";
    }
    ScaleTrend.Step first = trend.compared().get(0);
    ScaleTrend.Step last = trend.compared().get(trend.compared().size() - 1);
    String word =
        switch (trend.movement()) {
          case NARROWS -> "narrows";
          case WIDENS -> "widens";
          case STAYS -> "stays about as wide";
          default -> "cannot be told to move (the ranges overlap)";
        };
    List<String> gaps = new ArrayList<>();
    for (ScaleTrend.Step step : trend.steps()) {
      gaps.add(
          "×"
              + Units.ratio(step.ratio().median() / published)
              + " at "
              + Units.bytes(step.dataBytes())
              + (trend.compares(step) ? "" : " (outside the memory regime, not compared)"));
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
