package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.measure.YcsbOutput;
import io.github.ycsbembedded.experiments.report.Cells;
import io.github.ycsbembedded.experiments.report.Document;
import io.github.ycsbembedded.experiments.results.Results;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Connor McDonald's big-table transaction rates: concurrent single-like transactions against a
 * table with two composite indexes, then three lookups; its claim is the transaction rate the
 * sessions sustain, per engine.
 */
public final class Likes extends WriteUp {
  @Override
  public Map<String, RoleKind> roles() {
    return Map.of(
        "published", RoleKind.ENGINE,
        "load", RoleKind.PHASE,
        "like", RoleKind.PHASE,
        "likeOperation", RoleKind.OPERATION,
        "postsOfUser", RoleKind.PHASE,
        "usersOfPost", RoleKind.PHASE,
        "likeExists", RoleKind.PHASE);
  }

  /** The lookup phases, in the write-up's order; each is measured as its id in capitals. */
  private static List<String> lookups(Context c) {
    return List.of(c.role("postsOfUser"), c.role("usersOfPost"), c.role("likeExists"));
  }

  @Override
  public List<Claim> claims(Context c) {
    List<Claim> claims = new ArrayList<>();
    String like = c.role("like");
    Double published = c.published(like, c.role("published"), "transactions_per_s");
    if (published == null) {
      return claims;
    }
    for (Results.EngineRun engine : c.engines()) {
      claims.add(
          Claim.atLeast(
              c,
              Claim.Subject.of(List.of(engine.engine()), like),
              "Sessions of single-like transactions, each writing both indexes, sustain about "
                  + Units.number(published)
                  + " transactions/s ("
                  + engine.engine()
                  + ")",
              engine.engine() + " likes/s",
              published,
              "transactions/s",
              c.speed(engine.engine(), like),
              2,
              true));
    }
    return claims;
  }

  @Override
  public void tables(Context c, Document doc, Path charts) {
    likeTransactions(c, doc);
    lookups(c, doc);
  }

  private void likeTransactions(Context c, Document doc) {
    doc.heading(2, "Concurrent single-like transactions");
    String reference = c.reference();
    String like = c.role("like");
    String oracle = c.role("published");
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      Results.PhaseRun r = c.ok(e, like);
      if (r == null) {
        rows.add(List.of(e, "failed", "", "", "", "", ""));
        continue;
      }
      Results.Latency latency = r.median().latency().get(c.role("likeOperation"));
      YcsbOutput.Operation op = r.median().operations().get(c.role("likeOperation"));
      rows.add(
          List.of(
              e,
              threads(c),
              Units.number((double) r.median().window().operations()),
              Cells.spread(c.speed(e, like)),
              Cells.ratio(c.speedRatio(e, like)),
              Cells.ms(op, YcsbOutput.Operation::averageUs),
              latency == null ? "" : Units.number(latency.p99Us() / 1000)));
    }
    Double published = c.published(like, oracle, "transactions_per_s");
    if (published != null) {
      rows.add(
          List.of(
              c.experiment().publishedName(oracle) + ", published",
              pub(c, like, "sessions"),
              pub(c, like, "transactions") + " in " + pub(c, like, "runtime_s") + " s",
              Units.number(published),
              "",
              "",
              ""));
    }
    doc.table(
        List.of(
            "engine",
            "sessions",
            "transactions (window)",
            "transactions/s",
            "÷ " + reference,
            "avg (ms)",
            "99th (ms)"),
        rows);
    doc.paragraph(
        "Each transaction writes both index entries of one like atomically. Sessions are client"
            + " threads. Transactions/s over the measurement window, median [range] over every"
            + " trial and run; \"÷ "
            + reference
            + "\": per run; latency of the median run (99th: over its window).");

    doc.heading(2, "The load: both indexes");
    List<List<String>> load = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      Results.PhaseRun l = c.ok(engine.engine(), c.role("load"));
      Results.PhaseRun after = c.ok(engine.engine(), like);
      if (l == null) {
        load.add(List.of(engine.engine(), "failed", "", "", "", ""));
        continue;
      }
      Results.Repetition m = l.median();
      load.add(
          List.of(
              engine.engine(),
              Units.number((double) m.window().operations()),
              Units.number(m.speed().runtimeMs() / 1000.0),
              Units.number(m.speed().overall()),
              Units.bytes(m.disk().allocated()),
              after == null ? "" : Units.bytes(after.median().disk().allocated())));
    }
    doc.table(
        List.of(
            "engine",
            "likes (window)",
            "runtime (s)",
            "likes/s",
            "disk after the load",
            "disk after the transactions"),
        load);
    doc.paragraph(
        "The write-up preloaded its 666,666,667 rows with one direct-path insert and built the"
            + " indexes afterwards, so it has no figure to set beside this load.");
  }

  private void lookups(Context c, Document doc) {
    doc.heading(2, "Lookups after the inserts");
    String oracle = c.role("published");
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      for (String lookup : lookups(c)) {
        Results.PhaseRun r = c.ok(engine.engine(), lookup);
        if (r == null) {
          rows.add(List.of(engine.engine(), c.label(lookup), "failed", "", "", "", "", "", ""));
          continue;
        }
        YcsbOutput.Operation op = r.median().operations().get(operation(lookup));
        YcsbOutput.Operation found = r.median().operations().get(operation(lookup) + "_ROWS");
        rows.add(
            List.of(
                engine.engine(),
                c.label(lookup),
                Cells.spread(c.speed(engine.engine(), lookup)),
                Cells.ms(op, YcsbOutput.Operation::averageUs),
                Cells.ms(op, YcsbOutput.Operation::minUs),
                Cells.ms(op, YcsbOutput.Operation::maxUs),
                found == null ? "" : Units.number(found.averageUs()),
                found == null ? "" : Units.number(found.maxUs()),
                ""));
      }
    }
    for (String lookup : lookups(c)) {
      if (c.published(lookup, oracle, "queries") == null) {
        continue;
      }
      String rowsOfSlowest = pub(c, lookup, "rows");
      rows.add(
          List.of(
              c.experiment().publishedName(oracle) + ", published",
              c.label(lookup),
              Units.number(
                  orNaN(c.published(lookup, oracle, "queries"))
                      / orNaN(c.published(lookup, oracle, "total_s"))),
              Units.number(average(c, lookup)),
              pub(c, lookup, "min_ms"),
              pub(c, lookup, "max_ms"),
              "",
              rowsOfSlowest.isEmpty() ? "" : rowsOfSlowest + " (the slowest query's)",
              pub(c, lookup, "queries") + " in " + pub(c, lookup, "total_s") + " s"));
    }
    doc.table(
        List.of(
            "engine",
            "query",
            "queries/s",
            "avg (ms)",
            "min (ms)",
            "max (ms)",
            "rows avg",
            "rows max",
            "published total"),
        rows);

    doc.heading(2, "Each lookup's average ÷ the single (user, post) lookup's");
    List<List<String>> relative = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      relative.add(
          relativeRow(
              c,
              engine.engine(),
              lookup -> {
                Results.PhaseRun r = c.ok(engine.engine(), lookup);
                YcsbOutput.Operation op =
                    r == null ? null : r.median().operations().get(operation(lookup));
                return op == null ? Double.NaN : op.averageUs();
              }));
    }
    relative.add(
        relativeRow(
            c, c.experiment().publishedName(oracle) + ", published", lookup -> average(c, lookup)));
    List<String> header = new ArrayList<>(List.of("engine"));
    lookups(c).forEach(lookup -> header.add(c.label(lookup)));
    doc.table(header, relative);
    doc.paragraph(
        "Absolute latencies depend on the machine and the scale (rows per user and per post grow"
            + " with it); these ratios show whether a scan of a user's or a post's likes costs here"
            + " what it cost there. The published averages are each lookup's total time ÷ its 50,000"
            + " queries (the write-up's rounded averages would give 9.02 and 129.91).");
  }

  /** The write-up's average of a lookup in ms, from its exact total time and query count. */
  private static double average(Context c, String lookup) {
    String oracle = c.role("published");
    return orNaN(c.published(lookup, oracle, "total_s"))
        * 1000
        / orNaN(c.published(lookup, oracle, "queries"));
  }

  private static List<String> relativeRow(
      Context c, String name, ToDoubleFunction<String> averageOf) {
    List<String> row = new ArrayList<>(List.of(name));
    double unit = averageOf.applyAsDouble(c.role("likeExists"));
    for (String lookup : lookups(c)) {
      row.add(Units.ratio(averageOf.applyAsDouble(lookup) / unit));
    }
    return row;
  }

  private static String operation(String lookup) {
    return lookup.toUpperCase(Locale.ROOT).replace('-', '_');
  }

  private static String threads(Context c) {
    Integer threads = c.experiment().phase(c.role("like")).threads();
    return threads == null ? "" : threads.toString();
  }

  private static String pub(Context c, String phase, String column) {
    Double value = c.published(phase, c.role("published"), column);
    return value == null ? "" : Units.number(value);
  }

  private static double orNaN(Double value) {
    return value == null ? Double.NaN : value;
  }
}
