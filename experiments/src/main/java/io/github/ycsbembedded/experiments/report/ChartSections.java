package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The report's charts of every phase: speed (ops/s and keys/s apart), the engines' own memory, disk
 * — each median with its range — and the timelines of throughput and latency.
 */
final class ChartSections {
  private ChartSections() {}

  static void charts(Document doc, Context c, Path dir) throws IOException {
    doc.heading(2, "Charts");
    for (boolean keys : new boolean[] {false, true}) {
      List<Phase> phases =
          c.experiment().phases().stream().filter(p -> p.keysAreSpeed() == keys).toList();
      if (phases.isEmpty()) {
        continue;
      }
      String unit = keys ? "keys/s" : "ops/s";
      String file = keys ? "speed-keys.png" : "speed.png";
      perPhase(
          c,
          phases,
          "Speed per phase (" + unit + "), median and range over every trial and run",
          unit,
          r -> r.figures().speed().speed(),
          true,
          false,
          dir.resolve(file));
      doc.image("speed per phase in " + unit, "charts/" + file);
    }
    List<Phase> all = c.experiment().phases();
    perPhase(
        c,
        all,
        "The engine's resident memory (native + mapped), median and range",
        "MiB",
        r -> io.github.ycsbembedded.experiments.analysis.EngineMemory.resident(r) / 1048576.0,
        false,
        false,
        dir.resolve("memory.png"));
    doc.image("the engine's own memory per phase", "charts/memory.png");
    perPhase(
        c,
        all,
        "Disk after the phase (allocated), median and range",
        "MiB",
        r -> r.figures().disk().allocated() / 1048576.0,
        false,
        false,
        dir.resolve("disk.png"));
    doc.image("disk per phase", "charts/disk.png");
    doc.paragraph(
        "A phase whose window was too short to measure (under "
            + (int) PhaseSections.SHORT_WINDOW_SECONDS
            + " s) is left out of the speed charts. Memory: the engine's resident memory at the"
            + " peak, its native memory and the file pages it maps (what a resident set counts"
            + (c.experiment().hasWriteUp() ? ", as the write-up's RAM column did" : "")
            + "), and for an engine whose cache lives in the JVM's heap, that cache as its"
            + " statistics give it; the JVM's own and the page cache beside it are left out (see"
            + " Every engine × phase).");
    timelines(doc, c, dir);
  }

  private static void perPhase(
      Context c,
      List<Phase> phases,
      String title,
      String axis,
      ToDoubleFunction<Results.Repetition> figure,
      boolean skipShort,
      boolean logY,
      Path file)
      throws IOException {
    List<Charts.RangeSeries> series = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      List<Spread> values = new ArrayList<>();
      for (Phase phase : phases) {
        Results.PhaseRun r = c.ok(engine.engine(), phase.id());
        values.add(
            r == null || (skipShort && PhaseSections.tooShort(phase, r))
                ? Spread.NONE
                : c.spread(engine.engine(), phase.id(), figure));
      }
      series.add(new Charts.RangeSeries(engine.engine(), values));
    }
    Charts.ranges(title, axis, phases.stream().map(Phase::id).toList(), series, logY, file);
  }

  /**
   * Per phase: throughput over time, and the 99th percentile latency of its main operation over
   * time, each run of each engine, the first drawn in full, the x axis cut where the window ends.
   */
  private static void timelines(Document doc, Context c, Path dir) throws IOException {
    List<String> skipped = new ArrayList<>();
    double warmup = c.run().protocol().warmupSeconds();
    for (Phase phase : c.experiment().phases()) {
      List<Charts.Line> throughput = new ArrayList<>();
      List<Charts.Line> latency = new ArrayList<>();
      int ran = 0;
      for (Results.EngineRun engine : c.engines()) {
        Results.PhaseRun r = c.ok(engine.engine(), phase.id());
        if (r == null) {
          continue;
        }
        ran++;
        String main = mainOperation(r);
        boolean first = true;
        for (Results.Repetition rep : r.ok()) {
          if (addLines(engine.engine(), rep, main, !first, throughput, latency)) {
            first = false;
          }
        }
      }
      // a chart of some engines alone would read as a comparison it is not
      long drawn = throughput.stream().filter(l -> !l.faint()).count();
      if (throughput.isEmpty() || drawn < ran) {
        skipped.add(phase.id());
        continue;
      }
      double shade = phase.isLoad() ? 0 : warmup;
      Charts.timeline(
          phase.label()
              + ": "
              + (phase.keysAreSpeed() ? "batches" : "operations")
              + " per second (first run of each engine in full, the others faint)",
          phase.keysAreSpeed() ? "batches/s" : "operations/s",
          throughput,
          shade,
          false,
          dir.resolve("timeline-" + phase.id() + ".png"));
      doc.image(phase.label() + " over time", "charts/timeline-" + phase.id() + ".png");
      if (!latency.isEmpty()) {
        Charts.timeline(
            phase.label() + ": 99th percentile latency of each second (ms, log scale)",
            "ms",
            latency,
            shade,
            true,
            dir.resolve("latency-" + phase.id() + ".png"));
        doc.image(phase.label() + ": latency over time", "charts/latency-" + phase.id() + ".png");
      }
    }
    if (!skipped.isEmpty()) {
      doc.paragraph(
          "No timeline for "
              + String.join(", ", skipped)
              + ": a run of one engine or more there lasted under three status lines (one a"
              + " second), too few points for a line, and a chart of the others alone would read as"
              + " a comparison.");
    }
  }

  /**
   * Adds one run's throughput and p99 lines (faint after an engine's first), when it has three
   * points or more; false when it has too few.
   */
  private static boolean addLines(
      String engine,
      Results.Repetition rep,
      String main,
      boolean faint,
      List<Charts.Line> throughput,
      List<Charts.Line> latency) {
    List<Results.Point> points = window(rep);
    if (points.size() < 3) {
      return false;
    }
    List<Double> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    List<Double> lx = new ArrayList<>();
    List<Double> ly = new ArrayList<>();
    for (Results.Point p : points) {
      x.add((double) p.seconds());
      y.add(p.opsPerSecond());
      Double p99 = p.intervalP99Us().get(main);
      if (p99 != null && p99 > 0) {
        lx.add((double) p.seconds());
        ly.add(p99 / 1000);
      }
    }
    throughput.add(new Charts.Line(engine, x, y, false, faint));
    if (lx.size() >= 3) {
      latency.add(new Charts.Line(engine, lx, ly, false, faint));
    }
    return true;
  }

  /** The status lines of a run up to the end of its measured window (not its final flush). */
  static List<Results.Point> window(Results.Repetition rep) {
    List<Results.Point> points = new ArrayList<>();
    long end = rep.figures().window().endMs();
    for (Results.Point p : rep.timeline()) {
      if (p.afterCleanup() || (end > 0 && p.timeMs() > end) || p.seconds() <= 0) {
        continue;
      }
      points.add(p);
    }
    // YCSB's last status line comes when the threads have stopped (0 operations in its second):
    // not part of the run's speed
    while (!points.isEmpty() && points.get(points.size() - 1).opsPerSecond() <= 0) {
      points.remove(points.size() - 1);
    }
    return points;
  }

  /** The operation type with the most operations in the median run's window. */
  private static String mainOperation(Results.PhaseRun r) {
    return io.github.ycsbembedded.experiments.analysis.FixedRates.mainOperation(r.median());
  }
}
