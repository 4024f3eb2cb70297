package io.github.ycsbembedded.experiments.model;

import io.github.ycsbembedded.core.CoreProperties;
import io.github.ycsbembedded.core.EngineDescriptor;
import io.github.ycsbembedded.core.Engines;
import io.github.ycsbembedded.experiments.model.Variation.ClaimSpec;
import io.github.ycsbembedded.experiments.model.Variation.ExpectedInterval;
import io.github.ycsbembedded.experiments.model.Variation.Ratio;
import io.github.ycsbembedded.experiments.model.Variation.Sweep;
import io.github.ycsbembedded.experiments.model.Variation.VariantSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The checks of an experiment file's variants, sweep and claims of its own, and of a sweep given on
 * the command line ({@code --vary}): every name they use exists, every value is one they can take.
 */
final class VariationChecks {
  /** What a variant's name may hold: it names folders and is typed on command lines. */
  private static final String NAME = "[A-Za-z0-9][A-Za-z0-9._=,+-]*";

  /**
   * The most memory a variant or a sweep may give the engines, as a multiple of the data: above 1 a
   * store runs in memory with room for its space amplification (an in-memory variant beside an
   * out-of-memory regime).
   */
  static final double MEMORY_MAX = 10;

  /** The figures a claim of one's own may compare. */
  static final List<String> FIGURES =
      List.of("speed", "p50", "p95", "p99", "p999", "device-reads", "cpu");

  private VariationChecks() {}

  static void check(ExperimentChecks checks, Description file) throws ExperimentException {
    Set<String> names = new HashSet<>(Set.of(Variants.BASE));
    for (int i = 0; i < file.variation().variants().size(); i++) {
      VariantSpec v = file.variation().variants().get(i);
      String at = "variants[" + i + "]";
      checks.required(v.name(), at + ".name");
      if (!v.name().matches(NAME)) {
        throw checks.bad(
            at + ".name: '" + v.name() + "' is not a name; use letters, digits, and . _ = , + -");
      }
      if (!names.add(v.name())) {
        throw checks.bad(
            at
                + ".name: '"
                + v.name()
                + "' is given twice"
                + (v.name().equals(Variants.BASE)
                    ? " (base is the experiment as its file sets it)"
                    : ""));
      }
      variant(checks, file, v, "variant " + v.name());
    }
    if (file.variation().sweep() != null) {
      Optional<String> wrong = sweep(file, file.variation().sweep(), "sweep");
      if (wrong.isPresent()) {
        throw checks.bad(wrong.get());
      }
      file.variation()
          .sweep()
          .values()
          .forEach(value -> names.add(file.variation().sweep().over() + "=" + value));
    }
    for (int i = 0; i < file.variation().claims().size(); i++) {
      claim(checks, file, file.variation().claims().get(i), "claims[" + i + "]", names);
    }
    for (Description.Scale scale : file.scales()) {
      for (String v : scale.variants() == null ? List.<String>of() : scale.variants()) {
        if (!names.contains(v) || v.equals(Variants.BASE)) {
          throw checks.bad(
              "scale "
                  + scale.name()
                  + ": variants: '"
                  + v
                  + "' is not a variant of this file; its variants: "
                  + String.join(
                      ", ",
                      new java.util.TreeSet<>(
                          names.stream().filter(n -> !n.equals(Variants.BASE)).toList())));
        }
      }
    }
  }

  private static void variant(ExperimentChecks checks, Description file, VariantSpec v, String at)
      throws ExperimentException {
    if (v.empty()) {
      throw checks.bad(
          at
              + " changes nothing; give settings, ycsb, threads, memoryFraction, pageCache,"
              + " ownMemory, phases or speed");
    }
    if (v.speed() != null && !v.speed().equals(Variation.WINDOW) && !v.overall()) {
      throw checks.bad(
          at
              + ": speed: '"
              + v.speed()
              + "'; use "
              + Variation.WINDOW
              + " or "
              + Variation.OVERALL
              + " (YCSB's whole run, the close included)");
    }
    memory(checks, file, v, at);
    checks.settings(v.settings(), at + ": settings", false);
    if (v.threads() != null && v.threads() < 1) {
      throw checks.bad(at + ": threads: " + v.threads() + "; use 1 or more");
    }
    if (v.memory().fraction() != null) {
      if (file.origin().regime() == null) {
        throw checks.bad(at + ": memoryFraction needs the file's regime");
      }
      if (v.memory().fraction() <= 0 || v.memory().fraction() > MEMORY_MAX) {
        throw checks.bad(
            at
                + ": memoryFraction: "
                + v.memory().fraction()
                + "; use a fraction of the data above 0, at most "
                + (int) MEMORY_MAX);
      }
    }
    Set<String> seen = new HashSet<>();
    for (String phase : v.phases()) {
      checks.oneOf(at + ": phases", phase, checks.phaseIds());
      if (!seen.add(phase)) {
        throw checks.bad(at + ": phases: '" + phase + "' is given twice");
      }
    }
    for (String engine : v.concerns()) {
      checks.oneOf(at + ": concerns", engine, file.engines());
    }
    for (String phase : v.on()) {
      checks.oneOf(at + ": on", phase, v.phases().isEmpty() ? checks.phaseIds() : v.phases());
    }
  }

  /**
   * Why a sweep of {@code file} cannot run, or empty: its dimension must be {@code threads}, {@code
   * memory}, a YCSB property (YCSB's own, or one the file or a scale sets) or a binding property of
   * one of the file's engines, and each value one that dimension takes. {@code at} names it in the
   * message ({@code sweep}, {@code --vary}).
   */
  static Optional<String> sweep(Description file, Sweep sweep, String at) {
    if (sweep.over() == null || sweep.over().isBlank()) {
      return Optional.of(at + ": over is required: threads, memory, or a property");
    }
    if (sweep.values().isEmpty()) {
      return Optional.of(at + " over " + sweep.over() + ": give at least one value");
    }
    String over = sweep.over();
    if (new HashSet<>(sweep.values()).size() < sweep.values().size()) {
      return Optional.of(at + " over " + over + ": a value is given twice");
    }
    for (String value : sweep.values()) {
      if (!(over + "=" + value).matches(NAME)) {
        return Optional.of(
            at + " over " + over + ": '" + value + "' is not a value a variant can be named by");
      }
    }
    if (over.equals("threads")) {
      return threadCounts(sweep, at);
    }
    if (over.equals("memory")) {
      return memoryFractions(file, sweep, at);
    }
    int dot = over.indexOf('.');
    String prefix = dot < 0 ? "" : over.substring(0, dot);
    if (file.engines().contains(prefix)) {
      return bindingProperty(prefix, over, at);
    }
    if (CoreProperties.NAMES.contains(over)
        || file.ycsb().containsKey(over)
        || file.scales().stream().anyMatch(s -> s.properties().containsKey(over))) {
      return Optional.empty();
    }
    List<String> bindings = new ArrayList<>();
    file.engines().forEach(e -> bindings.add(e + ".*"));
    return Optional.of(
        at
            + " over '"
            + over
            + "': not threads, memory, a YCSB property (such as fieldlength) or a property of this"
            + " experiment's engines ("
            + String.join(", ", bindings)
            + ")");
  }

  /** A variant's page-cache shares and its engines' own memory. */
  private static void memory(ExperimentChecks checks, Description file, VariantSpec v, String at)
      throws ExperimentException {
    if (!v.memory().pageCache().isEmpty() && file.origin().regime() == null) {
      throw checks.bad(at + ": pageCache needs the file's regime");
    }
    for (var share : v.memory().pageCache().entrySet()) {
      checks.oneOf(at + ": pageCache", share.getKey(), file.engines());
      if (share.getValue() == null || share.getValue() <= 0 || share.getValue() > 1) {
        throw checks.bad(
            at
                + ": pageCache."
                + share.getKey()
                + ": "
                + share.getValue()
                + "; use a fraction above 0, at most 1");
      }
    }
    if (!v.memory().ownMemory().isEmpty() && file.origin().regime() == null) {
      throw checks.bad(at + ": ownMemory needs the file's regime");
    }
    checks.ownMemory(at + ": ownMemory", v.memory().ownMemory(), v.memory().pageCache());
  }

  private static Optional<String> bindingProperty(String prefix, String over, String at) {
    Optional<EngineDescriptor> engine = Engines.named(prefix);
    if (engine.isEmpty()) {
      return Optional.of(
          at
              + " over "
              + over
              + ": the "
              + prefix
              + " binding is not on the classpath, so its properties cannot be checked");
    }
    if (!Engines.properties(engine.get()).contains(over)
        || over.endsWith(".dir")
        || over.endsWith(".destroy")) {
      return Optional.of(
          at
              + " over "
              + over
              + ": not a property of the "
              + prefix
              + " binding (docs/bindings.md lists them)");
    }
    return Optional.empty();
  }

  private static Optional<String> threadCounts(Sweep sweep, String at) {
    for (String value : sweep.values()) {
      if (!value.matches("[1-9]\\d{0,4}")) {
        return Optional.of(at + " over threads: '" + value + "' is not a thread count");
      }
    }
    return Optional.empty();
  }

  private static Optional<String> memoryFractions(Description file, Sweep sweep, String at) {
    if (file.origin().regime() == null) {
      return Optional.of(at + " over memory needs the file's regime (regime.memoryFraction)");
    }
    for (String value : sweep.values()) {
      try {
        double f = Double.parseDouble(value);
        if (f > 0 && f <= MEMORY_MAX) {
          continue;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      return Optional.of(
          at
              + " over memory: '"
              + value
              + "' is not a fraction of the data above 0, at most "
              + (int) MEMORY_MAX);
    }
    return Optional.empty();
  }

  private static void claim(
      ExperimentChecks checks, Description file, ClaimSpec c, String at, Set<String> variants)
      throws ExperimentException {
    Ratio ratio = Ratio.parse(c.ratio());
    if (ratio == null) {
      throw checks.bad(
          at
              + ".ratio: '"
              + c.ratio()
              + "' is not a ratio; use engine / engine (rocksdb / leveldb) or variant a /"
              + " variant b");
    }
    if (ratio.variants()) {
      if (c.variant() != null) {
        throw checks.bad(at + ".variant: a ratio of two variants is taken in neither alone");
      }
      for (String v : List.of(ratio.top(), ratio.bottom())) {
        if (!variants.contains(v)) {
          throw checks.bad(
              at
                  + ".ratio: '"
                  + v
                  + "' is not a variant of this file; its variants: "
                  + String.join(", ", new java.util.TreeSet<>(variants)));
        }
      }
      if (c.engine() != null) {
        checks.oneOf(at + ".engine", c.engine(), file.engines());
      }
    } else {
      checks.oneOf(at + ".ratio", ratio.top(), file.engines());
      checks.oneOf(at + ".ratio", ratio.bottom(), file.engines());
      if (c.engine() != null) {
        throw checks.bad(at + ".engine: a ratio of two engines names no third");
      }
      if (c.variant() != null && !variants.contains(c.variant())) {
        throw checks.bad(
            at
                + ".variant: '"
                + c.variant()
                + "' is not a variant of this file; its variants: "
                + String.join(", ", new java.util.TreeSet<>(variants)));
      }
    }
    checks.required(c.phase(), at + ".phase");
    checks.oneOf(at + ".phase", c.phase(), checks.phaseIds());
    checks.oneOf(at + ".figure", c.figure(), FIGURES);
    if (ExpectedInterval.parse(c.expect()) == null) {
      throw checks.bad(
          at
              + ".expect: '"
              + c.expect()
              + "' is not an expectation; use >= 1.2, <= 0.9, within 5%, 1.5 ± 20% or between 0.8"
              + " and 1.25");
    }
  }
}
