package io.github.ycsbembedded.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.analysis.AblationsTest;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Findings;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.ResultsFile;
import io.github.ycsbembedded.experiments.writeups.WriteUpsTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole report of a captured run (fixtures/unum-quick.json): its first screen, sections, files.
 */
class ReportWriterTest {
  @TempDir Path out;

  /** The fixture with each engine's version set from {@code versions} (absent: none). */
  private static Results.Run withVersions(Results.Run run, Map<String, String> versions) {
    List<Results.EngineRun> engines =
        run.base().engines().stream()
            .map(
                e ->
                    new Results.EngineRun(
                        e.engine(),
                        e.host(),
                        versions.get(e.engine()),
                        e.settings(),
                        e.error(),
                        e.phases()))
            .toList();
    List<Results.VariantRun> variants = new ArrayList<>(run.variants());
    variants.replaceAll(v -> v == run.base() ? v.withEngines(engines) : v);
    return run.toBuilder().variants(variants).build();
  }

  private String report() throws Exception {
    return report(Experiment.load(ExperimentTest.EXPERIMENTS, "unum"));
  }

  private String report(Experiment unum) throws Exception {
    return report(unum, WriteUpsTest.fixture("unum-quick"));
  }

  private String report(Experiment unum, Results.Run fixture) throws Exception {
    Results.Run run =
        withVersions(
            fixture,
            Map.of("lmdb", "LMDB 0.9.24", "rocksdb", "RocksDB 11.8.1", "leveldb", "LevelDB 1.23"));
    ResultsFile.write(run, out);
    ReportWriter.write(Findings.of(new Context(unum, run)), out);
    return Files.readString(out.resolve("report.md"));
  }

  /**
   * The fixture's run had a cgroup and maxima of 101–120 ms: the cells with one under 115 ms are
   * named (Z's 117 and 120 ms are not), counted by hand from the fixture.
   */
  @Test
  void maximaOfTheReclaimThrottleAreNamedUnderLatency() throws Exception {
    String md = report();
    String latency =
        md.substring(md.indexOf("\n## Latency"), md.indexOf("\n### ", md.indexOf("\n## Latency")));

    assertThat(latency)
        .contains(
            "Maxima of 100–115 ms (10 of the 20 engine × phase cells: lmdb init, lmdb c, lmdb a,"
                + " lmdb d, rocksdb c, leveldb c, leveldb d, wiredtiger c, wiredtiger a,"
                + " wiredtiger d)")
        .contains("are the kernel's, not the engine's")
        .contains(
            "docs/notes/performance-the-memory-regime-an-enomem-and-its-cause.md, a tail of 100 ms");
  }

  @Test
  void theFirstScreenSumsUpVerdictsDataMachineEnginesAndDate() throws Exception {
    String md = report();
    String first = md.substring(0, md.indexOf("\n## "));

    assertThat(first)
        .contains("- **Verdicts**: 14 claims: ")
        .contains("- **Run**: 2026-")
        .contains(
            "scale `quick`, 1 trial (each loads the data anew) × 3 runs of every run phase (12 s, the first 2 s left out)")
        .contains(
            "4 reproduced (#7, #8, #13, #14); 10 inconclusive (#1, #2, #3, #4, #5, #6, #9, #10,"
                + " #11, #12). Of the inconclusive: 4 rest on one sample, which bounds nothing; 6"
                + " rest on the runs of"
                + " one trial, which hold no reload's spread (`--trials 2` or more would measure"
                + " it)")
        .contains(
            "The authors' own harness, ucsb, put 9 of the 10 ratios it measured at 100,000,000"
                + " records outside the write-up's bands (#1, #2, #3, #4, #5, #6, #7, #9, #10), and"
                + " the same ratio moved ×8.63 across its sizes (#10, ")
        .contains(
            "- **Data**: 488.3 MiB here (500,000 records); the write-up measured 95.4 GiB (200× as much)")
        .contains("rocksdb (RocksDB 11.8.1; the write-up: RocksDB 6.20.3)")
        .contains("lmdb (LMDB 0.9.24; the write-up: not in it)")
        .contains("wiredtiger (version not recorded; the write-up: WiredTiger 10.0.0)")
        .contains("- [Claims](#claims)")
        .contains("- [Latency](#latency)");
  }

  @Test
  void everyClaimHasItsVerdictRowAndWhatDiffersIsSaidOnceAboveThem() throws Exception {
    String md = report();

    assertThat(md)
        .contains(
            "| # | claim | published | here: median [range] (samples) | 90% interval (independent"
                + " samples) | verdict | direction |")
        .contains("## Why the figures differ, claim by claim");
    String why =
        md.substring(
            md.indexOf("## Why the figures differ"), md.indexOf("## How this run was measured"));
    String common = why.substring(0, why.indexOf("\n\n**"));
    assertThat(common)
        .as("what differs for every claim is said once, before the claims")
        .doesNotContain("client threads: 1 here, 1 in the write-up")
        .contains("- data: 488.3 MiB here, 95.4 GiB in the write-up (200× as much)")
        .contains("- rocksdb: RocksDB 11.8.1 here, RocksDB 6.20.3 in the write-up")
        .contains("- Keys: ucsb's of December 2021 are the decimal strings of a counter");
    Matcher claims =
        Pattern.compile("(?m)^\\*\\*RocksDB's speed ÷ LevelDB's, C \\(100% read\\)\\*\\* — ")
            .matcher(why);
    assertThat(claims.find()).isTrue();
    String list = why.substring(claims.end(), why.indexOf("\n\n**", claims.end()));
    assertThat(list)
        .as("under a claim only its own evidence")
        .doesNotContain("- rocksdb: RocksDB 11.8.1 here")
        .doesNotContain("- data: ");
  }

  @Test
  void theMachinesTableNamesTheLibraryEachEngineRanOnAndResultsReadBack() throws Exception {
    String md = report();

    assertThat(md)
        .contains("| host | engines (the library each ran on) | CPU |")
        .contains(
            "| vm | lmdb (LMDB 0.9.24), rocksdb (RocksDB 11.8.1), leveldb (LevelDB 1.23), wiredtiger |");
    Results.Run written = ResultsFile.read(out);
    assertThat(written.base().engine("leveldb").version()).isEqualTo("LevelDB 1.23");
    assertThat(written.base().engine("wiredtiger").version()).as("no startup line seen").isNull();
  }

  @Test
  void everyChartTheReportNamesIsWrittenAndThePageEmbedsThem() throws Exception {
    String md = report();
    Matcher images = Pattern.compile("!\\[[^]]*]\\((charts/[^)]+)\\)").matcher(md);
    int count = 0;
    while (images.find()) {
      assertThat(out.resolve(images.group(1))).isRegularFile();
      count++;
    }
    assertThat(md)
        .contains("](charts/claims.png)")
        .contains("](charts/speed.png)")
        .contains("](charts/speed-keys.png)")
        .contains("](charts/memory.png)");
    assertThat(count).isGreaterThanOrEqualTo(5);
    String html = Files.readString(out.resolve("report.html"));
    assertThat(html).doesNotContain("src=\"charts/");
    assertThat(html.split("src=\"data:image/png;base64,", -1)).hasSize(count + 1);
  }

  /** The rows of the first Markdown table after {@code heading}, each as its cells. */
  private static List<List<String>> tableAfter(String md, String heading) {
    int at = md.indexOf(heading);
    assertThat(at).as(heading).isNotNegative();
    List<List<String>> rows = new java.util.ArrayList<>();
    boolean inTable = false;
    for (String line : md.substring(at).lines().toList()) {
      if (line.startsWith("|")) {
        inTable = true;
        if (!line.startsWith("| ---")) {
          rows.add(
              java.util.Arrays.stream(line.substring(1, line.length() - 1).split("\\|"))
                  .map(String::trim)
                  .toList());
        }
      } else if (inTable) {
        break;
      }
    }
    return rows;
  }

  private static String median(String cell) {
    int bracket = cell.indexOf(" [");
    int samples = cell.indexOf(" (n=");
    int end = bracket >= 0 ? bracket : samples >= 0 ? samples : cell.length();
    return cell.substring(0, end);
  }

  /**
   * A figure that appears twice agrees: each claim's ratio in the claims table is the ratio the
   * write-up's table of its phase shows for the engine, and each engine's speed there is the speed
   * the table of every engine × phase shows.
   */
  @Test
  void aFigureShownInTwoPlacesReadsTheSameInBoth() throws Exception {
    String md = report();
    List<List<String>> claims = tableAfter(md, "## Claims");
    List<List<String>> c = tableAfter(md, "## C (100% read)");
    int ratio = c.get(0).indexOf("÷ leveldb");
    int speed = c.get(0).indexOf("speed (ops/s)");
    List<String> rocks =
        c.stream().filter(r -> r.get(0).equals("rocksdb")).findFirst().orElseThrow();
    List<String> claim =
        claims.stream()
            .filter(
                r -> r.size() > 1 && r.get(1).equals("RocksDB's speed ÷ LevelDB's, C (100% read)"))
            .findFirst()
            .orElseThrow();
    assertThat(median(claim.get(3))).isEqualTo(median(rocks.get(ratio)));

    List<List<String>> details = tableAfter(md, "## Every engine × phase");
    int detailSpeed = details.get(0).indexOf("speed, median [range]");
    List<String> rocksC =
        details.stream()
            .filter(r -> r.get(0).equals("rocksdb") && r.get(1).startsWith("c ×"))
            .findFirst()
            .orElseThrow();
    assertThat(median(rocksC.get(detailSpeed))).isEqualTo(median(rocks.get(speed)));
  }

  /**
   * The report opens with what to conclude, and our own ways of running a phase stand apart from
   * the write-up's claims: not numbered, not banded, not in the tally.
   */
  @Test
  void theReportOpensWithItsConclusionAndKeepsOurOwnPhasesOutOfTheClaims() throws Exception {
    String md = report();
    assertThat(firstParagraph(md))
        .startsWith("**In short.** Of the write-up's 14 claims checked here: ")
        .contains("Against its published speed in the claims' phases, each engine ran here: ")
        .contains("`--ablations` runs the experiment file's ablations");
    List<List<String>> claims = tableAfter(md, "## Claims");
    assertThat(claims).hasSize(1 + 14);
    assertThat(claims).noneMatch(r -> String.join(" ", r).contains("beyond"));
    List<List<String>> ours = tableAfter(md, "### Ours beside the write-up's phases");
    assertThat(ours.get(0)).containsExactly("ratio, our way", "here", "the write-up's phase here");
    assertThat(ours).hasSize(1 + 4);
  }

  /**
   * A figure the write-up measured otherwise (HyperDex's CPU: the data node's alone, ours the
   * process with YCSB in it) stands apart from the claims, beside its published figure, unjudged.
   */
  @Test
  void figuresMeasuredOtherwiseStandBesideThePublishedOnesWithoutAVerdict() throws Exception {
    String md =
        report(
            Experiment.load(ExperimentTest.EXPERIMENTS, "hyperdex"),
            WriteUpsTest.fixture("hyperdex-quick"));
    assertThat(tableAfter(md, "## Claims")).noneMatch(r -> String.join(" ", r).contains("CPU"));
    List<List<String>> otherwise = tableAfter(md, "### Figures the write-up measured otherwise");
    assertThat(otherwise.get(0)).containsExactly("figure", "here", "published");
    assertThat(otherwise).hasSize(1 + 2);
    assertThat(otherwise.get(1).get(0))
        .startsWith(
            "LMDB's CPU time per operation ÷ HyperLevelDB's, Sequential insert (the write-up's"
                + " CPU is ");
    assertThat(otherwise.get(1).get(2)).isEqualTo("0.20");
  }

  /** Each phase run once: each ablation's figure a single sample, which tells no move. */
  @Test
  void theFirstParagraphSaysSingleSamplesOfAblationsCannotTellAMove() throws Exception {
    String md = report(Experiment.load(ExperimentTest.EXPERIMENTS, "unum"), firstRunOnly(halfC()));
    assertThat(firstParagraph(md))
        .endsWith(
            "Each ablation's figure here is one sample, too few to tell a move from the run's"
                + " spread (`--trials 2` gives a range; the table \"What the ablations moved\""
                + " shows the samples).");
    assertThat(md).contains("| #3 | ").contains("one sample: cannot tell");
  }

  /** The fixture with an ablation that halves LevelDB's C speed. */
  private static Results.Run halfC() throws Exception {
    return AblationsTest.withAblation(WriteUpsTest.fixture("unum-quick"), "c", v -> v / 2, false);
  }

  /** The report's first paragraph: the line after its title. */
  private static String firstParagraph(String md) {
    return md.lines().filter(l -> !l.isBlank()).skip(1).findFirst().orElseThrow();
  }

  /** {@code run} with only the first run of each phase, in every variant. */
  private static Results.Run firstRunOnly(Results.Run run) {
    List<Results.VariantRun> variants = new ArrayList<>();
    for (Results.VariantRun v : run.variants()) {
      List<Results.EngineRun> engines = new ArrayList<>();
      for (Results.EngineRun e : v.engines()) {
        engines.add(
            e.withPhases(
                e.phases().stream()
                    .map(
                        p ->
                            p.withRepetitions(
                                p.repetitions().stream()
                                    .filter(r -> r.trial() == 1 && r.index() == 1)
                                    .toList()))
                    .toList()));
      }
      variants.add(v.withEngines(engines));
    }
    return run.toBuilder().variants(variants).build();
  }

  @Test
  void anAblationIsDescribedOnceAndTheFirstParagraphNamesTheClaimsItMovedOnlyAway()
      throws Exception {
    // LevelDB's C at half its speed: RocksDB's and WiredTiger's C ratios to it double, RocksDB's
    // from below the write-up's 0.84 to above it, WiredTiger's further above its 0.68; no other
    // claim moves
    String md = report(Experiment.load(ExperimentTest.EXPERIMENTS, "unum"), halfC());
    assertThat(firstParagraph(md))
        .endsWith(
            "Of the tested causes, `leveldb-faster` (LevelDB's seek compaction) moved #3 across the"
                + " published figure; the ablations that moved #4 beyond the ranges moved it away"
                + " from the published figure; no ablation moved #5, #6, #9, #10"
                + " beyond the ranges; the ablations' figures for #1, #2, #11, #12 are single"
                + " samples, too few to tell a move (the table \"What the ablations moved\").");
    // what the ablation changes, once beside the table; under each claim only its move
    assertThat(md.lines())
        .containsOnlyOnce(
            "- `leveldb-faster` (leveldb.max_file_size=64m): LevelDB's seek compaction")
        .contains(
            "- tested: LevelDB's seek compaction (leveldb-faster): the ratio moved from 0.75"
                + " [0.74–0.97] to 1.49 [1.49–1.95]: across the published (0.84)");
  }
}
