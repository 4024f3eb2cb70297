package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.FixedRates;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Spread;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The fixed-rate phases: per engine and rate, the rate asked for and held, and the main operation's
 * latency from each request's intended start beside its service time; a curve of the corrected
 * percentiles against the throughput held; and the highest rate within the file's bound.
 */
final class RateSections {
  private RateSections() {}

  static void rates(Document doc, Context c, Path charts) throws IOException {
    List<FixedRates.Curve> curves = FixedRates.of(c);
    if (curves.isEmpty()) {
      return;
    }
    doc.heading(2, "Latency at fixed rates");
    doc.paragraph(
        "A fixed-rate phase sends requests at a steady rate (YCSB's `-target`, spread over its"
            + " threads) instead of each thread sending its next when the last returns. Its latency"
            + " is taken from when each request was due (YCSB's `measurement.interval=both`, the"
            + " `Intended-` figures): when an engine stalls, every request due during the stall"
            + " waits and counts the wait, where a closed loop would have sent fewer requests and"
            + " hidden it (coordinated omission). The service time beside it is from when each"
            + " request was sent. A rate is held when the run reached "
            + Math.round(100 * FixedRates.HELD)
            + "% of it.");
    for (FixedRates.Curve curve : curves) {
      curve(doc, curve, charts);
    }
  }

  private static void curve(Document doc, FixedRates.Curve curve, Path charts) throws IOException {
    doc.heading(3, curve.name() + (curve.of() == null ? "" : ", rates as shares of " + curve.of()));
    List<List<String>> rows = new ArrayList<>();
    List<Charts.Curve> p99 = new ArrayList<>();
    for (Map.Entry<String, List<FixedRates.Point>> e : curve.byEngine().entrySet()) {
      List<Double> x = new ArrayList<>();
      List<Spread> y = new ArrayList<>();
      for (FixedRates.Point p : e.getValue()) {
        rows.add(
            List.of(
                e.getKey(),
                Units.number(p.target().median()),
                Cells.spread(p.achieved())
                    + (p.held()
                        ? ""
                        : String.format(
                            Locale.ROOT,
                            " (not held: %.0f%%)",
                            100 * p.achieved().median() / p.target().median())),
                us(p.p50()),
                us(p.p99()),
                us(p.p999()),
                us(p.serviceP99())));
        x.add(p.achieved().median());
        y.add(scaled(p.p99()));
      }
      p99.add(new Charts.Curve(e.getKey(), x, y));
    }
    doc.table(
        List.of(
            "engine",
            "rate asked (ops/s)",
            "rate held (ops/s)",
            "p50 from due (µs)",
            "p99 from due (µs)",
            "p99.9 from due (µs)",
            "p99 service (µs)"),
        rows);
    String file = "rates-" + curve.name() + ".png";
    Charts.curves(
        curve.name() + ": p99 latency from each request's due time against the rate held",
        "operations per second held",
        "p99 (ms, log scale)",
        p99,
        true,
        charts.resolve(file));
    doc.image(curve.name() + ": p99 against the rate held", "charts/" + file);
    if (curve.bound() != null) {
      withinBound(doc, curve);
    }
  }

  /** The highest rate each engine held within the curve's latency bound. */
  private static void withinBound(Document doc, FixedRates.Curve curve) {
    List<String> parts = new ArrayList<>();
    curve
        .highestWithinBound()
        .forEach(
            (engine, rate) ->
                parts.add(
                    engine
                        + (Double.isNaN(rate)
                            ? ": none of the rates"
                            : String.format(Locale.ROOT, ": %s ops/s", Units.number(rate)))));
    doc.paragraph(
        "The highest rate held whose "
            + curve.bound().percentile()
            + " from the due time stayed within "
            + Units.number(curve.bound().ms())
            + " ms (the median of the runs): "
            + String.join("; ", parts)
            + ".");
  }

  private static String us(Spread us) {
    return us.isEmpty() ? Cells.NOT_MEASURED : Cells.spread(us);
  }

  private static Spread scaled(Spread us) {
    return us.isEmpty() ? Spread.NONE : Spread.of(us.values().stream().map(v -> v / 1000).toList());
  }
}
