package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.analysis.Cell;
import io.github.ycsbembedded.experiments.analysis.Cell.Format;
import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Section;
import io.github.ycsbembedded.experiments.analysis.WriteUp;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.results.Results;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Dennis Forbes on Digg's friends' diggs: the normalized join against the fan-out of every digg,
 * per engine — result sets per second of the join, the room each layout takes, and what a digg
 * costs. Its claims: fan-out takes many times the room, and the normalized join answers thousands
 * of queries a second from an SSD.
 */
public final class Digg extends WriteUp {
  @Override
  public Map<String, RoleKind> roles() {
    return Map.of(
        "normalized", RoleKind.DATASET,
        "fanout", RoleKind.DATASET,
        "normalizedLoad", RoleKind.PHASE,
        "fanoutLoad", RoleKind.PHASE,
        "normalizedDiggs", RoleKind.PHASE,
        "fanoutDiggs", RoleKind.PHASE,
        "query", RoleKind.OPERATION,
        "digg", RoleKind.OPERATION);
  }

  /** A layout: its data set, load phase and new-diggs phase, from the roles. */
  private record Layout(String dataset, String load, String diggs) {}

  private static List<Layout> layouts(Context c) {
    return List.of(
        new Layout(c.role("normalized"), c.role("normalizedLoad"), c.role("normalizedDiggs")),
        new Layout(c.role("fanout"), c.role("fanoutLoad"), c.role("fanoutDiggs")));
  }

  @Override
  public List<Claim> claims(Context c) {
    List<Claim> claims = new ArrayList<>();
    Layout normalizedLayout = layouts(c).get(0);
    Layout fanoutLayout = layouts(c).get(1);
    Double normalized = c.published("storage", normalizedLayout.dataset(), "size_gb");
    Double fanout = c.published("storage", fanoutLayout.dataset(), "size_gb");
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      if (normalized != null && fanout != null) {
        claims.add(
            Claim.ratio(
                c,
                Claim.Subject.of(List.of(e), fanoutLayout.load(), normalizedLayout.load())
                    .comparing("disk"),
                "Fan-out takes many times the room of the normalized data (" + e + ")",
                e + " room fan-out ÷ normalized",
                fanout / normalized,
                c.ratio(
                    e,
                    fanoutLayout.load(),
                    e,
                    normalizedLayout.load(),
                    r -> r.figures().disk().allocated()),
                2,
                false));
      }
    }
    List<String> setups = c.experiment().publishedList("setups");
    Double ssd =
        setups.isEmpty() ? null : c.published("query", setups.get(setups.size() - 1), "per_s");
    List<Phase> queries = queryPhases(c, normalizedLayout);
    if (ssd != null && !queries.isEmpty()) {
      Phase most = queries.get(queries.size() - 1);
      for (Results.EngineRun engine : c.engines()) {
        claims.add(
            Claim.atLeast(
                c,
                Claim.Subject.of(List.of(engine.engine()), most.id()),
                "The normalized join answers thousands of friends'-diggs queries a second from an"
                    + " SSD (SQL Server, many concurrent runs; here "
                    + most.threads()
                    + " threads, "
                    + engine.engine()
                    + ")",
                engine.engine() + " join queries/s",
                ssd,
                "queries/s",
                c.speed(engine.engine(), most.id()),
                2,
                true));
      }
    }
    return claims;
  }

  @Override
  public List<Section> tables(Context c) {
    return List.of(queries(c), storage(c));
  }

  /** A layout's query phases: those of its data set that neither load it nor add diggs. */
  private static List<Phase> queryPhases(Context c, Layout layout) {
    return c.experiment().phases().stream()
        .filter(
            p ->
                p.dataset().equals(layout.dataset())
                    && !p.isLoad()
                    && !p.id().equals(layout.diggs()))
        .toList();
  }

  private static Section queries(Context c) {
    Section.Builder section = new Section.Builder(2, "Friends' diggs: result sets per second");
    List<Layout> layouts = layouts(c);
    List<Phase> normalizedQueries = queryPhases(c, layouts.get(0));
    List<String> header = new ArrayList<>(List.of("engine", "layout"));
    normalizedQueries.forEach(p -> header.add("queries/s, " + threads(p)));
    String first = normalizedQueries.isEmpty() ? "" : ", " + threads(normalizedQueries.get(0));
    header.addAll(
        List.of(
            "avg (ms)" + first,
            "99th (ms)" + first,
            "rows per answer",
            "fan-out ÷ normalized" + first));
    List<List<Cell>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      for (Layout layout : layouts) {
        rows.add(queryRow(c, e, layout, layouts.get(0), normalizedQueries));
      }
    }
    section.table(header, rows);
    section.note(
        "normalized: the user's friend list, then one probe of the digg index per friend (one batch"
            + " read). fanout: one range read of the user's bucket for the item. Each answer is sorted"
            + " newest first. Queries/s over the measurement window, median [range] over every trial"
            + " and run; latency of the median run (99th: over its window).");

    publishedQueries(c, section);
    return section.build();
  }

  private static Section storage(Context c) {
    Section.Builder section = new Section.Builder(2, "Storage and the cost of a digg");
    List<Layout> layouts = layouts(c);
    List<List<Cell>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      rows.add(storageRow(c, e, layouts));
    }
    Double normalized = c.published("storage", layouts.get(0).dataset(), "size_gb");
    Double fanout = c.published("storage", layouts.get(1).dataset(), "size_gb");
    Double maxWrites = c.published("storage", layouts.get(1).dataset(), "max_writes_per_digg");
    if (normalized != null && fanout != null) {
      rows.add(
          List.of(
              Cell.text("published"),
              Cell.published(normalized, Format.NUMBER, "GB (estimate)", false),
              Cell.published(fanout, Format.NUMBER, "GB (Digg)", false),
              Cell.published(fanout / normalized, Format.RATIO, false),
              Cell.blank(),
              Cell.published(maxWrites, Format.NUMBER, "at most", false),
              Cell.blank(),
              Cell.blank(),
              Cell.blank(),
              Cell.blank()));
    }
    section.table(
        List.of(
            "engine",
            "normalized on disk",
            "fan-out on disk",
            "fan-out ÷ normalized",
            "rows per digg, normalized (avg / max)",
            "rows per digg, fan-out (avg / max)",
            "load µs per digg, normalized",
            "load µs per digg, fan-out",
            "new diggs/s, normalized",
            "new diggs/s, fan-out"),
        rows);
    section.note(
        "On disk: allocated bytes after each layout's load (lists and diggs), of the median trial."
            + " A fan-out digg writes one row per follower (the load takes followers from the"
            + " generator; a new digg reads the follower list first).");
    return section.build();
  }

  /** One engine and layout: queries/s at each thread count, latency, rows, the fan-out ratio. */
  private static List<Cell> queryRow(
      Context c, String e, Layout layout, Layout normalized, List<Phase> normalizedQueries) {
    String query = c.role("query");
    List<Phase> phases = queryPhases(c, layout);
    List<Cell> row = new ArrayList<>(List.of(Cell.text(e), Cell.text(layout.dataset())));
    for (int i = 0; i < normalizedQueries.size(); i++) {
      Results.PhaseRun r = i < phases.size() ? c.ok(e, phases.get(i).id()) : null;
      row.add(
          r == null ? Cell.missing(Cell.Why.FAILED) : Cell.number(c.speed(e, phases.get(i).id())));
    }
    Results.PhaseRun single = phases.isEmpty() ? null : c.ok(e, phases.get(0).id());
    Results.Repetition median = single == null ? null : single.median();
    Results.Operation answer = median == null ? null : median.operations().get(query + "_ROWS");
    Results.Operation whole = median == null ? null : median.operations().get(query);
    Results.Latency latency = median == null ? null : median.latency().get(query);
    row.addAll(
        List.of(
            whole == null ? Cell.blank() : Cell.one(whole.averageUs() / 1000, Format.NUMBER),
            latency == null ? Cell.blank() : Cell.one(latency.p99Us() / 1000, Format.NUMBER),
            answer == null ? Cell.blank() : Cell.one(answer.averageUs(), Format.NUMBER),
            !layout.equals(normalized) && !phases.isEmpty() && !normalizedQueries.isEmpty()
                ? Cell.ratio(
                    c.ratio(
                        e,
                        phases.get(0).id(),
                        e,
                        normalizedQueries.get(0).id(),
                        r -> r.figures().speed().speed()))
                : Cell.blank()));
    return row;
  }

  /** The write-up's result sets per second of each setup it ran. */
  private static void publishedQueries(Context c, Section.Builder section) {
    List<List<Cell>> published = new ArrayList<>();
    Double digg = null;
    List<String> setups = c.experiment().publishedList("setups");
    for (String setup : setups) {
      Double perSecond = c.published("query", setup, "per_s");
      digg = digg == null ? perSecond : digg;
      published.add(
          List.of(
              Cell.text(c.experiment().publishedName(setup)),
              Cell.published(perSecond, Format.NUMBER, false),
              perSecond == null || digg == null
                  ? Cell.blank()
                  : Cell.published(perSecond / digg, Format.NUMBER, false)));
    }
    if (!published.isEmpty()) {
      section.note("Published (500,000 users, 10,000,000 friendships, 500,000,000 diggs):");
      section.table(
          List.of(
              "setup",
              "result sets per second",
              "÷ " + c.experiment().publishedName(setups.get(0))),
          published);
    }
  }

  /** One engine: each layout's disk, rows and time per digg, and new diggs per second. */
  private static List<Cell> storageRow(Context c, String e, List<Layout> layouts) {
    String digg = c.role("digg");
    List<Results.Repetition> loads = new ArrayList<>();
    List<Results.PhaseRun> diggs = new ArrayList<>();
    for (Layout layout : layouts) {
      Results.PhaseRun load = c.ok(e, layout.load());
      loads.add(load == null ? null : load.median());
      diggs.add(c.ok(e, layout.diggs()));
    }
    List<Cell> row = new ArrayList<>(List.of(Cell.text(e)));
    for (Results.Repetition load : loads) {
      row.add(
          load == null
              ? Cell.missing(Cell.Why.FAILED)
              : Cell.bytes(load.figures().disk().allocated()));
    }
    row.add(
        Cell.ratio(
            c.ratio(
                e,
                layouts.get(1).load(),
                e,
                layouts.get(0).load(),
                r -> r.figures().disk().allocated())));
    for (Results.Repetition load : loads) {
      Results.Operation writes = load == null ? null : load.operations().get(digg + "_WRITES");
      row.add(
          writes == null
              ? Cell.blank()
              : Cell.text(
                  io.github.ycsbembedded.experiments.model.Units.number(writes.averageUs())
                      + " / "
                      + io.github.ycsbembedded.experiments.model.Units.number(writes.maxUs())));
    }
    for (Results.Repetition load : loads) {
      Results.Operation perDigg = load == null ? null : load.operations().get(digg);
      row.add(perDigg == null ? Cell.blank() : Cell.one(perDigg.averageUs(), Format.NUMBER));
    }
    for (int i = 0; i < layouts.size(); i++) {
      row.add(
          diggs.get(i) == null
              ? Cell.missing(Cell.Why.FAILED)
              : Cell.number(c.speed(e, layouts.get(i).diggs())));
    }
    return row;
  }

  private static String threads(Phase phase) {
    int n = phase.threads() == null ? 1 : phase.threads();
    return n + " thread" + (n == 1 ? "" : "s");
  }
}
