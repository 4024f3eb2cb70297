package io.github.ycsbembedded.experiments.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.writeups.WriteUpsTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The device's prediction for a claim, on the unum fixture given a device of 10 µs a read: each
 * engine's reads per operation from its median run's window, the share of its time they take, and
 * the ratio without them, computed here from the fixture's own figures.
 */
class DeviceWaitsTest {
  private static final Results.DeviceSpeed DEVICE =
      new Results.DeviceSpeed(4096, 1L << 30, 10, 90_000, 32, 400_000);

  private static Context withDevice() throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    Results.Run run = WriteUpsTest.fixture("unum-quick");
    Results.Run measured =
        run.toBuilder().machines(List.of(run.machines().get(0).withDeviceSpeed(DEVICE))).build();
    return new Context(unum, measured);
  }

  private static double[] waits(Context c, String engine) {
    Results.Repetition r = c.ok(engine, "c").median();
    double reads = r.figures().io().read() / 4096.0 / r.figures().window().operations();
    double seconds = 1 / r.figures().speed().throughput();
    return new double[] {reads, Math.min(1, reads * 10e-6 / seconds), seconds};
  }

  @Test
  void aClaimOfOneThreadGetsEachEnginesDeviceWaitsAndTheRatioWithoutThem() throws Exception {
    Context c = withDevice();
    List<String> lines =
        DeviceWaits.evidence(c, Claim.Subject.of(List.of("rocksdb", "leveldb"), "c"));

    double[] rocks = waits(c, "rocksdb");
    double[] level = waits(c, "leveldb");
    assertThat(lines).hasSize(1);
    String line = lines.get(0);
    assertThat(line)
        .startsWith(
            "device waits, C (100% read) (each 4 KiB read from the device taken as a random read of"
                + " 10 µs, one at a time): rocksdb "
                + io.github.ycsbembedded.experiments.model.Units.number(rocks[0])
                + " reads per operation");
    assertThat(rocks[1]).as("the fixture's RocksDB is not all device waits").isLessThan(0.99);
    assertThat(level[1]).as("nor its LevelDB").isLessThan(0.99);
    double without = (level[2] * (1 - level[1])) / (rocks[2] * (1 - rocks[1]));
    assertThat(line)
        .contains(
            "without those waits the ratio would be "
                + io.github.ycsbembedded.experiments.model.Units.ratio(without));
  }

  @Test
  void noDeviceFigureOrAPhaseOfManyThreadsGetsNoLine() throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    Context plain = new Context(unum, WriteUpsTest.fixture("unum-quick"));
    assertThat(DeviceWaits.evidence(plain, Claim.Subject.of(List.of("rocksdb", "leveldb"), "c")))
        .isEmpty();
    Experiment hyperdex = Experiment.load(ExperimentTest.EXPERIMENTS, "hyperdex");
    Results.Run run = WriteUpsTest.fixture("hyperdex-quick");
    Context fourThreads =
        new Context(
            hyperdex,
            run.toBuilder()
                .machines(List.of(run.machines().get(0).withDeviceSpeed(DEVICE)))
                .build());
    assertThat(
            DeviceWaits.evidence(fourThreads, Claim.Subject.of(List.of("lmdb", "leveldb"), "run")))
        .isEmpty();
  }
}
