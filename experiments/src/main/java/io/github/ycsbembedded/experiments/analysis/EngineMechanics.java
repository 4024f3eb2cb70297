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
 * tree's shape and the levels that hold data, space amplification, bytes flushes and compactions
 * wrote per byte the user wrote, time spent waiting (write stalls; WiredTiger's waits for cache)
 * and the cache's hit ratio, each over the median repetition. Counters are taken over the measured
 * window where the binding took them at its start ({@code enginestats.from}), else over the whole
 * run.
 */
public final class EngineMechanics {
  private EngineMechanics() {}

  /**
   * One engine × phase's figures; a figure the engine does not keep is NaN (or empty); {@code
   * overWindow} whether the counters cover the measured window (else the whole run).
   */
  public record Figures(
      String tree,
      boolean btree,
      double spaceAmplification,
      double compactionPerUserByte,
      double compactionWrittenBytes,
      double stallSeconds,
      double cacheHitRatio,
      double levels,
      boolean overWindow) {}

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
    JsonNode start = median.engineStats().path("atWindowStart");
    boolean overWindow = start.isObject();
    JsonNode shape = before.path("tree");
    // what the LSM tree wrote to its table files: flushes and compactions (LevelDB counts them
    // together, so RocksDB's two figures are added up to compare alike)
    double flushed = counter(before, start, "flushedBytes");
    double compacted =
        Double.isNaN(flushed)
            ? counter(before, start, "compactionWrittenBytes")
            : flushed + counter(before, start, "compactionWrittenBytes");
    double userBytes = userBytes(c, phase, median, overWindow);
    double data = c.run().scale().dataBytes();
    double hits = counter(before, start, "cacheHits");
    double misses = counter(before, start, "cacheMisses");
    return new Figures(
        tree(shape),
        shape.path("kind").asText().equals("btree"),
        median.figures().disk().allocated() > 0 && data > 0
            ? median.figures().disk().allocated() / data
            : Double.NaN,
        userBytes > 0 ? compacted / userBytes : Double.NaN,
        compacted,
        counter(before, start, "stallMicros") / 1e6,
        hits + misses > 0 ? hits / (hits + misses) : Double.NaN,
        levels(shape),
        overWindow);
  }

  /** A counter at the end less what it was at the window's start (when taken). */
  private static double counter(JsonNode end, JsonNode start, String field) {
    double atEnd = number(end, field);
    return start.isObject() ? atEnd - number(start, field) : atEnd;
  }

  /**
   * Bytes of records the phase's user operations wrote (a load: all of it), in the window where the
   * counters are the window's, else over the whole run.
   */
  private static double userBytes(
      Context c, String phaseId, Results.Repetition r, boolean overWindow) {
    var phase = c.experiment().phase(phaseId);
    if (phase != null && phase.isLoad()) {
      return c.run().scale().dataBytes();
    }
    long records = c.experiment().recordBytes();
    long updates = c.experiment().updateBytes();
    java.util.Map<String, Long> counts = new java.util.HashMap<>();
    if (overWindow) {
      counts.putAll(r.figures().window().counts());
    } else {
      r.operations().forEach((name, op) -> counts.put(name, op.operations()));
    }
    return counts.getOrDefault("INSERT", 0L) * (double) records
        + counts.getOrDefault("UPDATE", 0L) * (double) updates;
  }

  /**
   * The figures of every engine × phase as a table of the report: a figure the engine's kind has no
   * use for is n/a (compaction in a B-tree), one it keeps no count of is not measured.
   */
  public static Section section(Context c) {
    List<List<Cell>> rows = new ArrayList<>();
    boolean window = false;
    for (var phase : c.experiment().phases()) {
      for (Results.EngineRun engine : c.engines()) {
        Figures f = of(c, engine.engine(), phase.id());
        if (f == null) {
          continue;
        }
        window |= f.overWindow();
        rows.add(
            List.of(
                Cell.text(phase.id()),
                Cell.text(engine.engine()),
                Cell.text(f.tree()),
                figure(f.levels(), Cell.Format.NUMBER),
                figure(f.spaceAmplification(), Cell.Format.RATIO),
                compaction(f),
                figure(f.stallSeconds(), Cell.Format.SECONDS),
                figure(f.cacheHitRatio(), Cell.Format.PERCENT)));
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    return new Section.Builder(2, "Engine mechanics")
        .note(
            "Each engine's own figures in the median run of each phase (docs/engine-statistics.md"
                + " says what each engine calls them): the tree's shape at the end of the run and the"
                + " levels (or B-tree depth) that hold data, space amplification (disk allocated ÷"
                + " the data), bytes an LSM tree's flushes and compactions wrote to table files"
                + " (and per byte of records the phase wrote), time spent waiting (RocksDB's write"
                + " stalls; WiredTiger's application threads waiting for cache, summed over threads),"
                + " and the engine cache's hit ratio. "
                + (window
                    ? "Counters are taken over the measured window (from the end of the warm-up to"
                        + " the run's end); a load's over the whole load."
                    : "Counters are over the whole run.")
                + " n/a: the engine has no such figure (a B-tree does not compact); not measured:"
                + " the engine keeps no count of it.")
        .table(
            List.of(
                "phase",
                "engine",
                "tree",
                "levels with data",
                "space amplification",
                "flushes + compactions wrote",
                "waits",
                "cache hits"),
            rows)
        .build();
  }

  /** Bytes flushes and compactions wrote, and per byte of records: n/a in a B-tree. */
  private static Cell compaction(Figures f) {
    if (f.btree()) {
      return Cell.missing(Cell.Why.NOT_APPLICABLE);
    }
    if (!Double.isFinite(f.compactionWrittenBytes())) {
      return Cell.missing(Cell.Why.NOT_MEASURED);
    }
    return Cell.text(
        Units.bytes((long) f.compactionWrittenBytes())
            + (Double.isFinite(f.compactionPerUserByte())
                ? " (" + Units.ratio(f.compactionPerUserByte()) + "×)"
                : ""));
  }

  private static Cell figure(double value, Cell.Format format) {
    return Double.isFinite(value) ? Cell.one(value, format) : Cell.missing(Cell.Why.NOT_MEASURED);
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

  /** The levels that hold a file (an LSM tree), or the B-tree's depth. */
  private static double levels(JsonNode tree) {
    if (tree.path("kind").asText().equals("lsm")) {
      int holding = 0;
      for (JsonNode level : tree.path("levels")) {
        if (level.path("files").asLong() > 0) {
          holding++;
        }
      }
      return holding;
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
    pairs.put("time waiting (s)", new double[] {fa.stallSeconds(), fb.stallSeconds()});
    pairs.put("cache hit ratio", new double[] {fa.cacheHitRatio(), fb.cacheHitRatio()});
    pairs.put(
        "space amplification (disk ÷ data)",
        new double[] {fa.spaceAmplification(), fb.spaceAmplification()});
    pairs.put("levels holding data (or B-tree depth)", new double[] {fa.levels(), fb.levels()});
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
