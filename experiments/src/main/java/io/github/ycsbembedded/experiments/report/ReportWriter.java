package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
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
import java.util.List;
import java.util.Locale;

/**
 * Writes a run's folder: {@code results.json}, and the report — a first screen that sums it up
 * (verdicts, data and machine against the write-up's, the run's date), the claims with their
 * verdicts and why-lists, how the run was measured and with which engine settings, the write-up's
 * tables (from its {@link WriteUp} class), latency, the engines' own figures, charts, every engine
 * × phase, the commands and the machines — as {@code report.md} and {@code report.html}.
 */
public final class ReportWriter {
  private ReportWriter() {}

  /**
   * Writes everything into {@code out}; returns the summary for the terminal (the claims first).
   */
  public static List<String> write(Experiment experiment, Results.Run run, Path out)
      throws IOException {
    ResultsFile.write(run, out);
    WriteUp writeUp;
    try {
      writeUp = WriteUp.of(experiment);
    } catch (ExperimentException e) {
      throw new IOException(e.getMessage(), e);
    }
    Path charts = Files.createDirectories(out.resolve("charts"));
    Context context = new Context(experiment, run);
    List<Claim> claims = writeUp.claims(context);

    Document doc = new Document();
    doc.heading(1, experiment.title());
    RunSections.summary(doc, context, claims);
    doc.contents();
    ClaimSections.claims(doc, context, claims, charts);
    RunSections.measured(doc, run);
    RunSections.settings(doc, context);
    writeUp.tables(context, doc, charts);
    doc.paragraph(experiment.publishedNote());
    PhaseSections.latency(doc, context);
    PhaseSections.mechanics(doc, context);
    ChartSections.charts(doc, context, charts);
    PhaseSections.details(doc, context);
    RunSections.commands(doc, run);
    RunSections.machines(doc, run);

    Files.writeString(out.resolve("report.md"), Markdown.render(doc), StandardCharsets.UTF_8);
    Files.writeString(
        out.resolve("report.html"),
        Html.page(experiment.title(), doc, out),
        StandardCharsets.UTF_8);
    return summary(claims);
  }

  /** The claims for the terminal: one line each, the verdict first. */
  static List<String> summary(List<Claim> claims) {
    List<String> lines = new ArrayList<>();
    lines.add("Claims of the write-up, checked here:");
    for (Claim claim : claims) {
      lines.add(
          String.format(
              Locale.ROOT,
              "  %-15s %s: published %s, here %s",
              claim.verdict().word(),
              claim.statement(),
              claim.publishedText(),
              claim.oursText().isEmpty() ? "—" : claim.oursText()));
    }
    if (claims.isEmpty()) {
      lines.add("  (the write-up's file declares none)");
    }
    return lines;
  }
}
