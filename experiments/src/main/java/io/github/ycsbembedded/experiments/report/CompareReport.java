package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Comparison;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.AtomicFile;
import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Two runs side by side, as {@code bin/experiment compare} prints and writes them: per variant ×
 * engine × phase, speed, p99 and CPU time per operation in each run, the change with its range, and
 * {@code ~} where the change cannot be told from noise ({@link Comparison#TEST}).
 */
public final class CompareReport {
  private CompareReport() {}

  /** The table's header. */
  static final List<String> HEADER =
      List.of("variant", "engine", "phase", "figure", "before", "after", "change", "p");

  /** The rows as text. */
  public static List<List<String>> rows(List<Comparison.Row> rows) {
    List<List<String>> text = new ArrayList<>();
    for (Comparison.Row r : rows) {
      boolean speed = r.figure() == Comparison.ComparedFigure.SPEED;
      text.add(
          List.of(
              r.variant(),
              r.engine(),
              r.phase(),
              // in µs: a point operation's p99 is a few µs to a few ms, which ms would round to 0
              label(r.figure()),
              speed ? Cells.spread(r.before()) : Cells.spread(r.before(), CompareReport::micros),
              speed ? Cells.spread(r.after()) : Cells.spread(r.after(), CompareReport::micros),
              change(r),
              Double.isFinite(r.p()) ? String.format(Locale.ROOT, "%.3f", r.p()) : "n/a"));
    }
    return text;
  }

  /** The figure's name in the table's column. */
  public static String label(Comparison.ComparedFigure figure) {
    return switch (figure) {
      case SPEED -> "speed";
      case P99 -> "p99 (µs)";
      case CPU -> "CPU µs per operation";
    };
  }

  /** A figure in µs: to two decimals below 100 (CPU per operation), else as a number. */
  private static String micros(double us) {
    return us < 100 ? String.format(Locale.ROOT, "%.2f", us) : Units.number(us);
  }

  /** {@code -12.3% [-15.0% to -9.8%]} where it is told from noise, else {@code ~}. */
  static String change(Comparison.Row r) {
    if (!r.significant()) {
      return "~";
    }
    return String.format(
        Locale.ROOT,
        "%+.1f%% [%+.1f%% to %+.1f%%]",
        r.changePercent(),
        r.lowPercent(),
        r.highPercent());
  }

  /** The comparison as aligned lines for the terminal. */
  public static List<String> lines(List<Comparison.Row> rows) {
    List<List<String>> all = new ArrayList<>();
    all.add(HEADER);
    all.addAll(rows(rows));
    int[] widths = new int[HEADER.size()];
    for (List<String> row : all) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    List<String> lines = new ArrayList<>();
    for (List<String> row : all) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        line.append(String.format(Locale.ROOT, "%-" + widths[i] + "s", row.get(i)));
        line.append(i + 1 < row.size() ? "  " : "");
      }
      lines.add(line.toString().stripTrailing());
    }
    return lines;
  }

  /** Writes the comparison as report.md and report.html into {@code out}. */
  public static void write(
      Results.Run before,
      Results.Run after,
      String beforeName,
      String afterName,
      List<Comparison.Row> rows,
      Path out)
      throws IOException {
    Files.createDirectories(out);
    Document doc = new Document();
    String title = before.experiment().title() + ": " + beforeName + " against " + afterName;
    doc.heading(1, title);
    doc.bullets(
        List.of(
            "**Before**: " + beforeName + ", " + describe(before),
            "**After**: " + afterName + ", " + describe(after),
            "**Rule**: a change is shown where "
                + Comparison.TEST
                + " tell it from noise, else `~` (Go's benchstat is the model). Change: the median"
                + " after ÷ the median before, with the range of the extreme pairs; every trial and"
                + " repetition of each run is a sample."));
    doc.heading(2, "Changes");
    doc.table(HEADER, rows(rows));
    AtomicFile.write(out.resolve("report.md"), Markdown.render(doc));
    AtomicFile.write(out.resolve("report.html"), Html.page(title, doc, out));
  }

  private static String describe(Results.Run run) {
    String versions =
        String.join(
            ", ",
            run.base().engines().stream()
                .filter(e -> e.version() != null)
                .map(e -> e.version())
                .toList());
    return "run "
        + run.startedAt().replace('T', ' ')
        + " on "
        + (run.machines().isEmpty() ? "?" : run.machines().get(0).host())
        + ", "
        + run.protocol().trials()
        + " trial(s) × "
        + run.protocol().repetitions()
        + (versions.isEmpty() ? "" : "; " + versions);
  }
}
