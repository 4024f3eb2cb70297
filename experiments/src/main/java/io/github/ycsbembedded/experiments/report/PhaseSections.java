package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The parts of a report per engine × phase: latency percentiles, the engines' own figures, and
 * every figure measured.
 */
final class PhaseSections {
  /** A window shorter than this measures start-up more than the phase: flagged, not charted. */
  static final double SHORT_WINDOW_SECONDS = 5;

  private PhaseSections() {}

  /**
   * Whether an engine × phase's median run had too short a window to measure a speed: a run phase
   * under {@link #SHORT_WINDOW_SECONDS}, or without status lines. A short load is not: it is
   * measured over its whole run instead, its close included.
   */
  static boolean tooShort(Phase phase, Results.PhaseRun r) {
    Results.Repetition m = r.median();
    if (m == null) {
      return true;
    }
    if (phase != null && phase.isLoad()) {
      return false;
    }
    return !m.figures().window().fromStatusLines()
        || m.figures().window().seconds() < SHORT_WINDOW_SECONDS;
  }

  /** What a speed was measured over, where it was not a window of status lines. */
  static String measuredOver(Phase phase, Results.PhaseRun r) {
    Results.Repetition m = r.median();
    if (m != null && phase != null && phase.isLoad() && !m.figures().window().fromStatusLines()) {
      return " (the whole load, its close included)";
    }
    return tooShort(phase, r) ? " (too short to measure)" : "";
  }

  private static final List<String> LATENCY_HEADER =
      List.of(
          "engine",
          "operation",
          "operations",
          "p50",
          "p95",
          "p99",
          "p99.9",
          "max",
          "p50, all runs",
          "p99, all runs");

  static void latency(Document doc, Context c) {
    doc.heading(2, "Latency");
    doc.paragraph(
        "Per operation type, over each run's measurement window (YCSB's HdrHistogram intervals"
            + " inside the window, added up — not averaged percentiles), in µs: median [range] over"
            + " every trial and run; and the percentiles of every run's window taken together (their"
            + " histograms added: runs merged from several folders or machines are merged so)."
            + " A batch read (BATCH_READ) is the latency of the whole batch.");
    String throttled = reclaimThrottle(c);
    if (throttled != null) {
      doc.paragraph(throttled);
    }
    for (Phase phase : c.experiment().phases()) {
      List<List<String>> rows = new ArrayList<>();
      for (Results.EngineRun engine : c.engines()) {
        Results.PhaseRun r = c.ok(engine.engine(), phase.id());
        if (r == null) {
          continue;
        }
        TreeSet<String> operations = new TreeSet<>();
        r.ok().forEach(rep -> operations.addAll(rep.latency().keySet()));
        for (String op : operations) {
          String e = engine.engine();
          org.HdrHistogram.Histogram all = added(r, op);
          rows.add(
              List.of(
                  e,
                  op,
                  Cells.spread(c.spread(e, phase.id(), rep -> latency(rep, op, l -> l.count()))),
                  Cells.spread(
                      c.spread(e, phase.id(), rep -> latency(rep, op, Results.Latency::p50Us))),
                  Cells.spread(
                      c.spread(e, phase.id(), rep -> latency(rep, op, Results.Latency::p95Us))),
                  Cells.spread(
                      c.spread(e, phase.id(), rep -> latency(rep, op, Results.Latency::p99Us))),
                  Cells.spread(
                      c.spread(e, phase.id(), rep -> latency(rep, op, Results.Latency::p999Us))),
                  Cells.spread(
                      c.spread(e, phase.id(), rep -> latency(rep, op, Results.Latency::maxUs))),
                  added(all, 50),
                  added(all, 99)));
        }
      }
      if (rows.isEmpty()) {
        continue;
      }
      doc.heading(3, phase.label());
      doc.table(LATENCY_HEADER, rows);
    }
  }

  /**
   * Every run's window of {@code op} taken together: their histograms added, or null where a run
   * kept no histogram.
   */
  static org.HdrHistogram.Histogram added(Results.PhaseRun r, String op) {
    List<Results.Latency> each = new ArrayList<>();
    for (Results.Repetition rep : r.ok()) {
      Results.Latency l = rep.latency().get(op);
      if (l != null) {
        each.add(l);
      }
    }
    return Results.Latency.added(each);
  }

  /** {@code percentile} of {@code all} ({@link #added}), or "n/a" where there is none. */
  static String added(org.HdrHistogram.Histogram all, double percentile) {
    return all == null || all.getTotalCount() == 0
        ? "n/a"
        : Units.number((double) all.getValueAtPercentile(percentile));
  }

  /** The shortest and longest maximum the kernel's reclaim throttle gives, in µs. */
  static final double THROTTLE_FROM_US = 100_000;

  static final double THROTTLE_TO_US = 115_000;

  /**
   * Where a run in a memory cgroup has maxima of 100–115 ms: which engine × phase cells, and what
   * they are (docs/notes/performance-the-memory-regime-an-enomem-and-its-cause.md, a tail of 100
   * ms); null when none.
   */
  static String reclaimThrottle(Context c) {
    if (c.run().memory() == null || c.run().memory().limitBytes() == null) {
      return null;
    }
    List<String> cells = new ArrayList<>();
    int all = 0;
    for (Results.EngineRun engine : c.engines()) {
      for (Phase phase : c.experiment().phases()) {
        Results.PhaseRun r = c.ok(engine.engine(), phase.id());
        if (r == null) {
          continue;
        }
        all++;
        boolean near =
            r.ok().stream()
                .flatMap(rep -> rep.latency().values().stream())
                .anyMatch(l -> l.maxUs() >= THROTTLE_FROM_US && l.maxUs() < THROTTLE_TO_US);
        if (near) {
          cells.add(engine.engine() + " " + phase.id());
        }
      }
    }
    if (cells.isEmpty()) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "Maxima of 100–115 ms (%d of the %d engine × phase cells: %s) are the kernel's, not the"
            + " engine's: each phase ran in a memory cgroup, and a thread that reclaims in the"
            + " group and finds nothing it can free is held by the kernel's reclaim throttle for up"
            + " to 100 ms, then let go (docs/notes/performance-the-memory-regime-an-enomem-and-its-cause.md, a tail of 100 ms).",
        cells.size(),
        all,
        String.join(", ", cells));
  }

  static double latency(Results.Repetition r, String op, ToDoubleFunction<Results.Latency> figure) {
    Results.Latency l = r.latency().get(op);
    return l == null ? Double.NaN : figure.applyAsDouble(l);
  }

  static void details(Document doc, Context c) {
    doc.heading(2, "Every engine × phase");
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      for (Results.PhaseRun r : engine.phases()) {
        Phase phase = c.experiment().phase(r.phase());
        if (r.failed()) {
          rows.add(List.of(e, r.phase(), "FAILED: " + r.error(), "", "", "", "", "", "", "", ""));
          continue;
        }
        rows.add(row(e, phase, r));
      }
    }
    doc.table(
        List.of(
            "engine",
            "phase × runs",
            "speed, median [range]",
            "window (median run)",
            "operations inside, by type",
            "CPU user + sys (s)",
            "memory: process peak (engine native / page cache / mapped; JVM heap peak, an"
                + " in-heap engine's cache)",
            "device read / written",
            "write / read amplification",
            "disk allocated / apparent",
            "final cleanup"),
        rows);
    doc.paragraph(
        "Speed counts what the write-up counts (its unit beside it); a run phase's window under "
            + Units.number(SHORT_WINDOW_SECONDS)
            + " s is flagged as too short to measure and left out of the speed chart, and a load"
            + " that short is measured over its whole run, its close included. The window"
            + " counts YCSB's operations (a batch of reads is one), and the column after it the"
            + " operations each is made of, by type, within the window. Write amplification: bytes"
            + " written to the device ÷ bytes of records written (a load: its whole process, final"
            + " flush included; a run phase: its window); read amplification likewise for reads."
            + " The final cleanup is outside the window, and shown on its own. The columns after"
            + " the speed are the median run's.");
  }

  /** One engine × phase: speed, window, operations, CPU, memory, I/O, disk, the cleanup. */
  private static List<String> row(String e, Phase phase, Results.PhaseRun r) {
    Results.Repetition m = r.median();
    Results.Figures f = m.figures();
    String requests = phase != null && phase.keysAreSpeed() ? "batches" : "operations";
    return List.of(
        e,
        r.phase() + " ×" + r.ok().size() + notCounted(r),
        Cells.spread(r.spread(x -> x.figures().speed().speed()))
            + " "
            + r.speedUnit()
            + measuredOver(phase, r),
        Units.number((double) f.window().operations())
            + " "
            + requests
            + " in "
            + Units.seconds(f.window().seconds())
            + (f.window().fromStatusLines() ? "" : " (whole run)"),
        inner(f.window().counts()),
        String.format(Locale.ROOT, "%.1f + %.1f", f.cpu().user(), f.cpu().system()),
        memory(r, m),
        io(f.io().read()) + " / " + io(f.io().written()),
        amplification(f.amplification().write()) + " / " + amplification(f.amplification().read()),
        Units.bytes(f.disk().allocated()) + " / " + Units.bytes(f.disk().apparent()),
        Double.isFinite(f.speed().cleanupMs()) ? Units.seconds(f.speed().cleanupMs() / 1000) : "");
  }

  /** The runs of a phase that are no samples: {@code (1 failed, 1 too short)}; else nothing. */
  private static String notCounted(Results.PhaseRun r) {
    long failed = r.repetitions().stream().filter(x -> x.error() != null).count();
    long excluded =
        r.repetitions().stream()
            .filter(x -> x.error() == null && x.outcome().excluded() != null)
            .count();
    List<String> parts = new ArrayList<>();
    if (failed > 0) {
      parts.add(failed + " failed");
    }
    if (excluded > 0) {
      parts.add(excluded + " window too short");
    }
    return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
  }

  private static String memory(Results.PhaseRun r, Results.Repetition m) {
    Results.MemoryUse u = m.figures().memory();
    Spread peak = r.spread(x -> x.figures().memory().peak());
    String parts =
        u.anonymousAtPeak() < 0
            ? ""
            : " ("
                + (u.engineNative() < 0 ? "?" : Units.bytes(u.engineNative()))
                + " / "
                + Units.bytes(u.pageCacheAtPeak())
                + " / "
                + Units.bytes(u.mappedAtPeak())
                + (u.heapPeak() < 0 ? "" : "; " + Units.bytes(u.heapPeak()))
                + heapCache(m)
                + ")";
    return Cells.spread(peak, v -> Units.bytes((long) v)) + parts;
  }

  /** {@code , cache 12.0 MiB}: an engine's cache in the JVM's heap, for one whose lives there. */
  private static String heapCache(Results.Repetition m) {
    double cache = io.github.ycsbembedded.experiments.analysis.EngineMemory.heapCache(m);
    return Double.isNaN(cache) ? "" : ", its cache " + Units.bytes((long) cache);
  }

  /** Operations by type, in name order (the same in every row). */
  private static String inner(Map<String, Long> counts) {
    List<String> parts = new ArrayList<>();
    new java.util.TreeMap<>(counts)
        .forEach((op, n) -> parts.add(op + " " + Units.number((double) n)));
    return String.join(", ", parts);
  }

  private static String io(long bytes) {
    return bytes < 0 ? "?" : Units.bytes(bytes);
  }

  private static String amplification(Double value) {
    return value == null ? "–" : Units.ratio(value);
  }
}
