package io.github.ycsbembedded.experiments.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import io.github.ycsbembedded.experiments.writeups.WriteUpsTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Ablations on the unum fixture (a quick run of the base alone): a variant made from the fixture's
 * own LevelDB runs with one phase's speeds changed stands in for LevelDB, and the write-up's claims
 * drawn from it move as that change says, while claims of phases it did not change stay put.
 */
public class AblationsTest {
  private static Spread spread(double... values) {
    List<Double> list = new ArrayList<>();
    for (double v : values) {
      list.add(v);
    }
    return Spread.of(list);
  }

  @Test
  void oneSampleOnASideCannotTellAMove() {
    assertThat(Ablations.movement(spread(0.5), spread(0.9, 0.95), 1.0))
        .isEqualTo(Ablations.Movement.TOO_FEW);
  }

  @Test
  void aMoveFromOneSideOfThePublishedFigureToTheOtherIsAcrossIt() {
    // hyperdex's one-writer ablation: LMDB / LevelDB 3.44 [3.36-3.51] at 4 writers, 1.09 at 1
    assertThat(Ablations.movement(spread(3.36, 3.51), spread(1.08, 1.09), 2.15))
        .isEqualTo(Ablations.Movement.ACROSS);
    // across even where it ends further away (|ln 2.1| > |ln 0.9|)
    assertThat(Ablations.movement(spread(0.88, 0.9), spread(2.0, 2.2), 1.0))
        .isEqualTo(Ablations.Movement.ACROSS);
  }

  @Test
  void rangesThatOverlapAreNoMoveWhateverTheMedians() {
    assertThat(Ablations.movement(spread(0.5, 0.7), spread(0.65, 0.9), 1.0))
        .isEqualTo(Ablations.Movement.WITHIN_RANGES);
  }

  @Test
  void aMoveApartOnOneSideIsTowardOrAwayByTheDistanceFromThePublishedFigure() {
    assertThat(Ablations.movement(spread(0.5, 0.55), spread(0.8, 0.85), 1.0))
        .isEqualTo(Ablations.Movement.TOWARD);
    assertThat(Ablations.movement(spread(0.8, 0.85), spread(0.5, 0.55), 1.0))
        .isEqualTo(Ablations.Movement.AWAY);
    assertThat(Ablations.movement(spread(3.36, 3.51), spread(2.3, 2.4), 2.15))
        .isEqualTo(Ablations.Movement.TOWARD);
    assertThat(Ablations.movement(spread(3.36, 3.51), spread(4.0, 4.1), 2.15))
        .isEqualTo(Ablations.Movement.AWAY);
  }

  /** The fixture's run with an ablation of LevelDB: its runs of {@code phase} sped up. */
  public static Results.Run withAblation(
      Results.Run run, String phase, DoubleUnaryOperator speed, boolean overall) {
    Results.EngineRun leveldb = run.base().engine("leveldb");
    List<Results.PhaseRun> phases = new ArrayList<>();
    for (Results.PhaseRun p : leveldb.phases()) {
      phases.add(
          !p.phase().equals(phase)
              ? p
              : p.withRepetitions(
                  p.repetitions().stream()
                      .map(
                          r -> {
                            Results.MeasuredSpeed s = r.figures().speed();
                            return r.withFigures(
                                r.figures()
                                    .withSpeed(
                                        new Results.MeasuredSpeed(
                                            speed.applyAsDouble(s.throughput()),
                                            speed.applyAsDouble(s.speed()),
                                            speed.applyAsDouble(s.overall()),
                                            s.runtimeMs(),
                                            s.cleanupMs(),
                                            s.target())));
                          })
                      .toList()));
    }
    Results.VariantRun ablation =
        new Results.VariantRun(
            "leveldb-faster",
            Map.of("leveldb.max_file_size", "64m"),
            "",
            new Results.Ablation("LevelDB's seek compaction", List.of("leveldb"), List.of()),
            overall,
            List.of(leveldb.withPhases(phases)));
    List<Results.VariantRun> variants = new ArrayList<>(run.variants());
    variants.add(ablation);
    return run.toBuilder().variants(variants).build();
  }

  private static Claim claim(List<Claim> claims, String engine, String phase) {
    return claims.stream()
        .filter(
            c ->
                c.tallied()
                    && c.subject().engines().equals(List.of(engine, "leveldb"))
                    && c.subject().phases().equals(List.of(phase)))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no claim of " + engine + " on " + phase));
  }

  @Test
  void anAblationOfLevelDbMovesTheClaimsOfThePhaseItChangedAndNoOther() throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    Results.Run run = withAblation(WriteUpsTest.fixture("unum-quick"), "c", v -> v * 2, false);
    List<Claim> claims = Findings.of(new Context(unum, run)).claims();

    Claim onC = claim(claims, "rocksdb", "c");
    assertThat(onC.ablations()).hasSize(1);
    Ablations.Effect effect = onC.ablations().get(0);
    assertThat(effect.variant()).isEqualTo("leveldb-faster");
    assertThat(effect.tests()).isEqualTo("LevelDB's seek compaction");
    assertThat(effect.from()).isEqualTo(onC.ours());
    // LevelDB twice as fast in every sample: RocksDB ÷ LevelDB halves, sample by sample
    assertThat(effect.to().values())
        .containsExactlyElementsOf(onC.ours().values().stream().map(v -> v / 2).toList());
    assertThat(effect.movement())
        .isEqualTo(Ablations.movement(effect.from(), effect.to(), onC.expected()));

    Claim onA = claim(claims, "rocksdb", "a");
    assertThat(onA.ablations()).hasSize(1);
    assertThat(onA.ablations().get(0).to()).isEqualTo(onA.ours());
    assertThat(onA.ablations().get(0).movement()).isEqualTo(Ablations.Movement.WITHIN_RANGES);
  }

  @Test
  void anAblationTakenOverTheWholeRunTakesEveryEnginesLoadSoTheBasesToo() throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    Results.Run fixture = WriteUpsTest.fixture("unum-quick");
    Results.Run run = withAblation(fixture, "init", v -> v, true);
    List<Claim> claims = Findings.of(new Context(unum, run)).claims();

    Claim init = claim(claims, "rocksdb", "init");
    Ablations.Effect effect = init.ablations().get(0);
    // both sides over the whole run: RocksDB's (borrowed from the base) over LevelDB's
    List<Double> expected = new ArrayList<>();
    Results.PhaseRun rocksdb = fixture.base().phase("rocksdb", "init");
    Results.PhaseRun leveldb = fixture.base().phase("leveldb", "init");
    for (Results.Repetition r : rocksdb.ok()) {
      for (Results.Repetition l : leveldb.ok()) {
        if (r.trial() == l.trial() && r.index() == l.index()) {
          expected.add(
              r.figures().speed().overallAsSpeed().speed()
                  / l.figures().speed().overallAsSpeed().speed());
        }
      }
    }
    assertThat(effect.to().values()).containsExactlyElementsOf(expected);
    assertThat(effect.to().values()).isNotEqualTo(init.ours().values());
  }
}
