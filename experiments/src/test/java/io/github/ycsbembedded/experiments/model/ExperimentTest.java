package io.github.ycsbembedded.experiments.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.experiments.analysis.WriteUp;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.Description.Scale;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The repository's own experiment files, and the rules of the format. */
public class ExperimentTest {
  public static final Path EXPERIMENTS =
      Paths.get(System.getProperty("ycsbembedded.root")).resolve("experiments");

  @TempDir Path tmp;

  private static EngineSettings.Context at(Scale scale, boolean regime, long memory) {
    return new EngineSettings.Context(scale, regime, memory);
  }

  @Test
  void everyExperimentFileLoadsAndEveryNameItUsesExists() throws Exception {
    java.util.Set<String> documented = documentedProperties();
    assertThat(Experiment.names(EXPERIMENTS))
        .containsExactly(
            "bindings", "digg", "engines", "harperdb", "hyperdex", "latency", "likes", "unum");
    for (String name : Experiment.names(EXPERIMENTS)) {
      // load checks phases, scales, settings, differences and published figures; WriteUp.of the
      // roles of a write-up's file
      Experiment experiment = Experiment.load(EXPERIMENTS, name);
      if (experiment.hasWriteUp()) {
        assertThat(WriteUp.of(experiment)).as(name).isNotNull();
      }
      for (Phase phase : experiment.phases()) {
        assertThat(EXPERIMENTS.getParent().resolve(phase.workload()))
            .as("%s %s", name, phase.id())
            .isRegularFile();
      }
      for (var setting : experiment.description().origin().settings()) {
        assertThat(documented)
            .as("%s: %s's property %s", name, setting.engine(), setting.property())
            .contains(setting.property());
      }
    }
  }

  /** Every property docs/bindings.md lists in a table's first cell ({@code `lmdb.mapsize`}). */
  private static java.util.Set<String> documentedProperties() throws java.io.IOException {
    java.util.Set<String> documented = new java.util.TreeSet<>();
    java.util.regex.Pattern row =
        java.util.regex.Pattern.compile("^\\| `([a-z]+\\.[a-z0-9_]+)` \\|");
    for (String line :
        java.nio.file.Files.readAllLines(EXPERIMENTS.getParent().resolve("docs/bindings.md"))) {
      java.util.regex.Matcher m = row.matcher(line);
      if (m.find()) {
        documented.add(m.group(1));
      }
    }
    return documented;
  }

  @Test
  void unumHasItsPhasesOursBesideTheWriteUpsAndItsSettingsFromUcsbWithSources() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");

    assertThat(unum.engines()).containsExactly("lmdb", "rocksdb", "leveldb", "wiredtiger");
    assertThat(unum.phases())
        .extracting(Phase::id)
        .containsExactly("init", "init-bulk", "c", "a", "d", "z", "z-parallel");
    assertThat(unum.phase("init").isLoad()).isTrue();
    assertThat(unum.phase("z").keysAreSpeed()).isTrue();
    assertThat(unum.phase("z-parallel").beside()).isEqualTo("z");
    assertThat(unum.phase("init-bulk").beside()).isEqualTo("init");
    assertThat(unum.batchSize(unum.phase("init-bulk"))).isEqualTo(5000);
    assertThat(unum.dataSize(unum.scale("tiny"))).isEqualTo(2_000L * 1024);
    assertThat(unum.description().origin().settings())
        .allSatisfy(s -> assertThat(s.source()).as(s.property()).isNotBlank());
    assertThat(unum.publishedDataBytes("quick")).isEqualTo(100_000_000L * 1024);
    assertThat(unum.publishedVersion("rocksdb")).isEqualTo("RocksDB 6.20.3");
    assertThat(unum.publishedVersion("lmdb")).isNull();
  }

  @Test
  void enginesRunsEveryWorkloadOnTheSevenEnginesOutOfMemoryAndInAtOneAndTwoThreads()
      throws Exception {
    Experiment engines = Experiment.load(EXPERIMENTS, "engines");

    assertThat(engines.engines())
        .containsExactly(
            "lmdb", "rocksdb", "leveldb", "wiredtiger", "sqlite", "mvstore", "berkeleydb");
    assertThat(engines.phases())
        .extracting(Phase::id)
        .containsExactly("load", "a", "b", "c", "f", "d", "e", "z");
    assertThat(engines.phase("load").isLoad()).isTrue();
    assertThat(engines.phase("z").keysAreSpeed()).isTrue();
    assertThat(engines.description().scales())
        .extracting(Scale::name)
        .containsExactly("tiny", "quick", "small");
    // quick: 75,000 records of YCSB's 10 × 100 bytes, a quarter of them in the engines' memory
    Scale quick = engines.scale("quick");
    assertThat(engines.dataSize(quick)).isEqualTo(75_000_000L);
    assertThat(engines.regime().memoryFraction()).isEqualTo(0.25);
    assertThat(engines.regimeAppliesAt(quick)).isTrue();
    assertThat(quick.trials()).isEqualTo(1);
    assertThat(quick.variants()).containsExactly("in-memory");
    assertThat(engines.scale("small").variants()).isNull();
    // every variant: the base out of memory at one thread, then two threads, in memory, both
    List<Variants.PlannedVariant> all = Variants.of(engines, false, null, List.of());
    assertThat(all)
        .extracting(Variants.PlannedVariant::name)
        .containsExactly("base", "two-threads", "in-memory", "in-memory-two-threads");
    assertThat(all)
        .extracting(v -> v.experiment().regime().memoryFraction())
        .containsExactly(0.25, 0.25, 3.0, 3.0);
    assertThat(all)
        .extracting(v -> v.experiment().description().threads())
        .containsExactly(1, 2, 1, 2);
    assertThat(engines.description().variation().claims())
        .extracting(Variation.ClaimSpec::ratio)
        .containsExactly(
            "rocksdb / lmdb",
            "rocksdb / lmdb",
            "rocksdb / lmdb",
            "variant in-memory-two-threads / variant in-memory");
    // the caches of the two engines that keep them in the heap, sized with it at quick
    Variants.PlannedVariant inMemory = all.get(2);
    assertThat(
            EngineSettings.properties(
                inMemory.experiment(),
                engines.phase("c"),
                "mvstore",
                at(quick, true, 225_000_000L)))
        .containsEntry("mvstore.cache_size", "112500000");
    assertThat(engines.heapBytes("mvstore", 112_500_000L)).isEqualTo((256L + 108) << 20);
    assertThat(engines.heapBytes("berkeleydb", 9_375_000L)).isEqualTo((256L + 9) << 20);
    assertThat(engines.heapBytes("sqlite", 9_375_000L)).isEqualTo(256L << 20);
  }

  @Test
  void unumsAblationsRunOnlyWhenAskedAndEachChangesOneSuspectedCause() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    assertThat(Variants.of(unum, false, null, List.of()))
        .extracting(Variants.PlannedVariant::name)
        .containsExactly("base");
    List<Variants.PlannedVariant> all = Variants.of(unum, true, null, List.of());
    assertThat(all)
        .extracting(Variants.PlannedVariant::name)
        .containsExactly(
            "base",
            "leveldb-files-64m",
            "leveldb-table-cache-all",
            "leveldb-memtable-4m",
            "rocksdb-6.20.3",
            "wiredtiger-blind-update",
            "debt-paid",
            "order-a-before-c",
            "harness-2022");
    assertThat(all.subList(1, all.size()))
        .allSatisfy(
            v -> {
              assertThat(v.ablation()).isTrue();
              assertThat(v.tests()).isNotBlank();
              assertThat(v.concerns()).isNotEmpty();
            });
    Map<String, Variants.PlannedVariant> byName =
        all.stream().collect(Collectors.toMap(Variants.PlannedVariant::name, v -> v));
    assertThat(byName.get("order-a-before-c").experiment().phases())
        .extracting(Phase::id)
        .containsExactly("init", "a", "c", "d", "z");
    Variants.PlannedVariant debt = byName.get("debt-paid");
    assertThat(debt.overall()).isTrue();
    assertThat(debt.concerns()).containsExactly("rocksdb", "leveldb");
    assertThat(
            EngineSettings.properties(
                debt.experiment(),
                debt.experiment().phase("init"),
                "rocksdb",
                at(unum.scale("tiny"), false, 0)))
        .containsEntry("rocksdb.compact_on_close", "true");
    Variants.PlannedVariant blind = byName.get("wiredtiger-blind-update");
    assertThat(blind.concerns()).containsExactly("wiredtiger");
    assertThat(blind.experiment().phases())
        .extracting(Phase::id)
        .containsExactly("init", "init-bulk", "c", "a");
    assertThat(
            EngineSettings.properties(
                blind.experiment(),
                blind.experiment().phase("a"),
                "wiredtiger",
                at(unum.scale("tiny"), false, 0)))
        .containsEntry("wiredtiger.blind_update", "true")
        .containsEntry("fieldcount", "1");
    Variants.PlannedVariant rocks620 = byName.get("rocksdb-6.20.3");
    assertThat(rocks620.concerns()).containsExactly("rocksdb");
    assertThat(rocks620.experiment().phases())
        .as("every phase of the file")
        .extracting(Phase::id)
        .containsExactly("init", "init-bulk", "c", "a", "d", "z", "z-parallel");
    assertThat(
            EngineSettings.properties(
                rocks620.experiment(),
                rocks620.experiment().phase("z"),
                "rocksdb",
                at(unum.scale("tiny"), false, 0)))
        .containsEntry("rocksdb.library", "6.20.3");
    Variants.PlannedVariant files = byName.get("leveldb-files-64m");
    assertThat(
            EngineSettings.properties(
                files.experiment(),
                files.experiment().phase("c"),
                "leveldb",
                at(unum.scale("quick"), false, 0)))
        .as("unscaled: the write-up's file size")
        .containsEntry("leveldb.max_file_size", "64m");
  }

  @Test
  void namedVariantsRunAloneBesideTheBaseAblationsAmongThem() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    assertThat(Variants.of(unum, false, List.of("harness-2022", "order-a-before-c"), List.of()))
        .extracting(Variants.PlannedVariant::name)
        .containsExactly("base", "order-a-before-c", "harness-2022");
    assertThat(Variants.of(unum, true, List.of("base"), List.of()))
        .extracting(Variants.PlannedVariant::name)
        .hasSize(9);
    assertThatThrownBy(() -> Variants.of(unum, false, List.of("order-c-before-a"), List.of()))
        .hasMessage(
            "--variants: 'order-c-before-a' is not a variant of unum; its variants:"
                + " leveldb-files-64m, leveldb-table-cache-all, leveldb-memtable-4m, rocksdb-6.20.3,"
                + " wiredtiger-blind-update, debt-paid, order-a-before-c, harness-2022");
    assertThatThrownBy(() -> Variants.of(unum, false, List.of("debt-paid", ""), List.of()))
        .hasMessageStartingWith("--variants: empty; name one or more variants (its variants: ");
  }

  @Test
  void sizeSettingsScaleWithTheDataAndStopAtWhatTheEngineTakes() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    Scale quick = unum.scale("quick");
    long memory = 20_480_000; // 5% of 400,000 records of 1 KiB
    Map<String, EngineSettings.Applied> rocks =
        EngineSettings.of(unum, "rocksdb", unum.phase("a"), at(quick, true, memory)).stream()
            .collect(Collectors.toMap(EngineSettings.Applied::property, a -> a));

    // 400,000 of the write-up's 100,000,000 records: every size is 0.004 of ucsb's
    assertThat(rocks.get("rocksdb.write_buffer_size").value())
        .isEqualTo(Long.toString((long) (134217728 * 0.004)));
    assertThat(rocks.get("rocksdb.max_bytes_for_level_base").value())
        .isEqualTo(Long.toString((long) (536870912L * 0.004)));
    assertThat(rocks.get("rocksdb.max_write_buffer_number").value()).isEqualTo("6");
    assertThat(rocks.get("rocksdb.max_write_buffer_number").derivation()).isEmpty();
    assertThat(rocks.get("rocksdb.write_buffer_size").derivation())
        .isEqualTo("128.0 MiB × 0.004 (the data here ÷ the write-up's) = 524.3 KiB");
    assertThat(rocks).doesNotContainKey("rocksdb.batch_parallelism");

    Map<String, String> level =
        EngineSettings.of(unum, "leveldb", unum.phase("z"), at(quick, true, memory)).stream()
            .collect(
                Collectors.toMap(EngineSettings.Applied::property, EngineSettings.Applied::value));
    assertThat(level)
        .as("LevelDB takes no table file under 1 MiB")
        .containsEntry("leveldb.max_file_size", Long.toString(1L << 20))
        .containsEntry("leveldb.max_open_files", "74")
        .containsEntry("leveldb.mmap_reads", "false")
        .containsEntry("leveldb.batch_parallelism", "1");
    assertThat(
            EngineSettings.of(unum, "leveldb", unum.phase("z"), at(unum.scale("tiny"), false, 0))
                .stream()
                .map(EngineSettings.Applied::property))
        .as("only in the regime")
        .doesNotContain("leveldb.mmap_reads");
  }

  @Test
  void aPhasesPropertiesAreTheScalesTheSettingsThenThePhasesOwn() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    Map<String, String> z =
        EngineSettings.properties(
            unum, unum.phase("z"), "rocksdb", at(unum.scale("tiny"), false, 0));
    assertThat(z)
        .containsEntry("recordcount", "2000")
        .containsEntry("operationcount", "8")
        .containsEntry("fieldlength", "1024")
        .containsEntry("rocksdb.batch_parallelism", "1")
        .containsEntry("rocksdb.compression", "none");
    Map<String, String> parallel =
        EngineSettings.properties(
            unum, unum.phase("z-parallel"), "rocksdb", at(unum.scale("tiny"), false, 0));
    assertThat(parallel).doesNotContainKey("rocksdb.batch_parallelism");

    Experiment likes = Experiment.load(EXPERIMENTS, "likes");
    assertThat(
            EngineSettings.properties(
                likes, likes.phase("like"), "lmdb", at(likes.scale("quick"), false, 0)))
        .containsEntry("operationcount", "300000")
        .containsEntry("likes.users", "3000");
    assertThat(likes.dataSize(likes.scale("quick")))
        .as("record.bytes, not YCSB's 10 fields of 100")
        .isEqualTo(150_000L * 80);
  }

  @Test
  void likesScalesLoadEveryPairWhoseSumIsAMultipleOfThree() throws Exception {
    Experiment likes = Experiment.load(EXPERIMENTS, "likes");
    assertThat(likes.phase("like").countBound())
        .as("its likes are the data of the lookups")
        .isTrue();
    assertThat(likes.phases().stream().filter(p -> !p.counting().accept().isEmpty()).map(Phase::id))
        .containsExactly("like-exists");
    for (Scale scale : likes.scales()) {
      long users = Long.parseLong(scale.properties().get("likes.users"));
      long posts = Long.parseLong(scale.properties().get("likes.posts"));
      long pairs = 0;
      for (long residue = 0; residue < 3; residue++) {
        long u = users / 3 + (residue < users % 3 ? 1 : 0);
        long p = posts / 3 + ((3 - residue) % 3 < posts % 3 ? 1 : 0);
        pairs += u * p;
      }
      assertThat(scale.records()).as("scale %s", scale.name()).isEqualTo(pairs);
    }
  }

  @Test
  void diggScalesLoadUsersPlusDiggs() throws Exception {
    Experiment digg = Experiment.load(EXPERIMENTS, "digg");
    assertThat(digg.publishedList("setups"))
        .containsExactly("digg-mysql", "disk-surrogate", "disk-clustered", "ssd-concurrent");
    assertThat(digg.published("quick", "query", "ssd-concurrent", "per_s").value())
        .isEqualTo(4100.0);
    for (Scale scale : digg.scales()) {
      long users = Long.parseLong(scale.properties().get("friendfeed.users"));
      long diggs = Long.parseLong(scale.properties().get("friendfeed.diggs"));
      assertThat(scale.records()).as("scale %s", scale.name()).isEqualTo(users + diggs);
      assertThat(scale.properties())
          .as("scale %s: the write-up's 20 friendships a user", scale.name())
          .containsEntry("friendfeed.friends_per_user", "20")
          .doesNotContainKey("friendfeed.edges");
    }
    Variation.VariantSpec fifty =
        digg.description().variation().variants().stream()
            .filter(v -> v.name().equals("fifty-friends"))
            .findFirst()
            .get();
    assertThat(fifty.ablation()).isTrue();
    assertThat(fifty.ycsb()).containsExactly(Map.entry("friendfeed.friends_per_user", "50"));
    assertThat(fifty.phases()).containsExactly("n-load", "f-load");
    assertThat(
            EngineSettings.properties(
                digg, digg.phase("f-digg"), "lmdb", at(digg.scale("quick"), false, 0)))
        .containsEntry("friendfeed.layout", "fanout")
        .containsEntry("operationcount", "2000");
  }

  @Test
  void hyperdexFiguresAreKeyedByPhaseEngineAndColumnAndAScaleMayHaveItsOwn() throws Exception {
    Experiment hyperdex = Experiment.load(EXPERIMENTS, "hyperdex");
    assertThat(hyperdex.threads()).isEqualTo(4);
    assertThat(hyperdex.regime().memoryFraction()).isEqualTo(0.2);
    assertThat(hyperdex.published("quick", "load", "leveldb", "insert.p99_ms"))
        .isEqualTo(new Description.PublishedFigure(2, true));
    assertThat(hyperdex.published("quick", "load", "leveldb", "insert.avg_us").uncertain())
        .isFalse();
    assertThat(hyperdex.published("full", "load", "lmdb", "throughput").value()).isEqualTo(9449.0);
    assertThat(hyperdex.published("full100", "load", "lmdb", "throughput").value())
        .isEqualTo(7298.0);
    assertThat(hyperdex.published("quick", "run", "rocksdb", "throughput")).isNull();
    assertThat(hyperdex.publishedDataBytes("full100")).isEqualTo(100_000_000L * 4000);
    assertThat(hyperdex.publishedDataBytes("quick")).isEqualTo(10_000_000L * 4000);
    assertThat(hyperdex.publishedName("leveldb")).isEqualTo("HyperLevelDB");
  }

  @Test
  void unknownExperimentAndScaleListTheKnownOnes() throws Exception {
    assertThatThrownBy(() -> Experiment.load(EXPERIMENTS, "nosuch"))
        .isInstanceOf(ExperimentException.class)
        .hasMessage(
            "unknown experiment 'nosuch'; known experiments: bindings, digg, engines, harperdb, hyperdex, latency, likes, unum (or give an experiment file's path)");
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    assertThatThrownBy(() -> unum.scale("huge"))
        .hasMessage(
            "experiment unum has no scale 'huge'; its scales: tiny, quick, small, medium, full");
  }

  private static final String BASE =
      String.join(
          "\n",
          "title: t",
          "writeup: {class: Unum, roles: {bulk: p, oneByOne: p}}",
          "engines: [lmdb]",
          "phases:",
          "  - {id: p, workload: workloads/w}",
          "scales:",
          "  - {name: s, records: 5, operations: 5}",
          "");

  private Experiment write(String name, String yaml) throws Exception {
    Files.createDirectories(tmp.resolve("experiments"));
    Files.createDirectories(tmp.resolve("workloads"));
    Files.writeString(tmp.resolve("workloads/w"), "fieldcount=1\n");
    Files.writeString(tmp.resolve("experiments/" + name + ".yaml"), yaml);
    return Experiment.load(tmp.resolve("experiments"), name);
  }

  @Test
  void aMinimalFileLoadsWithItsDefaults() throws Exception {
    Experiment x = write("x", BASE);
    assertThat(x.threads()).isEqualTo(1);
    assertThat(x.reference()).isEqualTo("lmdb");
    assertThat(x.heapBytes()).isEqualTo(256L << 20);
    assertThat(x.scale("s").repeat()).isEqualTo(3);
    assertThat(x.scale("s").trials()).isEqualTo(1);
    assertThat(x.phase("p").command()).isEqualTo(Description.Command.RUN);
    assertThat(x.recordBytes()).as("1 field of YCSB's 100 bytes").isEqualTo(100);
  }

  @Test
  void theKnownKeysAreTheFilesNotTheGroupsTheyAreReadInto() {
    assertThatThrownBy(() -> write("keys", BASE.replace("workloads/w}", "workloads/w, x: 1}")))
        .hasMessageContaining(
            "known here: accept, beside, bound, command, dataset, id, label, note, properties,"
                + " rate, speed, threads, workload");
    assertThatThrownBy(() -> write("keys", BASE + "x: 1\n"))
        .hasMessageContaining(
            "known here: claims, differences, engines, jvm, phases, published, record, reference,"
                + " regime, scales, settings, source, sweep, threads, title, variants, writeup, ycsb");
    assertThatThrownBy(() -> write("keys", BASE + "variants:\n  - {name: v, x: 1}\n"))
        .hasMessageContaining(
            "known here: ablation, concerns, memoryFraction, name, note, on, ownMemory, pageCache,"
                + " phases, settings, speed, tests, threads, ycsb");
    assertThatThrownBy(() -> write("keys", BASE + "published: {x: 1}\n"))
        .hasMessageContaining(
            "known here: at, cores, device, figures, harness, lists, names, note, recordBytes,"
                + " records, subjects, tables, threads, versions");
  }

  @Test
  void aMistypedKeyIsOneLineWithItsLineAndTheKnownKeys() {
    assertThatThrownBy(() -> write("typo", BASE + "enignes: [lmdb]\n"))
        .hasMessageStartingWith("typo.yaml line 8: unknown key 'enignes'; known here: ")
        .hasMessageContaining("engines");
    assertThatThrownBy(
            () ->
                write(
                    "cmd",
                    BASE.replace(
                        "workload: workloads/w}", "workload: workloads/w, command: bench}")))
        .hasMessage("cmd.yaml line 5, phases[0].command: 'bench' is not one of load, run");
    assertThatThrownBy(() -> write("size", BASE + "jvm: {heap: lots}\n"))
        .hasMessageEndingWith(
            "jvm.heap: 'lots' is not a size; use a number with an optional k, m, g or t suffix");
  }

  @Test
  void everyNameAPartUsesMustExist() {
    assertThatThrownBy(
            () ->
                write(
                    "setting",
                    BASE
                        + "settings:\n  - {engine: rocksdb, property: rocksdb.cache_size, value: 1m, source: s}\n"))
        .hasMessage("setting.yaml: settings[0].engine: 'rocksdb' is not one of lmdb");
    assertThatThrownBy(
            () ->
                write(
                    "prefix",
                    BASE
                        + "settings:\n  - {engine: lmdb, property: rocksdb.cache_size, value: 1m, source: s}\n"))
        .hasMessage(
            "prefix.yaml: settings[0].property: 'rocksdb.cache_size' is not one of lmdb's (they begin with lmdb.)");
    assertThatThrownBy(
            () ->
                write(
                    "nosource",
                    BASE + "settings:\n  - {engine: lmdb, property: lmdb.mapsize, value: 1g}\n"))
        .hasMessage("nosource.yaml: setting lmdb.mapsize: source is required");
    assertThatThrownBy(
            () -> write("beside", BASE.replace("workloads/w}", "workloads/w, beside: q}")))
        .hasMessage("beside.yaml: phase p: beside: 'q' is not one of p");
    assertThatThrownBy(
            () -> write("figure", BASE + "published:\n  figures:\n    q: {lmdb: {speed: 1}}\n"))
        .hasMessage("figure.yaml: published.figures: 'q' is not one of p");
    assertThatThrownBy(
            () -> write("subject", BASE + "published:\n  figures:\n    p: {oracle: {speed: 1}}\n"))
        .hasMessage("subject.yaml: published.figures.p: 'oracle' is not one of lmdb");
    assertThatThrownBy(
            () ->
                write("from", BASE + "regime: {description: d, memoryFraction: 0.5, from: huge}\n"))
        .hasMessage("from.yaml: regime.from: 'huge' is not one of s");
    assertThatThrownBy(() -> write("workload", BASE.replace("workloads/w}", "workloads/none}")))
        .hasMessage(
            "workload.yaml: phase p: workload: workloads/none is not a file (looked next to the"
                + " experiment file, then in the project's workloads/)");
  }

  @Test
  void badValuesAreRefusedNamingTheirKey() {
    assertThatThrownBy(
            () ->
                write(
                    "warm",
                    BASE.replace("operations: 5}", "operations: 5, duration: 10, warmup: 10}")))
        .hasMessage(
            "warm.yaml: scale s: warmup (10.0 s) leaves nothing of its 10 s duration to measure");
    assertThatThrownBy(
            () ->
                write("accept", BASE.replace("workloads/w}", "workloads/w, accept: [not found]}")))
        .hasMessage(
            "accept.yaml: phase p: accept: 'not found'; use OPERATION:STATUS, e.g. READ:NOT_FOUND");
    assertThatThrownBy(
            () ->
                write("fraction", BASE + "regime: {description: d, memoryFraction: 2, from: s}\n"))
        .hasMessage(
            "fraction.yaml: regime.memoryFraction: 2.0; use the engines' memory as a fraction of the data, e.g. 0.05");
    assertThatThrownBy(
            () -> write("margin", BASE.replace("operations: 5}", "operations: 5, margin: 0.8}")))
        .as("a scale's margin is gone: each verdict rests on its claim's own interval")
        .hasMessageContaining(": unknown key 'margin'; known here: ");
    assertThatThrownBy(
            () -> write("eng", BASE.replace("operations: 5}", "operations: 5, engines: [lmdbx]}")))
        .hasMessage("eng.yaml: scale s: engines: 'lmdbx' is not one of lmdb");
    assertThatThrownBy(
            () -> write("none", BASE.replace("operations: 5}", "operations: 5, engines: []}")))
        .hasMessage("none.yaml: scale s: engines: empty; name some of lmdb");
    assertThatThrownBy(() -> write("count", BASE.replace("records: 5, ", "")))
        .hasMessage("count.yaml: scale s needs records and operations, each 1 or more");
    assertThatThrownBy(
            () -> write("figure", BASE + "published:\n  figures:\n    p: {lmdb: {speed: fast}}\n"))
        .hasMessageEndingWith(
            "'fast' is not a figure; use a number, with a trailing ? if uncertain");
  }

  @Test
  void aWriteUpsRolesMustBeGivenAndNameWhatTheFileHas() throws Exception {
    Experiment missing =
        write("missing", BASE.replace("roles: {bulk: p, oneByOne: p}", "roles: {bulk: p}"));
    assertThatThrownBy(() -> WriteUp.of(missing))
        .hasMessage("missing.yaml: writeup.roles: oneByOne is required by Unum (a phase)");
    Experiment wrong =
        write(
            "wrong",
            BASE.replace("roles: {bulk: p, oneByOne: p}", "roles: {bulk: p, oneByOne: q}"));
    assertThatThrownBy(() -> WriteUp.of(wrong))
        .hasMessage("wrong.yaml: writeup.roles.oneByOne: 'q' is not one of p");
    Experiment extra =
        write(
            "extra",
            BASE.replace(
                "roles: {bulk: p, oneByOne: p}", "roles: {bulk: p, oneByOne: p, other: p}"));
    assertThatThrownBy(() -> WriteUp.of(extra))
        .hasMessage(
            "extra.yaml: writeup.roles: 'other' is not a role of Unum; its roles: bulk, oneByOne");
    Experiment noClass = write("noclass", BASE.replace("class: Unum", "class: no.such.WriteUp"));
    assertThatThrownBy(() -> WriteUp.of(noClass))
        .hasMessage(
            "noclass.yaml: writeup.class: 'no.such.WriteUp' is not a write-up class (ClassNotFoundException)");
  }

  @Test
  void aListOfRatesRunsAsOnePhasePerRateOnTheSameDataInOrder() throws Exception {
    Experiment latency = Experiment.load(EXPERIMENTS, "latency");
    assertThat(latency.phases())
        .extracting(Phase::id)
        .containsExactly(
            "load",
            "reads",
            "reads-at-0.25",
            "reads-at-0.5",
            "reads-at-0.75",
            "reads-at-0.9",
            "beside-writer-0.25",
            "beside-writer-0.5",
            "beside-writer-0.75");
    Phase half = latency.phase("reads-at-0.5");
    assertThat(half.label()).isEqualTo("Reads at 50% of reads's rate");
    assertThat(half.rate().of()).isEqualTo("reads");
    assertThat(half.rate().value()).isEqualTo(0.5);
    assertThat(half.rate().target(8000)).isEqualTo(4000);
    assertThat(half.rate().listOr(half.id())).isEqualTo("reads-at");
    assertThat(half.dataset()).isEqualTo(latency.phase("reads").dataset());
    assertThat(latency.phase("beside-writer-0.25").rate().property()).isEqualTo("rww.read_rate");
    assertThat(latency.phase("beside-writer-0.25").threads()).isEqualTo(3);
  }

  @Test
  void aRateTheRunnerCannotHoldIsRefusedNamingThePhase() {
    String reads = "  - {id: r, workload: workloads/w}\n";
    assertThatThrownBy(
            () ->
                write(
                    "later",
                    BASE.replace(
                        "  - {id: p, workload: workloads/w}",
                        "  - {id: p, workload: workloads/w, rate: {of: r, fractions: [0.5]}}\n"
                            + reads.stripTrailing())))
        .hasMessageContaining("phase p: rate.of: 'r' is not one of");
    assertThatThrownBy(
            () ->
                write(
                    "load",
                    BASE.replace(
                        "  - {id: p, workload: workloads/w}",
                        "  - {id: p, workload: workloads/w, command: load, rate: {ops: [100]}}")))
        .hasMessageContaining("phase p: rate: a load runs to its record count");
    assertThatThrownBy(
            () ->
                write(
                    "big",
                    BASE.replace(
                        "  - {id: p, workload: workloads/w}",
                        reads
                            + "  - {id: p, workload: workloads/w, rate: {of: r, fractions: [3]}}")))
        .hasMessageContaining(
            "phase p: rate: 3.0 is not a fraction of the speed above 0, at most 2");
    assertThatThrownBy(
            () ->
                write(
                    "bound",
                    BASE.replace(
                        "  - {id: p, workload: workloads/w}",
                        "  - {id: p, workload: workloads/w, rate: {ops: [100], bound: {percentile:"
                            + " p42, ms: 5}}}")))
        .hasMessageContaining("phase p: rate.bound: give a percentile (p50, p99 or p999)");
  }
}
