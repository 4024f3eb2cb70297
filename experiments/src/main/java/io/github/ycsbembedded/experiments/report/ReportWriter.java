package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Cell;
import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.EngineMechanics;
import io.github.ycsbembedded.experiments.analysis.Findings;
import io.github.ycsbembedded.experiments.analysis.Section;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.results.AtomicFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes a run's report into its folder: a first screen that sums it up (verdicts, data and machine
 * against the write-up's, the run's date), the claims with their verdicts and why-lists, how the
 * run was measured and with which engine settings, the write-up's tables (its {@link
 * io.github.ycsbembedded.experiments.analysis.WriteUp} class's sections), latency, the engines' own
 * figures, charts, every engine × phase, the commands and the machines — as {@code report.md} and
 * {@code report.html}, with {@code charts/}. It renders what analysis found ({@link Findings}) and
 * computes nothing of its own.
 */
public final class ReportWriter {
  private ReportWriter() {}

  /**
   * Writes the report into {@code out}; returns the summary for the terminal (the claims first).
   */
  public static List<String> write(Findings findings, Path out) throws IOException {
    Context context = findings.context();
    Experiment experiment = context.experiment();
    Path charts = Files.createDirectories(out.resolve("charts"));
    List<Claim> claims = findings.claims();

    Document doc = new Document();
    doc.heading(1, experiment.title());
    if (findings.conclusion() != null) {
      doc.paragraph(
          ConclusionText.of(findings.conclusion(), ClaimSections.judged(claims), experiment));
    }
    RunSections.summary(doc, context, claims);
    doc.contents();
    ClaimSections.claims(doc, context, claims, charts);
    for (Section section : findings.besideClaims()) {
      section(doc, section, charts);
    }
    VariantSections.variants(doc, context.run(), findings.variants(), charts);
    RunSections.measured(doc, context.run(), context.engines());
    RunSections.settings(doc, context);
    for (Section section : findings.writeUpSections()) {
      section(doc, section, charts);
    }
    doc.paragraph(experiment.publishedNote());
    PhaseSections.latency(doc, context);
    RateSections.rates(doc, context, charts);
    Section mechanics = EngineMechanics.section(context);
    if (mechanics != null) {
      section(doc, mechanics, charts);
    }
    ChartSections.charts(doc, context, charts);
    PhaseSections.details(doc, context);
    RunSections.commands(doc, context.engines());
    RunSections.machines(doc, context.run(), context.engines());

    AtomicFile.write(out.resolve("report.md"), Markdown.render(doc));
    AtomicFile.write(out.resolve("report.html"), Html.page(experiment.title(), doc, out));
    return summary(claims);
  }

  /** A section analysis handed over: its heading, notes, tables (cells written here) and charts. */
  static void section(Document doc, Section section, Path charts) throws IOException {
    doc.heading(section.level(), section.heading());
    for (Section.Part part : section.parts()) {
      if (part instanceof Section.Note note) {
        doc.paragraph(note.markdown());
      } else if (part instanceof Section.Table table) {
        doc.table(table.header(), table.rows().stream().map(Cells::row).toList());
      } else if (part instanceof Section.LineChart chart) {
        List<Charts.Line> lines = new ArrayList<>();
        for (Section.Line line : chart.lines()) {
          lines.add(
              new Charts.Line(
                  line.name(),
                  line.x(),
                  line.y().stream().map(y -> y.median()).toList(),
                  line.dashed()));
        }
        Charts.lines(
            chart.title(),
            chart.xAxis(),
            chart.yAxis(),
            chart.logX(),
            lines,
            charts.resolve(chart.file()));
        doc.image(chart.alt(), "charts/" + chart.file());
      }
    }
  }

  /** The claims for the terminal: one line each, the verdict first. */
  static List<String> summary(List<Claim> claims) {
    List<String> lines = new ArrayList<>();
    lines.add("Claims, checked here:");
    for (Claim claim : claims) {
      String ours = ClaimText.ours(claim);
      lines.add(
          String.format(
              Locale.ROOT,
              "  %-15s %s: %s %s, here %s",
              ClaimText.verdict(claim).replaceAll(";.*", ""),
              claim.statement(),
              claim.origin() == Claim.Origin.OWN ? "expected" : "published",
              ClaimText.expected(claim),
              ours.isEmpty() ? "—" : ours));
    }
    if (claims.isEmpty()) {
      lines.add("  (the experiment file states none)");
    }
    return lines;
  }

  /** A cell as the report writes it (for tests of a write-up's tables). */
  public static String text(Cell cell) {
    return Cells.text(cell);
  }
}
