package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.VariantFindings;
import io.github.ycsbembedded.experiments.model.Variants;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's variants: what each changes, its speed ÷ the base's per phase and engine, and for a
 * sweep, speed and p99 against the swept value per engine, each point with its range.
 */
final class VariantSections {
  private VariantSections() {}

  static void variants(Document doc, Results.Run run, VariantFindings findings, Path charts)
      throws IOException {
    if (run.variants().size() < 2) {
      return;
    }
    doc.heading(2, "Variants");
    List<List<String>> described = new ArrayList<>();
    for (Results.VariantRun v : run.variants()) {
      String changes = Variants.said(v.changes());
      described.add(
          List.of(
              v.name(),
              v.name().equals(Results.BASE)
                  ? "the experiment as its file sets it"
                      + (changes.isEmpty() ? "" : " (" + changes + ")")
                  : changes + otherVersions(run, v),
              v.note()));
    }
    doc.table(List.of("variant", "what it changes", "note"), described);
    doc.paragraph(
        "Every variant ran in every trial, one after another (in reverse order every other trial),"
            + " each loading its data anew. A ratio below is the variant's speed ÷ the base's in"
            + " the same trial and run, median [range].");
    ratios(doc, findings);
    sweeps(doc, findings, charts);
  }

  /**
   * The engine versions a variant ran where the base ran another ({@code rocksdb.library}), as the
   * phases' startup lines named them: {@code ; rocksdb ran RocksDB 6.20.3 (the base RocksDB
   * 11.8.1)}; empty when none.
   */
  static String otherVersions(Results.Run run, Results.VariantRun v) {
    StringBuilder said = new StringBuilder();
    for (Results.EngineRun e : v.engines()) {
      Results.EngineRun base = run.base().engine(e.engine());
      if (e.version() != null
          && base != null
          && base.version() != null
          && !e.version().equals(base.version())) {
        said.append("; ")
            .append(e.engine())
            .append(" ran ")
            .append(e.version())
            .append(" (the base ")
            .append(base.version())
            .append(')');
      }
    }
    return said.toString();
  }

  /** One row per phase and engine, one column per variant: its speed ÷ the base's. */
  private static void ratios(Document doc, VariantFindings findings) {
    Map<String, Map<String, String>> rows = new LinkedHashMap<>();
    List<String> variants = new ArrayList<>();
    for (VariantFindings.Ratio r : findings.ratios()) {
      if (!variants.contains(r.variant())) {
        variants.add(r.variant());
      }
      rows.computeIfAbsent(r.phase() + "\u0000" + r.engine(), k -> new LinkedHashMap<>())
          .put(r.variant(), r.ratio().isEmpty() ? Cells.NOT_MEASURED : Cells.ratio(r.ratio()));
    }
    List<String> header = new ArrayList<>(List.of("phase", "engine"));
    variants.forEach(v -> header.add(v + " ÷ base"));
    List<List<String>> table = new ArrayList<>();
    rows.forEach(
        (key, byVariant) -> {
          String[] parts = key.split("\u0000", 2);
          List<String> row = new ArrayList<>(List.of(parts[0], parts[1]));
          variants.forEach(v -> row.add(byVariant.getOrDefault(v, Cells.NOT_RUN)));
          table.add(row);
        });
    doc.table(header, table);
  }

  /** For each sweep, speed and p99 against the swept value per engine and phase. */
  private static void sweeps(Document doc, VariantFindings findings, Path charts)
      throws IOException {
    int index = 0;
    for (VariantFindings.Sweep sweep : findings.sweeps()) {
      doc.heading(3, "Against " + sweep.dimension());
      List<String> categories =
          sweep.values().stream().map(v -> sweep.dimension() + "=" + v).toList();
      for (String phase : sweep.speed().keySet()) {
        index++;
        String speedFile = "sweep-" + index + "-speed.png";
        Charts.ranges(
            phase + ": speed against " + sweep.dimension() + ", median and range",
            "ops/s (keys/s for batches)",
            categories,
            series(sweep.speed().get(phase)),
            false,
            charts.resolve(speedFile));
        doc.image(phase + ": speed against " + sweep.dimension(), "charts/" + speedFile);
        Map<String, List<Spread>> latency = sweep.p99().get(phase);
        if (latency != null) {
          String p99File = "sweep-" + index + "-p99.png";
          Map<String, List<Spread>> ms = new LinkedHashMap<>();
          latency.forEach(
              (engine, points) ->
                  ms.put(engine, points.stream().map(VariantSections::ms).toList()));
          Charts.ranges(
              phase + ": p99 latency against " + sweep.dimension() + ", median and range",
              "ms",
              categories,
              series(ms),
              false,
              charts.resolve(p99File));
          doc.image(phase + ": p99 against " + sweep.dimension(), "charts/" + p99File);
        }
      }
      doc.paragraph(
          "Each point: the median over every trial and run at that value, its whisker the range; the"
              + " p99 is of the phase's main operation, in ms. Values: "
              + String.join(", ", sweep.values())
              + " (variants "
              + String.join(", ", sweep.variants())
              + ").");
    }
  }

  private static List<Charts.RangeSeries> series(Map<String, List<Spread>> byEngine) {
    List<Charts.RangeSeries> series = new ArrayList<>();
    byEngine.forEach((engine, points) -> series.add(new Charts.RangeSeries(engine, points)));
    return series;
  }

  /** A spread of µs in ms. */
  private static Spread ms(Spread us) {
    return Spread.of(us.values().stream().map(v -> v / 1000).toList());
  }
}
