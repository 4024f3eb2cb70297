package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.analysis.Cell;
import io.github.ycsbembedded.experiments.analysis.Cell.Format;
import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Section;
import io.github.ycsbembedded.experiments.analysis.WriteUp;
import io.github.ycsbembedded.experiments.results.Results;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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
              "Sessions of single-like transactions, each writing both indexes, sustain the"
                  + " write-up's transaction rate ("
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
  public List<Section> tables(Context c) {
    List<Section> sections = new ArrayList<>(likeTransactions(c));
    sections.addAll(lookupTables(c));
    return sections;
  }

  private static List<Section> likeTransactions(Context c) {
    Section.Builder section = new Section.Builder(2, "Concurrent single-like transactions");
    String reference = c.reference();
    String like = c.role("like");
    List<List<Cell>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      String e = engine.engine();
      Results.PhaseRun r = c.ok(e, like);
      if (r == null) {
        rows.add(
            List.of(
                Cell.text(e),
                Cell.missing(Cell.Why.FAILED),
                Cell.blank(),
                Cell.blank(),
                Cell.blank(),
                Cell.blank(),
                Cell.blank()));
        continue;
      }
      Results.Latency latency = r.median().latency().get(c.role("likeOperation"));
      Results.Operation op = r.median().operations().get(c.role("likeOperation"));
      rows.add(
          List.of(
              Cell.text(e),
              Cell.text(threads(c)),
              Cell.count(r.median().figures().window().operations()),
              Cell.number(c.speed(e, like)),
              Cell.ratio(c.speedRatio(e, like)),
              op == null ? Cell.blank() : Cell.one(op.averageUs() / 1000, Format.NUMBER),
              latency == null ? Cell.blank() : Cell.one(latency.p99Us() / 1000, Format.NUMBER)));
    }
    publishedTransactions(c).ifPresent(rows::add);
    section.table(
        List.of(
            "engine",
            "sessions",
            "transactions (window)",
            "transactions/s",
            "÷ " + reference,
            "avg (ms)",
            "99th (ms)"),
        rows);
    section.note(
        "Each transaction writes both index entries of one like atomically. Sessions are client"
            + " threads. Transactions/s over the measurement window, median [range] over every"
            + " trial and run; \"÷ "
            + reference
            + "\": per run; latency of the median run (99th: over its window).");

    return List.of(section.build(), loadSection(c));
  }

  /** The write-up's row of transactions, where it has one. */
  private static Optional<List<Cell>> publishedTransactions(Context c) {
    String like = c.role("like");
    String oracle = c.role("published");
    Double published = c.published(like, oracle, "transactions_per_s");
    if (published == null) {
      return Optional.empty();
    }
    return Optional.of(
        List.of(
            Cell.text(c.experiment().publishedName(oracle) + ", published"),
            pub(c, like, "sessions", ""),
            pub(c, like, "transactions", "in " + numberText(c, like, "runtime_s") + " s"),
            Cell.published(published, Format.NUMBER, false),
            Cell.blank(),
            Cell.blank(),
            Cell.blank()));
  }

  /** The load of both indexes: likes, runtime, speed and the disk it took. */
  private static Section loadSection(Context c) {
    String like = c.role("like");
    Section.Builder loadSection = new Section.Builder(2, "The load: both indexes");
    List<List<Cell>> load = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      Results.PhaseRun l = c.ok(engine.engine(), c.role("load"));
      Results.PhaseRun after = c.ok(engine.engine(), like);
      if (l == null) {
        load.add(
            List.of(
                Cell.text(engine.engine()),
                Cell.missing(Cell.Why.FAILED),
                Cell.blank(),
                Cell.blank(),
                Cell.blank(),
                Cell.blank()));
        continue;
      }
      Results.Repetition m = l.median();
      load.add(
          List.of(
              Cell.text(engine.engine()),
              Cell.count(m.figures().window().operations()),
              Cell.one(m.figures().speed().runtimeMs() / 1000.0, Format.NUMBER),
              Cell.one(m.figures().speed().overall(), Format.NUMBER),
              Cell.bytes(m.figures().disk().allocated()),
              after == null
                  ? Cell.blank()
                  : Cell.bytes(after.median().figures().disk().allocated())));
    }
    loadSection.table(
        List.of(
            "engine",
            "likes (window)",
            "runtime (s)",
            "likes/s",
            "disk after the load",
            "disk after the transactions"),
        load);
    loadSection.note(
        "The write-up preloaded its 666,666,667 rows with one direct-path insert and built the"
            + " indexes afterwards, so it has no figure to set beside this load.");
    return loadSection.build();
  }

  private static List<Section> lookupTables(Context c) {
    Section.Builder section = new Section.Builder(2, "Lookups after the inserts");
    List<List<Cell>> rows = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      for (String lookup : lookups(c)) {
        Results.PhaseRun r = c.ok(engine.engine(), lookup);
        if (r == null) {
          List<Cell> row =
              new ArrayList<>(
                  List.of(
                      Cell.text(engine.engine()),
                      Cell.text(c.label(lookup)),
                      Cell.missing(Cell.Why.FAILED)));
          while (row.size() < 9) {
            row.add(Cell.blank());
          }
          rows.add(row);
          continue;
        }
        Results.Operation op = r.median().operations().get(operation(lookup));
        Results.Operation found = r.median().operations().get(operation(lookup) + "_ROWS");
        rows.add(
            List.of(
                Cell.text(engine.engine()),
                Cell.text(c.label(lookup)),
                Cell.number(c.speed(engine.engine(), lookup)),
                op == null ? Cell.blank() : Cell.one(op.averageUs() / 1000, Format.NUMBER),
                op == null ? Cell.blank() : Cell.one(op.minUs() / 1000, Format.NUMBER),
                op == null ? Cell.blank() : Cell.one(op.maxUs() / 1000, Format.NUMBER),
                found == null ? Cell.blank() : Cell.one(found.averageUs(), Format.NUMBER),
                found == null ? Cell.blank() : Cell.one(found.maxUs(), Format.NUMBER),
                Cell.blank()));
      }
    }
    rows.addAll(publishedLookupRows(c));
    section.table(
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

    return List.of(section.build(), relativeSection(c));
  }

  /** Each lookup's average as a multiple of the single (user, post) lookup's, here and there. */
  private static Section relativeSection(Context c) {
    String oracle = c.role("published");
    Section.Builder relativeSection =
        new Section.Builder(2, "Each lookup's average ÷ the single (user, post) lookup's");
    List<List<Cell>> relative = new ArrayList<>();
    for (Results.EngineRun engine : c.engines()) {
      relative.add(
          relativeRow(
              c,
              engine.engine(),
              lookup -> {
                Results.PhaseRun r = c.ok(engine.engine(), lookup);
                Results.Operation op =
                    r == null ? null : r.median().operations().get(operation(lookup));
                return op == null ? Double.NaN : op.averageUs();
              }));
    }
    relative.add(
        relativeRow(
            c, c.experiment().publishedName(oracle) + ", published", lookup -> average(c, lookup)));
    List<String> header = new ArrayList<>(List.of("engine"));
    lookups(c).forEach(lookup -> header.add(c.label(lookup)));
    relativeSection.table(header, relative);
    relativeSection.note(
        "Absolute latencies depend on the machine and the scale (rows per user and per post grow"
            + " with it); these ratios show whether a scan of a user's or a post's likes costs here"
            + " what it cost there. The published averages are each lookup's total time ÷ its 50,000"
            + " queries (the write-up's rounded averages would give 9.02 and 129.91).");
    return relativeSection.build();
  }

  /** The write-up's figures of each lookup it ran. */
  private static List<List<Cell>> publishedLookupRows(Context c) {
    String oracle = c.role("published");
    List<List<Cell>> rows = new ArrayList<>();
    for (String lookup : lookups(c)) {
      if (c.published(lookup, oracle, "queries") == null) {
        continue;
      }
      Double slowestRows = c.published(lookup, oracle, "rows");
      rows.add(
          List.of(
              Cell.text(c.experiment().publishedName(oracle) + ", published"),
              Cell.text(c.label(lookup)),
              Cell.one(
                  orNaN(c.published(lookup, oracle, "queries"))
                      / orNaN(c.published(lookup, oracle, "total_s")),
                  Format.NUMBER),
              Cell.one(average(c, lookup), Format.NUMBER),
              pub(c, lookup, "min_ms", ""),
              pub(c, lookup, "max_ms", ""),
              Cell.blank(),
              slowestRows == null
                  ? Cell.blank()
                  : Cell.one(slowestRows, Format.NUMBER, "(the slowest query's)"),
              Cell.text(
                  numberText(c, lookup, "queries")
                      + " in "
                      + numberText(c, lookup, "total_s")
                      + " s")));
    }
    return rows;
  }

  /** The write-up's average of a lookup in ms, from its exact total time and query count. */
  private static double average(Context c, String lookup) {
    String oracle = c.role("published");
    return orNaN(c.published(lookup, oracle, "total_s"))
        * 1000
        / orNaN(c.published(lookup, oracle, "queries"));
  }

  private static List<Cell> relativeRow(
      Context c, String name, ToDoubleFunction<String> averageOf) {
    List<Cell> row = new ArrayList<>(List.of(Cell.text(name)));
    double unit = averageOf.applyAsDouble(c.role("likeExists"));
    for (String lookup : lookups(c)) {
      row.add(Cell.one(averageOf.applyAsDouble(lookup) / unit, Format.RATIO));
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

  private static Cell pub(Context c, String phase, String column, String suffix) {
    Double value = c.published(phase, c.role("published"), column);
    return value == null ? Cell.blank() : Cell.one(value, Format.NUMBER, suffix);
  }

  /** A published figure inside a text cell (a count beside the time it took). */
  private static String numberText(Context c, String phase, String column) {
    Double value = c.published(phase, c.role("published"), column);
    return value == null ? "?" : io.github.ycsbembedded.experiments.model.Units.number(value);
  }

  private static double orNaN(Double value) {
    return value == null ? Double.NaN : value;
  }
}
