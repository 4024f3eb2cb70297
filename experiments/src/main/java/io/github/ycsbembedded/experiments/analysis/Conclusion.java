package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.model.Ordered;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a reader should take away from a run, as numbers the report words in its first paragraph:
 * the tally of the write-up's claims; each engine's speed here ÷ its published speed over the
 * claims' phases (where the write-up publishes speeds), which shows when one engine — often the one
 * every ratio divides by — ran further from its published figures than the others; and, per claim
 * not reproduced, the ablation that moved it furthest toward the published figure, or none.
 *
 * @param tally the write-up's claims by verdict
 * @param reference the engine every claim's ratio divides by (null when the claims name none)
 * @param ofPublished each engine's speed here ÷ its published speed, one value per claimed phase
 * @param causes each claim not reproduced with its ablation that moved furthest toward the
 *     published figure (null when none moved it beyond the ranges)
 * @param ablationsRun whether the run measured ablations at all
 * @param harness what the authors' own harness measured of the same claims (null without one)
 */
public record Conclusion(
    Map<Claim.Verdict, Integer> tally,
    String reference,
    Map<String, Spread> ofPublished,
    List<Cause> causes,
    boolean ablationsRun,
    HarnessRatios.Summary harness) {
  public Conclusion {
    tally = Ordered.copy(tally);
    ofPublished = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(ofPublished));
    causes = List.copyOf(causes);
  }

  /** A claim not reproduced and the ablation that moved it furthest toward its published figure. */
  public record Cause(Claim claim, Ablations.Effect best) {}

  /** The conclusion of {@code findings}' write-up claims. */
  public static Conclusion of(Context c, List<Claim> claims, String speedColumn) {
    List<Claim> tallied = claims.stream().filter(Claim::tallied).toList();
    Map<Claim.Verdict, Integer> tally = new EnumMap<>(Claim.Verdict.class);
    tallied.forEach(x -> tally.merge(x.verdict(), 1, Integer::sum));
    Map<String, Spread> ofPublished = new LinkedHashMap<>();
    if (speedColumn != null) {
      List<String> phases =
          tallied.stream().flatMap(x -> x.subject().phases().stream()).distinct().toList();
      for (String engine : c.experiment().engines()) {
        List<Double> values = new ArrayList<>();
        for (String phase : phases) {
          Double published = c.published(phase, engine, speedColumn);
          Spread ours = c.speed(engine, phase);
          if (published != null && published > 0 && !ours.isEmpty()) {
            values.add(ours.median() / published);
          }
        }
        if (!values.isEmpty()) {
          ofPublished.put(engine, Spread.of(values));
        }
      }
    }
    List<Cause> causes = new ArrayList<>();
    for (Claim claim : tallied) {
      if (claim.verdict() == Claim.Verdict.NOT_REPRODUCED
          || claim.verdict() == Claim.Verdict.INCONCLUSIVE) {
        Ablations.Effect best = null;
        for (Ablations.Effect e : claim.ablations()) {
          if (explains(e) && (best == null || closer(e, best, claim.expected()))) {
            best = e;
          }
        }
        causes.add(new Cause(claim, best));
      }
    }
    boolean ablationsRun = c.run().variants().stream().anyMatch(v -> v.ablation() != null);
    return new Conclusion(
        tally,
        commonReference(tallied),
        ofPublished,
        causes,
        ablationsRun,
        HarnessRatios.summary(
            c, claims.stream().filter(x -> x.origin() != Claim.Origin.BEYOND).toList()));
  }

  /** Whether an ablation's move speaks for its cause: toward the published figure, or across it. */
  static boolean explains(Ablations.Effect e) {
    return e.movement() == Ablations.Movement.TOWARD || e.movement() == Ablations.Movement.ACROSS;
  }

  /** Whether {@code a} ended closer to the published figure than {@code b} (on a log scale). */
  private static boolean closer(Ablations.Effect a, Ablations.Effect b, double published) {
    return Math.abs(Math.log(a.to().median() / published))
        < Math.abs(Math.log(b.to().median() / published));
  }

  /** The engine every ratio claim divides by, or null. */
  private static String commonReference(List<Claim> claims) {
    String reference = null;
    for (Claim claim : claims) {
      List<String> engines = claim.subject().engines();
      if (!claim.ratio() || engines.size() != 2) {
        return null;
      }
      if (reference == null) {
        reference = engines.get(1);
      } else if (!reference.equals(engines.get(1))) {
        return null;
      }
    }
    return reference;
  }

  /**
   * Whether the reference engine ran further below (or above) its published speed than every other
   * engine: its range lies apart from theirs, so every ratio that divides by it moves the same way.
   */
  public boolean referenceStandsOut() {
    Spread ref = reference == null ? null : ofPublished.get(reference);
    if (ref == null || ofPublished.size() < 2) {
      return false;
    }
    boolean below = true;
    boolean above = true;
    for (Map.Entry<String, Spread> e : ofPublished.entrySet()) {
      if (e.getKey().equals(reference)) {
        continue;
      }
      below &= ref.max() < e.getValue().min();
      above &= ref.min() > e.getValue().max();
    }
    return below || above;
  }
}
