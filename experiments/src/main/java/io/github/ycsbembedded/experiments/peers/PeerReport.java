package io.github.ycsbembedded.experiments.peers;

import io.github.ycsbembedded.experiments.report.Document;
import io.github.ycsbembedded.experiments.report.Html;
import io.github.ycsbembedded.experiments.report.Markdown;
import io.github.ycsbembedded.experiments.results.AtomicFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The report of {@code bin/experiment peers}: the claims first, then each side's CPU time per
 * operation and speed per cell with ours ÷ theirs, how far each yardstick moved between rounds, the
 * settings and the commands. Written as {@code report.md} and {@code report.html}.
 */
public final class PeerReport {
  static final String TITLE = "Ours beside its peers: CPU time per operation and speed";

  /** {@code -p rocksdb.optionsfile=FILE} in a run's command line, quoted or not. */
  private static final Pattern OPTIONS_FILE =
      Pattern.compile(" -p (?:rocksdb\\.optionsfile=([^' ]+)|'rocksdb\\.optionsfile=([^']*)')");

  private PeerReport() {}

  /** Writes the report of {@code results} into {@code folder}. */
  public static void write(PeerResults results, Path folder) throws IOException {
    Document doc = document(results);
    AtomicFile.write(folder.resolve("report.md"), Markdown.render(doc));
    AtomicFile.write(folder.resolve("report.html"), Html.page(TITLE, doc, folder));
  }

  /** The report as a document. */
  public static Document document(PeerResults results) {
    List<PeerClaims.Judged> claims = PeerClaims.of(results);
    Document doc = new Document().heading(1, TITLE);
    doc.paragraph(setup(results));
    doc.contents();
    doc.heading(2, "In short");
    doc.bullets(summary(results, claims));
    doc.heading(2, "Claims");
    doc.cards(
        List.of("claim", "ours ÷ theirs, per round", "verdict", "why"),
        claims.stream()
            .map(
                c ->
                    List.of(
                        c.claim(),
                        Yardsticks.range(c.ratios(), "%.2f"),
                        c.verdict().words(),
                        c.why()))
            .toList());
    figureSection(
        doc,
        results,
        "CPU time per operation",
        "µs of CPU time (user and system, every thread of the client's process) per operation"
            + " over each run's window, median of the rounds [min–max]; the ratio is taken round by"
            + " round, lower is less CPU on our side.",
        PeerResults.Measurement::cpuPerOperationUs,
        "%.2f");
    figureSection(
        doc,
        results,
        "Speed",
        "operations per second over each run's window, median of the rounds [min–max]; the ratio"
            + " is taken round by round, above 1 is faster on our side.",
        PeerResults.Measurement::speed,
        "%,.0f");
    CpuByThreads.section(doc, results);
    Yardsticks.section(doc, results);
    settings(doc, results);
    commands(doc, results);
    failures(doc, results);
    return doc;
  }

  private static String setup(PeerResults r) {
    PeerScale s = r.scale();
    return String.format(
        Locale.ROOT,
        "Scale `%s`: %,d records of 10 × 100 bytes loaded by each side, then workload A (%,d"
            + " operations; LMDB three times as many) and C (%,d; LMDB four times, LevelDB one and"
            + " a half times as many) on a fresh copy of that side's loaded tree; %d round%s,"
            + " each running every cell on every side back to back, the sides' order reversed"
            + " every other round; client threads %s; the first %d s of each run left out of its"
            + " window. Sides: %s. Machine: %s, %d cores, %s.",
        s.name(),
        s.records(),
        s.operationsA(),
        s.operationsC(),
        s.rounds(),
        s.rounds() == 1 ? "" : "s",
        r.threads(),
        s.warmupSeconds(),
        String.join(
            "; ",
            r.peers().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + ": " + e.getValue())
                .toList()),
        r.machine() == null ? "unknown" : r.machine().cpu(),
        r.machine() == null ? 0 : r.machine().cores(),
        r.machine() == null ? "" : r.machine().os());
  }

  private static List<String> summary(PeerResults results, List<PeerClaims.Judged> claims) {
    List<String> lines = new ArrayList<>();
    for (PeerClaims.Verdict v : PeerClaims.Verdict.values()) {
      List<PeerClaims.Judged> judged = claims.stream().filter(c -> c.verdict() == v).toList();
      if (judged.isEmpty()) {
        continue;
      }
      // each claim is "<cell>: <what>"; the cells of one verdict are listed per what they claim
      Map<String, List<String>> cells = new java.util.LinkedHashMap<>();
      for (PeerClaims.Judged c : judged) {
        int colon = c.claim().indexOf(": ");
        cells
            .computeIfAbsent(c.claim().substring(colon + 2), k -> new ArrayList<>())
            .add(c.claim().substring(0, colon).replaceAll(" \\([^)]*\\)", ""));
      }
      List<String> parts = new ArrayList<>();
      cells.forEach((what, where) -> parts.add(what + " on " + String.join("; ", where)));
      lines.add(
          "**"
              + v.words()
              + "** ("
              + judged.size()
              + " of "
              + claims.size()
              + "): "
              + String.join(". ", parts));
    }
    lines.add(Yardsticks.conclusion(results));
    long failed = results.runs().stream().filter(PeerResults.Measurement::failed).count();
    if (failed > 0) {
      lines.add(failed + " run" + (failed == 1 ? "" : "s") + " failed: see \"Failed runs\".");
    }
    return lines;
  }

  private static void figureSection(
      Document doc,
      PeerResults results,
      String heading,
      String text,
      ToDoubleFunction<PeerResults.Measurement> figure,
      String format) {
    List<Side> peers =
        List.of(Side.YCSB_CPP, Side.YCSB).stream()
            .filter(p -> results.runs().stream().anyMatch(r -> r.side() == p))
            .toList();
    List<String> header = new ArrayList<>(List.of("engine", "threads", "phase", "ours"));
    for (Side p : peers) {
      header.add(p.label());
      header.add("ours ÷ " + p.label());
    }
    List<List<String>> rows = new ArrayList<>();
    for (String engine : results.engines()) {
      for (int t : results.threads()) {
        for (Phase phase : Phase.values()) {
          Cell ours = new Cell(engine, t, phase, Side.OURS);
          List<String> row =
              new ArrayList<>(
                  List.of(
                      engine,
                      Integer.toString(t),
                      phase.label(),
                      Yardsticks.range(Yardsticks.spread(results, ours, figure), format)));
          for (Side p : peers) {
            row.add(
                p.drives(engine)
                    ? Yardsticks.range(Yardsticks.spread(results, ours.on(p), figure), format)
                    : "—");
            row.add(
                p.drives(engine)
                    ? Yardsticks.range(PeerClaims.ratios(results, ours.on(p), figure), "%.2f")
                    : "—");
          }
          rows.add(row);
        }
      }
    }
    doc.heading(2, heading);
    doc.paragraph(text);
    doc.table(header, rows);
  }

  private static void settings(Document doc, PeerResults results) {
    doc.heading(2, "Settings");
    doc.paragraph(
        "The same engine configuration on both sides: YCSB-cpp's own properties files, with"
            + " compression off, and our binding set to match them. Upstream YCSB 0.17.0's RocksDB"
            + " client takes no option but its folder: it opens RocksDB with"
            + " `optimizeLevelStyleCompaction()` and RocksDB's defaults (its own version's, which"
            + " compress with snappy), so its cells compare the two clients as each ships, not"
            + " one engine configuration. \"Ours ran\" is the library each engine's startup line"
            + " named; a peer runs the versions it was built against (docs/peers.md lists those"
            + " of a Debian 12 build), which this runner does not read. Where they differ, a cell"
            + " compares the versions as well as the clients: `--rocksdb-library` runs ours on"
            + " another RocksDB, such as the peer's, and `--rocksdb-options` opens it with an"
            + " OPTIONS file, such as the one the peer's RocksDB wrote.");
    List<List<String>> rows = new ArrayList<>();
    for (String engine : results.engines()) {
      String file = oursOptionsFile(results, engine);
      rows.add(
          List.of(
              engine,
              String.join(" ", flatten(PeerSettings.ours(engine)))
                  + (file == null
                      ? ""
                      : " rocksdb.optionsfile="
                          + file
                          + " (--rocksdb-options: the file governs, the settings before it are"
                          + " ignored)"),
              oursRan(results, engine),
              String.join(" ", flatten(PeerSettings.ycsbCpp(engine)))));
    }
    doc.table(List.of("engine", "ours", "ours ran", "YCSB-cpp (beyond its properties file)"), rows);
  }

  /**
   * The OPTIONS file our runs of {@code engine} opened RocksDB with ({@code --rocksdb-options}, as
   * the first such run's command gives it), or null where none did.
   */
  static String oursOptionsFile(PeerResults results, String engine) {
    return results.runs().stream()
        .filter(r -> r.side() == Side.OURS && r.engine().equals(engine))
        .map(r -> OPTIONS_FILE.matcher(r.command()))
        .filter(Matcher::find)
        .map(m -> m.group(1) != null ? m.group(1) : m.group(2))
        .findFirst()
        .orElse(null);
  }

  /** The libraries our runs of {@code engine} loaded, in the order first seen. */
  static String oursRan(PeerResults results, String engine) {
    List<String> seen =
        results.runs().stream()
            .filter(r -> r.side() == Side.OURS && r.engine().equals(engine) && r.library() != null)
            .map(PeerResults.Measurement::library)
            .distinct()
            .toList();
    return seen.isEmpty() ? "not recorded" : String.join(", ", seen);
  }

  private static List<String> flatten(Map<String, String> properties) {
    return properties.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
  }

  private static void commands(Document doc, PeerResults results) {
    StringBuilder text = new StringBuilder();
    results.runs().stream()
        .filter(r -> r.round() == 1 && !r.command().isEmpty())
        .forEach(r -> text.append(r.command()).append('\n'));
    doc.heading(2, "Commands");
    doc.code("The first round's commands, in the order they ran", text.toString());
  }

  private static void failures(Document doc, PeerResults results) {
    List<List<String>> rows =
        results.runs().stream()
            .filter(PeerResults.Measurement::failed)
            .map(
                r ->
                    List.of(
                        Integer.toString(r.round()),
                        r.engine(),
                        Integer.toString(r.threads()),
                        r.phase().id(),
                        r.side().label(),
                        r.error()))
            .toList();
    if (!rows.isEmpty()) {
      doc.heading(2, "Failed runs");
      doc.table(List.of("round", "engine", "threads", "phase", "side", "error"), rows);
    }
  }
}
