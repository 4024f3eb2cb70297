package io.github.ycsbembedded.experiments.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.writeups.WriteUpsTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * unum.yaml's ucsb results of December 2021 beside the unum fixture (400,000 records): each claim's
 * ratio at ucsb's four sizes, the nearest size to ours (1,000,000 records: 2.5 times ours, where
 * 100,000 is 4 times less), and ours ÷ ucsb's ratio there, sample by sample.
 */
class HarnessRatiosTest {
  @Test
  void eachClaimGetsTheHarnesssRatioAtEverySizeAndOursOverItAtTheNearest() throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    Results.Run run = WriteUpsTest.fixture("unum-quick");
    Context c = new Context(unum, run);
    List<Claim> claims = WriteUp.of(unum).claims(c);

    List<HarnessRatios.Row> rows = HarnessRatios.of(c, claims);
    HarnessRatios.Row onC =
        rows.stream()
            .filter(
                r ->
                    r.claim().subject().engines().equals(List.of("rocksdb", "leveldb"))
                        && r.claim().subject().phases().equals(List.of("c")))
            .findFirst()
            .orElseThrow();
    assertThat(onC.atPoints())
        .containsExactly(1033177.0 / 863970, 300694.0 / 584841, 250179.0 / 63218, 57112.0 / 29056);
    assertThat(onC.nearest().records()).isEqualTo(1_000_000);
    double theirs = 300694.0 / 584841;
    assertThat(onC.gap().values())
        .containsExactlyElementsOf(
            onC.claim().ours().values().stream().map(v -> v / theirs).toList());
    assertThat(rows)
        .as("the write-up's claims of two engines on one phase, not ours beside them")
        .allMatch(r -> r.claim().tallied());
  }

  @Test
  void aClaimOfAnEngineTheRunLeftOutIsNotRunNotFailed() throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    Results.Run all = WriteUpsTest.fixture("unum-quick");
    Results.VariantRun base = all.base();
    Results.Run withoutWiredTiger =
        all.toBuilder()
            .variants(
                List.of(
                    new Results.VariantRun(
                        base.name(),
                        base.changes(),
                        base.note(),
                        base.ablation(),
                        base.overall(),
                        base.engines().stream()
                            .filter(e -> !e.engine().equals("wiredtiger"))
                            .toList())))
            .build();
    Context c = new Context(unum, withoutWiredTiger);
    List<Claim> claims = WriteUp.of(unum).claims(c);

    Claim wiredTigerOnC = onPhase(claims, "wiredtiger", "c");
    Claim rocksDbOnC = onPhase(claims, "rocksdb", "c");
    assertThat(wiredTigerOnC.ours().isEmpty()).isTrue();
    assertThat(HarnessRatios.whyMissing(c, wiredTigerOnC)).isEqualTo(Cell.Why.NOT_RUN);
    assertThat(HarnessRatios.whyMissing(new Context(unum, all), rocksDbOnC))
        .as("every engine and phase ran: an empty figure could only be a failure")
        .isEqualTo(Cell.Why.FAILED);
  }

  private static Claim onPhase(List<Claim> claims, String engine, String phase) {
    return claims.stream()
        .filter(
            r ->
                r.subject().engines().equals(List.of(engine, "leveldb"))
                    && r.subject().phases().equals(List.of(phase))
                    && r.subject().figure().equals(Claim.SPEED))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void theNearestPointIsNearestOnALogScale() {
    Description.Harness h =
        new Description.Harness(
            "h",
            "s",
            "",
            List.of(
                new Description.HarnessPoint(100_000, null),
                new Description.HarnessPoint(1_000_000, null)));
    assertThat(h.nearest(300_000).records()).isEqualTo(100_000); // ×3 from it, ×3.33 from 1M
    assertThat(h.nearest(320_000).records()).isEqualTo(1_000_000);
  }
}
