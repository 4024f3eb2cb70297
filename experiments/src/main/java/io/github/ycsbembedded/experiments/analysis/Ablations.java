package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a run's ablations did to the write-up's claims. An ablation is a variant that changes one
 * suspected cause of a gap (a setting, the phase order, how a load's speed is counted); it runs in
 * the same trials as the base, interleaved with it. For each ablation the write-up's claims are
 * drawn again from its figures — its own engines', the base's for the engines it did not run
 * ({@link Context#standingIn}) — and each claim it concerns gets the move of its figure: from the
 * base's to the ablation's, toward the published figure or away from it, or no further than the two
 * ranges overlap.
 */
public final class Ablations {
  private Ablations() {}

  /** How an ablation moved a claim's figure, measured against the published one. */
  public enum Movement {
    /** Closer to the published figure, the two ranges apart. */
    TOWARD("toward the published"),
    /**
     * From one side of the published figure to the other, the two ranges apart: the cause is large
     * enough to close the gap, wherever the move ended.
     */
    ACROSS("across the published"),
    /** Further from the published figure, the two ranges apart. */
    AWAY("away from the published"),
    /** The ranges overlap: a move this run cannot tell from its spread. */
    WITHIN_RANGES("not beyond the ranges"),
    /** One sample on a side: no range to tell a move from noise. */
    TOO_FEW("one sample: cannot tell (--trials 2 gives a range)");

    private final String words;

    Movement(String words) {
      this.words = words;
    }

    /** How the report says it: "toward the published", "not beyond the ranges", ... */
    public String words() {
      return words;
    }
  }

  /**
   * What one ablation did to one claim.
   *
   * @param variant the ablation's name
   * @param tests the cause it tests
   * @param changes what it changes, by dimension
   * @param from the claim's figure in the base
   * @param to the same figure with the ablation's change
   * @param published the write-up's figure
   * @param movement how far and which way it moved
   */
  public record Effect(
      String variant,
      String tests,
      Map<String, String> changes,
      Spread from,
      Spread to,
      double published,
      Movement movement) {}

  /**
   * The write-up's {@code claims} (drawn from {@code c}'s base), each with the effects of the run's
   * ablations that concern its engines.
   */
  static List<Claim> apply(Context c, WriteUp writeUp, List<Claim> claims) {
    List<Results.VariantRun> ablations =
        c.run().variants().stream().filter(v -> v.ablation() != null).toList();
    if (ablations.isEmpty()) {
      return claims;
    }
    List<List<Effect>> effects = new ArrayList<>();
    claims.forEach(claim -> effects.add(new ArrayList<>()));
    for (Results.VariantRun ablation : ablations) {
      List<Claim> again = writeUp.claims(c.standingIn(ablation));
      for (int i = 0; i < claims.size(); i++) {
        Claim claim = claims.get(i);
        Claim moved = same(again, claim);
        if (moved != null && concerns(ablation, claim) && Double.isFinite(claim.expected())) {
          effects
              .get(i)
              .add(
                  new Effect(
                      ablation.name(),
                      ablation.ablation().tests(),
                      ablation.changes(),
                      claim.ours(),
                      moved.ours(),
                      claim.expected(),
                      movement(claim.ours(), moved.ours(), claim.expected())));
        }
      }
    }
    List<Claim> withEffects = new ArrayList<>();
    for (int i = 0; i < claims.size(); i++) {
      withEffects.add(
          effects.get(i).isEmpty() ? claims.get(i) : claims.get(i).withAblations(effects.get(i)));
    }
    return withEffects;
  }

  /** The claim of {@code claims} that states what {@code claim} states, or null. */
  private static Claim same(List<Claim> claims, Claim claim) {
    return claims.stream()
        .filter(x -> x.statement().equals(claim.statement()) && !x.ours().isEmpty())
        .findFirst()
        .orElse(null);
  }

  /**
   * Whether an ablation concerns a claim: it names none of its engines or one of them, and none of
   * its phases or all of them ({@code on}: a change of order, say, leaves the load alone).
   */
  private static boolean concerns(Results.VariantRun ablation, Claim claim) {
    List<String> engines = ablation.ablation().concerns();
    List<String> phases = ablation.ablation().on();
    return (engines.isEmpty() || claim.subject().engines().stream().anyMatch(engines::contains))
        && (phases.isEmpty() || phases.containsAll(claim.subject().phases()));
  }

  /**
   * How a figure moved from {@code from} to {@code to}, against {@code published}: not at all that
   * the run can tell when a side has one sample or the ranges overlap; across it when the medians
   * lie on its two sides; else toward or away from it by the medians' distance from it (on a log
   * scale: a ratio of 2 and one of 0.5 are as far from 1).
   */
  static Movement movement(Spread from, Spread to, double published) {
    if (from.count() < 2 || to.count() < 2) {
      return Movement.TOO_FEW;
    }
    if (to.min() <= from.max() && from.min() <= to.max()) {
      return Movement.WITHIN_RANGES;
    }
    if ((from.median() - published) * (to.median() - published) < 0) {
      return Movement.ACROSS;
    }
    double before = Math.abs(Math.log(from.median() / published));
    double after = Math.abs(Math.log(to.median() / published));
    return after < before ? Movement.TOWARD : Movement.AWAY;
  }
}
