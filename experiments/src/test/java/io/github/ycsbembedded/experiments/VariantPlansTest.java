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
        });
  }

  private static RunPlanner.PlannedRun quick(
      Experiment e, RunOptions options, Path home, LocalDateTime started)
      throws ExperimentException {
    List<String> arguments = List.of("unum", "--trials", "3");
    return faked()
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
}
