package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.analysis.Cell;
import io.github.ycsbembedded.experiments.analysis.Cell.Format;
import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.EngineMemory;
import io.github.ycsbembedded.experiments.analysis.Section;
import io.github.ycsbembedded.experiments.analysis.WriteUp;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.results.Results;
import java.util.ArrayList;
import java.util.List;
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
  public String publishedSpeedColumn() {
    return "speed";
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
        claims.add(phase.beyondWriteUp() ? claim.beyond() : claim);
      }
    }
    claims.addAll(diskClaims(c));
    return claims;
  }

  /**
   * The write-up's disk column as claims: each engine's disk ÷ the reference engine's after each
   * phase that changed what the write-up's engines held on disk by more than 5% (Init, and A's
   * updates: the other phases moved the column by 2% at most), judged by the same rule as the
   * speeds. Space follows the engine's layout, not the day's device, so it should hold still where
   * speed moves.
   */
  static List<Claim> diskClaims(Context c) {
    List<Claim> claims = new ArrayList<>();
    String reference = c.reference();
    String before = null;
    for (Phase phase : c.experiment().phases()) {
      if (phase.beyondWriteUp()) {
        continue;
      }
      String id = phase.id();
      boolean changed = before == null || changedDisk(c, before, id);
      before = id;
      Double publishedReference = c.published(id, reference, "disk_gb");
      if (!changed || publishedReference == null) {
        continue;
      }
      for (String engine : c.experiment().engines()) {
        Double published = c.published(id, engine, "disk_gb");
        if (engine.equals(reference) || published == null) {
          continue;
        }
        claims.add(
            Claim.ratio(
                c,
                Claim.Subject.of(List.of(engine, reference), id).comparing("disk"),
                c.experiment().publishedName(engine)
                    + "'s disk ÷ "
                    + c.experiment().publishedName(reference)
                    + "'s, after "
                    + phase.label(),
                engine + " disk " + id,
                published / publishedReference,
                c.ratio(engine, id, reference, id, r -> r.figures().disk().allocated()),
                TOLERANCE,
                false));
      }
    }
    return claims;
  }

  /**
   * Whether any engine's published disk moved by more than 1% from phase {@code a} to {@code b}.
   */
  private static boolean changedDisk(Context c, String a, String b) {
    for (String engine : c.experiment().engines()) {
      Double x = c.published(a, engine, "disk_gb");
      Double y = c.published(b, engine, "disk_gb");
      if (x != null && y != null && Math.abs(y / x - 1) > 0.05) {
        return true;
      }
    }
    return false;
  }

  @Override
  public List<Section> tables(Context c) {
    List<Section> sections = new ArrayList<>();
    for (Phase phase : c.experiment().phases()) {
      if (phase.id().equals(c.role("bulk"))) {
        if (c.engines().stream().anyMatch(e -> c.phaseRun(e.engine(), phase.id()) != null)) {
          sections.add(bulkTable(c, phase));
        }
        continue;
      }
      if (!phase.beyondWriteUp()) {
        sections.add(phaseTable(c, phase));
      }
    }
    if (!sections.isEmpty()) {
      Section last = sections.remove(sections.size() - 1);
      List<Section.Part> parts = new ArrayList<>(last.parts());
      parts.add(
          new Section.Note(
              "Speed: median [range] over every trial and run; \"÷ "
                  + c.reference()
                  + "\": each engine's speed ÷ "
                  + c.reference()
                  + "'s in the same trial and run, median [range]. Engine memory: the engine's own"
                  + " native memory (its caches and write buffers: the process's anonymous memory"
                  + " less the JVM's own, as Native Memory Tracking maps it, at the last cleanup)"
                  + " plus the file pages it maps, at the peak — what a resident set counts, as the"
                  + " write-up's RAM of a C++ process did (the whole process's peak is in Every"
                  + " engine × phase). Published RAM and disk are decimal MB and GB as the write-up prints"
                  + " them; the shares of the data compare across sizes."));
      sections.add(new Section(last.level(), last.heading(), parts));
    }
    return sections;
  }

  private static Section phaseTable(Context c, Phase phase) {
    Section.Builder section = new Section.Builder(2, phase.label());
    String reference = c.reference();
    String unit = phase.counting().speed().unit();
    List<Phase> beside =
        c.experiment().phases().stream()
            .filter(p -> phase.id().equals(p.beside()) && !p.id().equals(c.role("bulk")))
            .toList();
    Double publishedReference = c.published(phase.id(), reference, "speed");
    List<List<Cell>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      rows.add(row(c, e, phase, phase.id(), publishedReference));
      for (Phase ours : beside) {
        rows.add(row(c, e, ours, phase.id(), publishedReference));
      }
    }
    section.table(
        List.of(
            "engine",
            "speed (" + unit + ")",
            "÷ " + reference,
            "engine memory",
            "disk",
            "published speed",
            "published ÷ " + c.experiment().publishedName(reference),
            "published RAM",
            "published RAM ÷ data",
            "published disk"),
        rows);
    for (Phase ours : beside) {
      section.note(
          "*" + ours.label() + "*: " + (ours.note() == null ? "" : ours.note().trim()) + ".");
    }
    if (phase.keysAreSpeed()) {
      section.note(
          "Our speed counts keys read (batches of "
              + batch(c, phase)
              + " × batches/s)."
              + (phase.note() == null ? "" : " " + phase.note().trim() + "."));
    }
    return section.build();
  }

  private static List<Cell> row(
      Context c, String e, Phase phase, String published, Double publishedReference) {
    Results.PhaseRun r = c.ok(e, phase.id());
    String name = phase.beyondWriteUp() ? e + ", " + phase.label() + " (beyond the write-up)" : e;
    List<Cell> row = new ArrayList<>(List.of(Cell.text(name)));
    if (r == null) {
      row.add(Cell.missing(c.whyMissing(e, phase.id())));
      while (row.size() < 10) {
        row.add(Cell.blank());
      }
      return row;
    }
    boolean ours = phase.beyondWriteUp();
    Double pubRam = ours ? null : c.published(published, e, "ram_mb");
    Double pubDisk = ours ? null : c.published(published, e, "disk_gb");
    Double pubSpeed = ours ? null : c.published(published, e, "speed");
    Long theirData = c.experiment().publishedDataBytes(c.run().scale().name());
    row.addAll(
        List.of(
            Cell.number(c.speed(e, phase.id())),
            Cell.ratio(c.speedRatio(e, phase.id())),
            engineMemory(c, e, phase.id()),
            Cell.bytes(r.median().figures().disk().allocated()),
            Cell.published(pubSpeed, Format.NUMBER, false),
            pubSpeed == null || publishedReference == null
                ? Cell.blank()
                : Cell.published(pubSpeed / publishedReference, Format.RATIO, false),
            Cell.published(pubRam, Format.NUMBER, "MB", false),
            pubRam == null || theirData == null
                ? Cell.blank()
                : Cell.one(pubRam * 1e6 / theirData, Format.PERCENT),
            Cell.published(pubDisk, Format.NUMBER, "GB", false)));
    return row;
  }

  /** The engine's resident memory ({@link EngineMemory#resident}), as the write-up's RAM. */
  static Cell engineMemory(Context c, String engine, String phase) {
    return Cell.of(c.spread(engine, phase, EngineMemory::resident), Format.BYTES);
  }

  /**
   * Bulk load beside Init, per engine: speed of each, bulk ÷ one-by-one (per sample), bytes the
   * whole process wrote, and write amplification (bytes written ÷ bytes of records loaded).
   */
  private static Section bulkTable(Context c, Phase bulk) {
    Section.Builder section = new Section.Builder(2, bulk.label());
    String init = c.role("oneByOne");
    List<List<Cell>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      Results.PhaseRun one = c.ok(e, init);
      Results.PhaseRun many = c.ok(e, bulk.id());
      rows.add(
          List.of(
              Cell.text(e),
              one == null ? notRun(c, e, init) : Cell.of(c.speed(e, init), Format.NUMBER, "ops/s"),
              many == null
                  ? notRun(c, e, bulk.id())
                  : Cell.of(c.speed(e, bulk.id()), Format.NUMBER, "records/s"),
              one == null || many == null
                  ? Cell.blank()
                  : Cell.ratio(c.ratio(e, bulk.id(), e, init, r -> r.figures().speed().speed())),
              one == null ? Cell.blank() : written(c, e, init),
              many == null ? Cell.blank() : written(c, e, bulk.id()),
              one == null ? Cell.blank() : Cell.ratio(c.spread(e, init, Unum::writeAmplification)),
              many == null
                  ? Cell.blank()
                  : Cell.ratio(c.spread(e, bulk.id(), Unum::writeAmplification))));
    }
    section.table(
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
    section.note(
        (bulk.note() == null ? "" : bulk.note().trim() + ". ")
            + "RocksDB ingests a sorted table file per batch, LMDB appends in key order (MDB_APPEND),"
            + " WiredTiger fills one bulk cursor, LevelDB (which has no bulk path) writes each batch in"
            + " one write batch. The keys come in order (LMDB and WiredTiger need it); Init's come"
            + " hashed. Written: bytes the load's process wrote to the device, final flush included;"
            + " write amplification: that ÷ the bytes of the records.");
    return section.build();
  }

  private static double writeAmplification(Results.Repetition r) {
    Double w = r.figures().amplification().write();
    return w == null ? Double.NaN : w;
  }

  private static Cell notRun(Context c, String engine, String phase) {
    return Cell.missing(c.whyMissing(engine, phase));
  }

  private static Cell written(Context c, String engine, String phase) {
    return Cell.of(c.spread(engine, phase, r -> r.figures().io().totalWritten()), Format.BYTES);
  }

  private static int batch(Context c, Phase phase) {
    try {
      return c.experiment().batchSize(phase);
    } catch (ExperimentException e) {
      return 256;
    }
  }
}
