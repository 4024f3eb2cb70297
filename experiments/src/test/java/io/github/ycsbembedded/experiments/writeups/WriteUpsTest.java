package io.github.ycsbembedded.experiments.writeups;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.report.Document;
import io.github.ycsbembedded.experiments.results.Results;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each write-up's claims and tables on a captured results.json (fixtures/: unum and hyperdex at
 * quick with the regime, harperdb, likes and digg at tiny with two runs of each phase; captured
 * with an earlier runner and carried over into the results schema, one trial each, their latency
 * YCSB's whole-run figures).
 */
public class WriteUpsTest {
  @TempDir Path charts;

  public static Results.Run fixture(String name) throws Exception {
    try (InputStream in = WriteUpsTest.class.getResourceAsStream("/fixtures/" + name + ".json")) {
      return new ObjectMapper()
          .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
          .readValue(in, Results.Run.class);
    }
  }

  private static Context context(String experiment, String fixture) throws Exception {
    return new Context(Experiment.load(ExperimentTest.EXPERIMENTS, experiment), fixture(fixture));
  }

  private List<Claim> claims(String experiment, String fixture) throws Exception {
    Context c = context(experiment, fixture);
    return WriteUp.of(c.experiment()).claims(c);
  }

  private List<Document.Table> tables(String experiment, String fixture) throws Exception {
    Context c = context(experiment, fixture);
    Document doc = new Document();
    WriteUp.of(c.experiment()).tables(c, doc, charts);
    List<Document.Table> tables = new ArrayList<>();
    for (Document.Block block : doc.blocks()) {
      if (block instanceof Document.Table t) {
        tables.add(t);
      }
    }
    return tables;
  }

  private static List<String> row(Document.Table table, String... firstCells) {
    for (List<String> row : table.rows()) {
      if (row.subList(0, firstCells.length).equals(List.of(firstCells))) {
        return row;
      }
    }
    throw new AssertionError("no row " + List.of(firstCells) + " in " + table.rows());
  }

  private static String line(Claim claim) {
    return claim.verdictText() + " | " + claim.publishedText() + " | " + claim.oursText();
  }

  @Test
  void unumClaimsAreEachEnginesSpeedOverLevelDbsTakenPerRepetition() throws Exception {
    Results.Run run = fixture("unum-quick");
    List<Claim> claims = claims("unum", "unum-quick");

    assertThat(claims).hasSize(14);
    Claim c = claims.stream().filter(x -> x.label().equals("rocksdb c")).findFirst().orElseThrow();
    // recomputed here from the fixture: the ratio of each repetition, then the lower middle one
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ratios.add(
          run.phase("rocksdb", "c").repetitions().get(i).speed().speed()
              / run.phase("leveldb", "c").repetitions().get(i).speed().speed());
    }
    ratios.sort(Double::compare);
    assertThat(c.ours().median()).isEqualTo(ratios.get(1));
    assertThat(c.oursText())
        .isEqualTo(
            String.format(
                java.util.Locale.ROOT,
                "%.2f [%.2f–%.2f]",
                ratios.get(1),
                ratios.get(0),
                ratios.get(2)));
    assertThat(c.publishedText())
        .as("16,000 ÷ 19,000 ops/s from the experiment file")
        .isEqualTo("0.84");
    assertThat(claims)
        .extracting(WriteUpsTest::line)
        .containsExactly(
            "not reproduced; direction holds | 1.15 | 4.84",
            "not reproduced; direction unclear | 0.30 | 0.98",
            "beyond the write-up | 1.15 | ",
            "beyond the write-up | 0.30 | ",
            "inconclusive; direction unclear | 0.64 | 1.14 [0.75–1.74]",
            "inconclusive; direction unclear | 0.52 | 0.93 [0.77–1.11]",
            "inconclusive; direction unclear | 0.84 | 0.75 [0.74–0.97]",
            "inconclusive; direction unclear | 0.68 | 0.71 [0.65–1.01]",
            "reproduced | 0.93 | 0.88 [0.86–0.98]",
            "reproduced | 0.59 | 0.47 [0.46–0.51]",
            "inconclusive; direction unclear | 0.59 | 0.75 [0.73–1.01]",
            "inconclusive; direction unclear | 0.59 | 0.67 [0.66–0.96]",
            "beyond the write-up | 0.59 | ",
            "beyond the write-up | 0.59 | ");
  }

  @Test
  void unumTablesPutOurSpeedAndRatioBesideThePublishedOnes() throws Exception {
    List<Document.Table> tables = tables("unum", "unum-quick");

    assertThat(tables).hasSize(5);
    Document.Table c = tables.get(2);
    assertThat(c.header())
        .containsExactly(
            "engine",
            "speed (ops/s)",
            "÷ leveldb",
            "engine memory",
            "process peak",
            "disk",
            "published speed",
            "published ÷ LevelDB",
            "published RAM (share of data)",
            "published disk");
    assertThat(row(c, "rocksdb").subList(1, 3))
        .containsExactly("14,595 [13,590–15,125]", "0.75 [0.74–0.97]");
    assertThat(row(c, "rocksdb").subList(6, 10))
        .containsExactly("16,000", "0.84", "681.04 MB (0.67%)", "109.58 GB");
    assertThat(row(c, "leveldb").get(2)).isEqualTo("1.00");
    assertThat(row(c, "rocksdb").get(3))
        .as("the fixture's runner did not tell the engine's memory from the JVM's")
        .isEmpty();
    assertThat(row(c, "lmdb").subList(6, 10))
        .as("the write-up did not measure LMDB")
        .containsOnly("");
  }

  /** A run with the bulk load (unum-quick-bulk, 2026-11-24) gets its table beside Init's. */
  @Test
  void unumBulkTableSetsEachEnginesBulkLoadBesideItsOneByOneInit() throws Exception {
    List<Document.Table> tables = tables("unum", "unum-quick-bulk");

    assertThat(tables).hasSize(6);
    Document.Table bulk = tables.get(1);
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
        .extracting(r -> r.get(0))
        .as("Init's own table is Unum's, without the bulk load")
        .containsExactly("lmdb", "rocksdb", "leveldb", "wiredtiger");
  }

  @Test
  void withoutTheRegimeUnumsClaimsGetNoVerdict() throws Exception {
    Results.Run run = fixture("unum-quick");
    Results.Run inRam =
        new Results.Run(
            run.schema(),
            run.experiment(),
            run.title(),
            run.source(),
            run.scale(),
            run.startedAt(),
            run.finishedAt(),
            run.machines(),
            run.protocol(),
            new Results.MemorySetup(
                null, run.memory().heapMaxBytes(), false, run.memory().regime()),
            run.options(),
            run.records(),
            run.dataBytes(),
            run.engines());
    Context c = new Context(Experiment.load(ExperimentTest.EXPERIMENTS, "unum"), inRam);

    assertThat(WriteUp.of(c.experiment()).claims(c))
        .extracting(Claim::verdict)
        .as("the write-up's own claims get none; ours beside them never have one")
        .containsOnly(Claim.Verdict.REGIME_DIFFERS, Claim.Verdict.BEYOND)
        .contains(Claim.Verdict.REGIME_DIFFERS);
  }

  @Test
  void hyperdexClaimsAreLmdbOverLevelDbInThroughputAndCpuPerOperation() throws Exception {
    List<Claim> claims = claims("hyperdex", "hyperdex-quick");

    assertThat(claims)
        .extracting(WriteUpsTest::line)
        .containsExactly(
            "not reproduced; direction holds | 2.15 | 5.34",
            "reproduced | 0.20 | 0.28",
            "not reproduced; direction holds | 0.46 | 0.22",
            "inconclusive; direction holds | 2.14 | 2.71 [2.57–3.35]",
            "reproduced | 0.43 | 0.40 [0.36–0.42]",
            "inconclusive; direction holds | 0.47 | 0.27 [0.20–0.27]",
            "reproduced | 0.33 | 0.54 [0.46–0.56]",
            "reproduced | 0.46 | 0.56 [0.53–0.60]",
            "not reproduced; direction holds | 0.33 | 0.79 [0.75–0.81]");
    assertThat(claims.get(2).statement())
        .isEqualTo("LMDB's average insert latency ÷ HyperLevelDB's, Sequential insert");
    assertThat(claims.get(1).statement())
        .isEqualTo("LMDB's CPU time per operation ÷ HyperLevelDB's, Sequential insert");
  }

  @Test
  void hyperdexPublishedTablesMarkUncertainCellsAndPutRuntimeOnTheFirstRow() throws Exception {
    List<Document.Table> tables = tables("hyperdex", "hyperdex-quick");

    Document.Table publishedLoad = tables.get(1);
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
    Document.Table publishedRun = tables.get(4);
    assertThat(row(publishedRun, "LMDB update").subList(6, 9))
        .containsExactly("143", "6,973", "1:33.17");
    assertThat(row(publishedRun, "LMDB read").subList(6, 9)).containsOnly("");
    Document.Table ratios = tables.get(5);
    assertThat(row(ratios, "lmdb ÷ leveldb"))
        .containsExactly("lmdb ÷ leveldb", "2.71 [2.57–3.35]", "2.14", "0.40 [0.36–0.42]", "0.43");
  }

  @Test
  void harperdbClaimsRestOnLmdbAndTheSizeClaimNeedsNoRegime() throws Exception {
    List<Claim> claims = claims("harperdb", "harperdb-tiny");

    assertThat(claims)
        .extracting(WriteUpsTest::line)
        .containsExactly(
            "not reproduced; direction holds | 13.10 | 23.33",
            "regime differs | 12.12 | 2.99",
            "regime differs | 0.67 | 2.40 [2.24–2.56]");
  }

  @Test
  void harperdbTablesHoldBothModelsPerEngineAndTheirRatios() throws Exception {
    List<Document.Table> tables = tables("harperdb", "harperdb-tiny");

    Document.Table write = tables.get(0);
    assertThat(row(write, "lmdb"))
        .containsExactly(
            "lmdb", "41.09", "0.56", "3,591", "1.76", "0.19", "10,753", "23.33", "2.99");
    Document.Table read = tables.get(1);
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
  void likesClaimIsTheTransactionRatePerEngineAndItsLookupRatiosComeFromTheExactPublishedFigures()
      throws Exception {
    List<Claim> claims = claims("likes", "likes-tiny");

    assertThat(claims)
        .extracting(WriteUpsTest::line)
        .containsExactly(
            "not reproduced | 10,103 transactions/s | 4,800 [4,762–4,839] transactions/s",
            "inconclusive | 10,103 transactions/s | 5,107 [5,042–5,172] transactions/s",
            "inconclusive | 10,103 transactions/s | 5,278 [5,000–5,556] transactions/s",
            "not reproduced | 10,103 transactions/s | 4,577 [4,196–4,959] transactions/s");
    Document.Table lookupRatios =
        tables("likes", "likes-tiny").stream()
            .filter(
                t ->
                    t.rows().stream()
                        .anyMatch(r -> r.get(0).startsWith("Oracle") && r.contains("9.04")))
            .findFirst()
            .orElseThrow();
    assertThat(row(lookupRatios, "Oracle (8 cores), published"))
        .containsSubsequence("9.04", "129.96", "1.00");
  }

  @Test
  void diggClaimsAreTheRoomOfFanOutAndTheJoinRate() throws Exception {
    List<Claim> claims = claims("digg", "digg-tiny");

    assertThat(claims)
        .extracting(WriteUpsTest::line)
        .containsExactly(
            "not reproduced; direction holds | 50.00 | 15.61",
            "not reproduced; direction holds | 50.00 | 7.65",
            "not reproduced; direction holds | 50.00 | 14.14",
            "not reproduced; direction holds | 50.00 | 10.75",
            "regime differs | 4,100 queries/s | 2,707 [2,604–2,809] queries/s",
            "regime differs | 4,100 queries/s | 3,016 [2,907–3,125] queries/s",
            "regime differs | 4,100 queries/s | 2,748 [2,703–2,793] queries/s",
            "regime differs | 4,100 queries/s | 2,481 [2,358–2,604] queries/s");
  }
}
