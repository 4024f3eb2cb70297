package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * What a run's variants show: each variant's speed ÷ the base's, per phase and engine, taken per
 * sample (variants run in the same trials, interleaved); and, where variants sweep one dimension,
 * each engine's speed and p99 against the swept value.
 *
 * @param ratios every variant's speed ÷ the base's
 * @param sweeps each swept dimension with its values in order
 */
public record VariantFindings(List<Ratio> ratios, List<Sweep> sweeps) {
  public VariantFindings {
    ratios = List.copyOf(ratios);
    sweeps = List.copyOf(sweeps);
  }

  /** One variant's speed ÷ the base's on one phase of one engine. */
  public record Ratio(String variant, String phase, String engine, Spread ratio) {}

  /**
   * A dimension swept over {@code values} (each run as {@code variants}, in the same order), with
   * each phase's and engine's speed and p99 latency (µs, of the phase's main operation) at each.
   */
  public record Sweep(
      String dimension,
      List<String> values,
      List<String> variants,
      Map<String, Map<String, List<Spread>>> speed,
      Map<String, Map<String, List<Spread>>> p99) {}

  /** The findings of {@code c}'s run; empty when it ran the base alone. */
  public static VariantFindings of(Context c) {
    Results.Run run = c.run();
    if (run.variants().size() < 2) {
      return new VariantFindings(List.of(), List.of());
    }
    Results.VariantRun base = run.base();
    List<Ratio> ratios = new ArrayList<>();
    for (Results.VariantRun variant : run.variants().subList(1, run.variants().size())) {
      Context v = c.of(variant);
      for (Results.EngineRun engine : variant.engines()) {
        for (Results.PhaseRun phase : engine.phases()) {
          Map<String, Double> top =
              v.samples(engine.engine(), phase.phase(), r -> r.figures().speed().speed());
          Map<String, Double> bottom =
              c.of(base).samples(engine.engine(), phase.phase(), r -> r.figures().speed().speed());
          List<Double> values = new ArrayList<>();
          top.forEach(
              (key, value) -> {
                Double under = bottom.get(key);
                if (under != null) {
                  values.add(value / under);
                }
              });
          ratios.add(new Ratio(variant.name(), phase.phase(), engine.engine(), Spread.of(values)));
        }
      }
    }
    return new VariantFindings(ratios, sweeps(c));
  }

  /** The dimensions swept: those one variant or more changes alone, the base's value included. */
  private static List<Sweep> sweeps(Context c) {
    Map<String, Map<String, String>> byDimension = new LinkedHashMap<>();
    for (Results.VariantRun variant : c.run().variants()) {
      if (variant.changes().size() == 1 && !variant.name().equals(Results.BASE)) {
        Map.Entry<String, String> change = variant.changes().entrySet().iterator().next();
        byDimension
            .computeIfAbsent(change.getKey(), k -> new LinkedHashMap<>())
            .put(change.getValue(), variant.name());
      }
    }
    List<Sweep> sweeps = new ArrayList<>();
    for (Map.Entry<String, Map<String, String>> dimension : byDimension.entrySet()) {
      Map<String, String> points = new LinkedHashMap<>();
      String baseValue = c.run().base().changes().get(dimension.getKey());
      if (baseValue == null) {
        baseValue = fileValue(c.experiment(), dimension.getKey());
      }
      if (baseValue != null && !dimension.getValue().containsKey(baseValue)) {
        points.put(baseValue, Results.BASE);
      }
      points.putAll(dimension.getValue());
      List<String> values = new ArrayList<>(points.keySet());
      values.sort(VariantFindings::byValue);
      List<String> variants = values.stream().map(points::get).toList();
      sweeps.add(
          new Sweep(
              dimension.getKey(),
              values,
              variants,
              figure(c, variants, r -> r.figures().speed().speed()),
              figure(c, variants, r -> OwnClaims.latency(r, Results.Latency::p99Us))));
    }
    return sweeps;
  }

  /**
   * The file's own value of a dimension named variants change ({@code threads}, {@code memory}),
   * which the base runs: the point the variants' are read against; null for another dimension.
   */
  private static String fileValue(io.github.ycsbembedded.experiments.model.Experiment e, String d) {
    return switch (d) {
      case "threads" -> Integer.toString(e.threads());
      case "memory" -> e.regime() == null ? null : e.regime().memoryFraction().toString();
      default -> null;
    };
  }

  /** Numbers (and sizes such as 64m) in numeric order, else as written. */
  private static int byValue(String a, String b) {
    double x = numeric(a);
    double y = numeric(b);
    return Double.isFinite(x) && Double.isFinite(y) ? Double.compare(x, y) : a.compareTo(b);
  }

  private static double numeric(String value) {
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      long bytes = io.github.ycsbembedded.core.Sizes.parse(value);
      return bytes >= 0 ? bytes : Double.NaN;
    }
  }

  private static Map<String, Map<String, List<Spread>>> figure(
      Context c, List<String> variants, ToDoubleFunction<Results.Repetition> figure) {
    Map<String, Map<String, List<Spread>>> byPhase = new LinkedHashMap<>();
    for (var phase : c.experiment().phases()) {
      for (String engine : c.experiment().engines()) {
        List<Spread> points = new ArrayList<>();
        for (String name : variants) {
          Results.VariantRun variant = c.run().variant(name);
          points.add(
              variant == null ? Spread.NONE : c.of(variant).spread(engine, phase.id(), figure));
        }
        if (points.stream().anyMatch(s -> !s.isEmpty())) {
          byPhase.computeIfAbsent(phase.id(), p -> new LinkedHashMap<>()).put(engine, points);
        }
      }
    }
    return byPhase;
  }
}
