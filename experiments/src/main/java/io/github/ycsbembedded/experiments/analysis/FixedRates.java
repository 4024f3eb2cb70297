package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * What a run's fixed-rate phases show: per engine and rate, the rate asked for and the rate held,
 * and the latency of the phase's main operation both as the service time (from when each request
 * was sent) and as operators feel it, from when each was due (YCSB's {@code Intended-} figures:
 * coordinated omission corrected; a stall delays every request due during it, and each counts the
 * wait). Rates of one phase (a list in the experiment file) form a curve of latency against the
 * throughput held, from which the highest rate whose corrected p99 stays within the file's bound is
 * read off.
 */
public final class FixedRates {
  private FixedRates() {}

  /** YCSB's prefix of a measurement taken from each request's intended start. */
  public static final String INTENDED = "Intended-";

  /** A run held its rate when it reached this share of it. */
  public static final double HELD = 0.95;

  /** One engine at one rate: asked, held, and the main operation's latency both ways (µs). */
  public record Point(
      String phase,
      String engine,
      Spread target,
      Spread achieved,
      boolean held,
      Spread p50,
      Spread p99,
      Spread p999,
      Spread serviceP99) {}

  /**
   * The phases of one list of rates (one phase of the experiment file), each engine's points in the
   * order of the rates, and the highest rate held per engine whose corrected p99 stayed within the
   * bound (NaN where none did or no bound was given).
   */
  public record Curve(
      String name,
      String of,
      Description.LatencyBound bound,
      Map<String, List<Point>> byEngine,
      Map<String, Double> highestWithinBound) {}

  /** The curves of {@code c}'s fixed-rate phases, one per list of rates. */
  public static List<Curve> of(Context c) {
    Map<String, List<Description.Phase>> groups = new LinkedHashMap<>();
    for (Description.Phase p : c.experiment().phases()) {
      if (p.fixedRate()) {
        groups.computeIfAbsent(p.rate().listOr(p.id()), k -> new ArrayList<>()).add(p);
      }
    }
    List<Curve> curves = new ArrayList<>();
    for (Map.Entry<String, List<Description.Phase>> g : groups.entrySet()) {
      Map<String, List<Point>> byEngine = new LinkedHashMap<>();
      Map<String, Double> highest = new LinkedHashMap<>();
      Description.Phase first = g.getValue().get(0);
      for (String engine : c.experiment().engines()) {
        List<Point> points = new ArrayList<>();
        for (Description.Phase p : g.getValue()) {
          Point point = point(c, engine, p);
          if (point != null) {
            points.add(point);
          }
        }
        if (!points.isEmpty()) {
          byEngine.put(engine, points);
          highest.put(engine, highestWithin(points, first.rate().bound()));
        }
      }
      if (!byEngine.isEmpty()) {
        curves.add(
            new Curve(g.getKey(), first.rate().of(), first.rate().bound(), byEngine, highest));
      }
    }
    return curves;
  }

  private static Point point(Context c, String engine, Description.Phase p) {
    Results.PhaseRun r = c.ok(engine, p.id());
    if (r == null || r.ok().isEmpty()) {
      return null;
    }
    String main = mainOperation(r.median());
    Spread target =
        c.spread(
            engine,
            p.id(),
            x -> x.figures().speed().target() == null ? Double.NaN : x.figures().speed().target());
    // what the rate paces: every operation under YCSB's -target, the main operation's class (the
    // readers beside a writer) under a workload's own rate
    boolean everyOperation = p.rate().property() == null;
    Spread achieved =
        c.spread(
            engine,
            p.id(),
            x ->
                everyOperation
                    ? x.figures().speed().throughput()
                    : x.figures().window().seconds() > 0
                        ? x.figures().window().counts().getOrDefault(main, 0L)
                            / x.figures().window().seconds()
                        : Double.NaN);
    return new Point(
        p.id(),
        engine,
        target,
        achieved,
        !target.isEmpty() && achieved.median() >= HELD * target.median(),
        latency(c, engine, p.id(), INTENDED + main, Results.Latency::p50Us),
        latency(c, engine, p.id(), INTENDED + main, Results.Latency::p99Us),
        latency(c, engine, p.id(), INTENDED + main, Results.Latency::p999Us),
        latency(c, engine, p.id(), main, Results.Latency::p99Us));
  }

  private static Spread latency(
      Context c,
      String engine,
      String phase,
      String operation,
      ToDoubleFunction<Results.Latency> percentile) {
    return c.spread(
        engine,
        phase,
        r -> {
          Results.Latency l = r.latency().get(operation);
          return l == null ? Double.NaN : percentile.applyAsDouble(l);
        });
  }

  /**
   * The highest rate held whose corrected latency at the bound's percentile (median of the runs)
   * stayed within it; NaN without a bound or when no rate did.
   */
  static double highestWithin(List<Point> points, Description.LatencyBound bound) {
    if (bound == null) {
      return Double.NaN;
    }
    double best = Double.NaN;
    for (Point p : points) {
      Spread at =
          switch (bound.percentile()) {
            case "p50" -> p.p50();
            case "p999" -> p.p999();
            default -> p.p99();
          };
      if (p.held() && !at.isEmpty() && at.median() <= bound.ms() * 1000) {
        best = Double.isNaN(best) ? p.achieved().median() : Math.max(best, p.achieved().median());
      }
    }
    return best;
  }

  /**
   * The operation type a run is about: the one with the most operations in its window, YCSB's
   * intended-start measurements of it aside.
   */
  public static String mainOperation(Results.Repetition r) {
    return r.figures().window().counts().entrySet().stream()
        .filter(e -> !e.getKey().startsWith(INTENDED))
        .max(Comparator.comparingLong(Map.Entry::getValue))
        .map(Map.Entry::getKey)
        .orElse("");
  }
}
