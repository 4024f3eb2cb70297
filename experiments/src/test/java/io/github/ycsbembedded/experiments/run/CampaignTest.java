package io.github.ycsbembedded.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.Variants;
import io.github.ycsbembedded.experiments.plan.MemoryPlan;
import io.github.ycsbembedded.experiments.plan.RunPlan;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Runs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The campaign's orchestration with a phase executor that starts no process and measures nothing:
 * the order engines, variants and trials take turns in, a trial's fresh data, a stop half-way, a
 * resume from a trial, and an engine's failure.
 */
class CampaignTest {
  @TempDir Path tmp;

  private Experiment experiment;

  /** Two engines, a load and two run phases, and a variant beside the base. */
  @BeforeEach
  void writeTheExperiment() throws Exception {
    Files.writeString(tmp.resolve("w"), "readproportion=1\n");
    Files.writeString(
        tmp.resolve("mine.yaml"),
        """
        title: mine
        engines: [lmdb, leveldb]
        ycsb: {fieldcount: 1, fieldlength: 100}
        phases:
          - {id: load, command: load, workload: w}
          - {id: read, workload: w}
          - {id: write, workload: w}
        scales:
          - {name: tiny, records: 100, operations: 100}
        variants:
          - {name: v, threads: 2}
        """);
    experiment = Experiment.load(tmp.resolve("mine.yaml"), tmp);
  }

  /** One plan per variant ({@code base} and {@code v}, or the base alone). */
  private List<RunPlan> plans(boolean variants, int trials, int repetitions) throws Exception {
    List<RunPlan> plans = new ArrayList<>();
    for (Variants.PlannedVariant v : Variants.of(experiment, false, null, List.of())) {
      if (!variants && !v.base()) {
        continue;
      }
      Experiment e = v.experiment();
      plans.add(
          new RunPlan(
              v,
              e,
              e.scale("tiny"),
              List.of("lmdb", "leveldb"),
              1,
              trials,
              repetitions,
              MemoryPlan.of(e, e.scale("tiny"), null, null),
              tmp,
              tmp.resolve("data").resolve(v.name()),
              tmp.resolve("out")));
    }
    return plans;
  }

  /** One phase the executor was asked to run. */
  private record Call(
      String variant, String engine, String phase, int trial, int index, boolean first) {
    /** The trial, variant, phase and repetition: what the engines take turns within. */
    String turn() {
      return "t" + trial + " " + variant + " " + phase + " " + index;
    }

    @Override
    public String toString() {
      return turn() + " " + engine;
    }
  }

  /** Each turn of the calls in order, with its engines in the order they ran. */
  private static List<String> turns(List<Call> calls) {
    List<String> turns = new ArrayList<>();
    String last = null;
    for (Call call : calls) {
      if (call.turn().equals(last)) {
        turns.set(turns.size() - 1, turns.get(turns.size() - 1) + ", " + call.engine());
      } else {
        turns.add(call.turn() + ": " + call.engine());
      }
      last = call.turn();
    }
    return turns;
  }

  /**
   * The executor of the tests: records every call, writes a file into the phase's data folder,
   * fails the calls {@code fails} matches and asks for a stop at the call {@code stopAt} matches.
   */
  private static final class Fake implements PhaseExecutor.Factory {
    final List<Call> calls = new ArrayList<>();

    /** Per call: whether the engine's data folder held anything when it started. */
    final List<Boolean> dataBefore = new ArrayList<>();

    final double speed;
    Predicate<Call> fails = c -> false;
    Predicate<Call> stopAt = c -> false;

    Fake(double speed) {
      this.speed = speed;
    }

    @Override
    public PhaseExecutor of(RunPlan plan, PhaseStop stop) {
      return (phase, engine, trial, index, first, target) -> {
        Call call = new Call(plan.variant().name(), engine, phase.id(), trial, index, first);
        calls.add(call);
        dataBefore.add(holdsFiles(plan.data().resolve(engine)));
        Path dir = Files.createDirectories(plan.data().resolve(engine).resolve(phase.dataset()));
        Files.writeString(dir.resolve(phase.id() + "-" + index), "measured");
        if (stopAt.test(call)) {
          stop.request("SIGTERM");
        }
        Results.Repetition r =
            fails.test(call)
                ? Runs.failedRep(trial, index, "the engine said no")
                : Runs.rep(trial, index, speed);
        // variant v runs another LMDB, as rocksdb.library runs another RocksDB
        String version = plan.variant().name().equals("v") ? "LMDB 0.9.24" : "LMDB 0.9.31";
        return new PhaseExecutor.Outcome(r, engine.equals("lmdb") ? version : null);
      };
    }
  }

  private static boolean holdsFiles(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.anyMatch(Files::isRegularFile);
    }
  }

  /** The runs the listener was told of, one after every phase. */
  private final List<Results.Run> told = new ArrayList<>();

  private final ByteArrayOutputStream log = new ByteArrayOutputStream();

  private Campaign campaign(List<RunPlan> plans, Fake fake) {
    return new Campaign(plans, new PrintStream(log, true, StandardCharsets.UTF_8), fake, told::add);
  }

  private static Results.Run start() {
    return Runs.run("mine", "tiny", "host", 2);
  }

  /** The trials of an engine's phase's repetitions, with each one's speed. */
  private static List<String> repetitions(
      Results.Run run, String variant, String engine, String phase) {
    Results.PhaseRun r = run.variant(variant).engine(engine).phase(phase);
    return r == null
        ? List.of()
        : r.repetitions().stream()
            .map(x -> x.trial() + "/" + x.index() + " at " + (long) x.figures().speed().speed())
            .toList();
  }

  @Test
  void enginesTakeTurnsEveryOtherRunVariantsEveryOtherTrialAndEachTrialLoadsAnew()
      throws Exception {
    Fake fake = new Fake(1000);
    Results.Run run = campaign(plans(true, 2, 1), fake).run(start(), 1);

    assertThat(turns(fake.calls))
        .containsExactly(
            // trial 1: the base, then v; every run phase's engines in the other order than the
            // run phase before it; a load's engines in the other order than the trial before
            "t1 base load 1: lmdb, leveldb",
            "t1 base read 1: lmdb, leveldb",
            "t1 base write 1: leveldb, lmdb",
            "t1 v load 1: lmdb, leveldb",
            "t1 v read 1: lmdb, leveldb",
            "t1 v write 1: leveldb, lmdb",
            // trial 2: v first, the loads' engines the other way round
            "t2 v load 1: leveldb, lmdb",
            "t2 v read 1: lmdb, leveldb",
            "t2 v write 1: leveldb, lmdb",
            "t2 base load 1: leveldb, lmdb",
            "t2 base read 1: lmdb, leveldb",
            "t2 base write 1: leveldb, lmdb");
    for (int i = 0; i < fake.calls.size(); i++) {
      Call call = fake.calls.get(i);
      boolean load = call.phase().equals("load");
      assertThat(call.first()).as(call + ": the first phase on its data").isEqualTo(load);
      assertThat(fake.dataBefore.get(i))
          .as(call + ": a load starts from no data, the trial before's deleted")
          .isEqualTo(!load);
    }
    assertThat(run.completion().complete()).isTrue();
    assertThat(repetitions(run, "v", "leveldb", "write"))
        .containsExactly("1/1 at 1000", "2/1 at 1000");
    assertThat(run.variant("base").engine("lmdb").version()).isEqualTo("LMDB 0.9.31");
    assertThat(run.variant("v").engine("lmdb").version())
        .as("each variant's own, not the two merged")
        .isEqualTo("LMDB 0.9.24");
    assertThat(told).as("the run after every phase").hasSize(24);
    assertThat(log.toString(StandardCharsets.UTF_8))
        .contains("[1/24] lmdb · load · variant base · trial 1 of 2")
        .contains("[24/24] lmdb · write · variant base · trial 2 of 2");
  }

  @Test
  void everyRunPhasesRepetitionsGoThroughTheEnginesInTurnsThatCarryOn() throws Exception {
    Fake fake = new Fake(1000);
    campaign(plans(false, 1, 3), fake).run(start(), 1);

    assertThat(turns(fake.calls))
        .containsExactly(
            "t1 base load 1: lmdb, leveldb",
            "t1 base read 1: lmdb, leveldb",
            "t1 base read 2: leveldb, lmdb",
            "t1 base read 3: lmdb, leveldb",
            "t1 base write 1: leveldb, lmdb",
            "t1 base write 2: lmdb, leveldb",
            "t1 base write 3: leveldb, lmdb");
  }

  @Test
  void aStopHalfWayReturnsAPartialRunSayingSoWithWhatWasMeasured() throws Exception {
    Fake fake = new Fake(1000);
    Campaign campaign = campaign(plans(false, 2, 1), fake);
    fake.stopAt = c -> c.trial() == 1 && c.phase().equals("read") && c.engine().equals("leveldb");
    Results.Run run = campaign.run(start(), 1);

    assertThat(fake.calls)
        .as("nothing runs after the stop")
        .extracting(Call::toString)
        .endsWith("t1 base read 1 leveldb")
        .hasSize(4);
    assertThat(run.completion().complete()).isFalse();
    assertThat(run.completion().stoppedBy()).isEqualTo("SIGTERM");
    assertThat(run.completion().planned()).isEqualTo(12);
    assertThat(run.completion().done()).as("the runs before the stop").isEqualTo(3);
    assertThat(repetitions(run, "base", "lmdb", "read")).containsExactly("1/1 at 1000");
    assertThat(repetitions(run, "base", "leveldb", "read"))
        .as("the run the stop cut short is not kept")
        .isEmpty();
    assertThat(repetitions(run, "base", "leveldb", "load")).containsExactly("1/1 at 1000");
    assertThat(told).as("told of each run before the stop").hasSize(3);
    assertThat(log.toString(StandardCharsets.UTF_8)).contains("stopped: this run is not kept");
  }

  @Test
  void aResumeKeepsTheEarlierTrialsAndRunsTheRestAnew() throws Exception {
    Results.Run first = campaign(plans(false, 3, 1), new Fake(1000)).run(start(), 1);
    told.clear();
    log.reset();

    Fake again = new Fake(2000);
    Results.Run resumed = campaign(plans(false, 3, 1), again).run(first, 2);

    assertThat(again.calls).extracting(Call::trial).containsOnly(2, 3).hasSize(12);
    assertThat(resumed.completion().complete()).isTrue();
    for (String engine : List.of("lmdb", "leveldb")) {
      for (String phase : List.of("load", "read", "write")) {
        assertThat(repetitions(resumed, "base", engine, phase))
            .as(engine + " " + phase + ": trial 1 as measured first, the later ones anew")
            .containsExactly("1/1 at 1000", "2/1 at 2000", "3/1 at 2000");
      }
    }
    assertThat(resumed.variant("base").engine("lmdb").version()).isEqualTo("LMDB 0.9.31");
    assertThat(log.toString(StandardCharsets.UTF_8))
        .as("the steps count on from the trials kept")
        .contains("[7/18] leveldb · load · trial 2 of 3")
        .doesNotContain("[1/18]");
  }

  /** A probe that notes each trial it measured before and reads {@code base} + trial µs. */
  private static Campaign.TrialProbe probe(List<Integer> probed, double base) {
    return trial -> {
      probed.add(trial);
      return new Results.DeviceSpeed(4096, 1 << 30, base + trial, 20_000, 32, 60_000);
    };
  }

  @Test
  void theDeviceIsProbedBeforeEveryTrialAndAResumeKeepsTheEarlierTrialsProbes() throws Exception {
    List<Integer> probed = new ArrayList<>();
    Results.Run first =
        campaign(plans(false, 3, 1), new Fake(1000))
            .probingEachTrial(probe(probed, 40))
            .run(start(), 1);

    assertThat(probed).containsExactly(1, 2, 3);
    Results.Machine machine = first.machines().get(0);
    assertThat(machine.trialDeviceSpeeds())
        .extracting(Results.DeviceSpeed::qd1MedianUs)
        .containsExactly(41.0, 42.0, 43.0);
    assertThat(machine.deviceSpeed().qd1MedianUs()).as("the first probe").isEqualTo(41.0);
    assertThat(machine.typicalDeviceSpeed().qd1MedianUs()).as("the median trial's").isEqualTo(42.0);

    probed.clear();
    Results.Run resumed =
        campaign(plans(false, 3, 1), new Fake(2000))
            .probingEachTrial(probe(probed, 50))
            .run(first, 3);
    assertThat(probed).containsExactly(3);
    assertThat(resumed.machines().get(0).trialDeviceSpeeds())
        .extracting(Results.DeviceSpeed::qd1MedianUs)
        .containsExactly(41.0, 42.0, 53.0);
  }

  @Test
  void aResumeDropsWhatTheTrialsFromItOnHadMeasured() throws Exception {
    Results.Run first = campaign(plans(false, 2, 1), new Fake(1000)).run(start(), 1);
    Fake again = new Fake(2000);
    again.stopAt = c -> true;
    Results.Run resumed = campaign(plans(false, 2, 1), again).run(first, 1);

    assertThat(resumed.completion().done()).isZero();
    for (String phase : List.of("load", "read", "write")) {
      assertThat(repetitions(resumed, "base", "lmdb", phase)).as(phase).isEmpty();
    }
  }

  @Test
  void anEngineThatFailsAPhaseSkipsItsLaterPhasesOfThatTrialAndTheOthersGoOn() throws Exception {
    Fake fake = new Fake(1000);
    fake.fails = c -> c.trial() == 1 && c.engine().equals("leveldb") && c.phase().equals("read");
    Results.Run run = campaign(plans(false, 2, 1), fake).run(start(), 1);

    assertThat(turns(fake.calls))
        .containsExactly(
            "t1 base load 1: lmdb, leveldb",
            "t1 base read 1: lmdb, leveldb",
            "t1 base write 1: lmdb",
            "t2 base load 1: leveldb, lmdb",
            "t2 base read 1: lmdb, leveldb",
            "t2 base write 1: leveldb, lmdb");
    assertThat(run.completion().complete()).isTrue();
    Results.EngineRun leveldb = run.variant("base").engine("leveldb");
    assertThat(leveldb.error()).isEqualTo("read: the engine said no");
    assertThat(repetitions(run, "base", "leveldb", "write"))
        .as("its later phase in trial 1 skipped, run again in trial 2")
        .containsExactly("2/1 at 1000");
    assertThat(run.variant("base").engine("lmdb").error()).isNull();
    assertThat(repetitions(run, "base", "lmdb", "write"))
        .containsExactly("1/1 at 1000", "2/1 at 1000");
    assertThat(log.toString(StandardCharsets.UTF_8))
        .contains(
            "FAILED: the engine said no (its later phases in this trial are skipped; the other"
                + " engines go on)");
  }
}
