package io.github.ycsbembedded.experiments.writeups;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Section;
import io.github.ycsbembedded.experiments.analysis.Verdicts;
import io.github.ycsbembedded.experiments.analysis.WriteUp;
import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.report.ReportWriter;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.ResultsFile;
import io.github.ycsbembedded.experiments.results.Spread;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each write-up's claims and tables on a results.json of an earlier run (fixtures/: unum and
 * hyperdex at quick with the regime, harperdb, likes and digg at tiny with two runs of each phase;
 * carried over into the current schema and read as the runner reads a results file, so a field the
 * schema does not know fails the test). Every verdict is expected from the fixture's own samples,
 * recomputed here, and the verdict rule; the tables' cells are checked as the report writes them.
 */
public class WriteUpsTest {
  @TempDir Path tmp;

  /** A fixture, read by the runner's own reader (strict: an unknown field is refused). */
  public static Results.Run fixture(String name) throws Exception {
    Path dir = Files.createTempDirectory("fixture");
    try (var in = WriteUpsTest.class.getResourceAsStream("/fixtures/" + name + ".json")) {
      Files.copy(in, dir.resolve(ResultsFile.NAME));
    }
    return ResultsFile.read(dir);
  }

  /** The fixture as if run at {@code scale}: the published figures of that scale apply. */
  public static Results.Run atScale(Results.Run run, String scale) {
    return run.toBuilder()
        .scale(new Results.ScaleRef(scale, run.scale().records(), run.scale().dataBytes()))
        .build();
  }

  private static Experiment experiment(String name) throws Exception {
    return Experiment.load(ExperimentTest.EXPERIMENTS, name);
  }

  private static Context context(String experiment, String fixture) throws Exception {
    return new Context(experiment(experiment), fixture(fixture));
  }

  private static List<Claim> claims(String experiment, String fixture) throws Exception {
    Context c = context(experiment, fixture);
    return WriteUp.of(c.experiment()).claims(c);
  }

  private static List<Section.Table> tables(String experiment, String fixture) throws Exception {
    Context c = context(experiment, fixture);
    List<Section.Table> tables = new ArrayList<>();
    for (Section section : WriteUp.of(c.experiment()).tables(c)) {
      for (Section.Part part : section.parts()) {
        if (part instanceof Section.Table t) {
          tables.add(t);
        }
      }
    }
    return tables;
  }

  /** A section's notes, as the report writes them. */
  private static List<String> notes(Section section) {
    return section.parts().stream()
        .filter(Section.Note.class::isInstance)
        .map(p -> ((Section.Note) p).markdown())
        .toList();
  }

  /** A table's first row whose first cells are these, as the report writes its cells. */
  private static List<String> row(Section.Table table, String... firstCells) {
    for (var cells : table.rows()) {
      List<String> row = cells.stream().map(ReportWriter::text).toList();
      if (row.subList(0, firstCells.length).equals(List.of(firstCells))) {
        return row;
      }
    }
    throw new AssertionError("no row " + List.of(firstCells) + " in " + table.rows());
  }

  /** LMDB's figure over LevelDB's in one phase, per sample. */
  private static Spread lmdbOverLeveldb(
      Results.Run run, String phase, ToDoubleFunction<Results.Repetition> figure) {
    return samples(run, "lmdb", phase, "leveldb", phase, figure);
  }

  /**
   * {@code figure} of engine a's phase ÷ engine b's, sample by sample (the same trial and run),
   * recomputed from the fixture without the write-up's code.
   */
  private static Spread samples(
      Results.Run run,
      String a,
      String phaseA,
      String b,
      String phaseB,
      ToDoubleFunction<Results.Repetition> figure) {
    java.util.Map<String, Double> ratios = new java.util.LinkedHashMap<>();
    Results.PhaseRun top = run.base().phase(a, phaseA);
    Results.PhaseRun bottom = run.base().phase(b, phaseB);
    if (top == null || bottom == null) {
      return Spread.NONE;
    }
    for (Results.Repetition x : top.repetitions()) {
      for (Results.Repetition y : bottom.repetitions()) {
        if (x.trial() == y.trial()
            && x.index() == y.index()
            && x.error() == null
            && y.error() == null) {
          ratios.put(
              x.trial() + "/" + x.index(), figure.applyAsDouble(x) / figure.applyAsDouble(y));
        }
      }
    }
    return Spread.byTrial(ratios);
  }

  private static double published(Experiment e, String phase, String engine, String column) {
    Description.PublishedFigure f = e.published("quick", phase, engine, column);
    return f.value();
  }

  @Test
  void unumClaimsAreEachEnginesSpeedOverLevelDbsJudgedOnEverySample() throws Exception {
    Results.Run run = fixture("unum-quick");
    Experiment unum = experiment("unum");
    List<Claim> claims = claims("unum", "unum-quick");

    List<String> expected = new ArrayList<>();
    for (Description.Phase phase : unum.phases()) {
      String of = phase.beyondWriteUp() ? phase.beside() : phase.id();
      for (String engine : List.of("rocksdb", "wiredtiger")) {
        double ratio =
            published(unum, of, engine, "speed") / published(unum, of, "leveldb", "speed");
        Spread ours =
            samples(
                run, engine, phase.id(), "leveldb", phase.id(), r -> r.figures().speed().speed());
        Claim.Verdict verdict =
            phase.beyondWriteUp()
                ? Claim.Verdict.BEYOND
                : ours.isEmpty()
                    ? Claim.Verdict.NOT_MEASURED
                    : Verdicts.ratio(ratio, ours, Unum.TOLERANCE).verdict();
        expected.add(engine + " " + phase.id() + " " + verdict + " " + ours.median());
      }
    }
    assertThat(claims)
        .filteredOn(c -> c.subject().aboutSpeed())
        .extracting(
            c ->
                c.subject().engines().get(0)
                    + " "
                    + c.subject().phases().get(0)
                    + " "
                    + c.verdict()
                    + " "
                    + c.ours().median())
        .containsExactlyElementsOf(expected);
    assertThat(claims)
        .filteredOn(c -> c.origin() == Claim.Origin.BEYOND)
        .as("ours beside the write-up's phases: no verdict, not in its tally")
        .isNotEmpty()
        .allMatch(c -> c.verdict() == Claim.Verdict.BEYOND && !c.tallied());
  }

  @Test
  void unumsDiskColumnIsClaimedAfterInitAndAfterAsUpdatesJudgedOnEverySample() throws Exception {
    Results.Run run = fixture("unum-quick");
    Experiment unum = experiment("unum");
    List<Claim> disk =
        claims("unum", "unum-quick").stream().filter(c -> !c.subject().aboutSpeed()).toList();

    assertThat(disk)
        .extracting(Claim::statement)
        .containsExactly(
            "RocksDB's disk ÷ LevelDB's, after Init (100% insert)",
            "WiredTiger's disk ÷ LevelDB's, after Init (100% insert)",
            "RocksDB's disk ÷ LevelDB's, after A (50% read, 50% update)",
            "WiredTiger's disk ÷ LevelDB's, after A (50% read, 50% update)");
    for (Claim claim : disk) {
      String engine = claim.subject().engines().get(0);
      String phase = claim.subject().phases().get(0);
      double published =
          published(unum, phase, engine, "disk_gb") / published(unum, phase, "leveldb", "disk_gb");
      Spread ours =
          samples(run, engine, phase, "leveldb", phase, r -> r.figures().disk().allocated());
      assertThat(claim.expected()).isEqualTo(published);
      assertThat(claim.ours().values()).isEqualTo(ours.values());
      assertThat(claim.verdict()).isEqualTo(Verdicts.ratio(published, ours, 1.5).verdict());
      assertThat(claim.tallied()).isTrue();
    }
    assertThat(disk.get(3).expected()).isCloseTo(169.37 / 112.75, within(1e-12));
  }

  @Test
  void unumTablesPutOurSpeedAndRatioBesideThePublishedOnes() throws Exception {
    List<Section.Table> tables = tables("unum", "unum-quick");

    assertThat(tables).hasSize(5);
    Section.Table c = tables.get(1);
    assertThat(c.header())
        .containsExactly(
            "engine",
            "speed (ops/s)",
            "÷ leveldb",
            "engine memory",
            "disk",
            "published speed",
            "published ÷ LevelDB",
            "published RAM",
            "published RAM ÷ data",
            "published disk");
    assertThat(row(c, "rocksdb").subList(1, 3))
        .containsExactly("14,595 [13,590–15,125]", "0.75 [0.74–0.97]");
    assertThat(row(c, "rocksdb").subList(5, 10))
        .containsExactly("16,000", "0.84", "681.04 MB", "0.67%", "109.58 GB");
    assertThat(row(c, "leveldb").get(2)).isEqualTo("1.00");
    assertThat(row(c, "rocksdb").get(3))
        .as("the fixture's runner did not tell the engine's memory from the JVM's")
        .isEqualTo("not measured");
    assertThat(row(c, "lmdb").subList(5, 10))
        .as("the write-up did not measure LMDB")
        .containsOnly("");
  }

  /** Z's table says what its speed counts, and why: keys, as the write-up's harness counted. */
  @Test
  void unumsBatchTableSaysItCountsKeysAsTheWriteUpsHarnessDid() throws Exception {
    Context c = context("unum", "unum-quick");
    Section z =
        WriteUp.of(c.experiment()).tables(c).stream()
            .filter(x -> x.heading().startsWith("Z "))
            .findFirst()
            .orElseThrow();

    assertThat(notes(z))
        .anySatisfy(
            note ->
                assertThat(note)
                    .startsWith("Our speed counts keys read (batches of 256 × batches/s).")
                    .contains("operations_done += result.depth"));
  }

  /** A run with the bulk load (unum-quick-bulk, 2026-11-24) gets its table beside Init's. */
  @Test
  void unumBulkTableSetsEachEnginesBulkLoadBesideItsOneByOneInit() throws Exception {
    List<Section.Table> tables = tables("unum", "unum-quick-bulk");

    assertThat(tables).hasSize(6);
    Section.Table bulk = tables.get(1);
    assertThat(bulk.header())
        .containsExactly(
            "engine",
            "Init, one by one",
            "bulk",
            "bulk ÷ one by one",
            "written, one by one",
            "written, bulk",
            "write amplification, one by one",
            "write amplification, bulk");
    assertThat(row(bulk, "rocksdb"))
        .containsExactly(
            "rocksdb",
            "17,643 ops/s",
            "155,155 records/s",
            "8.79",
            "1.8 GiB",
            "424.3 MiB",
            "4.76",
            "1.09");
    assertThat(row(bulk, "lmdb").subList(1, 4))
        .containsExactly("6,118 ops/s", "175,000 records/s", "28.60");
    assertThat(tables.get(0).rows())
        .extracting(r -> ReportWriter.text(r.get(0)))
        .as("Init's own table is Unum's, without the bulk load")
        .containsExactly("lmdb", "rocksdb", "leveldb", "wiredtiger");
  }

  @Test
  void withoutTheRegimeUnumsClaimsGetNoVerdict() throws Exception {
    Results.Run run = fixture("unum-quick");
    Results.Run inRam =
        run.toBuilder()
            .memory(
                new Results.MemorySetup(
                    null, run.memory().heapMaxBytes(), false, run.memory().regime()))
            .build();
    Context c = new Context(experiment("unum"), inRam);

    assertThat(WriteUp.of(c.experiment()).claims(c))
        .filteredOn(x -> x.subject().aboutSpeed())
        .extracting(Claim::verdict)
        .as("the write-up's own speed claims get none; ours beside them never have one")
        .containsOnly(Claim.Verdict.REGIME_DIFFERS, Claim.Verdict.BEYOND)
        .contains(Claim.Verdict.REGIME_DIFFERS);
    assertThat(WriteUp.of(c.experiment()).claims(c))
        .filteredOn(x -> !x.subject().aboutSpeed())
        .extracting(Claim::verdict)
        .as("space does not rest on the memory regime: judged all the same")
        .isNotEmpty()
        .doesNotContain(Claim.Verdict.REGIME_DIFFERS);
  }

  /**
   * Throughput is judged on every sample; CPU per operation is shown beside the published ratio but
   * not judged: the write-up's CPU is the data node's alone, ours the whole process with YCSB.
   */
  @Test
  void hyperdexThroughputIsJudgedAndCpuIsShownUnjudgedOnEverySampleOfLmdbOverLevelDb()
      throws Exception {
    Results.Run run = fixture("hyperdex-quick");
    Experiment hyperdex = experiment("hyperdex");
    List<Claim> claims = claims("hyperdex", "hyperdex-quick");

    for (Description.Phase phase : hyperdex.phases()) {
      if (phase.beyondWriteUp()) {
        continue; // ours beside the write-up's: no published figure, no claim
      }
      Claim throughput = find(claims, "throughput " + phase.id());
      Spread ours = lmdbOverLeveldb(run, phase.id(), r -> r.figures().speed().throughput());
      double published =
          published(hyperdex, phase.id(), "lmdb", "throughput")
              / published(hyperdex, phase.id(), "leveldb", "throughput");
      assertThat(throughput.ours().values()).isEqualTo(ours.values());
      assertThat(throughput.verdict()).isEqualTo(Verdicts.ratio(published, ours, 1.5).verdict());

      Claim cpu = find(claims, "CPU " + phase.id() + " (ours)");
      Spread perOperation =
          lmdbOverLeveldb(
              run, phase.id(), r -> r.figures().cpu().total() / r.figures().window().operations());
      assertThat(cpu.ours().values()).isEqualTo(perOperation.values());
      assertThat(cpu.expected())
          .isEqualTo(
              published(hyperdex, phase.id(), "lmdb", "cpu_s")
                  / published(hyperdex, phase.id(), "leveldb", "cpu_s"));
      assertThat(cpu.verdict()).isEqualTo(Claim.Verdict.NOT_COMPARABLE);
      assertThat(cpu.tallied()).isFalse();
    }
    assertThat(claims.get(2).statement())
        .isEqualTo("LMDB's average insert latency ÷ HyperLevelDB's, Sequential insert");
    assertThat(claims.get(1).statement())
        .isEqualTo(
            "LMDB's CPU time per operation ÷ HyperLevelDB's, Sequential insert (the write-up's CPU"
                + " is the HyperDex data node's alone (YCSB ran on another laptop), ours the whole"
                + " process's, YCSB's client threads included)");
  }

  private static Claim find(List<Claim> claims, String label) {
    return claims.stream().filter(c -> c.label().equals(label)).findFirst().orElseThrow();
  }

  @Test
  void hyperdexPublishedTablesMarkUncertainCellsAndPutRuntimeOnTheFirstRow() throws Exception {
    List<Section.Table> tables = tables("hyperdex", "hyperdex-quick");

    Section.Table publishedLoad = tables.get(1);
    assertThat(row(publishedLoad, "HyperLevelDB insert"))
        .containsExactly(
            "HyperLevelDB insert",
            "189",
            "907",
            "0",
            "2?",
            "33,925?",
            "2,279",
            "4,388",
            "96:46.96");
    Section.Table publishedRun = tables.get(4);
    assertThat(row(publishedRun, "LMDB update").subList(6, 9))
        .containsExactly("143", "6,973", "1:33.17");
    assertThat(row(publishedRun, "LMDB read").subList(6, 9)).containsOnly("");
    Section.Table ratios = tables.get(5);
    assertThat(row(ratios, "lmdb ÷ leveldb"))
        .containsExactly("lmdb ÷ leveldb", "2.71 [2.57–3.35]", "2.14", "0.40 [0.36–0.42]", "0.43");
  }

  @Test
  void harperdbSizeClaimIsJudgedOnLmdbsDiskAndTheOthersWaitForTheRegime() throws Exception {
    Results.Run run = fixture("harperdb-tiny");
    List<Claim> claims = claims("harperdb", "harperdb-tiny");

    Claim size = claims.get(0);
    Spread ours =
        samples(run, "lmdb", "d-load", "lmdb", "n-load", r -> r.figures().disk().allocated());
    assertThat(size.ours().values()).isEqualTo(ours.values());
    assertThat(size.verdict()).isEqualTo(Verdicts.ratio(size.expected(), ours, 1.5).verdict());
    assertThat(claims.subList(1, 4))
        .extracting(Claim::verdict)
        .as("tiny runs in RAM: the regime's claims get no verdict")
        .containsOnly(Claim.Verdict.REGIME_DIFFERS);
  }

  /**
   * Each read phase is judged against the write-up's row past its RAM (20,000,000 users) at the
   * same concurrency: 1 connection 391 ÷ 321 (the denormalized model still ahead), 50 connections
   * 9,965 ÷ 10,373 (about even), not the 5,000-connection summary's 8,000 ÷ 12,000.
   */
  @Test
  void harperdbReadClaimsTakeThePublishedRowPastRamAtTheirOwnConcurrency() throws Exception {
    Results.Run run = fixture("harperdb-tiny");
    Experiment harperdb = experiment("harperdb");
    for (Description.Scale scale : harperdb.description().scales()) {
      Context c = new Context(harperdb, atScale(run, scale.name()));
      List<Claim> reads =
          WriteUp.of(harperdb).claims(c).stream()
              .filter(x -> x.label().startsWith("reads denorm ÷ norm past RAM"))
              .toList();

      assertThat(reads)
          .as(scale.name())
          .extracting(Claim::label, Claim::expected)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple(
                  "reads denorm ÷ norm past RAM, 1 thread", 391.0 / 321),
              org.assertj.core.groups.Tuple.tuple(
                  "reads denorm ÷ norm past RAM, 50 threads", 9965.0 / 10373));
      assertThat(reads.get(1).statement())
          .isEqualTo(
              "Once the denormalized data exceeds memory, its read advantage over the normalized"
                  + " model drops off (lmdb, 50 threads against the write-up's 50 connections)");
      assertThat(reads.get(1).low()).as("0.96 is about even: no side").isLessThan(1 / 1.1);
      assertThat(reads.get(0).low()).as("1.22: the denormalized side").isCloseTo(1.1, within(1e-9));
    }
    Spread ours =
        samples(run, "lmdb", "d-read50", "lmdb", "n-read50", r -> r.figures().speed().throughput());
    assertThat(claims("harperdb", "harperdb-tiny").get(3).ours().values()).isEqualTo(ours.values());
  }

  @Test
  void harperdbTablesHoldBothModelsPerEngineAndTheirRatios() throws Exception {
    List<Section.Table> tables = tables("harperdb", "harperdb-tiny");

    Section.Table write = tables.get(0);
    assertThat(row(write, "lmdb"))
        .containsExactly(
            "lmdb", "41.09", "0.56", "3,591", "1.76", "0.19", "10,753", "23.33", "2.99");
    Section.Table read = tables.get(1);
    assertThat(row(read, "lmdb", "50"))
        .containsExactly(
            "lmdb",
            "50",
            "0.19",
            "4,144 [4,032–4,255]",
            "0.93",
            "1,738 [1,572–1,903]",
            "2.40 [2.24–2.56]");
  }

  @Test
  void harperdbWriteTableSaysItsLoadRateCoversYcsbsWholeRunAndTheClaimOnlyTheWindows()
      throws Exception {
    Context c = context("harperdb", "harperdb-tiny");
    Section write = WriteUp.of(c.experiment()).tables(c).get(0);

    assertThat(notes(write))
        .anySatisfy(
            note ->
                assertThat(note)
                    .contains("over YCSB's whole run (its [OVERALL] figure, the close included)")
                    .contains(
                        "the claim on load speed compares YCSB's throughput over each load's"
                            + " measured window"));
  }

  @Test
  void likesClaimIsEachEnginesTransactionRateAgainstTheWriteUpsHalved() throws Exception {
    Results.Run run = fixture("likes-tiny");
    List<Claim> claims = claims("likes", "likes-tiny");

    assertThat(claims).hasSize(4);
    for (Claim claim : claims) {
      String engine = claim.subject().engines().get(0);
      Spread ours = run.base().phase(engine, "like").spread(r -> r.figures().speed().speed());
      assertThat(claim.ours()).isEqualTo(ours);
      assertThat(claim.verdict()).isEqualTo(Verdicts.atLeast(claim.expected(), ours, 2).verdict());
    }
    Section.Table lookupRatios =
        tables("likes", "likes-tiny").stream()
            .filter(
                t ->
                    t.rows().stream()
                        .map(r -> r.stream().map(ReportWriter::text).toList())
                        .anyMatch(r -> r.get(0).startsWith("Oracle") && r.contains("9.04")))
            .findFirst()
            .orElseThrow();
    assertThat(row(lookupRatios, "Oracle (8 cores), published"))
        .containsSubsequence("9.04", "129.96", "1.00");
  }

  @Test
  void diggRoomClaimsAreFanOutOverNormalizedDiskPerEngine() throws Exception {
    Results.Run run = fixture("digg-tiny");
    List<Claim> claims = claims("digg", "digg-tiny");

    List<Claim> room = claims.stream().filter(c -> c.kind() == Claim.Kind.RATIO).toList();
    assertThat(room).hasSize(4);
    for (Claim claim : room) {
      String engine = claim.subject().engines().get(0);
      Spread ours =
          samples(
              run,
              engine,
              claim.subject().phases().get(0),
              engine,
              claim.subject().phases().get(1),
              r -> r.figures().disk().allocated());
      assertThat(claim.ours().values()).isEqualTo(ours.values());
      assertThat(claim.verdict()).isEqualTo(Verdicts.ratio(claim.expected(), ours, 2).verdict());
    }
    assertThat(claims.stream().filter(c -> c.kind() == Claim.Kind.AT_LEAST))
        .extracting(Claim::verdict)
        .as("tiny runs in RAM")
        .containsOnly(Claim.Verdict.REGIME_DIFFERS);
  }
}
