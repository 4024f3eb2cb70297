package io.github.ycsbembedded.experiments.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Runs;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The costs of a run that are not read from the engine: the window's waits for memory, and what the
 * machine's CPUs did beside the phase (stolen time, other work).
 */
class CostsTest {
  private static Results.Repetition waited(Double stallSeconds) {
    Results.Repetition r = Runs.rep(1, 1, 1000);
    Results.Figures f = r.figures();
    return r.withFigures(
        new Results.Figures(
            f.speed(),
            new Results.WindowFigures(10, 10_000, true, Map.of(), -1, -1, stallSeconds),
            f.cpu(),
            f.io(),
            f.memory(),
            f.disk(),
            f.amplification()));
  }

  @Test
  void theMemoryWaitsAreTheStalledShareOfTheWindow() {
    assertThat(Costs.Cost.MEMORY_WAITS.of(waited(2.5), Double.NaN)).isEqualTo(0.25);
    assertThat(Costs.Cost.MEMORY_WAITS.of(waited(0.0), Double.NaN)).isZero();
  }

  @Test
  void aRunThatDidNotReadTheStallOrWhoseKernelDoesNotSayHasNoShare() {
    assertThat(Costs.Cost.MEMORY_WAITS.of(waited(null), Double.NaN)).as("not read").isNaN();
    assertThat(Costs.Cost.MEMORY_WAITS.of(waited(Double.NaN), Double.NaN)).as("unknown").isNaN();
  }

  private static Results.Repetition shared(int trial, Double steal, Double others) {
    Results.Repetition r = Runs.rep(trial, 1, 1000);
    Results.Figures f = r.figures();
    return r.withFigures(
        new Results.Figures(
            f.speed(),
            f.window(),
            new Results.Cpu(1, 1, steal, others),
            f.io(),
            f.memory(),
            f.disk(),
            f.amplification()));
  }

  private static String machine(Results.Repetition... leveldb) throws Exception {
    Results.Run run =
        Runs.run(
            "unum",
            "quick",
            "h",
            2,
            Runs.engine("rocksdb", "h", Runs.phase("c", shared(1, 0.2, 1.0), shared(2, 0.4, 4.0))),
            Runs.engine("leveldb", "h", Runs.phase("c", leveldb)));
    return Costs.machine(new Context(Experiment.load(ExperimentTest.EXPERIMENTS, "unum"), run));
  }

  @Test
  void theMachinesOtherWorkIsSaidWithItsMedianAndItsBusiestWindow() throws Exception {
    // windows of 10 s on 2 cores: 20 s of the machine's CPU time each
    assertThat(machine(shared(1, 0.0, 2.0)))
        .isEqualTo(
            " The hypervisor stole 1.0% of the machine's CPU time over the median window (at most"
                + " 2.0%, /proc/stat's steal); the CPU per operation above leaves it out. Other"
                + " work on this machine (other processes, this runner's own, interrupts) took"
                + " 10.0% of its CPU time over the median window, and 20.0% at the most (rocksdb's"
                + " c, trial 2): a window that shared the machine can read slower, and its process"
                + " spend more CPU per operation, than the engine alone would.");
  }

  @Test
  void aRunThatReadNeitherSaysNothingOfTheMachine() throws Exception {
    assertThat(
            Costs.machine(
                new Context(
                    Experiment.load(ExperimentTest.EXPERIMENTS, "unum"),
                    Runs.run(
                        "unum",
                        "quick",
                        "h",
                        Runs.engine("leveldb", "h", Runs.phase("c", Runs.rep(1, 1, 1000)))))))
        .isEmpty();
  }

  @Test
  void aRunOfBeforeOtherWorkWasReadSaysOnlyWhatWasStolen() throws Exception {
    Results.Run run =
        Runs.run(
            "unum",
            "quick",
            "h",
            Runs.engine("leveldb", "h", Runs.phase("c", shared(1, 0.2, null))));
    assertThat(Costs.machine(new Context(Experiment.load(ExperimentTest.EXPERIMENTS, "unum"), run)))
        .isEqualTo(
            " The hypervisor stole 1.0% of the machine's CPU time over the median window (at most"
                + " 1.0%, /proc/stat's steal); the CPU per operation above leaves it out.");
  }
}
