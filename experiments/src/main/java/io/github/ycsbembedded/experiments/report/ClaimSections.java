package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.ConfidenceInterval;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Verdicts;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.model.Variants;
import io.github.ycsbembedded.experiments.results.Results;
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
    judgeable(doc, c, claims);
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
              interval(claim),
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
            Math.round(ConfidenceInterval.LEVEL * 100) + "% interval (independent samples)",
            "verdict",
            "direction"),
        rows);
  }

  /** The interval a verdict judged, in a cell: {@code 0.55–1.34 (2 trials)}. */
  private static String interval(Claim claim) {
    ConfidenceInterval i = claim.interval();
    if (i.basis() == ConfidenceInterval.Basis.NONE) {
      return "—";
    }
    String figures =
        i.measured()
            ? Units.ratio(i.low()) + "–" + Units.ratio(i.high())
            : "none (" + Units.ratio(i.center()) + ")";
    if (!claim.ratio()) {
      figures =
          i.measured()
              ? Units.number(i.low()) + "–" + Units.number(i.high())
              : "none (" + Units.number(i.center()) + ")";
    }
    String basis =
        switch (i.basis()) {
          case TRIALS -> i.samples() + " trials";
          case REPETITIONS -> i.samples() + " runs of 1 trial";
          default -> "1 sample";
        };
    return figures + " (" + basis + ")";
  }

  /**
   * What this run can judge, before the claims: the claims its samples cannot decide, with the
   * samples each would need at the spread it measured and what they would take here, and those
   * whose interval is wider than their band (so that "reproduced" cannot be reached with this many
   * samples, whatever their center).
   */
  private static void judgeable(Document doc, Context c, List<Claim> claims) {
    List<String> lines = new ArrayList<>();
    double minutes = minutesPerTrial(c.pool().ownRun());
    int trials = c.run().protocol().trials();
    for (int i = 0; i < claims.size(); i++) {
      Claim claim = claims.get(i);
      if (claim.verdict() != Claim.Verdict.INCONCLUSIVE) {
        continue;
      }
      lines.add("#" + (i + 1) + " " + claim.statement() + ": " + undecided(claim, trials, minutes));
    }
    if (lines.isEmpty()) {
      return;
    }
    doc.paragraph(
        "**What this run cannot judge.** Each verdict below rests on the "
            + Math.round(ConfidenceInterval.LEVEL * 100)
            + "% interval of its claim's own independent samples (its trials, pooled with the"
            + " earlier runs reported with it); where that interval straddles a line of the"
            + " claim's band, the verdict is inconclusive, and the spread the claim measured says"
            + " how many samples would decide it:");
    doc.bullets(lines);
  }

  /** Why an inconclusive claim is undecided, and what would decide it. */
  private static String undecided(Claim claim, int trials, double minutes) {
    ConfidenceInterval i = claim.interval();
    if (!i.measured()) {
      return "one sample, which bounds nothing; `--trials "
          + Math.max(2, trials + 1)
          + "` would measure its spread"
          + time(Math.max(2, trials + 1) - trials, minutes);
    }
    String ours =
        "its interval "
            + Units.ratio(i.low())
            + "–"
            + Units.ratio(i.high())
            + " (×"
            + Units.ratio(i.factor())
            + " wide) straddles a line of its band "
            + ClaimText.interval(claim.low(), claim.high())
            + (Double.isFinite(claim.high() / claim.low())
                ? " (×" + Units.ratio(claim.high() / claim.low()) + " wide)"
                : "");
    String wider =
        claim.judgement().widerThanBand()
            ? "; no interval of "
                + i.samples()
                + " samples this wide can lie within the band, so \"reproduced\" cannot be reached"
                + " with them"
            : "";
    int n = claim.judgement().toDecide();
    if (n == 0) {
      return ours + wider + "; its center lies on the line: no number of samples decides it";
    }
    if (i.basis() != ConfidenceInterval.Basis.TRIALS) {
      return ours
          + wider
          + "; these are runs of one trial, which hold no reload's spread: `--trials 2` or more"
          + " would measure it";
    }
    if (n > ConfidenceInterval.MOST_TRIALS) {
      return ours + wider + "; more than " + ConfidenceInterval.MOST_TRIALS + " trials would";
    }
    return ours
        + wider
        + "; at the spread measured, "
        + n
        + " trials would decide it"
        + (n > i.samples() ? time(n - i.samples(), minutes) : "");
  }

  /** {@code " (3 more trials, about 27 minutes here)"}, or the count alone without a pace. */
  private static String time(int more, double minutes) {
    return " ("
        + more
        + " more trial"
        + (more == 1 ? "" : "s")
        + (Double.isFinite(minutes) && minutes > 0
            ? ", about " + Math.round(more * minutes) + " minutes here"
            : "")
        + "; runs of the same settings on a like machine, reported together, count as well)";
  }

  /** This run's minutes per trial: its span ÷ its trials (NaN when its times do not parse). */
  static double minutesPerTrial(Results.Run run) {
    try {
      java.time.LocalDateTime from = java.time.LocalDateTime.parse(run.startedAt());
      java.time.LocalDateTime to = java.time.LocalDateTime.parse(run.finishedAt());
      double minutes = java.time.Duration.between(from, to).toSeconds() / 60.0;
      return minutes / Math.max(1, run.protocol().trials());
    } catch (RuntimeException e) {
      return Double.NaN;
    }
  }

  /** How a verdict is drawn, for the write-up's claims and the file's own. */
  private static String rules(List<Claim> claims) {
    boolean writeUp = claims.stream().anyMatch(x -> x.origin() != Claim.Origin.OWN);
    String level = Math.round(ConfidenceInterval.LEVEL * 100) + "%";
    String interval =
        " Ours is judged as a "
            + level
            + " confidence interval (Student's t on the logarithms of the claim's independent"
            + " samples: one per trial, the geometric mean of its runs, since a trial loads the data"
            + " anew and its runs share one tree; a run of one trial falls back on its runs, which"
            + " hold no reload's spread, and one sample bounds nothing), so a verdict says what the"
            + " trials support, not what one run happened to read.";
    String ownRule =
        "An expectation of the experiment file's own (no published figure) is judged by the same"
            + " rule against the interval it states: it **holds** when the interval of ours lies"
            + " within it, **does not hold** when none of it does, and is **inconclusive** when it"
            + " straddles an end of it, as Go's benchstat prints ~ where a difference cannot be"
            + " told from noise.";
    if (!writeUp) {
      return ownRule + interval;
    }
    return "A ratio claim holds for a value within its tolerance of the published ratio and on"
        + " its side of 1 (a ratio within ×"
        + Verdicts.EVEN
        + " of 1 is \"about even\" and claims no side). The verdict is **reproduced** when"
        + " the interval of ours lies within that band, **not reproduced** when none of it does,"
        + " and **inconclusive** when it straddles an end of the band, as Go's benchstat prints"
        + " ~ where a difference cannot be told from noise. The direction is judged on the same"
        + " interval: it **holds** when the whole interval is on the published side, is"
        + " **reversed** when it is wholly on the other. **regime differs**: this run did not"
        + " reproduce the write-up's memory regime, so no verdict is drawn."
        + (claims.stream().anyMatch(x -> x.origin() == Claim.Origin.OWN) ? " " + ownRule : "")
        + interval;
  }

  /**
   * Our own ways of running a write-up's phase, apart from its claims: no published figure, no
   * band, no verdict, not in the tally; each beside the same engines' ratio on the write-up's own
   * phase here. Then the write-up's figures that ours measures otherwise ({@link
   * Claim#notComparable}): ours beside the published figure, unjudged.
   */
  private static void beyond(Document doc, Context c, List<Claim> all) {
    List<List<String>> rows = new ArrayList<>();
    List<List<String>> otherwise = new ArrayList<>();
    for (Claim claim : all) {
      if (claim.origin() != Claim.Origin.BEYOND || claim.subject().phases().size() != 1) {
        continue;
      }
      var phase = c.experiment().phase(claim.subject().phases().get(0));
      String besideId = phase == null ? null : phase.beside();
      if (besideId == null) {
        otherwise.add(
            List.of(
                claim.statement(),
                ClaimText.ours(claim).isEmpty() ? "—" : ClaimText.ours(claim),
                ClaimText.expected(claim)));
        continue;
      }
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
    unjudged(
        doc,
        "Ours beside the write-up's phases",
        "Phases of ours run beside the write-up's (the experiment file says how each differs): the"
            + " same ratio of engines, with no published figure, no band and no verdict, and not in"
            + " the tally; beside it, the ratio on the write-up's own phase here.",
        List.of("ratio, our way", "here", "the write-up's phase here"),
        rows);
    unjudged(
        doc,
        "Figures the write-up measured otherwise",
        "The write-up publishes these, but what this harness measures under the same name is"
            + " another thing (each says why): ours beside the published figure, with no band,"
            + " \"not comparable\" for a verdict, and not in the tally.",
        List.of("figure", "here", "published"),
        otherwise);
  }

  /** A table of figures without a verdict under its heading and what it holds, if it has rows. */
  private static void unjudged(
      Document doc, String heading, String holds, List<String> header, List<List<String>> rows) {
    if (rows.isEmpty()) {
      return;
    }
    doc.heading(3, heading);
    doc.paragraph(holds);
    doc.table(header, rows);
  }

  /** The write-up's ratios on a log axis: published, the band, and ours with its range. */
  private static void chart(Document doc, List<Claim> claims, Path charts) throws IOException {
    List<Charts.ClaimPoint> points = new ArrayList<>();
    for (int i = 0; i < claims.size(); i++) {
      Claim claim = claims.get(i);
      if (claim.ratio() && !claim.ours().isEmpty() && Double.isFinite(claim.expected())) {
        ConfidenceInterval ours = claim.interval();
        points.add(
            new Charts.ClaimPoint(
                "#" + (i + 1),
                claim.expected(),
                claim.low(),
                claim.high(),
                ours.center(),
                ours.low(),
                ours.high(),
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
            + " in which a ratio here would agree with it (shaded), and ours (the "
            + Math.round(ConfidenceInterval.LEVEL * 100)
            + "% interval its verdict judged, with its center, in its verdict's colour), on a log"
            + " scale with a line at 1.");
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
    for (var v : c.experiment().description().variation().variants()) {
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
