package io.github.ycsbembedded.experiments.plan;

import io.github.ycsbembedded.core.EngineDescriptor;
import io.github.ycsbembedded.core.Engines;
import io.github.ycsbembedded.core.Sizes;
import io.github.ycsbembedded.experiments.measure.MemoryLimit;
import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Results;
import java.util.Map;

/**
 * How much memory each phase's JVM gets, from the write-up's regime or {@code --memory-limit}: the
 * JVM's own allowance (its heap and what it needs besides) plus the engines' share (caches and page
 * cache), enforced by a memory cgroup. {@code limitBytes} is null when the phases run unlimited.
 */
public record MemoryPlan(
    Long limitBytes,
    long engineMemoryBytes,
    long jvmAllowanceBytes,
    boolean regimeApplies,
    boolean reproduced,
    String note) {

  /**
   * The plan at {@code scale}: the regime's, or the user's limit, or none.
   *
   * @param option {@code --memory-limit}: null (the regime), {@code none}, or a size
   * @param unavailable why no memory cgroup can be made here, or null
   */
  public static MemoryPlan of(
      Experiment experiment, Description.Scale scale, String option, String unavailable)
      throws ExperimentException {
    Description.Regime regime = experiment.regime();
    long data = experiment.dataSize(scale);
    long allowance = experiment.heapBytes() + experiment.jvmOverheadBytes();
    long regimeMemory =
        regime == null ? 0 : Math.max(1L << 20, (long) (regime.memoryFraction() * data));
    boolean applies = experiment.regimeAppliesAt(scale);
    if ("none".equals(option)) {
      return new MemoryPlan(
          null,
          regimeMemory,
          allowance,
          applies,
          false,
          "--memory-limit none: the phases ran unlimited");
    }
    if (option != null) {
      return userLimit(experiment, option, unavailable, regimeMemory, allowance);
    }
    if (regime == null) {
      // nothing to reproduce: the write-up describes no memory regime
      return new MemoryPlan(
          null,
          0,
          allowance,
          false,
          true,
          "the experiment file describes no memory regime; the phases ran unlimited");
    }
    if (!applies) {
      return new MemoryPlan(
          null,
          regimeMemory,
          allowance,
          false,
          false,
          "the regime applies from scale "
              + regime.from()
              + " on; at "
              + scale.name()
              + " the phases ran unlimited");
    }
    if (unavailable != null) {
      return new MemoryPlan(
          null, regimeMemory, allowance, true, false, unavailable + "; the phases ran in RAM");
    }
    return regimeLimit(regime, data, regimeMemory, allowance);
  }

  /** The regime's plan: a cgroup of the JVM's allowance and the engines' share of the data. */
  private static MemoryPlan regimeLimit(
      Description.Regime regime, long data, long regimeMemory, long allowance) {
    return new MemoryPlan(
        allowance + regimeMemory,
        regimeMemory,
        allowance,
        true,
        true,
        "each phase's JVM ran in a memory cgroup of "
            + Units.bytes(allowance + regimeMemory)
            + ": "
            + Units.bytes(regimeMemory)
            + " for the engines' caches and the page cache ("
            + regime.memoryFraction()
            + " × "
            + Units.bytes(data)
            + " of data) + "
            + Units.bytes(allowance)
            + " for the JVM, the page cache"
            + " held to its share as the JVM's own memory moved (pages waiting for the disk, up to 20% of the group,"
            + " beside it)");
  }

  /** The plan of {@code --memory-limit <size>}: the engines get what the JVM leaves of it. */
  private static MemoryPlan userLimit(
      Experiment experiment, String option, String unavailable, long regimeMemory, long allowance)
      throws ExperimentException {
    Description.Regime regime = experiment.regime();
    long limit = Sizes.parse(option);
    if (limit <= 0) {
      throw new ExperimentException(
          "--memory-limit: '"
              + option
              + "' is not a size; use a number with an optional k, m, g or t suffix, or none");
    }
    if (limit <= allowance) {
      throw new ExperimentException(
          "--memory-limit: '"
              + option
              + "' ("
              + Units.bytes(limit)
              + ") leaves nothing for"
              + " the engines beside the JVM's allowance of "
              + Units.bytes(allowance)
              + " (heap "
              + Units.bytes(experiment.heapBytes())
              + " + "
              + Units.bytes(experiment.jvmOverheadBytes())
              + ")");
    }
    if (unavailable != null) {
      throw new ExperimentException("--memory-limit: " + unavailable);
    }
    long engines = limit - allowance;
    boolean reproduced = regime != null && engines <= regimeMemory;
    return new MemoryPlan(
        limit,
        engines,
        allowance,
        true,
        reproduced,
        "--memory-limit "
            + option
            + ": the engines got "
            + Units.bytes(engines)
            + (regime == null
                ? ""
                : reproduced
                    ? ", no more than the write-up's regime"
                    : ", more than the write-up's regime (" + Units.bytes(regimeMemory) + ")"));
  }

  /**
   * Refuses, in one line naming the property, a cache in the JVM's heap that cannot be planned:
   * unsized under a memory limit (the engine's default then depends on the heap itself, Berkeley DB
   * JE's 60% of it), more than the engines' memory under the limit, or more than the file's heap
   * beside it (YCSB's own objects would get less than half the heap; MVStore refuses that too).
   */
  public void checkHeap(Experiment experiment, String engine, Long cacheBytes)
      throws ExperimentException {
    if (!Experiment.cacheInHeap(engine)) {
      return;
    }
    String property = engine + ".cache_size";
    String name = Engines.named(engine).map(EngineDescriptor::displayName).orElse(engine);
    if (cacheBytes == null) {
      if (limitBytes != null) {
        throw new ExperimentException(
            property
                + " is not set: "
                + name
                + "'s cache lives in the JVM's heap, and under a memory limit of "
                + Units.bytes(limitBytes)
                + " the heap is planned from it; give it among the file's settings");
      }
      return;
    }
    if (limitBytes != null && cacheBytes > engineMemoryBytes) {
      throw new ExperimentException(
          property
              + ": "
              + Units.bytes(cacheBytes)
              + " does not fit the "
              + Units.bytes(engineMemoryBytes)
              + " the memory limit gives the engines' caches and page cache ("
              + name
              + "'s cache lives in the JVM's heap, inside the limit); use less");
    }
    long fileHeap = experiment.heapBytes();
    if (cacheBytes > fileHeap) {
      throw new ExperimentException(
          property
              + ": "
              + Units.bytes(cacheBytes)
              + " is more than the heap's own "
              + Units.bytes(fileHeap)
              + " (jvm.heap) beside it: "
              + name
              + "'s cache would be more than half of -Xmx"
              + Sizes.format(experiment.heapBytes(engine, cacheBytes))
              + "; raise jvm.heap or use less");
    }
  }

  public Results.Regime describe(Experiment experiment, Map<String, Long> pageCacheBytes) {
    Description.Regime regime = experiment.regime();
    return new Results.Regime(
        regime == null ? "" : regime.description(),
        regime == null ? 0 : regime.memoryFraction(),
        engineMemoryBytes,
        jvmAllowanceBytes,
        limitBytes != null,
        note,
        pageCacheBytes);
  }

  public static String unavailable() {
    return MemoryLimit.unavailable();
  }
}
