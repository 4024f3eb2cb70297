package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.analysis.Cell;
import io.github.ycsbembedded.experiments.analysis.Cell.Format;
import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Section;
import io.github.ycsbembedded.experiments.analysis.WriteUp;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Symas' HyperDex benchmark: per phase, latencies, runtime, throughput and CPU time of its subject
 * engine (LMDB) and the reference (LevelDB), in the write-up's table shape. Its claims are the
 * subject's throughput and latencies ÷ the reference's, loading and running: its tables are latency
 * tables, so their percentiles are claims like its speed. Its CPU times are shown beside ours, not
 * judged: the write-up measured the data node alone, ours is the process with YCSB in it.
 */
public final class HyperDex extends WriteUp {
  /** Operation types in the write-up's row order. */
  private static final List<String> OPERATIONS = List.of("insert", "update", "read");

  private static final double THROUGHPUT_TOLERANCE = 1.5;
  private static final double CPU_TOLERANCE = 2.0;

  /**
   * Why the write-up's CPU times are shown beside ours but not judged: they measure different
   * processes.
   */
  static final String CPU_MEASURED_OTHERWISE =
      "the write-up's CPU is the HyperDex data node's alone (YCSB ran on another laptop), ours the"
          + " whole process's, YCSB's client threads included";

  private static final double LATENCY_TOLERANCE = 2.0;

  @Override
  public Map<String, RoleKind> roles() {
    return Map.of("subject", RoleKind.ENGINE);
  }

  @Override
  public String publishedSpeedColumn() {
    return "throughput";
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
                c.ratio(
                    subject,
                    phase.id(),
                    reference,
                    phase.id(),
                    r -> r.figures().speed().throughput()),
                THROUGHPUT_TOLERANCE,
                true));
      }
      Double cpu = c.published(phase.id(), subject, "cpu_s");
      Double referenceCpu = c.published(phase.id(), reference, "cpu_s");
      if (cpu != null && referenceCpu != null) {
        // the write-up's engines did the same operations, so its CPU ratio is per operation, as
        // ours; but its CPU is the data node's alone, ours the whole process's
        claims.add(
            Claim.ratio(
                    c,
                    about.comparing("cpu"),
                    ours + "'s CPU time per operation ÷ " + theirs + "'s, " + phase.label(),
                    "CPU " + phase.id(),
                    cpu / referenceCpu,
                    c.ratio(subject, phase.id(), reference, phase.id(), HyperDex::cpuPerOperation),
                    CPU_TOLERANCE,
                    true)
                .notComparable(CPU_MEASURED_OTHERWISE));
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
            about.comparing("latency"),
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
    return r.figures().cpu().total() / r.figures().window().operations();
  }

  @Override
  public List<Section> tables(Context c) {
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
    List<Section> sections = new ArrayList<>();
    for (Phase phase : c.experiment().phases()) {
      Section.Builder section = new Section.Builder(2, phase.label());
      List<List<Cell>> measured = measuredRows(c, phase, header.size());
      section.note(
          "Measured here: latencies over the measurement window (YCSB's HdrHistogram intervals),"
              + " median [range] over every trial and run; min of the median run; ops/s and CPU over"
              + " the window:");
      section.table(header, measured);
      List<List<Cell>> published = publishedRows(c, phase);
      if (!published.isEmpty()) {
        section.note(
            "Published (runtime, ops/s and CPU on the first row of each engine, as the write-up has"
                + " them; a \"?\" marks a cell the write-up ran together with its neighbours, split"
                + " back one of several ways):");
        section.table(header, published);
      }
      ratios(c, section, phase);
      sections.add(section.build());
    }
    return sections;
  }

  /** Per engine and operation: latencies, runtime, speed and CPU measured here. */
  private static List<List<Cell>> measuredRows(Context c, Phase phase, int width) {
    List<List<Cell>> measured = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      Results.PhaseRun r = c.ok(e, phase.id());
      if (r == null) {
        List<Cell> row =
            new ArrayList<>(List.of(Cell.text(e), Cell.missing(c.whyMissing(e, phase.id()))));
        while (row.size() < width) {
          row.add(Cell.blank());
        }
        measured.add(row);
        continue;
      }
      boolean first = true;
      for (String op : OPERATIONS) {
        String operation = op.toUpperCase(Locale.ROOT);
        if (r.median().latency().get(operation) == null) {
          continue;
        }
        Results.Operation whole = r.median().operations().get(operation);
        measured.add(
            List.of(
                Cell.text(e + " " + op),
                Cell.one(whole == null ? Double.NaN : whole.minUs(), Format.NUMBER),
                Cell.number(
                    c.spread(e, phase.id(), x -> latency(x, operation, Results.Latency::meanUs))),
                Cell.number(ms(c, e, phase.id(), operation, Results.Latency::p95Us)),
                Cell.number(ms(c, e, phase.id(), operation, Results.Latency::p99Us)),
                Cell.number(ms(c, e, phase.id(), operation, Results.Latency::maxUs)),
                first
                    ? Cell.one(r.median().figures().speed().runtimeMs() / 1000.0, Format.NUMBER)
                    : Cell.blank(),
                first
                    ? Cell.number(c.spread(e, phase.id(), x -> x.figures().speed().throughput()))
                    : Cell.blank(),
                first
                    ? Cell.of(
                        c.spread(e, phase.id(), x -> x.figures().cpu().total()), Format.MINUTES)
                    : Cell.blank()));
        first = false;
      }
    }
    return measured;
  }

  /** Per engine and operation: the write-up's own table. */
  private static List<List<Cell>> publishedRows(Context c, Phase phase) {
    List<List<Cell>> published = new ArrayList<>();
    for (String engine : c.experiment().engines()) {
      boolean first = true;
      for (String op : OPERATIONS) {
        if (c.published(phase.id(), engine, op + ".avg_us") == null) {
          continue;
        }
        published.add(
            List.of(
                Cell.text(c.experiment().publishedName(engine) + " " + op),
                pub(c, phase, engine, op + ".min_us", Format.NUMBER),
                pub(c, phase, engine, op + ".avg_us", Format.NUMBER),
                pub(c, phase, engine, op + ".p95_ms", Format.NUMBER),
                pub(c, phase, engine, op + ".p99_ms", Format.NUMBER),
                pub(c, phase, engine, op + ".max_ms", Format.NUMBER),
                first ? pub(c, phase, engine, "runtime_s", Format.NUMBER) : Cell.blank(),
                first ? pub(c, phase, engine, "throughput", Format.NUMBER) : Cell.blank(),
                first ? pub(c, phase, engine, "cpu_s", Format.MINUTES) : Cell.blank()));
        first = false;
      }
    }
    return published;
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
  private static void ratios(Context c, Section.Builder section, Phase phase) {
    String reference = c.reference();
    List<List<Cell>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      if (e.equals(reference)) {
        continue;
      }
      Double throughput = c.published(phase.id(), e, "throughput");
      Double referenceThroughput = c.published(phase.id(), reference, "throughput");
      Double cpu = c.published(phase.id(), e, "cpu_s");
      Double referenceCpu = c.published(phase.id(), reference, "cpu_s");
      rows.add(
          List.of(
              Cell.text(e + " ÷ " + reference),
              Cell.ratio(
                  c.ratio(
                      e, phase.id(), reference, phase.id(), r -> r.figures().speed().throughput())),
              throughput == null || referenceThroughput == null
                  ? Cell.blank()
                  : Cell.published(throughput / referenceThroughput, Format.RATIO, false),
              Cell.ratio(c.ratio(e, phase.id(), reference, phase.id(), HyperDex::cpuPerOperation)),
              cpu == null || referenceCpu == null
                  ? Cell.blank()
                  : Cell.published(cpu / referenceCpu, Format.RATIO, false)));
    }
    section.table(
        List.of(
            "ratio",
            "throughput here",
            "throughput published",
            "CPU per operation here",
            "CPU per operation published"),
        rows);
    section.note(
        "CPU per operation: not comparable, so not judged: " + CPU_MEASURED_OTHERWISE + ".");
  }

  private static Cell pub(Context c, Phase phase, String engine, String column, Format format) {
    return Cell.published(
        c.published(phase.id(), engine, column),
        format,
        c.publishedUncertain(phase.id(), engine, column));
  }
}
