package io.github.ycsbembedded.experiments.peers;

import io.github.ycsbembedded.experiments.report.Document;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * Which yardstick holds still: how far speed and CPU time per operation each moved between rounds,
 * per cell and side, as the factor max ÷ min of the rounds. On a machine shared with others speed
 * carries their load and the hypervisor's stolen time; CPU time per operation leaves stolen time
 * out. The figures say which one a verdict can rest on here.
 */
final class Yardsticks {
  private Yardsticks() {}

  /** One cell's figure, one value per round it worked. */
  static Spread spread(
      PeerResults results, Cell cell, ToDoubleFunction<PeerResults.Measurement> figure) {
    return Spread.of(perRound(results, cell, figure));
  }

  /** One cell's figure in every round, in order: NaN where the run failed. */
  static List<Double> perRound(
      PeerResults results, Cell cell, ToDoubleFunction<PeerResults.Measurement> figure) {
    List<Double> values = new ArrayList<>();
    for (int round = 1; round <= results.scale().rounds(); round++) {
      PeerResults.Measurement m = PeerClaims.find(results, round, cell);
      values.add(m == null ? Double.NaN : figure.applyAsDouble(m));
    }
    return values;
  }

  /** The median [min–max] of a spread in {@code format}, the median alone for one value. */
  static String range(Spread s, String format) {
    if (s.isEmpty()) {
      return "—";
    }
    String median = String.format(Locale.ROOT, format, s.median());
    if (s.count() == 1) {
      return median;
    }
    return median
        + " ["
        + String.format(Locale.ROOT, format, s.min())
        + "–"
        + String.format(Locale.ROOT, format, s.max())
        + "]";
  }

  /** The factor max ÷ min of a spread of two or more values; NaN otherwise. */
  static double factor(Spread s) {
    return s.count() >= 2 && s.min() > 0 ? s.max() / s.min() : Double.NaN;
  }

  /** Each side's spread of both yardsticks per cell, every cell with two or more rounds. */
  static List<double[]> factors(PeerResults results) {
    List<double[]> pairs = new ArrayList<>();
    forEachCell(
        results,
        cell -> {
          double speed = factor(spread(results, cell, PeerResults.Measurement::speed));
          double cpu = factor(spread(results, cell, PeerResults.Measurement::cpuPerOperationUs));
          if (Double.isFinite(speed) && Double.isFinite(cpu)) {
            pairs.add(new double[] {speed, cpu});
          }
        });
    return pairs;
  }

  /** What the rounds say of the two yardsticks, in a sentence. */
  static String conclusion(PeerResults results) {
    List<double[]> pairs = factors(results);
    if (pairs.isEmpty()) {
      return "Which yardstick holds still cannot be told from one round: run --rounds 3 or more.";
    }
    double speed = Spread.of(pairs.stream().map(p -> p[0]).toList()).median();
    double cpu = Spread.of(pairs.stream().map(p -> p[1]).toList()).median();
    long cpuStiller = pairs.stream().filter(p -> p[1] < p[0]).count();
    String verdict = steadier(speed, cpu);
    return String.format(
        Locale.ROOT,
        "Between rounds a cell's speed moved ×%.2f and its CPU time per operation ×%.2f (medians"
            + " over %d cells and sides; CPU time moved less in %d of them): %s.",
        speed,
        cpu,
        pairs.size(),
        cpuStiller,
        verdict);
  }

  /** Which yardstick moved less, told only where one moved at least a tenth less than the other. */
  static String steadier(double speedMoved, double cpuMoved) {
    double speed = speedMoved - 1;
    double cpu = cpuMoved - 1;
    if (cpu <= 0.9 * speed) {
      return "CPU time per operation held stiller than speed: a verdict can rest on it here";
    }
    if (speed <= 0.9 * cpu) {
      return "speed held stiller than CPU time per operation here";
    }
    return "the two moved alike (neither moved a tenth less than the other): neither is the"
        + " steadier yardstick here";
  }

  /** The section: both yardsticks' spreads per cell and side. */
  static void section(Document doc, PeerResults results) {
    List<List<String>> rows = new ArrayList<>();
    forEachCell(
        results,
        cell -> {
          Spread speed = spread(results, cell, PeerResults.Measurement::speed);
          Spread cpu = spread(results, cell, PeerResults.Measurement::cpuPerOperationUs);
          if (!speed.isEmpty()) {
            rows.add(
                List.of(
                    cell.engine(),
                    Integer.toString(cell.threads()),
                    cell.phase().label(),
                    cell.side().label(),
                    times(factor(speed)),
                    times(factor(cpu))));
          }
        });
    doc.heading(2, "Which yardstick holds still");
    doc.paragraph(conclusion(results));
    doc.paragraph(
        "How far each figure moved between rounds: max ÷ min of the rounds, per cell and side."
            + " Speed carries what else the machine ran and the hypervisor's stolen time; CPU time"
            + " per operation leaves stolen time out.");
    doc.table(
        List.of("engine", "threads", "phase", "side", "speed moved", "CPU per operation moved"),
        rows);
  }

  private static String times(double factor) {
    return Double.isFinite(factor) ? String.format(Locale.ROOT, "×%.2f", factor) : "—";
  }

  /** Each cell of {@code results}, on every side that drives its engine. */
  static void forEachCell(PeerResults results, Consumer<Cell> visitor) {
    for (String engine : results.engines()) {
      for (int t : results.threads()) {
        for (Phase phase : Phase.values()) {
          for (Side side : Side.values()) {
            if (side.drives(engine)) {
              visitor.accept(new Cell(engine, t, phase, side));
            }
          }
        }
      }
    }
  }
}
