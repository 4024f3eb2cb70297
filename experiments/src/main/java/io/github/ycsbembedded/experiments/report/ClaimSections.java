package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Verdicts;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.model.Variants;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The claims: a table of verdicts, a chart of the ratios with their bands, and why each differs.
 */
final class ClaimSections {
  private ClaimSections() {}

  /** The claims with a verdict (the write-up's and the file's own), numbered in this order. */
  static List<Claim> judged(List<Claim> claims) {
    return claims.stream().filter(x -> x.origin() != Claim.Origin.BEYOND).toList();
  }

  static void claims(Document doc, Context c, List<Claim> all, Path charts) throws IOException {
    List<Claim> claims = judged(all);
    if (claims.isEmpty()) {
      return;
    }
    doc.heading(2, "Claims");
    verdictTable(doc, claims);
    doc.paragraph(rules(claims));
    beyond(doc, c, all);
    ablations(doc, claims);
    chart(doc, claims, charts);
    if (claims.stream().allMatch(x -> x.origin() == Claim.Origin.OWN)) {
      claims.forEach(claim -> doc.paragraph(verdictLine(claim, "")));
      return;
    }
    doc.heading(2, "Why the figures differ, claim by claim");
    whyOnce(doc, claims);
    untested(doc, c, claims);
    String regimeNote = c.run().memory().regime() == null ? "" : c.run().memory().regime().note();
    for (Claim claim : claims) {
      doc.paragraph(verdictLine(claim, regimeNote));
      List<String> own = new ArrayList<>(claim.evidence());
      claim.ablations().forEach(effect -> own.add(ClaimText.ablation(claim, effect)));
      if (!own.isEmpty()) {
        doc.bullets(own);
      }
    }
  }

  /** A claim's statement in bold, its verdict and the verdict's reason. */
  private static String verdictLine(Claim claim, String regimeNote) {
    return "**"
        + claim.statement()
        + "** — "
        + ClaimText.verdict(claim)
        + ": "
        + ClaimText.reason(claim, regimeNote)
        + ".";
  }

  /** One row per claim: its number, statement, expected figure, ours, verdict and direction. */
  private static void verdictTable(Document doc, List<Claim> claims) {
    List<List<String>> rows = new ArrayList<>();
    int number = 0;
    for (Claim claim : claims) {
      String ours = ClaimText.ours(claim);
      rows.add(
          List.of(
              Integer.toString(++number),
              claim.statement(),
              ClaimText.expected(claim),
              ours.isEmpty() ? "—" : ours + " (n=" + claim.ours().count() + ")",
              claim.origin() == Claim.Origin.OWN
                  ? ClaimText.verdict(claim)
                  : claim.verdict().word(),
              claim.direction().word()));
    }
    boolean writeUp = claims.stream().anyMatch(x -> x.origin() != Claim.Origin.OWN);
    doc.cards(
        List.of(
            "#",
            "claim",
            writeUp ? "published" : "expected",
            "here: median [range] (samples)",
            "verdict",
            "direction"),
        rows);
  }

  /** How a verdict is drawn, for the write-up's claims and the file's own. */
  private static String rules(List<Claim> claims) {
    boolean writeUp = claims.stream().anyMatch(x -> x.origin() != Claim.Origin.OWN);
    String ownRule =
        "An expectation of the experiment file's own (no published figure) is judged by the same"
            + " rule against the interval it states: it **holds** when every sample here (each"
            + " trial's and run's ratio) lies in it, **does not hold** when none does, and is"
            + " **inconclusive** when they straddle an end of it, as Go's benchstat prints ~ where a"
            + " difference cannot be told from noise.";
    double margin = claims.stream().mapToDouble(Claim::margin).max().orElse(1);
    String widened =
        margin > 1
            ? " Every range was first widened to hold its median ÷ "
                + Units.ratio(margin)
                + " and its median × "
                + Units.ratio(margin)
                + " (a range already wider keeps its ends): how far the medians of these ratios"
                + " moved between fresh runs of one build (the scale's margin; docs/performance.md,"
                + " \"How far a ratio moves\"), so a median that clears a line by less is"
                + " inconclusive."
            : "";
    if (!writeUp) {
      return ownRule + widened;
    }
    return "A ratio claim holds for a value within its tolerance of the published ratio and on"
        + " its side of 1 (a ratio within ×"
        + Verdicts.EVEN
        + " of 1 is \"about even\" and claims no side). The verdict is **reproduced** when"
        + " every sample here (each trial's and run's ratio) agrees, **not reproduced** when"
        + " none does, and **inconclusive** when they straddle an end of the band, as Go's"
        + " benchstat prints ~ where a difference cannot be told from noise. The direction"
        + " is judged apart: it **holds** when every sample is on the published side, is"
        + " **reversed** when every sample is on the other. **regime differs**: this run"
        + " did not reproduce the write-up's memory regime, so no verdict is drawn."
        + (claims.stream().anyMatch(x -> x.origin() == Claim.Origin.OWN) ? " " + ownRule : "")
        + widened;
  }

  /**
   * Our own ways of running a write-up's phase, apart from its claims: no published figure, no
   * band, no verdict, not in the tally; each beside the same engines' ratio on the write-up's own
   * phase here.
   */
  private static void beyond(Document doc, Context c, List<Claim> all) {
    List<List<String>> rows = new ArrayList<>();
    for (Claim claim : all) {
      if (claim.origin() != Claim.Origin.BEYOND || claim.subject().phases().size() != 1) {
        continue;
      }
      var phase = c.experiment().phase(claim.subject().phases().get(0));
      String besideId = phase == null ? null : phase.beside();
      Claim writeUps =
          all.stream()
              .filter(
                  x ->
                      x.origin() == Claim.Origin.WRITE_UP
                          && x.subject().engines().equals(claim.subject().engines())
                          && x.subject().phases().equals(List.of(String.valueOf(besideId))))
              .findFirst()
              .orElse(null);
      rows.add(
          List.of(
              claim.statement().replace(" (beyond the write-up)", ""),
              claim.ours().isEmpty() ? "—" : Cells.ratio(claim.ours()),
              writeUps == null || writeUps.ours().isEmpty() ? "—" : Cells.ratio(writeUps.ours())));
    }
    if (rows.isEmpty()) {
      return;
    }
    doc.heading(3, "Ours beside the write-up's phases");
    doc.paragraph(
        "Phases of ours run beside the write-up's (the experiment file says how each differs): the"
            + " same ratio of engines, with no published figure, no band and no verdict, and not in"
            + " the tally; beside it, the ratio on the write-up's own phase here.");
    doc.table(List.of("ratio, our way", "here", "the write-up's phase here"), rows);
  }

  /** The write-up's ratios on a log axis: published, the band, and ours with its range. */
  private static void chart(Document doc, List<Claim> claims, Path charts) throws IOException {
    List<Charts.ClaimPoint> points = new ArrayList<>();
    for (int i = 0; i < claims.size(); i++) {
      Claim claim = claims.get(i);
      if (claim.ratio() && !claim.ours().isEmpty() && Double.isFinite(claim.expected())) {
        points.add(
            new Charts.ClaimPoint(
                "#" + (i + 1),
                claim.expected(),
                claim.low(),
                claim.high(),
                claim.ours(),
                claim.verdict().word()));
      }
    }
    if (points.isEmpty()) {
      return;
    }
    Charts.claims(
        "The write-up's ratios: published, the band where the claim holds, and here",
        points,
        charts.resolve("claims.png"));
    doc.image(
        "the claims on a log ratio axis: published ratios, their bands, and ours with their ranges",
        "charts/claims.png");
    doc.paragraph(
        "Each claim by its number in the table above: the published ratio (grey diamond), the band"
            + " in which a ratio here would agree with it (shaded), and ours (median and range over"
            + " every sample, in its verdict's colour), on a log scale with a line at 1.");
  }

  /**
   * What differs between this run and the write-up's — data, machine, versions, declared
   * differences — said once for all the claims.
   */
  private static void whyOnce(Document doc, List<Claim> claims) {
    Set<String> context = new LinkedHashSet<>();
    claims.forEach(claim -> context.addAll(claim.why()));
    if (!context.isEmpty()) {
      doc.paragraph(
          "What differs between this run and the write-up's, for the claims below, measured or"
              + " declared in the experiment file (with its source):");
      doc.bullets(List.copyOf(context));
    }
    doc.paragraph(
        "Then each claim: its verdict's reason, the engines' own figures that differ most between"
            + " its two engines, and what each ablation that concerns it did to its figure (an"
            + " ablation changes one suspected cause and runs in the same trials as the base; a"
            + " move counts only where the two ranges do not overlap; each ablation's settings"
            + " and reasoning are under \"What the ablations moved\").");
  }

  /**
   * The experiment file's ablations this run did not run, when a write-up claim was not reproduced:
   * the causes they would test, and how to run them.
   */
  private static void untested(Document doc, Context c, List<Claim> claims) {
    boolean missed =
        claims.stream().anyMatch(x -> x.tallied() && x.verdict() != Claim.Verdict.REPRODUCED);
    List<String> lines = new ArrayList<>();
    for (var v : c.experiment().description().variants()) {
      if (v.ablation() && c.run().variant(v.name()) == null) {
        lines.add(
            "`"
                + v.name()
                + "`"
                + (v.tests() == null ? "" : ": " + v.tests().trim())
                + (v.concerns().isEmpty() ? "" : " (" + String.join(", ", v.concerns()) + ")"));
      }
    }
    if (missed && !lines.isEmpty()) {
      doc.paragraph(
          "Suspected causes this run did not test: the experiment file's ablations, which run with"
              + " `--ablations` (each beside the base, in the same trials):");
      doc.bullets(lines);
    }
  }

  /**
   * Every ablation's move of every claim it concerns, in one table: the claim by its number, the
   * cause tested, the figure in the base and with the ablation, the published one, and the move.
   */
  private static void ablations(Document doc, List<Claim> claims) {
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < claims.size(); i++) {
      Claim claim = claims.get(i);
      for (var effect : claim.ablations()) {
        rows.add(
            List.of(
                "#" + (i + 1),
                claim.verdict().word(),
                ClaimText.cause(effect),
                ClaimText.figure(claim, effect.from()),
                ClaimText.figure(claim, effect.to()),
                ClaimText.expected(claim),
                effect.movement().words()));
      }
    }
    if (rows.isEmpty()) {
      return;
    }
    doc.heading(3, "What the ablations moved");
    doc.paragraph(
        "Each ablation changes one suspected cause of a gap and runs beside the base in the same"
            + " trials (the engines it does not concern keep the base's figures). Its figure is the"
            + " claim's figure drawn again from the ablation's runs; the move is toward or away from"
            + " the published figure where the two ranges do not overlap.");
    doc.paragraph("The ablations, each with what it changes and why:");
    doc.bullets(described(claims));
    doc.table(
        List.of(
            "claim",
            "verdict",
            "suspected cause (ablation)",
            "base: median [range]",
            "with the ablation",
            "published",
            "move"),
        rows);
  }

  /**
   * Each ablation that concerns a claim of {@code claims} (a row of the table), once: its name,
   * what it changes, and the suspected cause it tests in full.
   */
  private static List<String> described(List<Claim> claims) {
    Map<String, String> lines = new LinkedHashMap<>();
    for (Claim claim : claims) {
      for (var effect : claim.ablations()) {
        String changes = Variants.said(effect.changes());
        lines.putIfAbsent(
            effect.variant(),
            "`"
                + effect.variant()
                + "`"
                + (changes.isEmpty() ? "" : " (" + changes + ")")
                + (effect.tests().isEmpty() ? "" : ": " + effect.tests()));
      }
    }
    return List.copyOf(lines.values());
  }
}
