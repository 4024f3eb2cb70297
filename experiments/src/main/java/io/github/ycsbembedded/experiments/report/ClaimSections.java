package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Verdicts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The claims: a table of verdicts, a chart of the ratios with their bands, and why each differs.
 */
final class ClaimSections {
  private ClaimSections() {}

  static void claims(Document doc, Context c, List<Claim> claims, Path charts) throws IOException {
    if (claims.isEmpty()) {
      return;
    }
    doc.heading(2, "Claims");
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
    doc.table(
        List.of(
            "#",
            "claim",
            writeUp ? "published" : "expected",
            "here: median [range] (samples)",
            "verdict",
            "direction"),
        rows);
    String ownRule =
        "An expectation of the experiment file's own (no published figure) is judged by the same"
            + " rule against the interval it states: it **holds** when every sample here (each"
            + " trial's and run's ratio) lies in it, **does not hold** when none does, and is"
            + " **inconclusive** when they straddle an end of it, as Go's benchstat prints ~ where a"
            + " difference cannot be told from noise.";
    doc.paragraph(
        !writeUp
            ? ownRule
            : "A ratio claim holds for a value within its tolerance of the published ratio and on"
                + " its side of 1 (a ratio within ×"
                + Verdicts.EVEN
                + " of 1 is \"about even\" and claims no side). The verdict is **reproduced** when"
                + " every sample here (each trial's and run's ratio) agrees, **not reproduced** when"
                + " none does, and **inconclusive** when they straddle an end of the band, as Go's"
                + " benchstat prints ~ where a difference cannot be told from noise. The direction"
                + " is judged apart: it **holds** when every sample is on the published side, is"
                + " **reversed** when every sample is on the other. **regime differs**: this run"
                + " did not reproduce the write-up's memory regime, so no verdict is drawn;"
                + " **beyond the write-up**: our own way of running a phase, shown beside the"
                + " write-up's for comparison."
                + (claims.stream().anyMatch(x -> x.origin() == Claim.Origin.OWN)
                    ? " " + ownRule
                    : ""));
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
    if (!points.isEmpty()) {
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
    if (claims.stream().allMatch(x -> x.origin() == Claim.Origin.OWN)) {
      for (Claim claim : claims) {
        doc.paragraph(
            "**"
                + claim.statement()
                + "** — "
                + ClaimText.verdict(claim)
                + ": "
                + ClaimText.reason(claim, "")
                + ".");
      }
      return;
    }
    doc.heading(2, "Why the figures differ, claim by claim");
    // what differs for every claim alike is said once, before the claims
    Set<String> common = new LinkedHashSet<>(claims.isEmpty() ? List.of() : claims.get(0).why());
    for (Claim claim : claims) {
      common.retainAll(claim.why());
    }
    if (claims.size() > 1 && !common.isEmpty()) {
      doc.paragraph(
          "What differs between this run and the write-up's for every claim, measured or declared"
              + " in the experiment file (with its source):");
      doc.bullets(List.copyOf(common));
      doc.paragraph(
          "Then each claim: its verdict's reason, and what differs for it besides (its engines'"
              + " versions and settings, and the engines' own figures that differ most).");
    } else {
      common.clear();
      doc.paragraph(
          "For each claim: its verdict's reason, then what differs between this run and the"
              + " write-up's, measured or declared in the experiment file (with its source).");
    }
    String regimeNote = c.run().memory().regime() == null ? "" : c.run().memory().regime().note();
    for (Claim claim : claims) {
      doc.paragraph(
          "**"
              + claim.statement()
              + "** — "
              + ClaimText.verdict(claim)
              + ": "
              + ClaimText.reason(claim, regimeNote)
              + ".");
      List<String> own = claim.why().stream().filter(w -> !common.contains(w)).toList();
      if (!own.isEmpty()) {
        doc.bullets(own);
      }
    }
  }
}
