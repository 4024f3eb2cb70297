package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.Description.Scale;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.plan.MemoryPlan;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code bin/experiment list}: experiments, their scales, sizes, memory limits and time estimates.
 */
@Command(name = "list", description = "Lists the experiments and their scales.")
final class ListCommand implements Callable<Integer> {
  @Override
  public Integer call() throws Exception {
    Path dir = ExperimentRunner.home().resolve("experiments");
    String unavailable = MemoryPlan.unavailable();
    for (String name : Experiment.names(dir)) {
      Experiment experiment;
      try {
        experiment = Experiment.load(dir, name);
      } catch (ExperimentException e) {
        System.out.println(name + ": " + e.getMessage());
        continue;
      }
      System.out.println(name + " — " + experiment.title());
      System.out.println(
          "  engines: "
              + String.join(", ", experiment.engines())
              + "; phases: "
              + String.join(", ", experiment.phases().stream().map(Phase::id).toList()));
      if (experiment.regime() != null) {
        System.out.println(
            "  regime: "
                + experiment.regime().description().trim()
                + " (from scale "
                + experiment.regime().from()
                + ")");
      }
      for (Scale s : experiment.scales()) {
        MemoryPlan plan = MemoryPlan.of(experiment, s, null, null);
        System.out.printf(
            Locale.ROOT,
            "  %-8s %,13d records %10s of data  memory %-9s %-22s about %s%n",
            s.name(),
            s.records(),
            Units.bytes(experiment.dataSize(s)),
            plan.limitBytes() == null ? "unlimited" : Units.bytes(plan.limitBytes()),
            s.trials()
                + " trial"
                + (s.trials() == 1 ? "" : "s")
                + " × "
                + (s.duration() == null ? "to count" : s.duration() + " s")
                + " × "
                + s.repeat(),
            s.estimate());
      }
    }
    if (unavailable != null) {
      System.out.println("(here: " + unavailable + ", so no memory limit can be applied)");
    }
    return 0;
  }
}
