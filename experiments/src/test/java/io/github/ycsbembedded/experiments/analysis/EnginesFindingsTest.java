package io.github.ycsbembedded.experiments.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Runs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The engines experiment's findings on a made-up run of two trials, out of memory and in: its
 * claims (an engine ratio taken in the variant the claim names, a claim about data out of memory
 * left to {@code regime differs} where the run did not hold the regime), the in-memory variant read
 * against the base's memory, and the costs of both.
 */
class EnginesFindingsTest {
  /** LMDB and RocksDB over two trials: load and C at the speeds given, each trial alike. */
  private static List<Results.EngineRun> engines(
      double lmdbLoad, double lmdbC, double rocksdbLoad, double rocksdbC) {
    return List.of(
        Runs.engine(
            "lmdb",
            "h",
            Runs.phase("load", Runs.rep(1, 1, lmdbLoad), Runs.rep(2, 1, lmdbLoad)),
            Runs.phase("c", Runs.rep(1, 1, lmdbC), Runs.rep(2, 1, lmdbC))),
        Runs.engine(
            "rocksdb",
            "h",
            Runs.phase("load", Runs.rep(1, 1, rocksdbLoad), Runs.rep(2, 1, rocksdbLoad)),
            Runs.phase("c", Runs.rep(1, 1, rocksdbC), Runs.rep(2, 1, rocksdbC))));
  }

  private static Context context(boolean regimeHeld) throws Exception {
    Experiment file = Experiment.load(ExperimentTest.EXPERIMENTS, "engines");
    Results.Run run =
        Runs.run("engines", "quick", "h", 2).toBuilder()
            .memory(new Results.MemorySetup(null, 256L << 20, regimeHeld, null))
            .variants(
                List.of(
                    new Results.VariantRun(
                        Results.BASE, Map.of(), "", engines(1000, 500, 3000, 600)),
                    new Results.VariantRun(
                        "in-memory", Map.of("memory", "3.0"), "", engines(1000, 3000, 3000, 1000))))
            .build();
    return new Context(file, run);
  }

  private static List<Claim> claims(boolean regimeHeld) throws Exception {
    return OwnClaims.of(context(regimeHeld));
  }

  @Test
  void anEngineRatioIsTakenInTheVariantTheClaimNames() throws Exception {
    List<Claim> claims = claims(true);

    // in memory RocksDB takes 3 times the CPU of LMDB per read (the base: 0.83 times)
    assertThat(claims.get(0).ours().median()).isEqualTo(3.0);
    assertThat(claims.get(0).verdict()).isEqualTo(Claim.Verdict.REPRODUCED);
    assertThat(claims.get(0).label()).isEqualTo("rocksdb/lmdb c in-memory");
    // the load's, the base's: 3 times
    assertThat(claims.get(1).ours().median()).isEqualTo(3.0);
    assertThat(claims.get(1).verdict()).isEqualTo(Claim.Verdict.REPRODUCED);
    // no two-thread variant ran
    assertThat(claims.get(3).verdict()).isEqualTo(Claim.Verdict.NOT_MEASURED);
  }

  @Test
  void aClaimAboutDataOutOfMemoryWaitsForTheRegime() throws Exception {
    List<Claim> claims = claims(false);

    assertThat(claims.get(0).verdict())
        .as("in memory: no regime needed")
        .isEqualTo(Claim.Verdict.REPRODUCED);
    assertThat(claims.get(1).verdict()).isEqualTo(Claim.Verdict.REGIME_DIFFERS);
  }

  private static String text(Cell cell) {
    return ((Cell.Text) cell).text();
  }

  @Test
  void aVariantOfMemoryAloneIsReadAgainstTheBasesMemoryAndItsCostsBesideTheBases()
      throws Exception {
    Context c = context(true);

    List<VariantFindings.Sweep> sweeps = VariantFindings.of(c).sweeps();
    assertThat(sweeps).extracting(VariantFindings.Sweep::dimension).containsExactly("memory");
    assertThat(sweeps.get(0).values()).containsExactly("0.25", "3.0");
    assertThat(sweeps.get(0).variants()).containsExactly("base", "in-memory");

    Section.Table costs = (Section.Table) Costs.section(c).parts().get(1);
    assertThat(costs.header().subList(0, 4)).containsExactly("variant", "engine", "phase", "speed");
    assertThat(costs.rows())
        .extracting(row -> text(row.get(0)) + " " + text(row.get(1)) + " " + text(row.get(2)))
        .containsExactly(
            "base lmdb Load",
            "base rocksdb Load",
            "base lmdb C (100% read)",
            "base rocksdb C (100% read)",
            "in-memory lmdb Load",
            "in-memory rocksdb Load",
            "in-memory lmdb C (100% read)",
            "in-memory rocksdb C (100% read)");
  }
}
