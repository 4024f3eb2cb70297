package io.github.ycsbembedded.experiments.peers;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.report.Markdown;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report's cells, from measured runs: figures per side, ratios per round, the verdicts. */
class PeerReportTest {
  private static final PeerScale THREE = new PeerScale("quick", 100, 100, 100, 3, 2, 1);

  /** How the runs' CPU time is split by thread. */
  private enum Threads {
    /** ours 85% client and engine, 10% JIT, 5% collector; a peer's all client and engine. */
    CLIENT,
    /** as {@link #CLIENT}, with a fifth of every side's (ours' 85%) in the engine's background. */
    BACKGROUND,
    /** not read. */
    UNREAD
  }

  /** One run: {@code cpuUs} µs of CPU per operation, {@code speed} operations per second. */
  private static PeerResults.Measurement run(
      int round, Phase phase, Side side, double cpuUs, double speed) {
    return run(round, phase, side, cpuUs, speed, Threads.CLIENT);
  }

  private static PeerResults.Measurement run(
      int round, Phase phase, Side side, double cpuUs, double speed, Threads split) {
    long ops = 1_000_000;
    double cpu = cpuUs * ops / 1e6;
    double client = side == Side.OURS ? cpu * 0.85 : cpu;
    double background = split == Threads.BACKGROUND ? client / 5 : 0;
    Map<String, Double> threads = new java.util.HashMap<>();
    if (split != Threads.UNREAD) {
      threads.put("client and engine", client - background);
      if (background > 0) {
        threads.put("engine background", background);
      }
      if (side == Side.OURS) {
        // our JVM's threads: a tenth of the CPU time in the JIT compiler, a twentieth in the
        // collector
        threads.put("JIT compiler", cpu * 0.10);
        threads.put("garbage collector", cpu * 0.05);
      }
    }
    return new PeerResults.Measurement(
        round,
        "rocksdb",
        1,
        phase,
        side,
        "cmd",
        null,
        new PeerResults.Figures(ops, ops / speed, cpu, true, speed, threads),
        side == Side.OURS ? (round == 1 ? "RocksDB 7.8.3" : "RocksDB 11.8.1") : null);
  }

  private static PeerResults results() {
    List<PeerResults.Measurement> runs = new ArrayList<>();
    double[] oursCpu = {6.0, 6.5, 6.3};
    double[] cppCpu = {5.0, 5.1, 5.2};
    double[] oursSpeed = {60_000, 90_000, 70_000};
    double[] upstreamSpeed = {40_000, 60_000, 45_000};
    for (int r = 1; r <= 3; r++) {
      for (Phase phase : Phase.values()) {
        runs.add(run(r, phase, Side.OURS, oursCpu[r - 1], oursSpeed[r - 1]));
        runs.add(run(r, phase, Side.YCSB_CPP, cppCpu[r - 1], 80_000));
        runs.add(run(r, phase, Side.YCSB, 9.0, upstreamSpeed[r - 1]));
      }
    }
    runs.set(
        runs.size() - 1,
        new PeerResults.Measurement(
            3, "rocksdb", 1, Phase.C, Side.YCSB, "cmd", "exit status 1: boom", null, null));
    return new PeerResults(
        THREE, List.of("rocksdb"), List.of(1), Map.of("ours", "bin/ycsb"), null, runs);
  }

  @Test
  void theCpuTableGivesEachSidesMedianWithItsRangeAndTheRatioRoundByRound() {
    String md = Markdown.render(PeerReport.document(results()));

    assertThat(md)
        .contains(
            "| rocksdb | 1 | Load | 6.30 [6.00–6.50] | 5.10 [5.00–5.20] | 1.21 [1.20–1.27] |"
                + " 9.00 [9.00–9.00] | 0.70 [0.67–0.72] |");
  }

  @Test
  void theClaimsAreJudgedOnTheRoundRatios() {
    List<PeerClaims.Judged> claims = PeerClaims.of(results());

    assertThat(claims)
        .extracting(PeerClaims.Judged::claim, PeerClaims.Judged::verdict)
        .contains(
            org.assertj.core.groups.Tuple.tuple(
                "rocksdb Load, 1 thread: CPU per operation, ours ÷ YCSB-cpp ≤ 1.0",
                PeerClaims.Verdict.DOES_NOT_HOLD),
            org.assertj.core.groups.Tuple.tuple(
                "rocksdb Load, 1 thread: speed, ours ÷ YCSB 0.17.0 ≥ 1.2",
                PeerClaims.Verdict.HOLDS));
  }

  /** The CPU claim of rocksdb's load at one thread, ours and YCSB-cpp's CPU per round given. */
  private static PeerClaims.Judged loadCpuClaim(double[] ours, double[] cpp, Threads split) {
    List<PeerResults.Measurement> runs = new ArrayList<>();
    for (int r = 1; r <= 3; r++) {
      runs.add(run(r, Phase.LOAD, Side.OURS, ours[r - 1], 50_000, split));
      runs.add(run(r, Phase.LOAD, Side.YCSB_CPP, cpp[r - 1], 50_000, split));
    }
    PeerResults results =
        new PeerResults(
            THREE, List.of("rocksdb"), List.of(1), Map.of("ours", "bin/ycsb"), null, runs);
    return PeerClaims.cpuClaim("cpu", results, new Cell("rocksdb", 1, Phase.LOAD, Side.YCSB_CPP));
  }

  @Test
  void aCpuClaimBeyondItsLineSaysWhatOurJvmsThreadsTookAndTheRatioWithoutThem() {
    // ours ÷ YCSB-cpp per round 1.20, 1.27, 1.21; without our JVM's 15%: 1.02, 1.08, 1.03
    PeerClaims.Judged j =
        loadCpuClaim(new double[] {6.0, 6.5, 6.3}, new double[] {5.0, 5.1, 5.2}, Threads.CLIENT);

    assertThat(j.verdict()).isEqualTo(PeerClaims.Verdict.DOES_NOT_HOLD);
    assertThat(j.why())
        .endsWith(
            "the whole interval is beyond the claim's line; where it goes: our JIT compiler,"
                + " garbage collector and other JVM threads took 15% of our CPU time per"
                + " operation; without them, ours ÷ YCSB-cpp is 1.03 [1.02–1.08]");
  }

  @Test
  void anUndecidedCpuClaimAboveItsLineSaysWhereItGoesByKindOfThread() {
    // ours ÷ YCSB-cpp per round 0.96, 1.27, 1.05: undecided, median above the line
    PeerClaims.Judged j =
        loadCpuClaim(
            new double[] {4.8, 6.5, 5.46}, new double[] {5.0, 5.1, 5.2}, Threads.BACKGROUND);

    assertThat(j.verdict()).isEqualTo(PeerClaims.Verdict.UNDECIDED);
    assertThat(j.why())
        .contains("would decide it; where it goes: our JIT compiler")
        .endsWith(
            "without them, ours ÷ YCSB-cpp is 0.89 [0.82–1.08] (client and engine 0.89"
                + " [0.82–1.08], engine background 0.89 [0.82–1.08])");
  }

  @Test
  void aCpuClaimThatHoldsOrSitsBelowItsLineOrWhoseThreadsWereNotReadSaysNoMore() {
    double[] cpp = {5.0, 5.1, 5.2};
    PeerClaims.Judged holds = loadCpuClaim(new double[] {4.0, 4.1, 4.2}, cpp, Threads.CLIENT);
    // 0.90, 1.08, 0.97: undecided, median below the line
    PeerClaims.Judged below = loadCpuClaim(new double[] {4.5, 5.5, 5.04}, cpp, Threads.CLIENT);
    PeerClaims.Judged unread = loadCpuClaim(new double[] {6.0, 6.5, 6.3}, cpp, Threads.UNREAD);

    assertThat(holds.verdict()).isEqualTo(PeerClaims.Verdict.HOLDS);
    assertThat(below.verdict()).isEqualTo(PeerClaims.Verdict.UNDECIDED);
    assertThat(unread.verdict()).isEqualTo(PeerClaims.Verdict.DOES_NOT_HOLD);
    assertThat(List.of(holds, below, unread))
        .allSatisfy(j -> assertThat(j.why()).doesNotContain("where it goes"));
  }

  @Test
  void aFailedRunIsLeftOutOfItsCellAndListedWithItsError() {
    String md = Markdown.render(PeerReport.document(results()));

    assertThat(md)
        .contains(
            "| rocksdb | 1 | C (100% read) | 6.30 [6.00–6.50] | 5.10 [5.00–5.20] | 1.21 [1.20–1.27] | 9.00 [9.00–9.00] | 0.69 [0.67–0.72] |")
        .contains("## Failed runs")
        .contains("| 3 | rocksdb | 1 | c | YCSB 0.17.0 | exit status 1: boom |")
        .contains("1 run failed: see \"Failed runs\".");
  }

  @Test
  void theYardsticksSectionComparesHowFarEachMovedBetweenRounds() {
    String md = Markdown.render(PeerReport.document(results()));

    // ours: speed 60,000–90,000 (×1.50), CPU 6.0–6.5 (×1.08)
    assertThat(md).contains("| rocksdb | 1 | Load | ours | ×1.50 | ×1.08 |");
    assertThat(md)
        .contains("CPU time per operation held stiller than speed: a verdict can rest on it here");
  }

  @Test
  void theCpuTimeIsSplitByKindOfThread() {
    String md = Markdown.render(PeerReport.document(results()));

    // ours: 6.30 µs median; 85% client and engine, 10% JIT, 5% collector
    assertThat(md)
        .contains("## Where the CPU time goes")
        .contains("| rocksdb | 1 | Load | ours | 5.36 | 0.00 | 0.63 | 0.32 | 0.00 |")
        .contains("| rocksdb | 1 | Load | YCSB-cpp | 5.10 | 0.00 | 0.00 | 0.00 | 0.00 |");
  }

  @Test
  void inShortListsTheCellsOfEachVerdictUnderWhatTheyClaim() {
    String md = Markdown.render(PeerReport.document(results()));

    assertThat(md)
        .contains(
            "- **does not hold** (3 of 4): CPU per operation, ours ÷ YCSB-cpp ≤ 1.0 on rocksdb"
                + " Load, 1 thread; rocksdb A, 1 thread; rocksdb C, 1 thread\n")
        .contains(
            "- **holds** (1 of 4): speed, ours ÷ YCSB 0.17.0 ≥ 1.2 on rocksdb Load, 1 thread\n");
  }

  /** The libraries our runs named, each once, in the order first seen; a side's not recorded. */
  @Test
  void theSettingsSayWhichLibraryOurRunsLoaded() {
    PeerResults results = results();
    String md = Markdown.render(PeerReport.document(results));

    assertThat(md).contains("| rocksdb | ").contains(" | RocksDB 7.8.3, RocksDB 11.8.1 | ");
    assertThat(PeerReport.oursRan(results, "leveldb")).isEqualTo("not recorded");
  }

  /** The settings name the OPTIONS file our RocksDB opened with, quoted or not; none where none. */
  @Test
  void theSettingsNameTheOptionsFileOurRocksDbRanWith() {
    for (String path : List.of("/t/OPTIONS-000007", "/my trees/OPTIONS-000007")) {
      List<PeerResults.Measurement> runs = new ArrayList<>();
      runs.add(
          new PeerResults.Measurement(
              1,
              "rocksdb",
              1,
              Phase.LOAD,
              Side.OURS,
              io.github.ycsbembedded.experiments.plan.PhaseCommand.line(
                  List.of("bin/ycsb", "load", "rocksdb", "-p", "rocksdb.optionsfile=" + path)),
              "exit status 1: boom",
              null,
              null));
      PeerResults results =
          new PeerResults(THREE, List.of("rocksdb"), List.of(1), Map.of(), null, runs);

      assertThat(PeerReport.oursOptionsFile(results, "rocksdb")).isEqualTo(path);
      assertThat(Markdown.render(PeerReport.document(results)))
          .contains(
              " rocksdb.optionsfile="
                  + path
                  + " (--rocksdb-options: the file governs, the settings before it are ignored) |");
    }
    assertThat(PeerReport.oursOptionsFile(results(), "rocksdb")).isNull();
  }

  @Test
  void eachYardstickVerdictIsReachable() {
    assertThat(Yardsticks.steadier(1.50, 1.08)).startsWith("CPU time per operation held stiller");
    assertThat(Yardsticks.steadier(1.10, 1.40)).startsWith("speed held stiller");
    assertThat(Yardsticks.steadier(1.29, 1.31)).startsWith("the two moved alike");
  }
}
