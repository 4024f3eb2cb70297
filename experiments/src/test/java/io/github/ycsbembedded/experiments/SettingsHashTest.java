package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.model.Variants;
import io.github.ycsbembedded.experiments.plan.RunPlan;
import io.github.ycsbembedded.experiments.plan.SettingsHash;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which runs pool: those whose hash is the same. */
class SettingsHashTest {
  private static String hash(
      Experiment unum,
      List<String> variants,
      List<String> engines,
      String memoryLimit,
      int trials,
      int repetitions,
      Path where)
      throws Exception {
    RunOptions options = new RunOptions();
    options.memoryLimit = memoryLimit;
    List<RunPlan> plans =
        RunPlanner.local()
            .variantPlans(
                Variants.of(unum, false, variants, List.of()),
                engines,
                unum.scale("quick"),
                options,
                trials,
                repetitions,
                where,
                where.resolve("data"),
                where.resolve("out"));
    return SettingsHash.of(plans);
  }

  @Test
  void runsAlikeButForTrialsAndFoldersHashAlike(@TempDir Path a, @TempDir Path b) throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    List<String> engines = List.of("rocksdb", "leveldb");
    String two = hash(unum, List.of("base"), engines, null, 2, 1, a);

    assertThat(hash(unum, List.of("base"), engines, null, 5, 1, b))
        .as("five trials elsewhere")
        .isEqualTo(two)
        .matches("[0-9a-f]{16}");
  }

  @Test
  void aChangedSettingEngineVariantOrRepetitionHashesApart(@TempDir Path a) throws Exception {
    Experiment unum = Experiment.load(ExperimentTest.EXPERIMENTS, "unum");
    List<String> engines = List.of("rocksdb", "leveldb");
    String base = hash(unum, List.of("base"), engines, null, 2, 1, a);

    assertThat(hash(unum, List.of("base"), List.of("rocksdb", "wiredtiger"), null, 2, 1, a))
        .as("another engine")
        .isNotEqualTo(base);
    assertThat(hash(unum, List.of("base"), engines, "2g", 2, 1, a))
        .as("another memory limit")
        .isNotEqualTo(base);
    assertThat(hash(unum, List.of("base"), engines, null, 2, 3, a))
        .as("three runs of each run phase")
        .isNotEqualTo(base);
    assertThat(hash(unum, List.of("base", "rocksdb-6.20.3"), engines, null, 2, 1, a))
        .as("a variant beside the base")
        .isNotEqualTo(base);
  }
}
