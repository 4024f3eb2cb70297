package io.github.ycsbembedded.experiments.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An experiment file of one's own: anywhere, no write-up, its workloads next to it or in the
 * project's; its variants, sweep and claims; each bad input one line naming its place.
 */
class OwnExperimentTest {
  @TempDir Path tmp;

  /** The project: a workloads/ folder with YCSB's workloadb, as the real one has. */
  private Path home() throws Exception {
    Path home = Files.createDirectories(tmp.resolve("project"));
    Files.createDirectories(home.resolve("workloads"));
    Files.writeString(home.resolve("workloads/workloadb"), "fieldcount=10\nreadproportion=0.95\n");
    return home;
  }

  private static final String FILE =
      String.join(
          "\n",
          "title: mine",
          "engines: [lmdb, leveldb]",
          "ycsb: {fieldcount: 1, fieldlength: 1024}",
          "phases:",
          "  - {id: load, command: load, workload: workloadb}",
          "  - {id: b, workload: mine-b}",
          "scales:",
          "  - {name: tiny, records: 2000, operations: 20000}",
          "");

  /** Writes {@code yaml} as {@code mine.yaml} in a folder of its own, with a workload beside it. */
  private Experiment load(String yaml) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("elsewhere"));
    Files.writeString(dir.resolve("mine-b"), "readproportion=0.5\nupdateproportion=0.5\n");
    Files.writeString(dir.resolve("mine.yaml"), yaml);
    return Experiment.load(dir.resolve("mine.yaml"), home());
  }

  @Test
  void aFileAnywhereFindsItsWorkloadsBesideItThenInTheProjects() throws Exception {
    Experiment mine = load(FILE);

    assertThat(mine.name()).isEqualTo("mine");
    assertThat(mine.hasWriteUp()).isFalse();
    assertThat(mine.workloadPath(mine.phase("load"))).isEqualTo("workloads/workloadb");
    assertThat(mine.workloadPath(mine.phase("b")))
        .as("outside the project: absolute")
        .isEqualTo(tmp.resolve("elsewhere/mine-b").toString());
    assertThat(mine.recordBytes()).isEqualTo(1024);
  }

  @Test
  void aSweepIsOneVariantPerValueAndTheFilesOwnValueIsTheBase() throws Exception {
    Experiment mine = load(FILE + "sweep: {over: threads, values: [1, 2, 4]}\n");

    List<Variants.PlannedVariant> variants = Variants.of(mine, false, null, List.of());

    assertThat(variants)
        .extracting(Variants.PlannedVariant::name)
        .containsExactly("base", "threads=2", "threads=4");
    assertThat(variants.get(0).changes())
        .as("threads=1 is what the base runs")
        .containsExactly(Map.entry("threads", "1"));
    assertThat(variants.get(2).experiment().threads()).isEqualTo(4);
    assertThat(variants.get(2).changes()).containsExactly(Map.entry("threads", "4"));
  }

  @Test
  void namedVariantsChangeSettingsYcsbAndPhaseOrderAndAblationsWaitToBeAskedFor() throws Exception {
    Experiment mine =
        load(
            FILE
                + String.join(
                    "\n",
                    "variants:",
                    "  - {name: synced, settings: [{engine: lmdb, property: lmdb.sync, value: 'true'}]}",
                    "  - {name: small, ycsb: {fieldlength: 100}}",
                    "  - {name: reordered, phases: [b, load]}",
                    "  - {name: big-files, ablation: true, tests: seek compaction,",
                    "     settings: [{engine: leveldb, property: leveldb.max_file_size, value: 64m}]}",
                    ""));

    assertThat(Variants.of(mine, false, null, List.of()))
        .extracting(Variants.PlannedVariant::name)
        .containsExactly("base", "synced", "small", "reordered");
    List<Variants.PlannedVariant> all = Variants.of(mine, true, null, List.of());
    assertThat(all).extracting(Variants.PlannedVariant::name).endsWith("big-files");

    Variants.PlannedVariant synced = all.get(1);
    assertThat(
            EngineSettings.properties(
                    synced.experiment(),
                    synced.experiment().phase("b"),
                    "lmdb",
                    new EngineSettings.Context(mine.scale("tiny"), false, 0))
                .get("lmdb.sync"))
        .isEqualTo("true");
    assertThat(all.get(2).experiment().recordBytes()).isEqualTo(100);
    assertThat(all.get(3).experiment().phases())
        .extracting(Description.Phase::id)
        .containsExactly("b", "load");
    assertThat(all.get(4).tests()).isEqualTo("seek compaction");
  }

  @Test
  void aVariantsOrASweepsYcsbPropertiesOverrideTheScalesButNotThePhases() throws Exception {
    Experiment mine =
        load(
            FILE.replace(
                    "operations: 20000}",
                    "operations: 20000, properties: {friendfeed.edges: '40000', readproportion:"
                        + " '0.9'}, phaseProperties: {b: {readproportion: '0.7'}}}")
                + "variants:\n  - {name: denser, ycsb: {friendfeed.edges: '100000', readproportion:"
                + " '0.8'}}\n");
    Variants.PlannedVariant denser = Variants.of(mine, false, null, List.of()).get(1);
    EngineSettings.Context at = new EngineSettings.Context(mine.scale("tiny"), false, 0);

    Map<String, String> base = EngineSettings.properties(mine, mine.phase("load"), "lmdb", at);
    assertThat(base).containsEntry("friendfeed.edges", "40000");
    Experiment changed = denser.experiment();
    EngineSettings.Context there = new EngineSettings.Context(changed.scale("tiny"), false, 0);
    assertThat(EngineSettings.properties(changed, changed.phase("load"), "lmdb", there))
        .containsEntry("friendfeed.edges", "100000")
        .containsEntry("readproportion", "0.8");
    assertThat(EngineSettings.properties(changed, changed.phase("b"), "lmdb", there))
        .as("the scale's property for the phase still wins")
        .containsEntry("readproportion", "0.7");

    Variants.PlannedVariant swept =
        Variants.of(mine, false, null, List.of(Variation.Sweep.parse("friendfeed.edges=100000")))
            .stream()
            .filter(v -> v.name().equals("friendfeed.edges=100000"))
            .findFirst()
            .orElseThrow();
    Experiment sparse = swept.experiment();
    assertThat(
            EngineSettings.properties(
                sparse,
                sparse.phase("load"),
                "lmdb",
                new EngineSettings.Context(sparse.scale("tiny"), false, 0)))
        .as("a property only a scale sets can be swept")
        .containsEntry("friendfeed.edges", "100000");
    assertThat(
            Variants.of(mine, false, null, List.of(Variation.Sweep.parse("fieldlength=1024,100"))))
        .as("the file's own fieldlength is the base, not run twice")
        .extracting(Variants.PlannedVariant::name)
        .containsExactly("base", "denser", "fieldlength=100");
  }

  @Test
  void aSweepFromTheCommandLineOverABindingPropertyIsASettingOfThatEngine() throws Exception {
    Experiment mine = load(FILE);

    List<Variants.PlannedVariant> variants =
        Variants.of(mine, false, null, List.of(Variation.Sweep.parse("lmdb.mapsize=1g,2g")));

    assertThat(variants)
        .extracting(Variants.PlannedVariant::name)
        .containsExactly("base", "lmdb.mapsize=1g", "lmdb.mapsize=2g");
    Variants.PlannedVariant big = variants.get(2);
    assertThat(
            EngineSettings.of(
                    big.experiment(),
                    "lmdb",
                    null,
                    new EngineSettings.Context(mine.scale("tiny"), false, 0))
                .get(0)
                .source())
        .isEqualTo("sweep over lmdb.mapsize");
  }

  @Test
  void aSweepOverAnUnknownPropertyIsOneLineNamingWhatIsAccepted() throws Exception {
    Experiment mine = load(FILE);

    assertThatThrownBy(
            () ->
                Variants.of(
                    mine, false, null, List.of(Variation.Sweep.parse("lmdb.mapsise=1g,2g"))))
        .hasMessage(
            "--vary over lmdb.mapsise: not a property of the lmdb binding (docs/bindings.md lists"
                + " them)");
    assertThatThrownBy(
            () -> Variants.of(mine, false, null, List.of(Variation.Sweep.parse("colour=red"))))
        .hasMessage(
            "--vary over 'colour': not threads, memory, a YCSB property (such as fieldlength) or a"
                + " property of this experiment's engines (lmdb.*, leveldb.*)");
    assertThatThrownBy(() -> load(FILE + "sweep: {over: threads, values: [1, lots]}\n"))
        .hasMessage("mine.yaml: sweep over threads: 'lots' is not a thread count");
    assertThatThrownBy(() -> load(FILE + "sweep: {over: memory, values: [0.1]}\n"))
        .hasMessage("mine.yaml: sweep over memory needs the file's regime (regime.memoryFraction)");
  }

  @Test
  void claimsOfOnesOwnNameWhatExistsAndStateAnInterval() throws Exception {
    assertThat(
            load(FILE + "claims: [{ratio: lmdb / leveldb, phase: b, expect: '>= 1.2'}]\n")
                .description()
                .variation()
                .claims())
        .hasSize(1);
    assertThatThrownBy(
            () -> load(FILE + "claims: [{ratio: lmdb / rocksdb, phase: b, expect: '>= 1.2'}]\n"))
        .hasMessage("mine.yaml: claims[0].ratio: 'rocksdb' is not one of lmdb, leveldb");
    assertThatThrownBy(
            () -> load(FILE + "claims: [{ratio: lmdb / leveldb, phase: b, expect: 'fast'}]\n"))
        .hasMessage(
            "mine.yaml: claims[0].expect: 'fast' is not an expectation; use >= 1.2, <= 0.9,"
                + " within 5%, 1.5 ± 20% or between 0.8 and 1.25");
    assertThatThrownBy(
            () ->
                load(
                    FILE
                        + "claims: [{ratio: variant fast / variant base, phase: b,"
                        + " expect: '>= 1.1'}]\n"))
        .hasMessage(
            "mine.yaml: claims[0].ratio: 'fast' is not a variant of this file; its variants: base");
    assertThatThrownBy(
            () ->
                load(
                    FILE
                        + "claims: [{ratio: lmdb / leveldb, phase: b, figure: p98, expect: '< 1'}]\n"))
        .hasMessage(
            "mine.yaml: claims[0].figure: 'p98' is not one of speed, p50, p95, p99, p999,"
                + " device-reads, cpu");
    String twoThreads = "variants: [{name: two, threads: 2}]\n";
    assertThat(
            load(FILE
                    + twoThreads
                    + "claims: [{ratio: lmdb / leveldb, variant: two, phase: b,"
                    + " figure: device-reads, expect: 'between 0.5 and 2'}]\n")
                .description()
                .variation()
                .claims())
        .extracting(Variation.ClaimSpec::variant)
        .containsExactly("two");
    assertThatThrownBy(
            () ->
                load(
                    FILE
                        + twoThreads
                        + "claims: [{ratio: lmdb / leveldb, variant: three, phase: b,"
                        + " expect: '>= 1.1'}]\n"))
        .hasMessage(
            "mine.yaml: claims[0].variant: 'three' is not a variant of this file; its variants:"
                + " base, two");
    assertThatThrownBy(
            () ->
                load(
                    FILE
                        + twoThreads
                        + "claims: [{ratio: variant two / variant base, variant: two, phase: b,"
                        + " expect: '>= 1.1'}]\n"))
        .hasMessage(
            "mine.yaml: claims[0].variant: a ratio of two variants is taken in neither alone");
  }

  @Test
  void aScaleNamesTheVariantsItRunsByDefaultAmongTheFiles() throws Exception {
    String variants = "variants: [{name: two, threads: 2}, {name: four, threads: 4}]\n";
    Experiment mine =
        load(
            FILE.replace(
                    "{name: tiny, records: 2000, operations: 20000}",
                    "{name: tiny, records: 2000, operations: 20000, variants: [four]}")
                + variants);
    assertThat(mine.scale("tiny").variants()).containsExactly("four");
    assertThatThrownBy(
            () ->
                load(
                    FILE.replace(
                            "{name: tiny, records: 2000, operations: 20000}",
                            "{name: tiny, records: 2000, operations: 20000, variants: [eight]}")
                        + variants))
        .hasMessage(
            "mine.yaml: scale tiny: variants: 'eight' is not a variant of this file; its variants:"
                + " four, two");
  }

  @Test
  void expectationsReadAsIntervals() {
    assertThat(Variation.ExpectedInterval.parse(">= 1.2"))
        .isEqualTo(new Variation.ExpectedInterval(1.2, Double.POSITIVE_INFINITY));
    assertThat(Variation.ExpectedInterval.parse("<= 0.9"))
        .isEqualTo(new Variation.ExpectedInterval(Double.NEGATIVE_INFINITY, 0.9));
    Variation.ExpectedInterval within = Variation.ExpectedInterval.parse("within 5%");
    assertThat(within.low()).isEqualTo(1 / 1.05);
    assertThat(within.high()).isEqualTo(1.05);
    Variation.ExpectedInterval around = Variation.ExpectedInterval.parse("1.5 ± 20%");
    assertThat(around.low()).isEqualTo(1.5 / 1.2);
    assertThat(around.high()).isEqualTo(1.5 * 1.2);
    assertThat(Variation.ExpectedInterval.parse("between 0.8 and 1.25"))
        .isEqualTo(new Variation.ExpectedInterval(0.8, 1.25));
    assertThat(Variation.ExpectedInterval.parse("between 2 and 1")).isNull();
  }

  @Test
  void aVariantsOwnMemoryNamesAnEngineOfTheFileASizeAndNoShareBesideIt() throws Exception {
    String regime = "regime: {description: d, memoryFraction: 0.05, from: tiny}\n";
    assertThatThrownBy(() -> load(FILE + "variants:\n  - {name: v, ownMemory: {leveldb: 8m}}\n"))
        .hasMessage("mine.yaml: variant v: ownMemory needs the file's regime");
    assertThatThrownBy(
            () -> load(FILE + regime + "variants:\n  - {name: v, ownMemory: {rocksdb: 8m}}\n"))
        .hasMessage("mine.yaml: variant v: ownMemory: 'rocksdb' is not one of lmdb, leveldb");
    assertThatThrownBy(
            () -> load(FILE + regime + "variants:\n  - {name: v, ownMemory: {leveldb: 0}}\n"))
        .hasMessage(
            "mine.yaml: variant v: ownMemory.leveldb: 0; use the memory its own caches hold at"
                + " every scale, a size above 0 such as 8m");
    assertThatThrownBy(
            () -> load(FILE + regime + "variants:\n  - {name: v, ownMemory: {leveldb: }}\n"))
        .hasMessage(
            "mine.yaml: variant v: ownMemory.leveldb: empty; use the memory its own caches hold at"
                + " every scale, a size above 0 such as 8m");
    assertThatThrownBy(
            () ->
                load(
                    FILE
                        + regime
                        + "variants:\n  - {name: v, pageCache: {leveldb: 0.5},"
                        + " ownMemory: {leveldb: 8m}}\n"))
        .hasMessage(
            "mine.yaml: variant v: ownMemory.leveldb: a pageCache share is given too; give one of"
                + " the two (with ownMemory the page cache gets the rest of the engines' memory)");
    assertThatThrownBy(
            () ->
                load(
                    FILE.replace(
                        "title: mine",
                        "title: mine\nregime: {description: d,"
                            + " memoryFraction: 0.05, ownMemory: {lmdb: -1}}")))
        .hasMessageStartingWith("mine.yaml line ")
        .hasMessageContaining("'-1' is not a size");
  }

  @Test
  void badFilesAreOneLineEach() throws Exception {
    assertThatThrownBy(() -> load("title: \"unterminated\nengines: [lmdb]\n"))
        .hasMessageStartingWith("mine.yaml line ")
        .hasMessageContaining("not YAML");
    assertThatThrownBy(() -> load(FILE + "sweeps: {over: threads, values: [2]}\n"))
        .hasMessageStartingWith("mine.yaml line 9: unknown key 'sweeps'; known here: ");
    assertThatThrownBy(() -> load(FILE.replace("workload: mine-b", "workload: none")))
        .hasMessage(
            "mine.yaml: phase b: workload: none is not a file (looked next to the experiment file,"
                + " then in the project's workloads/)");
    Path folder = Files.createDirectories(tmp.resolve("folder.yaml"));
    assertThatThrownBy(() -> Experiment.load(folder, home()))
        .hasMessage(folder + " is a folder, not an experiment file");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("nosuch.yaml"), home()))
        .hasMessage(tmp.resolve("nosuch.yaml") + ": no such experiment file");
  }
}
