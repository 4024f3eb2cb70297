package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Ablations;
import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Conclusion;
import io.github.ycsbembedded.experiments.analysis.ConfidenceInterval;
import io.github.ycsbembedded.experiments.analysis.HarnessRatios;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The report's first paragraph: what holds, what does not, and the main reason measured. */
final class ConclusionText {
  private ConclusionText() {}

  /** The paragraph, numbering claims as the claims table does. */
  static String of(Conclusion c, List<Claim> claims, Experiment experiment) {
    List<String> sentences = new ArrayList<>();
    sentences.add(tally(c, claims));
    String harness = harness(c, claims);
    if (!harness.isEmpty()) {
      sentences.add(harness);
    }
    String speeds = speeds(c, experiment);
    if (!speeds.isEmpty()) {
      sentences.add(speeds);
    }
    sentences.add(causes(c, claims));
    return "**In short.** " + String.join(" ", sentences);
  }

  /**
   * What holds, what does not, and what this run cannot judge and why: {@code Of the write-up's 10
   * claims checked here: 2 reproduced (#3, #5); 3 not reproduced (#1, #2, direction reversed: #4);
   * 5 inconclusive (#6–#10): ...}.
   */
  private static String tally(Conclusion c, List<Claim> claims) {
    int all = c.tally().values().stream().mapToInt(Integer::intValue).sum();
    List<String> parts = new ArrayList<>();
    for (Claim.Verdict v :
        List.of(
            Claim.Verdict.REPRODUCED,
            Claim.Verdict.NOT_REPRODUCED,
            Claim.Verdict.INCONCLUSIVE,
            Claim.Verdict.REGIME_DIFFERS,
            Claim.Verdict.NOT_MEASURED)) {
      Integer n = c.tally().get(v);
      if (n != null) {
        parts.add(n + " " + v.word() + " (" + numbers(claims, v) + ")");
      }
    }
    return "Of the write-up's "
        + all
        + " claim"
        + (all == 1 ? "" : "s")
        + " checked here: "
        + String.join("; ", parts)
        + "."
        + undecided(claims);
  }

  /** The numbers of the tallied claims with {@code verdict}, the reversed ones named as such. */
  private static String numbers(List<Claim> claims, Claim.Verdict verdict) {
    List<String> plain = new ArrayList<>();
    List<String> reversed = new ArrayList<>();
    for (int i = 0; i < claims.size(); i++) {
      Claim x = claims.get(i);
      if (x.tallied() && x.verdict() == verdict) {
        (x.direction() == Claim.Direction.REVERSED ? reversed : plain).add("#" + (i + 1));
      }
    }
    String said = String.join(", ", plain);
    if (!reversed.isEmpty()) {
      said += (said.isEmpty() ? "" : "; ") + "direction reversed: " + String.join(", ", reversed);
    }
    return said;
  }

  /**
   * Why the inconclusive claims are undecided, in a sentence: one sample each, or intervals that
   * straddle their bands, with the least and most trials the spreads measured would need.
   */
  private static String undecided(List<Claim> claims) {
    List<Claim> open =
        claims.stream()
            .filter(x -> x.tallied() && x.verdict() == Claim.Verdict.INCONCLUSIVE)
            .toList();
    if (open.isEmpty()) {
      return "";
    }
    long single = open.stream().filter(x -> !x.interval().measured()).count();
    long oneTrial =
        open.stream()
            .filter(x -> x.interval().basis() == ConfidenceInterval.Basis.REPETITIONS)
            .count();
    List<Integer> needs =
        open.stream()
            .filter(
                x ->
                    x.interval().basis() == ConfidenceInterval.Basis.TRIALS
                        && x.judgement().toDecide() > 0)
            .map(x -> x.judgement().toDecide())
            .sorted()
            .toList();
    List<String> why = new ArrayList<>();
    if (single > 0) {
      why.add(single + " rest" + (single == 1 ? "s" : "") + " on one sample, which bounds nothing");
    }
    if (oneTrial > 0) {
      why.add(
          oneTrial
              + " rest"
              + (oneTrial == 1 ? "s" : "")
              + " on the runs of one trial, which hold no reload's spread (`--trials 2` or more"
              + " would measure it)");
    }
    if (!needs.isEmpty()) {
      int least = needs.get(0);
      int most = needs.get(needs.size() - 1);
      why.add(
          needs.size()
              + " straddle"
              + (needs.size() == 1 ? "s" : "")
              + " a line of their band"
              + (needs.size() == 1 ? "" : "s")
              + ", and at the spreads measured "
              + (least == most
                  ? trials(least)
                  : trials(least).replace(" trials", "") + " to " + trials(most))
              + " would decide "
              + (needs.size() == 1 ? "it" : "them"));
    }
    return why.isEmpty()
        ? ""
        : " Of the inconclusive: "
            + String.join("; ", why)
            + " (\"What this run cannot judge\", under Claims).";
  }

  private static String trials(int n) {
    return n > ConfidenceInterval.MOST_TRIALS
        ? "more than " + ConfidenceInterval.MOST_TRIALS + " trials"
        : n + " trials";
  }

  /**
   * What the authors' own harness measured of the same claims: how many of its ratios at the
   * write-up's size lie outside the write-up's bands, and how far one ratio moved across its sizes.
   */
  private static String harness(Conclusion c, List<Claim> claims) {
    HarnessRatios.Summary h = c.harness();
    if (h == null) {
      return "";
    }
    String sentence =
        "The authors' own harness, "
            + h.harness()
            + ", put "
            + h.outside().size()
            + " of the "
            + h.measured()
            + " ratios it measured at "
            + String.format(Locale.ROOT, "%,d", h.records())
            + " records outside the write-up's bands"
            + (h.outside().isEmpty()
                ? ""
                : " (" + String.join(", ", h.outside().stream().map(n -> "#" + n).toList()) + ")");
    if (h.widest() != null && h.swing() > 1) {
      List<String> at = new ArrayList<>();
      for (int i = 0; i < h.sizes().size(); i++) {
        double r = h.widestRatios().get(i);
        at.add(
            (Double.isNaN(r) ? "—" : Units.ratio(r))
                + " at "
                + String.format(Locale.ROOT, "%,d", h.sizes().get(i)));
      }
      sentence +=
          ", and the same ratio moved ×"
              + Units.ratio(h.swing())
              + " across its sizes (#"
              + (claims.indexOf(h.widest()) + 1)
              + ", "
              + h.widest().statement()
              + ": "
              + String.join(", ", at)
              + " records)";
    }
    return sentence + " (\"The authors' own harness at sizes beside ours\").";
  }

  /** Each engine's speed here ÷ its published speed, and whether the reference stands out. */
  private static String speeds(Conclusion c, Experiment experiment) {
    if (c.ofPublished().size() < 2) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    c.ofPublished()
        .forEach(
            (engine, spread) ->
                parts.add(experiment.publishedName(engine) + " at " + range(spread)));
    String sentence =
        "Against its published speed in the claims' phases, each engine ran here: "
            + String.join(", ", parts)
            + ".";
    if (c.referenceStandsOut()) {
      Spread ref = c.ofPublished().get(c.reference());
      boolean below =
          c.ofPublished().entrySet().stream()
              .filter(e -> !e.getKey().equals(c.reference()))
              .allMatch(e -> ref.max() < e.getValue().min());
      sentence +=
          " Every claim divides by "
              + experiment.publishedName(c.reference())
              + ", which ran "
              + (below ? "further below" : "further above")
              + " its published speed than any other engine, so every ratio here reads "
              + (below ? "higher" : "lower")
              + " than the write-up's for that reason alone.";
    }
    return sentence;
  }

  private static String range(Spread s) {
    return s.count() == 1
        ? Units.ratio(s.median())
        : Units.ratio(s.min()) + "–" + Units.ratio(s.max());
  }

  /**
   * Which tested cause moved which claims toward the published figure, which claims the ablations
   * moved only away from it, which none moved, and which have single samples that tell no move.
   */
  private static String causes(Conclusion c, List<Claim> claims) {
    if (c.causes().isEmpty()) {
      return "";
    }
    if (!c.ablationsRun()) {
      return "No cause was tested in this run for the "
          + c.causes().size()
          + " claim"
          + (c.causes().size() == 1 ? "" : "s")
          + " not reproduced or inconclusive; `--ablations` runs the experiment file's ablations"
          + " (listed under \"Why the figures differ\").";
    }
    // per ablation (in the claims' order), the claims it carried across the published figure and
    // those it moved furthest toward it
    Map<String, String> tests = new LinkedHashMap<>();
    Map<String, Map<String, List<String>>> byAblation = new LinkedHashMap<>();
    List<String> unmoved = new ArrayList<>();
    List<String> away = new ArrayList<>();
    List<String> tooFew = new ArrayList<>();
    for (Conclusion.Cause cause : c.causes()) {
      String number = "#" + (claims.indexOf(cause.claim()) + 1);
      if (cause.best() == null) {
        var effects = cause.claim().ablations();
        if (effects.stream().anyMatch(e -> e.movement() == Ablations.Movement.AWAY)) {
          away.add(number);
        } else if (!effects.isEmpty()
            && effects.stream().allMatch(e -> e.movement() == Ablations.Movement.TOO_FEW)) {
          tooFew.add(number);
        } else {
          unmoved.add(number);
        }
      } else {
        String how =
            cause.best().movement() == Ablations.Movement.ACROSS ? "across" : "furthest toward";
        tests.put(cause.best().variant(), cause.best().tests());
        byAblation
            .computeIfAbsent(cause.best().variant(), k -> new LinkedHashMap<>())
            .computeIfAbsent(how, k -> new ArrayList<>())
            .add(number);
      }
    }
    List<String> parts = new ArrayList<>();
    byAblation.forEach(
        (ablation, moves) -> {
          List<String> moved = new ArrayList<>();
          moves.forEach((how, numbers) -> moved.add(String.join(", ", numbers) + " " + how));
          parts.add(
              "`"
                  + ablation
                  + "` ("
                  + shortly(tests.get(ablation))
                  + ") moved "
                  + String.join(" and ", moved)
                  + " the published figure");
        });
    return said(parts, away, unmoved, tooFew);
  }

  /**
   * The sentence on the tested causes: {@code parts} what each ablation moved toward or across the
   * published figure, then the claims moved only away, not moved, or with single samples.
   */
  private static String said(
      List<String> parts, List<String> away, List<String> unmoved, List<String> tooFew) {
    if (parts.isEmpty() && away.isEmpty() && unmoved.isEmpty()) {
      return "Each ablation's figure here is one sample, too few to tell a move from the run's"
          + " spread (`--trials 2` gives a range; the table \"What the ablations moved\" shows the"
          + " samples).";
    }
    String sentence =
        parts.isEmpty()
            ? "No ablation moved a claim that does not hold beyond the ranges toward or across"
                + " its published figure"
            : "Of the tested causes, " + String.join("; ", parts);
    return sentence
        + rest(away, unmoved, !parts.isEmpty())
        + (tooFew.isEmpty()
            ? ""
            : "; the ablations' figures for "
                + String.join(", ", tooFew)
                + " are single samples, too few to tell a move")
        + " (the table \"What the ablations moved\").";
  }

  /**
   * The clauses on the claims no ablation moved toward the published figure: those moved only away
   * from it, and (when some claim was moved toward it) those no ablation moved at all.
   */
  private static String rest(List<String> away, List<String> unmoved, boolean someMoved) {
    String rest = "";
    if (!away.isEmpty()) {
      rest +=
          "; the ablations that moved "
              + String.join(", ", away)
              + " beyond the ranges moved "
              + (away.size() == 1 ? "it" : "them")
              + " away from the published figure";
    }
    if (!unmoved.isEmpty() && someMoved) {
      rest += "; no ablation moved " + String.join(", ", unmoved) + " beyond the ranges";
    }
    return rest;
  }

  /** A cause in a few words: its text up to the first colon. */
  static String shortly(String tests) {
    int colon = tests.indexOf(':');
    return (colon > 0 ? tests.substring(0, colon) : tests).trim();
  }
}
