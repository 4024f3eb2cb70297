package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.Experiment;
import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.measure.Results;
import io.github.ycsbembedded.experiments.report.Cells;
import io.github.ycsbembedded.experiments.report.Document;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Unum's YCSB write-up: per workload, each engine's RAM, disk and speed; its claims are each
 * engine's speed ÷ LevelDB's per workload.
 */
public final class Unum extends WriteUp {
  /**
   * How far our ratio may be from the published one (a factor), hardware and scale being what they
   * are.
   */
  static final double TOLERANCE = 1.5;

  /**
   * The phase that loads Init's records through each engine's bulk path, and the one it is compared
   * with.
   */
  static final String BULK = "init-bulk";

  static final String INIT = "init";

  @Override
  public List<Claim> claims(Context c) {
    List<Claim> claims = new ArrayList<>();
    String reference = c.reference();
    for (Experiment.Phase phase : c.experiment().phases()) {
      Double publishedReference = c.published(phase.id(), reference, "speed");
      for (String engine : c.experiment().engines()) {
        Double published = c.published(phase.id(), engine, "speed");
        if (engine.equals(reference) || published == null || publishedReference == null) {
          continue;
        }
        String name = c.experiment().publishedName(engine);
        claims.add(
            Claim.ratio(
                c,
                name
                    + "'s speed ÷ "
                    + c.experiment().publishedName(reference)
                    + "'s, "
                    + phase.label(),
                engine + " " + phase.id(),
                published / publishedReference,
                c.speedRatio(engine, phase.id()),
                TOLERANCE,
                true));
      }
    }
    return claims;
  }

  @Override
  public void tables(Context c, Document doc, Path charts) {
    String reference = c.reference();
    for (Experiment.Phase phase : c.experiment().phases()) {
      if (phase.id().equals(BULK) && c.experiment().phase(INIT) != null) {
        if (c.engines().stream().anyMatch(e -> c.run().phase(e.engine(), BULK) != null)) {
          bulkTable(c, doc, phase);
        }
        continue;
      }
      doc.heading(2, phase.label());
      String unit = phase.keysAreSpeed() ? "keys/s" : "ops/s";
      Double publishedReference = c.published(phase.id(), reference, "speed");
      List<List<String>> rows = new ArrayList<>();
      for (Results.EngineRun engine : c.engines()) {
        String e = engine.engine();
        Results.PhaseRun r = c.ok(e, phase.id());
        Double pubRam = c.published(phase.id(), e, "ram_mb");
        Double pubDisk = c.published(phase.id(), e, "disk_gb");
        Double pubSpeed = c.published(phase.id(), e, "speed");
        rows.add(
            List.of(
                e,
                r == null ? "failed" : Cells.spread(c.speed(e, phase.id())) + " " + unit,
                r == null ? "" : Cells.ratio(c.speedRatio(e, phase.id())),
                r == null
                    ? ""
                    : Cells.spread(
                        c.spread(e, phase.id(), Results.Repetition::peakMemoryBytes), Unum::mib),
                r == null ? "" : Units.bytes(r.diskAllocatedBytes()),
                pubSpeed == null ? "" : Units.number(pubSpeed) + " ops/s",
                pubSpeed == null || publishedReference == null
                    ? ""
                    : Units.ratio(pubSpeed / publishedReference),
                pubRam == null
                    ? ""
                    : pubRam >= 1000
                        ? String.format(Locale.ROOT, "%.2f GB", pubRam / 1000)
                        : pubRam + " MB",
                pubDisk == null ? "" : pubDisk + " GB"));
      }
      doc.table(
          List.of(
              "engine",
              "speed",
              "÷ " + reference,
              "peak memory",
              "disk",
              "published speed",
              "published ÷ " + c.experiment().publishedName(reference),
              "published RAM",
              "published disk"),
          rows);
      if (phase.keysAreSpeed()) {
        doc.paragraph(
            "Our speed counts keys read (batches of "
                + batch(c, phase)
                + " × batches/s). The write-up's"
                + " table reads \"ops/s\" for Workload Z without saying whether an operation is one key or one batch;"
                + " its ratios between engines compare either way.");
      }
    }
    doc.paragraph(
        "Speed: median over the runs [fastest–slowest]; \"÷ "
            + reference
            + "\": each engine's speed ÷ "
            + reference
            + "'s in the same repetition, median [range]. Peak memory: of the phase's process, as the memory"
            + " cgroup counted it (page cache included) — see the details below for its make-up.");
    doc.paragraph(c.experiment().publishedNote());
  }

  /**
   * Bulk load beside Init, per engine: speed of each, bulk ÷ one-by-one (per repetition), bytes the
   * whole process wrote, and write amplification (bytes written ÷ bytes of records loaded).
   */
  private static void bulkTable(Context c, Document doc, Experiment.Phase bulk) {
    doc.heading(2, bulk.label());
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      Results.PhaseRun one = c.ok(e, INIT);
      Results.PhaseRun many = c.ok(e, BULK);
      rows.add(
          List.of(
              e,
              one == null ? notRun(c, e, INIT) : Cells.spread(c.speed(e, INIT)) + " ops/s",
              many == null ? notRun(c, e, BULK) : Cells.spread(c.speed(e, BULK)) + " records/s",
              one == null || many == null
                  ? ""
                  : Cells.ratio(c.ratio(e, BULK, e, INIT, Results.Repetition::speed)),
              one == null ? "" : written(c, e, INIT),
              many == null ? "" : written(c, e, BULK),
              one == null ? "" : amplification(one.writeAmplification()),
              many == null ? "" : amplification(many.writeAmplification())));
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
        "Not in the write-up. The same number of 1 KB records as Init, into an empty data set of their own,"
            + " in batches of "
            + batch(c, bulk)
            + " through each engine's bulk path (workloads/unum-y): RocksDB"
            + " ingests a sorted table file per batch, LMDB appends in key order (MDB_APPEND), WiredTiger fills one"
            + " bulk cursor, LevelDB (which has no bulk path) writes each batch in one write batch. The keys come in"
            + " order (LMDB and WiredTiger need it); Init's come hashed. Written: bytes the load's process wrote to"
            + " the device, final flush included; write amplification: that ÷ the bytes of the records.");
  }

  private static String notRun(Context c, String engine, String phase) {
    return c.run().phase(engine, phase) == null ? "not run" : "failed";
  }

  private static String written(Context c, String engine, String phase) {
    return Cells.spread(c.spread(engine, phase, r -> r.totalBytesWritten()), Unum::mib);
  }

  private static String amplification(Double value) {
    return value == null ? "" : String.format(Locale.ROOT, "%.2f", value);
  }

  private static String mib(double bytes) {
    return Units.bytes((long) bytes);
  }

  private static int batch(Context c, Experiment.Phase phase) {
    try {
      return c.experiment().batchSize(phase);
    } catch (Experiment.ExperimentException e) {
      return 256;
    }
  }
}
