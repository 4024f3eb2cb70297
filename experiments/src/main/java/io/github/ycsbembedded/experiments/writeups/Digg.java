package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.Experiment;
import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.measure.Results;
import io.github.ycsbembedded.experiments.measure.YcsbOutput;
import io.github.ycsbembedded.experiments.report.Cells;
import io.github.ycsbembedded.experiments.report.Document;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The SQL Server write-up's reproduction of Digg's friends' diggs: queries per second of the
 * normalized join and of the fan-out, the room each takes and what a digg costs. Its claims:
 * fan-out takes many times the room of the normalized data; the normalized join answers thousands
 * of queries a second from an SSD.
 */
public final class Digg extends WriteUp {
  /** The two layouts: data set, and the prefix of their phase ids. */
  private static final List<String[]> LAYOUTS =
      List.of(new String[] {"normalized", "n"}, new String[] {"fanout", "f"});

  @Override
  public List<Claim> claims(Context c) {
    List<Claim> claims = new ArrayList<>();
    Double normalized = c.published("storage", "normalized", "size_gb");
    Double fanout = c.published("storage", "fanout", "size_gb");
    for (Results.EngineRun engine : c.engines()) {
      if (normalized != null && fanout != null) {
        claims.add(
            Claim.ratio(
                c,
                "Fan-out takes many times the room of the normalized data (Digg: about "
                    + Units.number(normalized)
                    + " GB became "
                    + Units.number(fanout)
                    + " GB; "
                    + engine.engine()
                    + ")",
                engine.engine() + " room fan-out ÷ normalized",
                fanout / normalized,
                c.ratio(
                    engine.engine(),
                    "f-load",
                    engine.engine(),
                    "n-load",
                    Results.Repetition::diskAllocatedBytes),
                2,
                false));
      }
    }
    List<String> setups = c.experiment().publishedList("setups");
    Double ssd =
        setups.isEmpty() ? null : c.published("query", setups.get(setups.size() - 1), "per_s");
    List<Experiment.Phase> queries = queryPhases(c, "normalized");
    if (ssd != null && !queries.isEmpty()) {
      Experiment.Phase most = queries.get(queries.size() - 1);
      for (Results.EngineRun engine : c.engines()) {
        claims.add(
            Claim.atLeast(
                c,
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
  public void tables(Context c, Document doc, Path charts) {
    queries(c, doc);
    storage(c, doc);
    doc.paragraph(c.experiment().publishedNote());
  }

  private static List<Experiment.Phase> queryPhases(Context c, String dataset) {
    return c.experiment().phases().stream()
        .filter(p -> p.dataset().equals(dataset) && !p.isLoad() && p.id().contains("query"))
        .toList();
  }

  private void queries(Context c, Document doc) {
    doc.heading(2, "Friends' diggs: result sets per second");
    List<Experiment.Phase> normalizedQueries = queryPhases(c, "normalized");
    List<String> header = new ArrayList<>(List.of("engine", "layout"));
    normalizedQueries.forEach(p -> header.add("queries/s, " + threads(p)));
    String first = normalizedQueries.isEmpty() ? "" : ", " + threads(normalizedQueries.get(0));
    header.addAll(
        List.of(
            "avg (ms)" + first,
            "99th (ms)" + first,
            "rows per answer",
            "fan-out ÷ normalized" + first));
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      for (String[] layout : LAYOUTS) {
        List<Experiment.Phase> phases = queryPhases(c, layout[0]);
        List<String> row = new ArrayList<>(List.of(e, layout[0]));
        for (int i = 0; i < normalizedQueries.size(); i++) {
          Results.PhaseRun r = i < phases.size() ? c.ok(e, phases.get(i).id()) : null;
          row.add(r == null ? "failed" : Cells.spread(c.speed(e, phases.get(i).id())));
        }
        Results.PhaseRun single = phases.isEmpty() ? null : c.ok(e, phases.get(0).id());
        YcsbOutput.Operation query =
            single == null ? null : single.operationTypes().get("FRIEND_DIGGS");
        YcsbOutput.Operation answer =
            single == null ? null : single.operationTypes().get("FRIEND_DIGGS_ROWS");
        row.addAll(
            List.of(
                ms(query, YcsbOutput.Operation::averageUs),
                ms(query, YcsbOutput.Operation::p99Us),
                answer == null ? "" : Units.number(answer.averageUs()),
                layout[0].equals("fanout") && !phases.isEmpty() && !normalizedQueries.isEmpty()
                    ? Cells.ratio(
                        c.ratio(
                            e,
                            phases.get(0).id(),
                            e,
                            normalizedQueries.get(0).id(),
                            Results.Repetition::speed))
                    : ""));
        rows.add(row);
      }
    }
    doc.table(header, rows);
    doc.paragraph(
        "normalized: the user's friend list, then one probe of the digg index per friend (one batch read)."
            + " fanout: one range read of the user's bucket for the item. Each answer is sorted newest first."
            + " Queries/s over the measurement window, median [range] over the runs.");

    List<List<String>> published = new ArrayList<>();
    Double digg = null;
    List<String> setups = c.experiment().publishedList("setups");
    for (String setup : setups) {
      Double perSecond = c.published("query", setup, "per_s");
      digg = digg == null ? perSecond : digg;
      published.add(
          List.of(
              c.experiment().publishedName(setup),
              perSecond == null ? "" : Units.number(perSecond),
              perSecond == null || digg == null ? "" : Units.number(perSecond / digg)));
    }
    if (!published.isEmpty()) {
      doc.paragraph("Published (500,000 users, 10,000,000 friendships, 500,000,000 diggs):");
      doc.table(
          List.of(
              "setup",
              "result sets per second",
              "÷ " + c.experiment().publishedName(setups.get(0))),
          published);
    }
  }

  private void storage(Context c, Document doc) {
    doc.heading(2, "Storage and the cost of a digg");
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      Results.PhaseRun[] load = new Results.PhaseRun[2];
      Results.PhaseRun[] digg = new Results.PhaseRun[2];
      for (int i = 0; i < 2; i++) {
        load[i] = c.ok(e, LAYOUTS.get(i)[1] + "-load");
        digg[i] = c.ok(e, LAYOUTS.get(i)[1] + "-digg");
      }
      List<String> row = new ArrayList<>(List.of(e));
      for (int i = 0; i < 2; i++) {
        row.add(load[i] == null ? "failed" : Units.bytes(load[i].diskAllocatedBytes()));
      }
      row.add(
          Cells.ratio(c.ratio(e, "f-load", e, "n-load", Results.Repetition::diskAllocatedBytes)));
      for (int i = 0; i < 2; i++) {
        YcsbOutput.Operation writes =
            load[i] == null ? null : load[i].operationTypes().get("DIGG_WRITES");
        row.add(
            writes == null
                ? ""
                : Units.number(writes.averageUs()) + " / " + Units.number(writes.maxUs()));
      }
      for (int i = 0; i < 2; i++) {
        YcsbOutput.Operation perDigg =
            load[i] == null ? null : load[i].operationTypes().get("DIGG");
        row.add(perDigg == null ? "" : Units.number(perDigg.averageUs()));
      }
      for (int i = 0; i < 2; i++) {
        row.add(digg[i] == null ? "failed" : Cells.spread(c.speed(e, LAYOUTS.get(i)[1] + "-digg")));
      }
      rows.add(row);
    }
    Double normalized = c.published("storage", "normalized", "size_gb");
    Double fanout = c.published("storage", "fanout", "size_gb");
    Double maxWrites = c.published("storage", "fanout", "max_writes_per_digg");
    if (normalized != null && fanout != null) {
      rows.add(
          List.of(
              "published",
              Units.number(normalized) + " GB (estimate)",
              Units.number(fanout) + " GB (Digg)",
              Units.ratio(fanout / normalized),
              "",
              maxWrites == null ? "" : "max " + Units.number(maxWrites),
              "",
              "",
              "",
              ""));
    }
    doc.table(
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
    doc.paragraph(
        "On disk: allocated bytes after each layout's load (lists and diggs). A fan-out digg writes one row"
            + " per follower (the load takes followers from the generator; a new digg reads the follower list first).");
  }

  private static String threads(Experiment.Phase phase) {
    int n = phase.threads() == null ? 1 : phase.threads();
    return n + " thread" + (n == 1 ? "" : "s");
  }

  private static String ms(YcsbOutput.Operation op, ToDoubleFunction<YcsbOutput.Operation> us) {
    return op == null ? "" : Units.number(us.applyAsDouble(op) / 1000);
  }
}
