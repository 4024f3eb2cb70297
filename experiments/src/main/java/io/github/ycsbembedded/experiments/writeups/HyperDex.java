package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.measure.Spread;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.report.Cells;
import io.github.ycsbembedded.experiments.report.Document;
import io.github.ycsbembedded.experiments.results.Results;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Symas' HyperDex benchmark: per phase, latencies, runtime, throughput and CPU time of its subject
 * engine (LMDB) and the reference (LevelDB), in the write-up's table shape. Its claims are the
 * subject's throughput, CPU time per operation and latencies ÷ the reference's, loading and
 * running: its tables are latency tables, so their percentiles are claims like its speed.
 */
public final class HyperDex extends WriteUp {
  /** Operation types in the write-up's row order. */
  private static final List<String> OPERATIONS = List.of("insert", "update", "read");

  private static final double THROUGHPUT_TOLERANCE = 1.5;
  private static final double CPU_TOLERANCE = 2.0;
  private static final double LATENCY_TOLERANCE = 2.0;

  @Override
  public Map<String, RoleKind> roles() {
    return Map.of("subject", RoleKind.ENGINE);
  }

  @Override
  public List<Claim> claims(Context c) {
    List<Claim> claims = new ArrayList<>();
    String reference = c.reference();
    String subject = c.role("subject");
    String theirs = c.experiment().publishedName(reference);
    String ours = c.experiment().publishedName(subject);
    for (Phase phase : c.experiment().phases()) {
      Claim.Subject about = Claim.Subject.of(List.of(subject, reference), phase.id());
      Double throughput = c.published(phase.id(), subject, "throughput");
      Double referenceThroughput = c.published(phase.id(), reference, "throughput");
      if (throughput != null && referenceThroughput != null) {
        claims.add(
            Claim.ratio(
                c,
                about,
                ours + "'s throughput ÷ " + theirs + "'s, " + phase.label(),
                "throughput " + phase.id(),
                throughput / referenceThroughput,
                c.ratio(subject, phase.id(), reference, phase.id(), r -> r.speed().throughput()),
                THROUGHPUT_TOLERANCE,
                true));
      }
      Double cpu = c.published(phase.id(), subject, "cpu_s");
      Double referenceCpu = c.published(phase.id(), reference, "cpu_s");
      if (cpu != null && referenceCpu != null) {
        // the write-up's engines did the same operations, so its CPU ratio is per operation, as
        // ours
        claims.add(
            Claim.ratio(
                c,
                about,
                ours + "'s CPU time per operation ÷ " + theirs + "'s, " + phase.label(),
                "CPU " + phase.id(),
                cpu / referenceCpu,
                c.ratio(subject, phase.id(), reference, phase.id(), HyperDex::cpuPerOperation),
                CPU_TOLERANCE,
                true));
      }
      for (String op : OPERATIONS) {
        latencyClaim(c, claims, about, phase, op, "avg_us", 1, "average", Results.Latency::meanUs);
        latencyClaim(
            c, claims, about, phase, op, "p99_ms", 1000, "99th percentile", Results.Latency::p99Us);
      }
    }
    return claims;
  }

  /**
   * A latency of the subject ÷ the reference's, where the write-up gives both and neither rounds to
   * 0 (its 95th and 99th percentiles are whole milliseconds).
   */
  private static void latencyClaim(
      Context c,
      List<Claim> claims,
      Claim.Subject about,
      Phase phase,
      String op,
      String column,
      double toMicros,
      String what,
      ToDoubleFunction<Results.Latency> figure) {
    String subject = about.engines().get(0);
    String reference = about.engines().get(1);
    Double mine = c.published(phase.id(), subject, op + "." + column);
    Double theirs = c.published(phase.id(), reference, op + "." + column);
    if (mine == null || theirs == null || mine * toMicros < 1 || theirs * toMicros < 1) {
      return;
    }
    String operation = op.toUpperCase(Locale.ROOT);
    claims.add(
        Claim.ratio(
            c,
            about,
            c.experiment().publishedName(subject)
                + "'s "
                + what
                + " "
                + op
                + " latency ÷ "
                + c.experiment().publishedName(reference)
                + "'s, "
                + phase.label(),
            op + " " + (column.startsWith("p99") ? "p99" : "avg") + " " + phase.id(),
            mine / theirs,
            c.ratio(subject, phase.id(), reference, phase.id(), r -> latency(r, operation, figure)),
            LATENCY_TOLERANCE,
            true));
  }

  private static double latency(
      Results.Repetition r, String operation, ToDoubleFunction<Results.Latency> figure) {
    Results.Latency l = r.latency().get(operation);
    return l == null ? Double.NaN : figure.applyAsDouble(l);
  }

  static double cpuPerOperation(Results.Repetition r) {
    return r.cpu().total() / r.window().operations();
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
    for (Phase phase : c.experiment().phases()) {
      doc.heading(2, phase.label());
      List<List<String>> measured = new ArrayList<>();
      for (Results.EngineRun engine : c.engines()) {
        String e = engine.engine();
        Results.PhaseRun r = c.ok(e, phase.id());
        if (r == null) {
          measured.add(List.of(e, "failed", "", "", "", "", "", "", ""));
          continue;
        }
        boolean first = true;
        for (String op : OPERATIONS) {
          String operation = op.toUpperCase(Locale.ROOT);
          if (r.median().latency().get(operation) == null) {
            continue;
          }
          measured.add(
              List.of(
                  e + " " + op,
                  Units.number(
                      r.median().operations().get(operation) == null
                          ? Double.NaN
                          : r.median().operations().get(operation).minUs()),
                  Cells.spread(
                      c.spread(e, phase.id(), x -> latency(x, operation, Results.Latency::meanUs))),
                  Cells.spread(ms(c, e, phase.id(), operation, Results.Latency::p95Us)),
                  Cells.spread(ms(c, e, phase.id(), operation, Results.Latency::p99Us)),
                  Cells.spread(ms(c, e, phase.id(), operation, Results.Latency::maxUs)),
                  first ? Units.number(r.median().speed().runtimeMs() / 1000.0) : "",
                  first ? Cells.spread(c.spread(e, phase.id(), x -> x.speed().throughput())) : "",
                  first
                      ? Cells.spread(
                          c.spread(e, phase.id(), x -> x.cpu().total()), HyperDex::minutes)
                      : ""));
          first = false;
        }
      }
      doc.paragraph(
          "Measured here: latencies over the measurement window (YCSB's HdrHistogram intervals),"
              + " median [range] over every trial and run; min of the median run; ops/s and CPU over"
              + " the window:");
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
            "Published (runtime, ops/s and CPU on the first row of each engine, as the write-up has"
                + " them; a \"?\" marks a cell the write-up ran together with its neighbours, split"
                + " back one of several ways):");
        doc.table(header, published);
      }
      ratios(c, doc, phase);
    }
  }

  private static Spread ms(
      Context c,
      String engine,
      String phase,
      String operation,
      ToDoubleFunction<Results.Latency> us) {
    return c.spread(engine, phase, r -> latency(r, operation, us) / 1000);
  }

  /**
   * Each engine's throughput and CPU per operation ÷ the reference engine's, here and as published.
   */
  private static void ratios(Context c, Document doc, Phase phase) {
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
          c.ratio(e, phase.id(), reference, phase.id(), r -> r.speed().throughput());
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

  private static String pub(Context c, Phase phase, String engine, String column) {
    Double value = c.published(phase.id(), engine, column);
    if (value == null) {
      return "";
    }
    return Units.number(value) + (c.publishedUncertain(phase.id(), engine, column) ? "?" : "");
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
