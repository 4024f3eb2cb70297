package io.github.ycsbembedded.experiments.model;

import io.github.ycsbembedded.core.Sizes;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.Description.Scale;
import io.github.ycsbembedded.experiments.model.Description.Setting;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The properties one engine's phase runs with at a scale: the file's YCSB properties, the scale's,
 * the engine's settings as they apply there (scaled as each says, with the source it names), then
 * the phase's own.
 */
public final class EngineSettings {
  private EngineSettings() {}

  /**
   * A setting as one run applied it: the property and value, how the value came about ({@code
   * derivation}, empty for a value used as published), the setting's source and note, and the
   * phases it is limited to (empty: all).
   */
  public record Applied(
      String property,
      String value,
      String derivation,
      String source,
      String note,
      List<String> phases) {}

  /**
   * Where a run stands: the scale, whether the memory regime applies, and the bytes it gives the
   * engines' caches and page cache.
   */
  public record Context(Scale scale, boolean regimeApplies, long engineMemoryBytes) {}

  /**
   * The settings of {@code engine} for {@code phase} (null: those of every phase), in the file's
   * order, a later one replacing an earlier one of the same property.
   */
  public static List<Applied> of(
      Experiment experiment, String engine, Phase phase, Context context) {
    Map<String, Applied> applied = new LinkedHashMap<>();
    for (Setting s : experiment.description().origin().settings()) {
      boolean inPhase = phase == null || s.phases().isEmpty() || s.phases().contains(phase.id());
      boolean where =
          switch (s.where()) {
            case ALWAYS -> true;
            case REGIME -> context.regimeApplies();
            case NO_REGIME -> !context.regimeApplies();
          };
      if (s.engine().equals(engine) && inPhase && where) {
        String key = s.property() + (phase == null ? " " + s.phases() : "");
        applied.remove(key);
        applied.put(key, apply(experiment, s, context));
      }
    }
    return List.copyOf(applied.values());
  }

  /** The value of one setting at {@code context}, and how it came about. */
  static Applied apply(Experiment experiment, Setting s, Context context) {
    double base;
    String derivation;
    switch (s.scaling()) {
      case WITH_DATA -> {
        long published = experiment.description().origin().published().setup().dataBytes();
        long here = experiment.dataSize(context.scale());
        base = (double) Sizes.parse(s.value()) * here / published;
        derivation =
            Units.bytes(Sizes.parse(s.value()))
                + " × "
                + factor((double) here / published)
                + " (the data here ÷ the write-up's)";
      }
      case OF_DATA -> {
        long here = experiment.dataSize(context.scale());
        base = Double.parseDouble(s.value()) * here;
        derivation = s.value() + " × " + Units.bytes(here) + " of data";
      }
      case OF_MEMORY -> {
        base = Double.parseDouble(s.value()) * context.engineMemoryBytes();
        derivation =
            s.value() + " × " + Units.bytes(context.engineMemoryBytes()) + " (the regime's memory)";
      }
      default -> {
        return new Applied(s.property(), s.value(), "", s.source(), s.note(), s.phases());
      }
    }
    long bytes = (long) base + (s.plus() == null ? 0 : s.plus().bytes());
    if (s.plus() != null) {
      derivation += " + " + Units.bytes(s.plus().bytes());
    }
    derivation += " = " + Units.bytes(bytes);
    if (s.min() != null && bytes < s.min().bytes()) {
      bytes = s.min().bytes();
      derivation += ", raised to " + Units.bytes(bytes);
    } else if (s.max() != null && bytes > s.max().bytes()) {
      bytes = s.max().bytes();
      derivation += ", lowered to " + Units.bytes(bytes);
    }
    return new Applied(
        s.property(), Long.toString(bytes), derivation, s.source(), s.note(), s.phases());
  }

  /** A factor with three significant digits and no trailing zeros: {@code 0.004}, {@code 1.25}. */
  private static String factor(double value) {
    return new java.math.BigDecimal(value)
        .round(new java.math.MathContext(3))
        .stripTrailingZeros()
        .toPlainString();
  }

  /**
   * The {@code -p} properties of {@code engine}'s {@code phase}: the scale's counts, the file's
   * YCSB properties, the scale's, the engine's settings, the phase's, the scale's for the phase.
   */
  public static Map<String, String> properties(
      Experiment experiment, Phase phase, String engine, Context context) {
    Scale scale = context.scale();
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("recordcount", Long.toString(scale.records()));
    properties.put("operationcount", Long.toString(scale.operations()));
    properties.putAll(experiment.description().ycsb());
    properties.putAll(scale.properties());
    for (Applied a : of(experiment, engine, phase, context)) {
      properties.put(a.property(), a.value());
    }
    properties.putAll(phase.properties());
    properties.putAll(scale.phaseProperties().getOrDefault(phase.id(), Map.of()));
    return properties;
  }
}
