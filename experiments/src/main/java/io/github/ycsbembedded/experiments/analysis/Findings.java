package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.model.ExperimentException;
import java.util.ArrayList;
import java.util.List;

/**
 * What analysis finds in a run, for the report to render: the claims (the write-up's, ours beside
 * it, and the experiment file's own expectations) with their verdicts, and the write-up's tables in
 * its own shape.
 *
 * @param context the run and experiment the figures come from
 * @param claims every claim, the write-up's first
 * @param writeUpSections the write-up's tables (none for a file that names no write-up)
 * @param besideClaims what goes with the claims: the authors' own harness at other sizes, and the
 *     engines' costs per operation with how far they moved
 * @param variants what the run's variants show beside the base
 * @param conclusion what to take away from the write-up's claims (null without a write-up)
 */
public record Findings(
    Context context,
    List<Claim> claims,
    List<Section> writeUpSections,
    List<Section> besideClaims,
    VariantFindings variants,
    Conclusion conclusion) {
  public Findings {
    claims = List.copyOf(claims);
    writeUpSections = List.copyOf(writeUpSections);
    besideClaims = List.copyOf(besideClaims);
  }

  /** Everything analysis finds in {@code c}'s run. */
  public static Findings of(Context c) throws ExperimentException {
    List<Claim> claims = new ArrayList<>();
    List<Section> sections = new ArrayList<>();
    List<Section> beside = new ArrayList<>();
    Conclusion conclusion = null;
    if (c.experiment().description().origin().writeup() != null) {
      WriteUp writeUp = WriteUp.of(c.experiment());
      claims.addAll(Ablations.apply(c, writeUp, writeUp.claims(c)));
      sections.addAll(writeUp.tables(c));
      conclusion = Conclusion.of(c, claims, writeUp.publishedSpeedColumn());
      Section harness = HarnessRatios.section(c, claims);
      if (harness != null) {
        beside.add(harness);
      }
    }
    claims.addAll(OwnClaims.of(c));
    Section costs = Costs.section(c);
    if (costs != null) {
      beside.add(costs);
    }
    return new Findings(c, claims, sections, beside, VariantFindings.of(c), conclusion);
  }
}
