package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.analysis.Cell;
import io.github.ycsbembedded.experiments.analysis.Cell.Format;
import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Section;
import io.github.ycsbembedded.experiments.analysis.WriteUp;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * HarperDB's normalized against denormalized users and entitlements: size on disk and load speed
 * per model, reads per second at 1 and 50 client threads, and reads per second against users over
 * this run and the other harperdb runs the caller hands over ({@link Context#history}). The
 * write-up ran on LMDB (HarperDB's storage), so its claims are checked on the LMDB runs; each read
 * phase's claim against the write-up's row past its RAM at the same concurrency.
 */
public final class HarperDb extends WriteUp {
  @Override
  public Map<String, RoleKind> roles() {
    // userRead: the operation EntitlementsWorkload measures, one per user read however many reads
    // it takes
    return Map.of(
        "subject", RoleKind.ENGINE,
        "denormalized", RoleKind.DATASET,
        "normalized", RoleKind.DATASET,
        "userRead", RoleKind.OPERATION);
  }

  private static List<String> models(Context c) {
    return List.of(c.role("denormalized"), c.role("normalized"));
  }

  @Override
  public List<Claim> claims(Context c) {
    List<Claim> claims = new ArrayList<>();
    String engine = c.role("subject");
    String denorm = c.role("denormalized");
    String norm = c.role("normalized");
    Phase dLoad = load(c, denorm);
    Phase nLoad = load(c, norm);
    Double sizeRatio = publishedRatio(c, "write", "size_mb", denorm, norm, "size_ratio");
    if (sizeRatio != null && dLoad != null && nLoad != null) {
      claims.add(
          Claim.ratio(
              c,
              Claim.Subject.of(List.of(engine), dLoad.id(), nLoad.id()).comparing("disk"),
              "The denormalized data takes more room on disk than the normalized (" + engine + ")",
              "size denorm ÷ norm",
              sizeRatio,
              c.ratio(engine, dLoad.id(), engine, nLoad.id(), r -> r.figures().disk().allocated()),
              1.5,
              false));
    }
    Double insertRatio = publishedRatio(c, "write", "inserts_per_s", norm, denorm, "insert_ratio");
    if (insertRatio != null && dLoad != null && nLoad != null) {
      claims.add(
          Claim.ratio(
              c,
              Claim.Subject.of(List.of(engine), nLoad.id(), dLoad.id()),
              "The normalized model loads users faster than the denormalized (" + engine + ")",
              "load norm ÷ denorm",
              insertRatio,
              c.ratio(
                  engine, nLoad.id(), engine, dLoad.id(), r -> r.figures().speed().throughput()),
              1.5,
              true));
    }
    claims.addAll(readClaims(c, engine, denorm, norm));
    return claims;
  }

  /**
   * Each read phase's denormalized ÷ normalized reads past RAM, against the write-up's row at the
   * same concurrency.
   */
  private static List<Claim> readClaims(Context c, String engine, String denorm, String norm) {
    List<Claim> claims = new ArrayList<>();
    List<Phase> dReads = reads(c, denorm);
    List<Phase> nReads = reads(c, norm);
    for (int i = 0; i < Math.min(dReads.size(), nReads.size()); i++) {
      Phase dRead = dReads.get(i);
      Phase nRead = nReads.get(i);
      String table = pastRam(dRead);
      Double d = c.published(table, denorm, "reads_per_s");
      Double n = c.published(table, norm, "reads_per_s");
      if (d == null || n == null) {
        continue;
      }
      String threads = connections(dRead).replace("connection", "thread");
      claims.add(
          Claim.ratio(
              c,
              Claim.Subject.of(List.of(engine), dRead.id(), nRead.id()),
              "Once the denormalized data exceeds memory, its read advantage over the normalized"
                  + " model drops off ("
                  + engine
                  + ", "
                  + threads
                  + " against the write-up's "
                  + connections(dRead)
                  + ")",
              "reads denorm ÷ norm past RAM, " + threads,
              d / n,
              c.ratio(
                  engine, dRead.id(), engine, nRead.id(), r -> r.figures().speed().throughput()),
              2,
              true));
    }
    return claims;
  }

  @Override
  public List<Section> tables(Context c) {
    List<Section> sections = new ArrayList<>(List.of(writes(c), reads(c)));
    Section byUsers = readsByUsers(c);
    if (byUsers != null) {
      sections.add(byUsers);
    }
    return sections;
  }

  private static Section writes(Context c) {
    Section.Builder section = new Section.Builder(2, "Write performance and size on disk");
    List<List<Cell>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      rows.add(writeRow(c, engine.engine()));
    }
    rows.add(publishedWrites(c));
    section.table(
        List.of(
            "engine",
            "denorm. size (MB)",
            "denorm. create (s)",
            "denorm. users/s",
            "norm. size (MB)",
            "norm. create (s)",
            "norm. users/s",
            "size denorm. ÷ norm.",
            "load rate norm. ÷ denorm."),
        rows);
    Double averageSize = c.published("average", "all", "size_ratio");
    Double averageInsert = c.published("average", "all", "insert_ratio");
    if (averageSize != null && averageInsert != null) {
      section.note(
          "Over all its sizes the write-up reports the denormalized data "
              + io.github.ycsbembedded.experiments.model.Units.number(averageSize)
              + " times larger and the normalized model "
              + io.github.ycsbembedded.experiments.model.Units.number(averageInsert)
              + " times faster to write, on average.");
    }
    section.note(
        "Users/s counts users loaded, each with its 150 entitlements (the normalized load also"
            + " writes the pool), over YCSB's whole run (its [OVERALL] figure, the close"
            + " included), as the write-up's column counts the whole create time; the claim on"
            + " load speed compares YCSB's throughput over each load's measured window (the close"
            + " outside), so its ratio and this table's last column can differ.");
    return section.build();
  }

  /** One engine: each model's size, time and users/s, and the two ratios between the models. */
  private static List<Cell> writeRow(Context c, String engine) {
    List<Cell> row = new ArrayList<>(List.of(Cell.text(engine)));
    Phase[] loads = {load(c, models(c).get(0)), load(c, models(c).get(1))};
    for (Phase load : loads) {
      Results.PhaseRun r = load == null ? null : c.ok(engine, load.id());
      Results.Repetition m = r == null ? null : r.median();
      row.addAll(
          m == null
              ? List.of(Cell.missing(Cell.Why.FAILED), Cell.blank(), Cell.blank())
              : List.of(
                  Cell.one(m.figures().disk().allocated() / 1e6, Format.NUMBER),
                  Cell.one(m.figures().speed().runtimeMs() / 1000.0, Format.NUMBER),
                  Cell.one(m.figures().speed().overall(), Format.NUMBER)));
    }
    if (loads[0] == null || loads[1] == null) {
      row.add(Cell.blank());
      row.add(Cell.blank());
      return row;
    }
    String first = loads[0].id();
    String second = loads[1].id();
    row.add(
        Cell.ratio(c.ratio(engine, first, engine, second, r -> r.figures().disk().allocated())));
    row.add(Cell.ratio(c.ratio(engine, second, engine, first, r -> r.figures().speed().overall())));
    return row;
  }

  /** The write-up's row: HarperDB's own sizes, times and rates, and their ratios. */
  private static List<Cell> publishedWrites(Context c) {
    List<Cell> published = new ArrayList<>(List.of(Cell.text("published (HarperDB on LMDB)")));
    for (String model : models(c)) {
      for (String column : List.of("size_mb", "create_s", "inserts_per_s")) {
        published.add(Cell.published(c.published("write", model, column), Format.NUMBER, false));
      }
    }
    Double size = publishedRatio(c, "write", "size_mb", models(c).get(0), models(c).get(1), null);
    Double insert =
        publishedRatio(c, "write", "inserts_per_s", models(c).get(1), models(c).get(0), null);
    published.add(Cell.published(size, Format.RATIO, false));
    published.add(Cell.published(insert, Format.RATIO, false));
    return published;
  }

  private static Section reads(Context c) {
    Section.Builder section = new Section.Builder(2, "Read performance");
    List<Phase> denormalized = reads(c, models(c).get(0));
    List<Phase> normalized = reads(c, models(c).get(1));
    List<List<Cell>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      for (int i = 0; i < Math.min(denormalized.size(), normalized.size()); i++) {
        String d = denormalized.get(i).id();
        String n = normalized.get(i).id();
        rows.add(
            List.of(
                Cell.text(e),
                Cell.text(threads(denormalized.get(i))),
                median(c, c.ok(e, d)),
                Cell.number(c.spread(e, d, r -> r.figures().speed().throughput())),
                median(c, c.ok(e, n)),
                Cell.number(c.spread(e, n, r -> r.figures().speed().throughput())),
                Cell.ratio(c.ratio(e, d, e, n, r -> r.figures().speed().throughput()))));
      }
    }
    for (Phase phase : denormalized) {
      publishedReads(c, rows, "published", "read" + threads(phase), connections(phase));
    }
    publishedReads(c, rows, "published", "read", "5,000 connections");
    for (Phase phase : denormalized) {
      publishedReads(c, rows, "published past RAM", pastRam(phase), connections(phase));
    }
    section.table(
        List.of(
            "engine",
            "threads",
            "denorm. median (ms)",
            "denorm. reads/s",
            "norm. median (ms)",
            "norm. reads/s",
            "reads/s denorm. ÷ norm."),
        rows);
    section.note(
        "Reads/s counts users read, each with all its entitlements (normalized: the user, then one"
            + " batch read of its entitlements). Median response: the median latency of those reads"
            + " (of the median run). Published past RAM: the write-up's rows where its"
            + " denormalized data exceeded its RAM, at the concurrency of each of our read phases;"
            + " the claims on reads are judged against them.");
    return section.build();
  }

  private static void publishedReads(
      Context c, List<List<Cell>> rows, String label, String column, String connections) {
    Double d = c.published(column, models(c).get(0), "reads_per_s");
    Double n = c.published(column, models(c).get(1), "reads_per_s");
    if (d == null && n == null) {
      return;
    }
    rows.add(
        List.of(
            Cell.text(label),
            Cell.text(connections),
            Cell.published(
                c.published(column, models(c).get(0), "median_ms"), Format.NUMBER, false),
            Cell.published(d, Format.NUMBER, false),
            Cell.published(
                c.published(column, models(c).get(1), "median_ms"), Format.NUMBER, false),
            Cell.published(n, Format.NUMBER, false),
            d == null || n == null ? Cell.blank() : Cell.published(d / n, Format.RATIO, false)));
  }

  /**
   * Reads/s of the read phase with the most threads against users, per engine and model, over this
   * run and the other harperdb runs the caller handed over: how the models scale with the data.
   */
  private static Section readsByUsers(Context c) {
    List<Phase> denormalized = reads(c, models(c).get(0));
    List<Phase> normalized = reads(c, models(c).get(1));
    if (denormalized.isEmpty() || normalized.isEmpty()) {
      return null;
    }
    List<Results.Run> runs = new ArrayList<>(List.of(c.run()));
    runs.addAll(c.history());
    String threads = threads(last(denormalized));
    Map<String, TreeMap<Double, Spread>> series = new TreeMap<>();
    for (Results.Run run : runs) {
      double users = run.scale().records();
      for (Results.EngineRun engine : run.base().engines()) {
        for (var model :
            Map.of(models(c).get(1), last(normalized), models(c).get(0), last(denormalized))
                .entrySet()) {
          Results.PhaseRun r = engine.phase(model.getValue().id());
          if (r != null && !r.failed() && users > 0) {
            series
                .computeIfAbsent(engine.engine() + " " + model.getKey(), k -> new TreeMap<>())
                .put(users, r.spread(x -> x.figures().speed().throughput()));
          }
        }
      }
    }
    if (series.isEmpty()) {
      return null;
    }
    List<Section.Line> lines = new ArrayList<>();
    series.forEach(
        (name, points) ->
            lines.add(
                new Section.Line(
                    name,
                    new ArrayList<>(points.keySet()),
                    new ArrayList<>(points.values()),
                    name.endsWith(" " + models(c).get(0)))));
    return new Section.Builder(2, "Reads against users")
        .note(
            "This run and the other harperdb runs beside it ("
                + runs.size()
                + " in all), "
                + threads
                + " client threads; one colour per engine, solid lines normalized, dashed"
                + " denormalized.")
        .chart(
            new Section.LineChart(
                "reads-by-users.png",
                "Reads/s against users, "
                    + threads
                    + " client threads (solid: normalized, dashed: denormalized)",
                "users",
                "reads/s (median)",
                true,
                lines,
                "reads per second against users, " + threads + " threads"))
        .build();
  }

  private static Double publishedRatio(
      Context c, String phase, String column, String top, String bottom, String average) {
    Double a = c.published(phase, top, column);
    Double b = c.published(phase, bottom, column);
    if (a != null && b != null) {
      return a / b;
    }
    return average == null ? null : c.published("average", "all", average);
  }

  private static Phase load(Context c, String model) {
    return c.experiment().phases().stream()
        .filter(p -> p.dataset().equals(model) && p.isLoad())
        .findFirst()
        .orElse(null);
  }

  private static List<Phase> reads(Context c, String model) {
    return c.experiment().phases().stream()
        .filter(p -> p.dataset().equals(model) && !p.isLoad())
        .toList();
  }

  private static Phase last(List<Phase> phases) {
    return phases.get(phases.size() - 1);
  }

  /**
   * The published table of reads past memory at a read phase's concurrency ({@code
   * read<threads>-past-ram}): the write-up's row where its denormalized data exceeded its RAM.
   */
  private static String pastRam(Phase read) {
    return "read" + threads(read) + "-past-ram";
  }

  /** The write-up's words for a read phase's concurrency: 1 connection, 50 connections. */
  private static String connections(Phase read) {
    return threads(read) + " connection" + (threads(read).equals("1") ? "" : "s");
  }

  private static String threads(Phase phase) {
    return phase.threads() == null ? "" : phase.threads().toString();
  }

  /** The median latency of a user read over the median run's window, in ms. */
  private static Cell median(Context c, Results.PhaseRun r) {
    if (r == null) {
      return Cell.missing(Cell.Why.FAILED);
    }
    Results.Latency read = r.median().latency().get(c.role("userRead"));
    return read == null ? Cell.blank() : Cell.one(read.p50Us() / 1000, Format.NUMBER);
  }
}
