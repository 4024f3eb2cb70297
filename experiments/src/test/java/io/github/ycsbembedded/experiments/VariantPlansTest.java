package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.model.EngineSettings;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.model.Variants;
import io.github.ycsbembedded.experiments.plan.RunPlan;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VariantPlansTest {
  @Test
  void aVariantsPhasesRunWithItsYcsbPropertyInPlaceOfTheScales(@TempDir Path tmp) throws Exception {
    Experiment digg = Experiment.load(ExperimentTest.EXPERIMENTS, "digg");
    List<RunPlan> plans =
        Runner.variantPlans(
            Variants.of(digg, true, List.of()),
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
}
