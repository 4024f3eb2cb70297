package io.github.ycsbembedded.experiments.plan;

import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.Description.Scale;
import io.github.ycsbembedded.experiments.model.Description.Size;
import io.github.ycsbembedded.experiments.model.EngineSettings;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.model.Variants;
import io.github.ycsbembedded.experiments.results.Results;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one variant of a run of an experiment will do, every choice made: the variant (the
 * experiment as its file sets it, or with its changes made), the scale, its engines, threads,
 * trials (each loads the data anew) and repetitions of every run phase per trial, its memory, and
 * where the tree ({@code home}), the engines' data and the results ({@code out}) are.
 */
public record RunPlan(
    Variants.PlannedVariant variant,
    Experiment experiment,
    Scale scale,
    List<String> engines,
    int threads,
    int trials,
    int repetitions,
    MemoryPlan memory,
    Path home,
    Path data,
    Path out) {

  /** Where the engines' settings are resolved: the scale, the regime, the engines' memory. */
  public EngineSettings.Context settingsContext() {
    return new EngineSettings.Context(scale, memory.regimeApplies(), memory.engineMemoryBytes());
  }

  /** The client threads of {@code phase}: its own, else the run's. */
  public int threads(Phase phase) {
    return phase.threads() == null ? threads : phase.threads();
  }

  /**
   * A run phase's time bound in seconds; null for a load, a count-bound phase or an untimed scale.
   */
  public Integer duration(Phase phase) {
    return phase.isLoad() || phase.countBound() ? null : scale.duration();
  }

  /** How many times {@code phase} runs in a trial: once for a load, else the repetitions. */
  public int repetitions(Phase phase) {
    return phase.isLoad() ? 1 : repetitions;
  }

  /**
   * The engines' settings for every phase, as applied (the report lists them with their sources).
   */
  public List<Results.Setting> settings(String engine) {
    return EngineSettings.of(experiment, engine, null, settingsContext()).stream()
        .map(
            a ->
                new Results.Setting(
                    a.property(), a.value(), a.derivation(), a.source(), a.note(), a.phases()))
        .toList();
  }

  /**
   * The page cache each engine's phases are held to (its part of the engines' memory, the rest
   * going to its own caches), or an empty map when the phases run without a memory limit.
   */
  public Map<String, Long> pageCacheShares() {
    Map<String, Long> shares = new LinkedHashMap<>();
    if (memory.limitBytes() != null) {
      for (String engine : engines) {
        shares.put(
            engine,
            experiment.regime() == null
                ? memory.engineMemoryBytes()
                : experiment.regime().pageCacheBytes(engine, memory.engineMemoryBytes()));
      }
    }
    return shares;
  }

  /**
   * Checks that the memory an engine's own caches hold ({@code ownMemory}) leaves its page cache
   * some of the engines' memory at this scale.
   */
  public void checkOwnMemory() throws ExperimentException {
    if (experiment.regime() == null || !memory.regimeApplies()) {
      return;
    }
    for (String engine : engines) {
      Size own = experiment.regime().ownMemory().get(engine);
      if (own != null && own.bytes() >= memory.engineMemoryBytes()) {
        throw new ExperimentException(
            (variant.name().equals(Variants.BASE) ? "regime" : "variant " + variant.name())
                + ": ownMemory."
                + engine
                + ": "
                + own.text()
                + " leaves no page cache of the engines' "
                + Units.bytes(memory.engineMemoryBytes())
                + " at scale "
                + scale.name()
                + "; use less, or a scale with more data");
      }
    }
  }

  /** The {@code -Xmx} of {@code engine}'s phases ({@link Experiment#heapBytes(String, Long)}). */
  public long heapBytes(String engine) {
    return experiment.heapBytes(engine, cacheBytes(engine));
  }

  /** {@code engine}'s {@code <engine>.cache_size} as this plan sets it, or null where none does. */
  Long cacheBytes(String engine) {
    Long bytes = null;
    for (EngineSettings.Applied a :
        EngineSettings.of(experiment, engine, null, settingsContext())) {
      if (a.property().equals(engine + ".cache_size")) {
        bytes = io.github.ycsbembedded.core.Sizes.parse(a.value());
      }
    }
    return bytes;
  }

  /**
   * Checks that each engine whose cache lives in the JVM's heap has one the heap and the memory
   * limit can hold ({@link MemoryPlan#checkHeap}).
   */
  public void checkHeap() throws ExperimentException {
    for (String engine : engines) {
      try {
        memory.checkHeap(experiment, engine, cacheBytes(engine));
      } catch (ExperimentException e) {
        if (variant.name().equals(Variants.BASE)) {
          throw e;
        }
        throw new ExperimentException("variant " + variant.name() + ": " + e.getMessage());
      }
    }
  }

  /** Checks the engines chosen and the thread count against the experiment. */
  public static void check(Experiment experiment, List<String> engines, int threads)
      throws ExperimentException {
    if (threads < 1) {
      throw new ExperimentException(
          "--threads: '" + threads + "' is not a thread count; use 1 or more");
    }
    for (String engine : engines) {
      if (!experiment.engines().contains(engine)) {
        throw new ExperimentException(
            "--engines: '"
                + engine
                + "' is not an engine of "
                + experiment.name()
                + "; use some of "
                + String.join(",", experiment.engines()));
      }
    }
  }
}
