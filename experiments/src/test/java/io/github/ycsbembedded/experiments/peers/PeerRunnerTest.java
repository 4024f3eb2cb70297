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

  /** The library is read from the engine's own startup line, not another engine's or a status. */
  @Test
  void theLibraryIsTheOneTheEnginesStartupLineNames() {
    String stdout =
        "Loading workload...\n"
            + "leveldb: io.github.ycsbembedded.leveldb.LevelDbClient on LevelDB 1.23\n"
            + "rocksdb: io.github.ycsbembedded.rocksdb.RocksDbClient on RocksDB 7.8.3\n"
            + "rocksdb: closing /data/t took 8 ms\n";

    assertThat(PeerRunner.library("rocksdb", stdout)).isEqualTo("RocksDB 7.8.3");
    assertThat(PeerRunner.library("leveldb", stdout)).isEqualTo("LevelDB 1.23");
    assertThat(PeerRunner.library("lmdb", stdout)).isNull();
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
