package io.github.ycsbembedded.experiments.peers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The order of the runs: sides back to back per cell, reversed every other round. */
class PeerRunnerTest {
  private static final PeerScale TWO_ROUNDS = new PeerScale("t", 10, 10, 10, 2, 0, 1);

  @Test
  void eachCellRunsEverySideBackToBackAndEvenRoundsReverseTheirOrder() {
    List<PeerRunner.Step> steps =
        PeerRunner.steps(
            TWO_ROUNDS,
            List.of("rocksdb"),
            List.of(1),
            List.of(Side.OURS, Side.YCSB_CPP, Side.YCSB));

    assertThat(steps).hasSize(2 * 3 * 3);
    assertThat(steps.subList(0, 3))
        .extracting(PeerRunner.Step::side)
        .containsExactly(Side.OURS, Side.YCSB_CPP, Side.YCSB);
    assertThat(steps.subList(0, 9))
        .extracting(PeerRunner.Step::phase)
        .startsWith(Phase.LOAD, Phase.LOAD, Phase.LOAD, Phase.A);
    assertThat(steps.subList(9, 12))
        .extracting(PeerRunner.Step::side)
        .containsExactly(Side.YCSB, Side.YCSB_CPP, Side.OURS);
    assertThat(steps.get(9).round()).isEqualTo(2);
  }

  @Test
  void upstreamYcsbRunsOnlyRocksDb() {
    List<PeerRunner.Step> steps =
        PeerRunner.steps(
            TWO_ROUNDS, List.of("lmdb", "rocksdb"), List.of(1, 2), List.of(Side.OURS, Side.YCSB));

    assertThat(steps)
        .filteredOn(s -> s.side() == Side.YCSB)
        .allMatch(s -> s.engine().equals("rocksdb"));
    assertThat(steps)
        .filteredOn(s -> s.engine().equals("lmdb"))
        .extracting(PeerRunner.Step::side)
        .containsOnly(Side.OURS);
  }
}
