package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.Experiment;
import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.measure.Results;
import io.github.ycsbembedded.experiments.measure.Spread;
import io.github.ycsbembedded.experiments.measure.YcsbOutput;
import io.github.ycsbembedded.experiments.report.Cells;
import io.github.ycsbembedded.experiments.report.Document;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Symas' HyperDex benchmark: per phase, latencies, runtime, throughput and CPU time of LMDB and
 * LevelDB, in the write-up's table shape; its claims are LMDB's throughput and CPU time against
 * LevelDB's, loading and running.
 */
public final class HyperDex extends WriteUp {
  /** Operation types in the write-up's row order. */
  private static final List<String> OPERATIONS = List.of("insert", "update", "read");

  private static final double THROUGHPUT_TOLERANCE = 1.5;
  private static final double CPU_TOLERANCE = 2.0;

  @Override
  public List<Claim> claims(Context c) {
    List<Claim> claims = new ArrayList<>();
    String reference = c.reference();
    String lmdb = "lmdb";
    for (Experiment.Phase phase : c.experiment().phases()) {
      Double ours = c.published(phase.id(), lmdb, "throughput");
      Double theirs = c.published(phase.id(), reference, "throughput");
      if (ours != null && theirs != null) {
        claims.add(
            Claim.ratio(
                c,
                "LMDB's throughput ÷ "
                    + c.experiment().publishedName(reference)
                    + "'s, "
                    + phase.label(),
                "throughput " + phase.id(),
                ours / theirs,
                c.ratio(lmdb, phase.id(), reference, phase.id(), Results.Repetition::throughput),
                THROUGHPUT_TOLERANCE,
                true));
      }
      Double cpu = c.published(phase.id(), lmdb, "cpu_s");
      Double referenceCpu = c.published(phase.id(), reference, "cpu_s");
      if (cpu != null && referenceCpu != null) {
        // the write-up's engines did the same operations, so its CPU ratio is per operation, as
        // ours
        claims.add(
            Claim.ratio(
                c,
                "LMDB's CPU time per operation ÷ "
                    + c.experiment().publishedName(reference)
                    + "'s, "
                    + phase.label(),
                "CPU " + phase.id(),
                cpu / referenceCpu,
                c.ratio(lmdb, phase.id(), reference, phase.id(), HyperDex::cpuPerOperation),
                CPU_TOLERANCE,
                true));
      }
    }
    return claims;
  }

  static double cpuPerOperation(Results.Repetition r) {
    return r.cpuTotalSeconds() / r.windowOperations();
  }

  @Override
  public void tables(Context c, Document doc, Path charts) {
    List<String> header =
        List.of(
            "engine · operation",
            "min (µs)",
            "avg (µs)",
            "95th (ms)",
            "99th (ms)",
            "max (ms)",
            "runtime (s)",
            "ops/s",
            "CPU (mm:ss)");
    for (Experiment.Phase phase : c.experiment().phases()) {
      doc.heading(2, phase.label());
      List<List<String>> measured = new ArrayList<>();
      for (Results.EngineRun engine : c.engines()) {
        Results.PhaseRun r = c.ok(engine.engine(), phase.id());
        if (r == null) {
          measured.add(List.of(engine.engine(), "failed", "", "", "", "", "", "", ""));
          continue;
        }
        boolean first = true;
        for (String op : OPERATIONS) {
          YcsbOutput.Operation o = r.operationTypes().get(op.toUpperCase(Locale.ROOT));
          if (o == null) {
            continue;
          }
          measured.add(
              List.of(
                  engine.engine() + " " + op,
                  Units.number(o.minUs()),
                  Units.number(o.averageUs()),
                  Units.number(o.p95Us() / 1000),
                  Units.number(o.p99Us() / 1000),
                  Units.number(o.maxUs() / 1000),
                  first ? Units.number(r.runtimeMs() / 1000.0) : "",
                  first
                      ? Cells.spread(
                          c.spread(engine.engine(), phase.id(), Results.Repetition::throughput))
                      : "",
                  first
                      ? Cells.spread(
                          c.spread(
                              engine.engine(), phase.id(), Results.Repetition::cpuTotalSeconds),
                          HyperDex::minutes)
                      : ""));
          first = false;
        }
      }
      doc.paragraph(
          "Measured here (latencies of the median run; ops/s and CPU over the measurement window, median"
              + " [range] over the runs):");
      doc.table(header, measured);
      List<List<String>> published = new ArrayList<>();
      for (String engine : c.experiment().engines()) {
        boolean first = true;
        for (String op : OPERATIONS) {
          if (c.published(phase.id(), engine, op + ".avg_us") == null) {
            continue;
          }
          published.add(
              List.of(
                  c.experiment().publishedName(engine) + " " + op,
                  pub(c, phase, engine, op + ".min_us"),
                  pub(c, phase, engine, op + ".avg_us"),
                  pub(c, phase, engine, op + ".p95_ms"),
                  pub(c, phase, engine, op + ".p99_ms"),
                  pub(c, phase, engine, op + ".max_ms"),
                  first ? pub(c, phase, engine, "runtime_s") : "",
                  first ? pub(c, phase, engine, "throughput") : "",
                  first ? minutes(orNaN(c.published(phase.id(), engine, "cpu_s"))) : ""));
          first = false;
        }
      }
      if (!published.isEmpty()) {
        doc.paragraph(
            "Published (runtime, ops/s and CPU on the first row of each engine, as the write-up has them;"
                + " a \"?\" marks a cell the write-up ran together with its neighbours, split back one of several ways):");
        doc.table(header, published);
      }
      ratios(c, doc, phase);
    }
    doc.paragraph(c.experiment().publishedNote());
  }

  /**
   * Each engine's throughput and CPU per operation ÷ the reference engine's, here and as published.
   */
  private static void ratios(Context c, Document doc, Experiment.Phase phase) {
    String reference = c.reference();
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      if (e.equals(reference)) {
        continue;
      }
      Double throughput = c.published(phase.id(), e, "throughput");
      Double referenceThroughput = c.published(phase.id(), reference, "throughput");
      Double cpu = c.published(phase.id(), e, "cpu_s");
      Double referenceCpu = c.published(phase.id(), reference, "cpu_s");
      Spread ourThroughput =
          c.ratio(e, phase.id(), reference, phase.id(), Results.Repetition::throughput);
      Spread ourCpu = c.ratio(e, phase.id(), reference, phase.id(), HyperDex::cpuPerOperation);
      rows.add(
          List.of(
              e + " ÷ " + reference,
              Cells.ratio(ourThroughput),
              throughput == null || referenceThroughput == null
                  ? ""
                  : Units.ratio(throughput / referenceThroughput),
              Cells.ratio(ourCpu),
              cpu == null || referenceCpu == null ? "" : Units.ratio(cpu / referenceCpu)));
    }
    doc.table(
        List.of(
            "ratio",
            "throughput here",
            "throughput published",
            "CPU per operation here",
            "CPU per operation published"),
        rows);
  }

  private static String pub(Context c, Experiment.Phase phase, String engine, String column) {
    Double value = c.published(phase.id(), engine, column);
    if (value == null) {
      return "";
    }
    boolean uncertain =
        c.experiment().publishedUncertain(c.run().scale(), phase.id(), engine, column);
    return Units.number(value) + (uncertain ? "?" : "");
  }

  static String minutes(double seconds) {
    if (!Double.isFinite(seconds)) {
      return "";
    }
    return String.format(Locale.ROOT, "%d:%05.2f", (long) seconds / 60, seconds % 60);
  }

  private static double orNaN(Double value) {
    return value == null ? Double.NaN : value;
  }
}
