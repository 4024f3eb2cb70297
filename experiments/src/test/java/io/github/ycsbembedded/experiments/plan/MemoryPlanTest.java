package io.github.ycsbembedded.experiments.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.model.Variants;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory of a run's phases planned with an engine whose cache lives in the JVM's heap (MVStore,
 * Berkeley DB JE): the heap holds the cache on top of the file's heap, the cgroup stays the JVM's
 * allowance and the engines' memory, and a cache that cannot be planned is refused in one line.
 */
public class MemoryPlanTest {
  private static final long MIB = 1L << 20;

  @TempDir Path tmp;

  /**
   * The plan of {@code variant} (ablations among them) of {@code e} at {@code scale} for {@code
   * engines}, with a cgroup (as with root), its folders all {@code dir}.
   */
  public static RunPlan plan(
      Experiment e, String variant, String scale, List<String> engines, Path dir)
      throws ExperimentException {
    Variants.PlannedVariant planned =
        Variants.of(e, true, null, List.of()).stream()
            .filter(v -> v.name().equals(variant))
            .findFirst()
            .orElseThrow();
    Experiment changed = planned.experiment();
    MemoryPlan memory = MemoryPlan.of(changed, changed.scale(scale), null, null);
    return new RunPlan(
        planned, changed, changed.scale(scale), engines, 1, 1, 1, memory, dir, dir, dir);
  }

  private RunPlan plan(Experiment e, String variant, String scale, List<String> engines)
      throws ExperimentException {
    return plan(e, variant, scale, engines, tmp);
  }

  @Test
  void anInHeapEnginesHeapHoldsItsCacheBesideTheFilesAndTheCgroupStaysTheSame() throws Exception {
    Experiment engines = Experiment.load(ExperimentTest.EXPERIMENTS, "engines");
    List<String> all = engines.engines();

    RunPlan out = plan(engines, "base", "quick", all);
    RunPlan in = plan(engines, "in-memory", "quick", all);

    // 75,000 records of 1,000 bytes: a quarter of them out of memory, three times them in memory
    assertThat(out.memory().engineMemoryBytes()).isEqualTo(18_750_000L);
    assertThat(out.memory().limitBytes()).isEqualTo((256 + 192) * MIB + 18_750_000L);
    assertThat(in.memory().limitBytes()).isEqualTo((256 + 192) * MIB + 225_000_000L);
    // half of the engines' memory as cache, rounded up to a whole MiB on top of the file's 256 MiB
    assertThat(out.cacheBytes("mvstore")).isEqualTo(9_375_000L);
    assertThat(out.heapBytes("mvstore")).isEqualTo((256 + 9) * MIB);
    assertThat(out.heapBytes("berkeleydb")).isEqualTo((256 + 9) * MIB);
    assertThat(in.cacheBytes("berkeleydb")).isEqualTo(112_500_000L);
    assertThat(in.heapBytes("berkeleydb")).isEqualTo((256 + 108) * MIB);
    // the others' caches are native: their heap is the file's, whatever their cache_size
    assertThat(out.cacheBytes("wiredtiger")).isEqualTo(9_375_000L);
    assertThat(out.heapBytes("wiredtiger")).isEqualTo(256 * MIB);
    assertThat(out.heapBytes("lmdb")).isEqualTo(256 * MIB);
    out.checkHeap();
    in.checkHeap();
  }

  /**
   * The experiment file of {@code lines} as {@code mine.yaml} in {@code dir}, whose phases may name
   * the workload {@code w} (all reads) of the project {@code dir} stands for.
   */
  public static Experiment file(Path dir, String... lines) throws Exception {
    Files.createDirectories(dir.resolve("workloads"));
    Files.writeString(dir.resolve("workloads/w"), "readproportion=1\n");
    Files.writeString(dir.resolve("mine.yaml"), String.join("\n", lines) + "\n");
    return Experiment.load(dir.resolve("mine.yaml"), dir);
  }

  /** A file of one engine, its heap, its regime from tiny and its settings, at 100,000 KiB. */
  private Experiment mine(String engine, String settings, String variants) throws Exception {
    return file(
        tmp,
        "title: mine",
        "engines: [" + engine + "]",
        "ycsb: {fieldcount: 1, fieldlength: 1024}",
        "jvm: {heap: 64m}",
        "regime: {description: d, memoryFraction: 0.1, from: tiny}",
        settings,
        variants,
        "phases:",
        "  - {id: load, command: load, workload: w}",
        "scales:",
        "  - {name: tiny, records: 100000, operations: 1000}");
  }

  @Test
  void aCacheInTheHeapThatCannotBePlannedIsOneLineNamingItsProperty() throws Exception {
    Experiment unset = mine("berkeleydb", "", "");
    assertThatThrownBy(() -> plan(unset, "base", "tiny", List.of("berkeleydb")).checkHeap())
        .isInstanceOf(ExperimentException.class)
        .hasMessage(
            "berkeleydb.cache_size is not set: Berkeley DB JE's cache lives in the JVM's heap, and"
                + " under a memory limit of 265.8 MiB the heap is planned from it; give it among"
                + " the file's settings");
    // without a limit the engine sizes its own cache from the heap it is given
    RunPlan unlimited =
        new RunPlan(
            Variants.of(unset, false, null, List.of()).get(0),
            unset,
            unset.scale("tiny"),
            List.of("berkeleydb"),
            1,
            1,
            1,
            MemoryPlan.of(unset, unset.scale("tiny"), "none", null),
            tmp,
            tmp,
            tmp);
    unlimited.checkHeap();
    assertThat(unlimited.heapBytes("berkeleydb")).isEqualTo(64 * MIB);

    Experiment tooBig =
        mine(
            "mvstore",
            "settings: [{engine: mvstore, property: mvstore.cache_size, value: 16m, source: s}]",
            "");
    assertThatThrownBy(() -> plan(tooBig, "base", "tiny", List.of("mvstore")).checkHeap())
        .isInstanceOf(ExperimentException.class)
        .hasMessage(
            "mvstore.cache_size: 16.0 MiB does not fit the 9.8 MiB the memory limit gives the"
                + " engines' caches and page cache (MVStore's cache lives in the JVM's heap, inside"
                + " the limit); use less");

    Experiment halfHeap =
        mine(
            "mvstore",
            "settings: [{engine: mvstore, property: mvstore.cache_size, value: '0.5',"
                + " scaling: of-memory, source: s}]",
            "variants: [{name: roomy, memoryFraction: 2}]");
    plan(halfHeap, "base", "tiny", List.of("mvstore")).checkHeap();
    assertThatThrownBy(() -> plan(halfHeap, "roomy", "tiny", List.of("mvstore")).checkHeap())
        .isInstanceOf(ExperimentException.class)
        .hasMessage(
            "variant roomy: mvstore.cache_size: 97.7 MiB is more than the heap's own 64.0 MiB"
                + " (jvm.heap) beside it: MVStore's cache would be more than half of -Xmx162m;"
                + " raise jvm.heap or use less");
  }
}
