package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.measure.Spread;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.report.Cells;
import io.github.ycsbembedded.experiments.report.Document;
import io.github.ycsbembedded.experiments.results.Results;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Unum's YCSB write-up: per workload, each engine's RAM, disk and speed; its claims are each
 * engine's speed ÷ the reference engine's per workload. Phases of ours beside the write-up's (a
 * bulk load beside Init, parallel batch reads beside Z) get rows of their own, marked beyond the
 * write-up, with no verdict.
 */
public final class Unum extends WriteUp {
  /**
   * How far our ratio may be from the published one (a factor), hardware and scale being what they
   * are.
   */
  static final double TOLERANCE = 1.5;

  @Override
  public Map<String, RoleKind> roles() {
    return Map.of("bulk", RoleKind.PHASE, "oneByOne", RoleKind.PHASE);
  }

  @Override
  public List<Claim> claims(Context c) {
    List<Claim> claims = new ArrayList<>();
    String reference = c.reference();
    for (Phase phase : c.experiment().phases()) {
      String of = phase.beyondWriteUp() ? phase.beside() : phase.id();
      Double publishedReference = c.published(of, reference, "speed");
      for (String engine : c.experiment().engines()) {
        Double published = c.published(of, engine, "speed");
        if (engine.equals(reference) || published == null || publishedReference == null) {
          continue;
        }
        String statement =
            c.experiment().publishedName(engine)
                + "'s speed ÷ "
                + c.experiment().publishedName(reference)
                + "'s, "
                + phase.label();
        Claim claim =
            Claim.ratio(
                c,
                Claim.Subject.of(List.of(engine, reference), phase.id()),
                statement,
                engine + " " + phase.id(),
                published / publishedReference,
                c.speedRatio(engine, phase.id()),
                TOLERANCE,
                true);
        claims.add(phase.beyondWriteUp() ? claim.beyond(c.label(of)) : claim);
      }
    }
    return claims;
  }

  @Override
  public void tables(Context c, Document doc, Path charts) {
    for (Phase phase : c.experiment().phases()) {
      if (phase.id().equals(c.role("bulk"))) {
        if (c.engines().stream().anyMatch(e -> c.run().phase(e.engine(), phase.id()) != null)) {
          bulkTable(c, doc, phase);
        }
        continue;
      }
      if (phase.beyondWriteUp()) {
        continue;
      }
      phaseTable(c, doc, phase);
    }
    doc.paragraph(
        "Speed: median [range] over every trial and run; \"÷ "
            + c.reference()
            + "\": each engine's speed ÷ "
            + c.reference()
            + "'s in the same trial and run, median [range]. Engine memory: the engine's own native"
            + " memory (its caches and write buffers: the process's anonymous memory less the JVM's own,"
            + " as Native Memory Tracking maps it, at the last cleanup) plus the page cache the phase"
            + " held at its peak — what compares with the write-up's RAM of a C++ process; process"
            + " peak: the memory cgroup's peak of the whole JVM. Published RAM and disk are decimal"
            + " MB and GB as the write-up prints them; the shares of the data compare across sizes.");
  }

  private static void phaseTable(Context c, Document doc, Phase phase) {
    doc.heading(2, phase.label());
    String reference = c.reference();
    String unit = phase.speed().unit();
    List<Phase> beside =
        c.experiment().phases().stream()
            .filter(p -> phase.id().equals(p.beside()) && !p.id().equals(c.role("bulk")))
            .toList();
    Double publishedReference = c.published(phase.id(), reference, "speed");
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      rows.add(row(c, e, phase, phase.id(), publishedReference));
      for (Phase ours : beside) {
        rows.add(row(c, e, ours, phase.id(), publishedReference));
      }
    }
    doc.table(
        List.of(
            "engine",
            "speed (" + unit + ")",
            "÷ " + reference,
            "engine memory",
            "process peak",
            "disk",
            "published speed",
            "published ÷ " + c.experiment().publishedName(reference),
            "published RAM (share of data)",
            "published disk"),
        rows);
    for (Phase ours : beside) {
      doc.paragraph(
          "*" + ours.label() + "*: " + (ours.note() == null ? "" : ours.note().trim()) + ".");
    }
    if (phase.keysAreSpeed()) {
      doc.paragraph(
          "Our speed counts keys read (batches of "
              + batch(c, phase)
              + " × batches/s). The write-up's table reads \"ops/s\" for Workload Z without saying"
              + " whether an operation is one key or one batch; its ratios between engines compare"
              + " either way, and its figures are shown as it prints them.");
    }
  }

  private static List<String> row(
      Context c, String e, Phase phase, String published, Double publishedReference) {
    Results.PhaseRun r = c.ok(e, phase.id());
    String name = phase.beyondWriteUp() ? e + ", " + phase.label() + " (beyond the write-up)" : e;
    if (r == null) {
      return List.of(
          name,
          c.run().phase(e, phase.id()) == null ? "not run" : "failed",
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          "");
    }
    Double pubRam = phase.beyondWriteUp() ? null : c.published(published, e, "ram_mb");
    Double pubDisk = phase.beyondWriteUp() ? null : c.published(published, e, "disk_gb");
    Double pubSpeed = phase.beyondWriteUp() ? null : c.published(published, e, "speed");
    Long theirData = c.experiment().publishedDataBytes(c.run().scale());
    return List.of(
        name,
        Cells.spread(c.speed(e, phase.id())),
        Cells.ratio(c.speedRatio(e, phase.id())),
        engineMemory(c, e, phase.id()),
        Cells.spread(c.spread(e, phase.id(), x -> x.memory().peak()), Unum::mib),
        Units.bytes(r.median().disk().allocated()),
        pubSpeed == null ? "" : Units.number(pubSpeed),
        pubSpeed == null || publishedReference == null
            ? ""
            : Units.ratio(pubSpeed / publishedReference),
        pubRam == null
            ? ""
            : Units.published(pubRam)
                + " MB"
                + (theirData == null ? "" : " (" + percent(pubRam * 1e6 / theirData) + ")"),
        pubDisk == null ? "" : Units.published(pubDisk) + " GB");
  }

  /** The engine's own memory and the page cache it held, with its share of the data. */
  static String engineMemory(Context c, String engine, String phase) {
    Spread memory = c.spread(engine, phase, Unum::engineBytes);
    if (memory.isEmpty()) {
      return "";
    }
    return Cells.spread(memory, Unum::mib)
        + " ("
        + percent(memory.median() / c.run().dataBytes())
        + ")";
  }

  /**
   * Native memory of the engine plus the page cache (and mapped pages) at the peak; NaN if unknown.
   */
  static double engineBytes(Results.Repetition r) {
    Results.MemoryUse m = r.memory();
    if (m.engineNative() < 0 || m.pageCacheAtPeak() < 0) {
      return Double.NaN;
    }
    return m.engineNative() + m.pageCacheAtPeak();
  }

  private static String percent(double share) {
    return String.format(Locale.ROOT, share >= 0.1 ? "%.0f%%" : "%.2f%%", 100 * share);
  }

  /**
   * Bulk load beside Init, per engine: speed of each, bulk ÷ one-by-one (per sample), bytes the
   * whole process wrote, and write amplification (bytes written ÷ bytes of records loaded).
   */
  private static void bulkTable(Context c, Document doc, Phase bulk) {
    doc.heading(2, bulk.label());
    String init = c.role("oneByOne");
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      Results.PhaseRun one = c.ok(e, init);
      Results.PhaseRun many = c.ok(e, bulk.id());
      rows.add(
          List.of(
              e,
              one == null ? notRun(c, e, init) : Cells.spread(c.speed(e, init)) + " ops/s",
              many == null
                  ? notRun(c, e, bulk.id())
                  : Cells.spread(c.speed(e, bulk.id())) + " records/s",
              one == null || many == null
                  ? ""
                  : Cells.ratio(c.ratio(e, bulk.id(), e, init, r -> r.speed().speed())),
              one == null ? "" : written(c, e, init),
              many == null ? "" : written(c, e, bulk.id()),
              one == null
                  ? ""
                  : Cells.spread(c.spread(e, init, Unum::writeAmplification), Units::ratio),
              many == null
                  ? ""
                  : Cells.spread(c.spread(e, bulk.id(), Unum::writeAmplification), Units::ratio)));
    }
    doc.table(
        List.of(
            "engine",
            "Init, one by one",
            "bulk",
            "bulk ÷ one by one",
            "written, one by one",
            "written, bulk",
            "write amplification, one by one",
            "write amplification, bulk"),
        rows);
    doc.paragraph(
        (bulk.note() == null ? "" : bulk.note().trim() + ". ")
            + "RocksDB ingests a sorted table file per batch, LMDB appends in key order (MDB_APPEND),"
            + " WiredTiger fills one bulk cursor, LevelDB (which has no bulk path) writes each batch in"
            + " one write batch. The keys come in order (LMDB and WiredTiger need it); Init's come"
            + " hashed. Written: bytes the load's process wrote to the device, final flush included;"
            + " write amplification: that ÷ the bytes of the records.");
  }

  private static double writeAmplification(Results.Repetition r) {
    Double w = r.amplification().write();
    return w == null ? Double.NaN : w;
  }

  private static String notRun(Context c, String engine, String phase) {
    return c.run().phase(engine, phase) == null ? "not run" : "failed";
  }

  private static String written(Context c, String engine, String phase) {
    return Cells.spread(c.spread(engine, phase, r -> r.io().totalWritten()), Unum::mib);
  }

  private static String mib(double bytes) {
    return Double.isFinite(bytes) ? Units.bytes((long) bytes) : "";
  }

  private static int batch(Context c, Phase phase) {
    try {
      return c.experiment().batchSize(phase);
    } catch (ExperimentException e) {
      return 256;
    }
  }
}
