package io.github.ycsbembedded.experiments.model;

import io.github.ycsbembedded.experiments.model.Description.Setting;
import io.github.ycsbembedded.experiments.model.Variation.Sweep;
import io.github.ycsbembedded.experiments.model.Variation.VariantSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The variants one run of an experiment measures, in order: the experiment as its file sets it
 * ({@value #BASE}), its named variants (its ablations only when asked for; only those named, when
 * named), then each value of its sweep and of every sweep given on the command line. A variant that
 * would run exactly what the base runs is left out (a sweep's value that is the file's own).
 */
public final class Variants {
  /** The name of the variant that runs the experiment as its file sets it. */
  public static final String BASE = "base";

  private Variants() {}

  /**
   * One variant as it will run: its name, what it changes (a dimension and its value, for the
   * results and charts; for the base, the value a sweep found to be the file's own), a note,
   * whether it is an ablation and what it tests, the engines whose claims it concerns (and that it
   * runs; empty: all), the phases whose claims it concerns ({@code on}), whether its speed is
   * YCSB's whole run with the close ({@code overall}), and the experiment with its changes made.
   */
  public record PlannedVariant(
      String name,
      Map<String, String> changes,
      String note,
      boolean ablation,
      String tests,
      List<String> concerns,
      List<String> on,
      boolean overall,
      Experiment experiment) {
    public boolean base() {
      return name.equals(BASE);
    }
  }

  /**
   * The variants of {@code experiment}.
   *
   * @param ablations whether the file's ablations run too
   * @param named the file's variants to run in place of those that are no ablation ({@code
   *     --variants}; ablations among them run without {@code ablations}), or null
   * @param extra sweeps given on the command line ({@code --vary}), each checked here
   */
  public static List<PlannedVariant> of(
      Experiment experiment, boolean ablations, List<String> named, List<Sweep> extra)
      throws ExperimentException {
    Description file = experiment.description();
    if (named != null) {
      checkNamed(experiment, named);
    }
    List<PlannedVariant> planned = named(experiment, ablations, named);
    // the base's value of a swept dimension, where a sweep's value turns out to be the file's own
    Map<String, String> baseValues = new LinkedHashMap<>();
    List<Sweep> sweeps = new ArrayList<>();
    if (file.variation().sweep() != null) {
      sweeps.add(file.variation().sweep());
    }
    for (Sweep sweep : extra) {
      Optional<String> wrong = VariationChecks.sweep(file, sweep, "--vary");
      if (wrong.isPresent()) {
        throw new ExperimentException(wrong.get());
      }
      sweeps.add(sweep);
    }
    // the base as a variant sees it: the file's variants and sweep are no part of what runs
    Description baseline = file.with(VariantSpec.changing(BASE, null, null, null, null));
    for (Sweep sweep : sweeps) {
      for (String value : sweep.values()) {
        String name = sweep.over() + "=" + value;
        if (planned.stream().anyMatch(p -> p.name().equals(name))) {
          continue;
        }
        Experiment changed = experiment.with(point(file, sweep.over(), value));
        if (changed.description().equals(baseline)) {
          baseValues.put(sweep.over(), value); // the file's own value: what the base runs
          continue;
        }
        planned.add(
            new PlannedVariant(
                name,
                Map.of(sweep.over(), value),
                "",
                false,
                null,
                List.of(),
                List.of(),
                false,
                changed));
      }
    }
    planned.add(
        0,
        new PlannedVariant(
            BASE, baseValues, "", false, null, List.of(), List.of(), false, experiment));
    return planned;
  }

  /** The file's named variants that run: as {@link #of} says. */
  private static List<PlannedVariant> named(
      Experiment experiment, boolean ablations, List<String> named) {
    List<PlannedVariant> planned = new ArrayList<>();
    for (VariantSpec v : experiment.description().variation().variants()) {
      boolean asked = named == null ? !v.ablation() : named.contains(v.name());
      if (asked || (v.ablation() && ablations)) {
        planned.add(
            new PlannedVariant(
                v.name(),
                changes(v),
                v.note() == null ? "" : v.note().trim(),
                v.ablation(),
                v.tests(),
                v.concerns(),
                v.on(),
                v.overall(),
                experiment.with(sourced(v))));
      }
    }
    return planned;
  }

  /** Each of {@code named} ({@code --variants}) is the base or a variant of the file. */
  private static void checkNamed(Experiment experiment, List<String> named)
      throws ExperimentException {
    List<String> names =
        experiment.description().variation().variants().stream().map(VariantSpec::name).toList();
    String known =
        names.isEmpty()
            ? experiment.name() + " has no variants"
            : "its variants: " + String.join(", ", names);
    if (named.isEmpty() || named.stream().anyMatch(String::isBlank)) {
      throw new ExperimentException("--variants: empty; name one or more variants (" + known + ")");
    }
    for (String name : named) {
      if (!name.equals(BASE) && !names.contains(name)) {
        throw new ExperimentException(
            "--variants: '" + name + "' is not a variant of " + experiment.name() + "; " + known);
      }
    }
  }

  /** What a variant changes as a reader sees it: {@code leveldb.max_file_size=64m, phases=...}. */
  public static String said(Map<String, String> changes) {
    List<String> parts = new ArrayList<>();
    changes.forEach((k, v) -> parts.add(k + "=" + v));
    return String.join(", ", parts);
  }

  /** A named variant whose settings name it as their source where they name none. */
  private static VariantSpec sourced(VariantSpec v) {
    List<Setting> settings = new ArrayList<>();
    for (Setting s : v.settings()) {
      settings.add(
          s.source() != null
              ? s
              : new Setting(
                  s.engine(),
                  s.property(),
                  s.value(),
                  s.scaling(),
                  s.plus(),
                  s.min(),
                  s.max(),
                  s.where(),
                  s.phases(),
                  "variant " + v.name(),
                  s.note()));
    }
    return new VariantSpec(
        v.name(),
        v.note(),
        v.ablation(),
        v.tests(),
        v.concerns(),
        settings,
        v.ycsb(),
        v.threads(),
        v.memory(),
        v.phases(),
        v.speed(),
        v.on());
  }

  /** What a named variant changes, by dimension: each setting, YCSB property and the rest. */
  private static Map<String, String> changes(VariantSpec v) {
    Map<String, String> changes = new LinkedHashMap<>();
    v.settings().forEach(s -> changes.put(s.property(), s.value()));
    changes.putAll(v.ycsb());
    if (v.threads() != null) {
      changes.put("threads", v.threads().toString());
    }
    if (v.memory().fraction() != null) {
      changes.put("memory", v.memory().fraction().toString());
    }
    if (!v.phases().isEmpty()) {
      changes.put("phases", String.join(",", v.phases()));
    }
    v.memory()
        .pageCache()
        .forEach((engine, share) -> changes.put("pageCache." + engine, share.toString()));
    v.memory().ownMemory().forEach((engine, own) -> changes.put("ownMemory." + engine, own.text()));
    if (v.speed() != null) {
      changes.put("speed", v.speed());
    }
    return changes;
  }

  /** The variant of one value of a sweep. */
  static VariantSpec point(Description file, String over, String value) {
    String name = over + "=" + value;
    if (over.equals("threads")) {
      return VariantSpec.changing(name, null, null, Integer.parseInt(value), null);
    }
    if (over.equals("memory")) {
      return VariantSpec.changing(name, null, null, null, Double.parseDouble(value));
    }
    int dot = over.indexOf('.');
    String engine = dot < 0 ? "" : over.substring(0, dot);
    if (file.engines().contains(engine)) {
      Setting setting =
          new Setting(
              engine, over, value, null, null, null, null, null, null, "sweep over " + over, null);
      return VariantSpec.changing(name, List.of(setting), null, null, null);
    }
    return VariantSpec.changing(name, null, Map.of(over, value), null, null);
  }
}
