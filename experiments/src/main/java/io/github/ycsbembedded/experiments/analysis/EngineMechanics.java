package io.github.ycsbembedded.experiments.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Results;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The engines' own figures of a phase (the statistics each binding writes at its last cleanup,
 * before its final flush: see {@code docs/engine-statistics.md}) as the report reads them: the
 * tree's shape, space amplification, bytes flushes and compactions wrote per byte the user wrote,
 * write stalls and the cache's hit ratio, each over the median repetition.
 */
public final class EngineMechanics {
  private EngineMechanics() {}

  /** One engine × phase's figures; a figure the engine does not keep is NaN (or empty). */
  public record Figures(
      String tree,
      double spaceAmplification,
      double compactionPerUserByte,
      double compactionWrittenBytes,
      double stallSeconds,
      double cacheHitRatio,
      double levels) {}

  /** The figures of an engine's phase, or null when it has no statistics. */
  public static Figures of(Context c, String engine, String phase) {
    Results.PhaseRun r = c.ok(engine, phase);
    Results.Repetition median = r == null ? null : r.median();
    if (median == null || median.engineStats() == null) {
      return null;
    }
    JsonNode before = median.engineStats().path("beforeFlush");
    if (before.isMissingNode() || before.isNull()) {
      return null;
    }
    JsonNode shape = before.path("tree");
    // what the LSM tree wrote to its table files: flushes and compactions (LevelDB counts them
    // together, so RocksDB's two figures are added up to compare alike)
    double flushed = number(before, "flushedBytes");
    double compacted =
        Double.isNaN(flushed)
            ? number(before, "compactionWrittenBytes")
            : flushed + number(before, "compactionWrittenBytes");
    double userBytes = userBytes(c, phase, median);
    double data = c.run().scale().dataBytes();
    double hits = number(before, "cacheHits");
    double misses = number(before, "cacheMisses");
    return new Figures(
        tree(shape),
        median.disk().allocated() > 0 && data > 0 ? median.disk().allocated() / data : Double.NaN,
        userBytes > 0 ? compacted / userBytes : Double.NaN,
        compacted,
        number(before, "stallMicros") / 1e6,
        hits + misses > 0 ? hits / (hits + misses) : Double.NaN,
        levels(shape));
  }

  /** Bytes of records the phase's user operations wrote (a load: all of it). */
  private static double userBytes(Context c, String phaseId, Results.Repetition r) {
    var phase = c.experiment().phase(phaseId);
    if (phase != null && phase.isLoad()) {
      return c.run().scale().dataBytes();
    }
    long records = c.experiment().recordBytes();
    long updates = c.experiment().updateBytes();
    // whole-run counts: the statistics cover the whole run, not the window
    return r.operations().entrySet().stream()
        .mapToDouble(
            e ->
                switch (e.getKey()) {
                  case "INSERT" -> e.getValue().operations() * (double) records;
                  case "UPDATE" -> e.getValue().operations() * (double) updates;
                  default -> 0;
                })
        .sum();
  }

  static String tree(JsonNode tree) {
    if (tree.path("kind").asText().equals("lsm")) {
      List<String> levels = new ArrayList<>();
      for (JsonNode level : tree.path("levels")) {
        if (level.path("files").asLong() > 0) {
          levels.add(
              "L"
                  + level.path("level").asInt()
                  + " "
                  + level.path("files").asLong()
                  + " ("
                  + Units.bytes(level.path("bytes").asLong())
                  + ")");
        }
      }
      return levels.isEmpty() ? "no table files" : String.join(", ", levels);
    }
    if (tree.path("kind").asText().equals("btree")) {
      return String.format(
          Locale.ROOT,
          "depth %s, %,d leaf and %,d branch pages",
          depthKnown(tree) ? String.valueOf(tree.path("depth").asLong()) : "not recorded",
          tree.path("leafPages").asLong(),
          tree.path("branchPages").asLong());
    }
    return "";
  }

  private static double levels(JsonNode tree) {
    if (tree.path("kind").asText().equals("lsm")) {
      int deepest = -1;
      for (JsonNode level : tree.path("levels")) {
        if (level.path("files").asLong() > 0) {
          deepest = Math.max(deepest, level.path("level").asInt());
        }
      }
      return deepest + 1;
    }
    return depthKnown(tree) ? tree.path("depth").asDouble() : Double.NaN;
  }

  /**
   * Whether a B-tree's depth was recorded: WiredTiger counts its deepest descent on searches, so a
   * tree a bulk load built and nothing has searched yet says 0 with pages on the disk.
   */
  private static boolean depthKnown(JsonNode tree) {
    return tree.path("depth").isNumber()
        && (tree.path("depth").asLong() > 0 || tree.path("leafPages").asLong() == 0);
  }

  static double number(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isNumber() ? value.asDouble() : Double.NaN;
  }

  /**
   * The engine figures that differ most between the claim's engines (for its why-list), largest
   * difference first, at most three; empty without statistics or with one engine.
   */
  static List<String> differences(Context c, Claim.Subject subject) {
    if (subject.engines().size() != 2 || subject.phases().isEmpty()) {
      return List.of();
    }
    String phase = subject.phases().get(0);
    String a = subject.engines().get(0);
    String b = subject.engines().get(1);
    Figures fa = of(c, a, phase);
    Figures fb = of(c, b, phase);
    if (fa == null || fb == null) {
      return List.of();
    }
    Map<String, double[]> pairs = new LinkedHashMap<>();
    pairs.put(
        "bytes flushes and compactions wrote per byte written",
        new double[] {fa.compactionPerUserByte(), fb.compactionPerUserByte()});
    pairs.put("write stalls (s)", new double[] {fa.stallSeconds(), fb.stallSeconds()});
    pairs.put("cache hit ratio", new double[] {fa.cacheHitRatio(), fb.cacheHitRatio()});
    pairs.put(
        "space amplification (disk ÷ data)",
        new double[] {fa.spaceAmplification(), fb.spaceAmplification()});
    pairs.put("tree levels (or B-tree depth)", new double[] {fa.levels(), fb.levels()});
    List<Map.Entry<String, double[]>> ranked = new ArrayList<>();
    for (Map.Entry<String, double[]> p : pairs.entrySet()) {
      double x = p.getValue()[0];
      double y = p.getValue()[1];
      if (Double.isFinite(x) && Double.isFinite(y) && (x > 0 || y > 0)) {
        ranked.add(p);
      }
    }
    ranked.sort(Comparator.comparingDouble(p -> -spread(p.getValue()[0], p.getValue()[1])));
    List<String> lines = new ArrayList<>();
    for (Map.Entry<String, double[]> p : ranked.subList(0, Math.min(3, ranked.size()))) {
      if (spread(p.getValue()[0], p.getValue()[1]) < Math.log(1.25)) {
        break;
      }
      lines.add(
          "engine figures, "
              + c.label(phase)
              + ": "
              + p.getKey()
              + " "
              + Units.number(p.getValue()[0])
              + " ("
              + a
              + ") against "
              + Units.number(p.getValue()[1])
              + " ("
              + b
              + ")");
    }
    return lines;
  }

  /** How far apart two non-negative figures are, as |log| of their ratio (one of them may be 0). */
  private static double spread(double x, double y) {
    double small = 1e-9;
    return Math.abs(Math.log((x + small) / (y + small)));
  }
}
