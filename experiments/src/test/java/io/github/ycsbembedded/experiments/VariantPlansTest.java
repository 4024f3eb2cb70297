package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.experiments.model.EngineSettings;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.model.Variants;
import io.github.ycsbembedded.experiments.plan.MemoryPlanTest;
import io.github.ycsbembedded.experiments.plan.RunPlan;
import io.github.ycsbembedded.experiments.results.Results;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VariantPlansTest {
  @Test
  void aRunMeasuresTheEnginesItNamesElseTheScalesElseTheFiles() throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    RunOptions none = new RunOptions();
    assertThat(RunPlanner.engines(none, unum.scale("quick"), unum))
        .as("quick names the write-up's three")
        .containsExactly("rocksdb", "leveldb", "wiredtiger");
    assertThat(RunPlanner.engines(none, unum.scale("small"), unum))
        .as("small names none: the file's four")
        .containsExactly("lmdb", "rocksdb", "leveldb", "wiredtiger");
    RunOptions lmdb = new RunOptions();
    lmdb.engines = List.of("lmdb", "leveldb");
    assertThat(RunPlanner.engines(lmdb, unum.scale("quick"), unum))
        .containsExactly("lmdb", "leveldb");
  }

  @Test
  void aRunMeasuresTheVariantsItNamesElseTheScalesElseTheFiles() throws Exception {
    Experiment engines = Experiment.load(ExperimentTest.EXPERIMENTS, "engines");
    RunOptions quick = new RunOptions();
    quick.scale = "quick";
    assertThat(RunPlanner.variants(engines, quick))
        .as("quick names in-memory beside the base")
        .extracting(Variants.PlannedVariant::name)
        .containsExactly("base", "in-memory");
    RunOptions small = new RunOptions();
    small.scale = "small";
    assertThat(RunPlanner.variants(engines, small))
        .as("small names none: the file's")
        .extracting(Variants.PlannedVariant::name)
        .containsExactly("base", "two-threads", "in-memory", "in-memory-two-threads");
    RunOptions named = new RunOptions();
    named.scale = "quick";
    named.variants = List.of("two-threads");
    assertThat(RunPlanner.variants(engines, named))
        .extracting(Variants.PlannedVariant::name)
        .containsExactly("base", "two-threads");
    RunOptions scales = new RunOptions();
    scales.scales = List.of("tiny", "quick");
    assertThat(RunPlanner.variants(engines, scales))
        .as("several scales run the file's")
        .extracting(Variants.PlannedVariant::name)
        .containsExactly("base", "two-threads", "in-memory", "in-memory-two-threads");
  }

  @Test
  void aVariantsPhasesRunWithItsYcsbPropertyInPlaceOfTheScales(@TempDir Path tmp) throws Exception {
    Experiment digg = Experiment.load(ExperimentTest.EXPERIMENTS, "digg");
    List<RunPlan> plans =
        RunPlanner.local()
            .variantPlans(
                Variants.of(digg, true, null, List.of()),
                List.of("lmdb"),
                digg.scale("quick"),
                new RunOptions(),
                2,
                1,
                tmp,
                tmp.resolve("data"),
                tmp.resolve("out"));

    assertThat(plans)
        .extracting(plan -> plan.variant().name())
        .containsExactly("base", "fifty-friends");
    for (RunPlan plan : plans) {
      String perUser = plan.variant().name().equals("base") ? "20" : "50";
      assertThat(
              EngineSettings.properties(
                  plan.experiment(),
                  plan.experiment().phase("f-load"),
                  "lmdb",
                  plan.settingsContext()))
          .as(plan.variant().name())
          .containsEntry("friendfeed.friends_per_user", perUser)
          .containsEntry("friendfeed.users", "2000");
    }
  }

  /** The page cache each of unum's engines is held to in {@code variant} at {@code scale}. */
  private static Map<String, Long> pageCache(
      Experiment unum, String variant, String scale, Path tmp) throws Exception {
    return MemoryPlanTest.plan(unum, variant, scale, List.of("rocksdb", "leveldb"), tmp)
        .pageCacheShares();
  }

  @Test
  void aFixedMemtableLeavesThePageCacheTheEnginesMemoryLessItAtEveryScale(@TempDir Path tmp)
      throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    long eightMiB = 8L << 20;
    // the engines' memory: 5% of 400,000 (quick) and 2,000,000 (small) records of 1,024 bytes
    assertThat(pageCache(unum, "leveldb-memtable-4m", "quick", tmp))
        .containsEntry("leveldb", 20_480_000 - eightMiB)
        .as("RocksDB's share is the file's")
        .containsEntry("rocksdb", (long) (0.84 * 20_480_000));
    assertThat(pageCache(unum, "leveldb-memtable-4m", "small", tmp))
        .containsEntry("leveldb", 102_400_000 - eightMiB);
    assertThat(pageCache(unum, "base", "small", tmp))
        .as("the base's share is a fraction")
        .containsEntry("leveldb", (long) (0.97 * 102_400_000));
  }

  @Test
  void anOwnMemoryThatLeavesNoPageCacheAtTheScaleRunIsOneLine(@TempDir Path tmp) throws Exception {
    Experiment mine =
        MemoryPlanTest.file(
            tmp,
            "title: mine",
            "engines: [leveldb]",
            "ycsb: {fieldcount: 1, fieldlength: 1024}",
            "regime: {description: d, memoryFraction: 0.05, from: tiny}",
            "phases:",
            "  - {id: load, command: load, workload: w}",
            "scales:",
            "  - {name: tiny, records: 20000, operations: 20000}",
            "  - {name: big, records: 400000, operations: 20000}",
            "variants:",
            "  - {name: v, ownMemory: {leveldb: 8m}}");
    List<Variants.PlannedVariant> variants = Variants.of(mine, false, null, List.of());

    assertThatThrownBy(
            () ->
                RunPlanner.local()
                    .variantPlans(
                        variants,
                        List.of("leveldb"),
                        mine.scale("tiny"),
                        new RunOptions(),
                        1,
                        1,
                        tmp,
                        tmp.resolve("data"),
                        tmp.resolve("out")))
        .isInstanceOf(ExperimentException.class)
        .hasMessage(
            "variant v: ownMemory.leveldb: 8m leaves no page cache of the engines' 1.0 MiB at"
                + " scale tiny; use less, or a scale with more data");
    assertThat(
            RunPlanner.local()
                .variantPlans(
                    variants,
                    List.of("leveldb"),
                    mine.scale("big"),
                    new RunOptions(),
                    1,
                    1,
                    tmp,
                    tmp.resolve("data"),
                    tmp.resolve("out")))
        .extracting(plan -> plan.variant().name())
        .containsExactly("base", "v");
  }

  /** A host that answers from the test: no cgroup, a made-up machine, every folder missing. */
  private static RunPlanner faked() {
    return faked(Map.of());
  }

  /** {@link #faked()} with {@code environment} as its environment variables. */
  private static RunPlanner faked(Map<String, String> environment) {
    return new RunPlanner(
        new RunPlanner.Host() {
          @Override
          public String cgroupUnavailable() {
            return "no cgroup in this test";
          }

          @Override
          public Results.Machine machine(Path data) {
            return new Results.Machine("fake", 2, 8L << 30, "cpu", "os", "jdk", "fs", "dev", null);
          }

          @Override
          public boolean isFolder(Path dir) {
            return false;
          }

          @Override
          public String environment(String name) {
            return environment.get(name);
          }
        });
  }

  private static RunPlanner.PlannedRun quick(
      Experiment e, RunOptions options, Path home, LocalDateTime started)
      throws ExperimentException {
    return quick(e, options, home, started, Map.of(), List.of("unum", "--trials", "3"));
  }

  private static RunPlanner.PlannedRun quick(
      Experiment e,
      RunOptions options,
      Path home,
      LocalDateTime started,
      Map<String, String> environment,
      List<String> arguments)
      throws ExperimentException {
    return faked(environment)
        .plan(
            e,
            RunPlanner.variants(e, options),
            e.scale("quick"),
            options,
            home,
            started,
            arguments);
  }

  @Test
  void aRunIsPlannedFromTheOptionsAloneWithTheMachineAsTheHostSays() throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    RunOptions options = new RunOptions();
    options.trials = 3;
    options.engines = List.of("lmdb");
    Path home = Path.of("/nowhere");
    LocalDateTime started = LocalDateTime.of(2026, 1, 2, 3, 4, 5);

    RunPlanner.PlannedRun p = quick(unum, options, home, started);

    assertThat(p.out()).isEqualTo(home.resolve("results/unum-quick-20260102-030405"));
    assertThat(p.data()).isEqualTo(home.resolve("data/experiments/unum-quick"));
    assertThat(p.history()).isEqualTo(home.resolve("results"));
    assertThat(p.plans()).extracting(RunPlan::trials).containsOnly(3);
    assertThat(p.plans().get(0).engines()).containsExactly("lmdb");
    assertThat(p.skeleton().machines()).extracting(Results.Machine::host).containsExactly("fake");
    assertThat(p.skeleton().invocation().options()).containsEntry("trials", "3");
    assertThat(Files.exists(home)).isFalse();

    options.history = "/nowhere/else";
    assertThatThrownBy(() -> quick(unum, options, home, started))
        .isInstanceOf(ExperimentException.class)
        .hasMessage(
            "--history: '/nowhere/else' is not a folder; give the folder of earlier results"
                + " folders, or none");
  }

  @Test
  void aShardRunsEveryKthTrialIntoAFolderNamedForItAndJudgesThemAlone() throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    RunOptions options = new RunOptions();
    options.trials = 5;
    options.shard = "2/2";
    Path home = Path.of("/nowhere");
    LocalDateTime started = LocalDateTime.of(2026, 1, 2, 3, 4, 5);

    RunPlanner.PlannedRun p =
        quick(unum, options, home, started, Map.of(), List.of("unum", "--shard", "2/2"));

    assertThat(p.out()).isEqualTo(home.resolve("results/unum-quick-20260102-030405-shard-2-of-2"));
    assertThat(p.plans()).extracting(RunPlan::trials).containsOnly(2);
    assertThat(p.skeleton().protocol().trials()).isEqualTo(2);
    assertThat(p.skeleton().protocol().shard())
        .isEqualTo(new Results.Shard(2, 2, 5, List.of(2, 4)));
    assertThat(p.skeleton().invocation().options())
        .containsEntry("trials", "2 of 5 (shard 2/2: trials [2, 4])");
    assertThat(p.history()).as("a shard pools nothing unless --history says so").isNull();
    assertThat(p.skeleton().invocation().arguments()).containsExactly("unum", "--shard", "2/2");
  }

  @Test
  void aSchedulersIndexIsTheShardAndIsKeptAsTheFlagForResume() throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    Path home = Path.of("/nowhere");
    LocalDateTime started = LocalDateTime.of(2026, 1, 2, 3, 4, 5);
    Map<String, String> slurm =
        Map.of(
            "SLURM_ARRAY_TASK_ID", "7",
            "SLURM_ARRAY_TASK_MIN", "5",
            "SLURM_ARRAY_TASK_COUNT", "4");
    RunOptions options = new RunOptions();
    options.trials = 4;

    RunPlanner.PlannedRun fromSlurm =
        quick(unum, options, home, started, slurm, List.of("unum", "--trials", "4"));

    assertThat(fromSlurm.skeleton().protocol().shard())
        .isEqualTo(new Results.Shard(3, 4, 4, List.of(3)));
    assertThat(fromSlurm.skeleton().invocation().arguments())
        .containsExactly("unum", "--trials", "4", "--shard", "3/4");

    options.shards = 2;
    RunPlanner.PlannedRun fromKubernetes =
        quick(
            unum,
            options,
            home,
            started,
            Map.of("JOB_COMPLETION_INDEX", "0"),
            List.of("unum", "--trials", "4", "--shards", "2"));

    assertThat(fromKubernetes.skeleton().protocol().shard())
        .isEqualTo(new Results.Shard(1, 2, 4, List.of(1, 3)));
    assertThat(fromKubernetes.skeleton().invocation().arguments())
        .containsExactly("unum", "--trials", "4", "--shard", "1/2");

    RunOptions whole = new RunOptions();
    assertThat(quick(unum, whole, home, started).skeleton().protocol().shard())
        .as("no flag and no scheduler: the whole run")
        .isNull();
  }

  @Test
  void aShardOutOfRangeOrWithoutTrialsOrIndexIsRefusedInOneLine() throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    Path home = Path.of("/nowhere");
    LocalDateTime started = LocalDateTime.of(2026, 1, 2, 3, 4, 5);
    Map<String, String> none = Map.of();
    List<String> args = List.of("unum");
    Map<String, String> messages = new java.util.LinkedHashMap<>();
    messages.put("3/2", "--shard: shard 3 is out of range: shards go from 1 to 2");
    messages.put("0/2", "--shard: shard 0 is out of range: shards go from 1 to 2");
    messages.put("1/0", "--shard: 0 shards; there must be 1 or more");
    messages.put(
        "two", "--shard: 'two' is not K/N (this machine's share K of N, e.g. --shard 1/4)");
    messages.put(
        "4/4",
        "--shard 4/4: a run of 3 trials has none for shard 4; give --trials 4 or more, or fewer"
            + " shards");
    for (Map.Entry<String, String> m : messages.entrySet()) {
      RunOptions options = new RunOptions();
      options.trials = 3;
      options.shard = m.getKey();
      assertThatThrownBy(() -> quick(unum, options, home, started, none, args))
          .isInstanceOf(ExperimentException.class)
          .hasMessage(m.getValue());
    }
    RunOptions counted = new RunOptions();
    counted.shards = 2;
    assertThatThrownBy(() -> quick(unum, counted, home, started, none, args))
        .isInstanceOf(ExperimentException.class)
        .hasMessage(
            "--shards 2: no shard index here (neither SLURM_ARRAY_TASK_ID nor"
                + " JOB_COMPLETION_INDEX is set); give --shard K/2 instead");
    assertThatThrownBy(
            () -> quick(unum, counted, home, started, Map.of("JOB_COMPLETION_INDEX", "2"), args))
        .isInstanceOf(ExperimentException.class)
        .hasMessage("JOB_COMPLETION_INDEX: shard 3 is out of range: shards go from 1 to 2");
    assertThatThrownBy(
            () ->
                quick(
                    unum,
                    new RunOptions(),
                    home,
                    started,
                    Map.of("SLURM_ARRAY_TASK_ID", "1"),
                    args))
        .isInstanceOf(ExperimentException.class)
        .hasMessage(
            "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT or SLURM_ARRAY_TASK_MIN is"
                + " not: give --shard K/N");
  }
}
