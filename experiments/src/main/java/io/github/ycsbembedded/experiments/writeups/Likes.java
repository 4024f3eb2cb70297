package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.Units;
import io.github.ycsbembedded.experiments.measure.Results;
import io.github.ycsbembedded.experiments.measure.YcsbOutput;
import io.github.ycsbembedded.experiments.report.Cells;
import io.github.ycsbembedded.experiments.report.Document;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Oracle's big-table transaction rates: concurrent single-like transactions, each writing both
 * indexes, then the three lookups. Its claim: about 10,000 such transactions a second.
 */
public final class Likes extends WriteUp {
  /** The lookup phases, each measured as its id in capitals (LikesWorkload). */
  private static final List<String> LOOKUPS =
      List.of("posts-of-user", "users-of-post", "like-exists");

  private static final String ORACLE = "oracle";
  private static final String LIKE = "like";

  @Override
  public List<Claim> claims(Context c) {
    List<Claim> claims = new ArrayList<>();
    Double published = c.published(LIKE, ORACLE, "transactions_per_s");
    if (published == null) {
      return claims;
    }
    for (Results.EngineRun engine : c.engines()) {
      claims.add(
          Claim.atLeast(
              c,
              "Sessions of single-like transactions, each writing both indexes, sustain about "
                  + Units.number(published)
                  + " transactions/s ("
                  + engine.engine()
                  + ")",
              engine.engine() + " likes/s",
              published,
              "transactions/s",
              c.speed(engine.engine(), LIKE),
              2,
              true));
    }
    return claims;
  }

  @Override
  public void tables(Context c, Document doc, Path charts) {
    likeTransactions(c, doc);
    lookups(c, doc);
    doc.paragraph(c.experiment().publishedNote());
  }

  private void likeTransactions(Context c, Document doc) {
    doc.heading(2, "Concurrent single-like transactions");
    String reference = c.reference();
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      Results.PhaseRun r = c.ok(e, LIKE);
      if (r == null) {
        rows.add(List.of(e, "failed", "", "", "", "", ""));
        continue;
      }
      YcsbOutput.Operation like = r.operationTypes().get("LIKE");
      rows.add(
          List.of(
              e,
              threads(c),
              Units.number((double) r.operations()),
              Cells.spread(c.speed(e, LIKE)),
              Cells.ratio(c.speedRatio(e, LIKE)),
              ms(like, YcsbOutput.Operation::averageUs),
              ms(like, YcsbOutput.Operation::p99Us)));
    }
    Double published = c.published(LIKE, ORACLE, "transactions_per_s");
    if (published != null) {
      rows.add(
          List.of(
              c.experiment().publishedName(ORACLE) + ", published",
              pub(c, LIKE, "sessions"),
              pub(c, LIKE, "transactions") + " in " + pub(c, LIKE, "runtime_s") + " s",
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
        "Each transaction writes both index entries of one like atomically. Sessions are client threads."
            + " Transactions/s over the measurement window, median [range] over the runs; \"÷ "
            + reference
            + "\": per run.");

    doc.heading(2, "The load: both indexes");
    List<List<String>> load = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      Results.PhaseRun l = c.ok(engine.engine(), "load");
      Results.PhaseRun after = c.ok(engine.engine(), LIKE);
      load.add(
          l == null
              ? List.of(engine.engine(), "failed", "", "", "", "")
              : List.of(
                  engine.engine(),
                  Units.number((double) l.operations()),
                  Units.number(l.runtimeMs() / 1000.0),
                  Units.number(l.totalThroughput()),
                  Units.bytes(l.diskAllocatedBytes()),
                  after == null ? "" : Units.bytes(after.diskAllocatedBytes())));
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
        "The write-up preloaded its 666,666,667 rows with one direct-path insert and built the indexes"
            + " afterwards, so it has no figure to set beside this load.");
  }

  private void lookups(Context c, Document doc) {
    doc.heading(2, "Lookups after the inserts");
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      for (String lookup : LOOKUPS) {
        Results.PhaseRun r = c.ok(engine.engine(), lookup);
        if (r == null) {
          rows.add(List.of(engine.engine(), c.label(lookup), "failed", "", "", "", "", "", ""));
          continue;
        }
        YcsbOutput.Operation op = r.operationTypes().get(operation(lookup));
        YcsbOutput.Operation found = r.operationTypes().get(operation(lookup) + "_ROWS");
        rows.add(
            List.of(
                engine.engine(),
                c.label(lookup),
                Cells.spread(c.speed(engine.engine(), lookup)),
                ms(op, YcsbOutput.Operation::averageUs),
                ms(op, YcsbOutput.Operation::minUs),
                ms(op, YcsbOutput.Operation::maxUs),
                found == null ? "" : Units.number(found.averageUs()),
                found == null ? "" : Units.number(found.maxUs()),
                ""));
      }
    }
    for (String lookup : LOOKUPS) {
      if (c.published(lookup, ORACLE, "queries") == null) {
        continue;
      }
      String rowsOfSlowest = pub(c, lookup, "rows");
      rows.add(
          List.of(
              c.experiment().publishedName(ORACLE) + ", published",
              c.label(lookup),
              Units.number(
                  orNaN(c.published(lookup, ORACLE, "queries"))
                      / orNaN(c.published(lookup, ORACLE, "total_s"))),
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
              engine.engine(),
              lookup -> {
                Results.PhaseRun r = c.ok(engine.engine(), lookup);
                YcsbOutput.Operation op =
                    r == null ? null : r.operationTypes().get(operation(lookup));
                return op == null ? Double.NaN : op.averageUs();
              }));
    }
    relative.add(
        relativeRow(
            c.experiment().publishedName(ORACLE) + ", published", lookup -> average(c, lookup)));
    List<String> header = new ArrayList<>(List.of("engine"));
    LOOKUPS.forEach(lookup -> header.add(c.label(lookup)));
    doc.table(header, relative);
    doc.paragraph(
        "Absolute latencies depend on the machine and the scale (rows per user and per post grow with it);"
            + " these ratios show whether a scan of a user's or a post's likes costs here what it cost there. The"
            + " published averages are each lookup's total time ÷ its 50,000 queries (the write-up's rounded averages"
            + " would give 9.02 and 129.91).");
  }

  /** The write-up's average of a lookup in ms, from its exact total time and query count. */
  private static double average(Context c, String lookup) {
    return orNaN(c.published(lookup, ORACLE, "total_s"))
        * 1000
        / orNaN(c.published(lookup, ORACLE, "queries"));
  }

  private static List<String> relativeRow(String name, ToDoubleFunction<String> averageOf) {
    List<String> row = new ArrayList<>(List.of(name));
    double unit = averageOf.applyAsDouble("like-exists");
    for (String lookup : LOOKUPS) {
      row.add(Units.ratio(averageOf.applyAsDouble(lookup) / unit));
    }
    return row;
  }

  private static String operation(String lookup) {
    return lookup.toUpperCase(Locale.ROOT).replace('-', '_');
  }

  private static String threads(Context c) {
    Integer threads = c.experiment().phase(LIKE).threads();
    return threads == null ? "" : threads.toString();
  }

  private static String ms(YcsbOutput.Operation op, ToDoubleFunction<YcsbOutput.Operation> us) {
    return op == null ? "" : Units.number(us.applyAsDouble(op) / 1000);
  }

  private static String pub(Context c, String phase, String column) {
    Double value = c.published(phase, ORACLE, column);
    return value == null ? "" : Units.number(value);
  }

  private static double orNaN(Double value) {
    return value == null ? Double.NaN : value;
  }
}
