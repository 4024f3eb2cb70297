package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The runner's answers to bad choices: exit 2 and one line naming the option, before any work. */
class ExperimentRunnerTest {
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream originalErr;
  private String originalHome;

  @BeforeEach
  void captureStderr() {
    originalHome = System.getProperty("ycsbembedded.home");
    System.setProperty("ycsbembedded.home", System.getProperty("ycsbembedded.root"));
    originalErr = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restoreStderrAndHome() {
    System.setErr(originalErr);
    if (originalHome == null) {
      System.clearProperty("ycsbembedded.home");
    } else {
      System.setProperty("ycsbembedded.home", originalHome);
    }
  }

  private int run(String... args) {
    return ExperimentRunner.commandLine(args).execute(args);
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8).strip();
  }

  @Test
  void unknownEngineIsNamedWithTheExperimentsEngines() {
    assertThat(run("unum", "--scale", "tiny", "--engines", "lmdb,nosuch")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo(
            "experiment: --engines: 'nosuch' is not an engine of unum; use some of lmdb,rocksdb,leveldb,wiredtiger");
  }

  @Test
  void threadCountBelowOneIsRefused() {
    assertThat(run("hyperdex", "--threads", "0")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo("experiment: --threads: '0' is not a thread count; use 1 or more");
  }

  @Test
  void badMemoryLimitIsNamed() {
    assertThat(run("unum", "--memory-limit", "lots")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo(
            "experiment: --memory-limit: 'lots' is not a size; use a number with an optional k, m, g or t suffix, or none");
  }

  @Test
  void aRepeatOfZeroOrNotANumberIsRefused() {
    assertThat(run("unum", "--repeat", "0")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo("experiment: --repeat: '0' is not a number of runs; use 1 to 100");
    err.reset();
    assertThat(run("unum", "--repeat", "x")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo("experiment: --repeat: 'x' is not a number of runs; use 1 to 100");
  }

  @Test
  void aMemoryLimitSmallerThanTheJvmsAllowanceIsRefused() {
    assertThat(run("unum", "--memory-limit", "300m")).isEqualTo(2);
    assertThat(stderr())
        .startsWith(
            "experiment: --memory-limit: '300m' (300.0 MiB) leaves nothing for the engines");
  }

  @Test
  void aMemoryLimitThatOverflowsIsRefusedNotTakenAsNoLimit() {
    assertThat(run("unum", "--memory-limit", "16777216t")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo(
            "experiment: --memory-limit: '16777216t' is not a size; use a number with an optional k, m, g or t suffix, or none");
  }

  @Test
  void anUnwritableOutIsOneLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
      throws Exception {
    java.nio.file.Path file =
        java.nio.file.Files.writeString(tmp.resolve("a-file"), "not a folder");
    assertThat(run("unum", "--scale", "tiny", "--engines", "lmdb", "--out", file.toString()))
        .isEqualTo(2);
    assertThat(stderr())
        .startsWith("experiment: --out: cannot create " + file.resolve("unum-tiny-"))
        .doesNotContain("\n")
        .doesNotContain("Exception");
  }

  @Test
  void unknownExperimentListsTheKnownOnes() {
    assertThat(run("nosuch")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo(
            "experiment: unknown experiment 'nosuch'; known experiments: bindings, digg, engines, harperdb, hyperdex, latency, likes, unum (or give an experiment file's path)");
  }

  @Test
  void noNameAsksForOne() {
    assertThat(run()).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo("experiment: name an experiment or a file, or 'list' to see them");
  }

  @Test
  void aTrialCountOfZeroOrNotANumberIsRefused() {
    assertThat(run("unum", "--trials", "0")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo("experiment: --trials: '0' is not a number of trials; use 1 to 100");
    err.reset();
    assertThat(run("unum", "--trials", "two")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo("experiment: --trials: 'two' is not a number of trials; use 1 to 100");
    err.reset();
    assertThat(run("run", "unum", "--trials", "101")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo("experiment: --trials: '101' is not a number of trials; use 1 to 100");
  }

  @Test
  void anUnknownScaleAmongSeveralIsNamed() {
    assertThat(run("unum", "--scales", "tiny,huge")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo(
            "experiment: experiment unum has no scale 'huge'; its scales: tiny, quick, small, medium, full");
  }

  @Test
  void anUnknownOptionIsOneLinePointingToHelp() {
    assertThat(run("unum", "--scael", "tiny")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo("experiment: Unknown options: '--scael', 'tiny' (see bin/experiment --help)");
    err.reset();
    assertThat(run("compare", "a")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo(
            "experiment compare: Missing required parameter: 'AFTER' (see bin/experiment compare"
                + " --help)");
  }

  @Test
  void aVaryThatIsNotNameEqualsValuesIsOneLine() {
    assertThat(run("unum", "--scale", "tiny", "--vary", "leveldb.max_file_size")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo(
            "experiment: --vary: 'leveldb.max_file_size' is not NAME=V1,V2 (e.g. --vary"
                + " leveldb.max_file_size=1m,64m)");
  }

  @Test
  void aVariantTheFileDoesNotHaveIsOneLineNamingItsVariants() {
    assertThat(run("hyperdex", "--scale", "tiny", "--variants", "none-such")).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo(
            "experiment: --variants: 'none-such' is not a variant of hyperdex; its variants:"
                + " debt-paid, uniform-requests, one-writer, lmdb-0.9.24");
  }

  @Test
  void aReportOfAFolderWithoutResultsIsOneLine(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) {
    assertThat(run("report", tmp.toString())).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo(
            "experiment report: " + tmp + " is not a results folder: it has no results.json");
  }

  /**
   * An empty JSON object is no results file of any version: it was called "schema 1, written by
   * another version", the version before the field.
   */
  @Test
  void aReportOfAnEmptyJsonObjectSaysItIsNoResultsFile(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
    java.nio.file.Files.writeString(tmp.resolve("results.json"), "{}");
    assertThat(run("report", tmp.toString())).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo(
            "experiment report: "
                + tmp.resolve("results.json")
                + " has no schema field: not a results file of this runner");
  }

  @Test
  void aReportOfASchemaThatIsNoNumberSaysItIsNoResultsFile(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
    java.nio.file.Files.writeString(
        tmp.resolve("results.json"), "{\"schema\": \"two\", \"experiment\": \"unum\"}");
    assertThat(run("report", tmp.toString())).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo(
            "experiment report: "
                + tmp.resolve("results.json")
                + " has a schema field that is not a whole number: not a results file of this runner");
  }

  @Test
  void theResultsFileKeepsEachClaimsIntervalAsItsVerdictJudgedIt() throws Exception {
    io.github.ycsbembedded.experiments.model.Experiment unum =
        io.github.ycsbembedded.experiments.model.Experiment.load(
            io.github.ycsbembedded.experiments.model.ExperimentTest.EXPERIMENTS, "unum");
    var claims =
        io.github.ycsbembedded.experiments.analysis.Findings.of(
                new io.github.ycsbembedded.experiments.analysis.Context(
                    unum,
                    io.github.ycsbembedded.experiments.writeups.WriteUpsTest.fixture("unum-quick")))
            .claims();
    var records = Outputs.records(claims);
    assertThat(records).hasSameSizeAs(claims);
    for (int i = 0; i < claims.size(); i++) {
      var claim = claims.get(i);
      var record = records.get(i);
      assertThat(record.interval().level()).isEqualTo(0.9);
      assertThat(Double.valueOf(record.interval().low()))
          .isEqualTo(Double.valueOf(claim.interval().low()));
      assertThat(Double.valueOf(record.interval().high()))
          .isEqualTo(Double.valueOf(claim.interval().high()));
      assertThat(record.interval().samples()).isEqualTo(claim.interval().samples());
      assertThat(record.interval().toDecide()).isEqualTo(claim.judgement().toDecide());
      assertThat(Double.valueOf(record.band().low())).isEqualTo(Double.valueOf(claim.low()));
      assertThat(record.samples()).isEqualTo(claim.ours().values());
    }
  }

  @Test
  void anUnforeseenFailureIsOneLineNamingTheFileAndWhy() {
    assertThat(
            ExperimentRunner.oneLine(
                new java.io.UncheckedIOException(
                    new java.nio.file.NoSuchFileException("/r/unum-quick/.results.json.tmp"))))
        .isEqualTo(
            "/r/unum-quick/.results.json.tmp: no such file or directory (was a results or data"
                + " folder removed during the run?)");
    assertThat(
            ExperimentRunner.oneLine(
                new java.io.IOException(
                    new java.nio.file.FileSystemException(
                        "/etc/passwd/x", null, "Not a directory"))))
        .isEqualTo("/etc/passwd/x: Not a directory");
    assertThat(ExperimentRunner.oneLine(new IllegalStateException("first\nsecond")))
        .isEqualTo("IllegalStateException: first");
  }

  /**
   * A failure after the last phase (the report's write, here a full disk under its temporary file)
   * ends the run in one line saying what failed and what the results folder still allows.
   */
  @Test
  void aRunThatFailsWritingItsReportSaysSoAndHowToResumeInOneLine() {
    java.nio.file.Path out = java.nio.file.Path.of("/r/unum-quick-20261202-101500");
    assertThat(
            Runner.failed(
                out,
                new java.nio.file.FileSystemException(
                    out.resolve(".report.html.tmp").toString(), null, "No space left on device")))
        .isEqualTo(
            "experiment: /r/unum-quick-20261202-101500/.report.html.tmp: No space left on device;"
                + " /r/unum-quick-20261202-101500 keeps every phase measured so far: bin/experiment"
                + " resume /r/unum-quick-20261202-101500 runs what is missing, bin/experiment report"
                + " /r/unum-quick-20261202-101500 writes its report again");
    assertThat(Runner.failed(out, new OutOfMemoryError("Java heap space")))
        .startsWith("experiment: OutOfMemoryError: Java heap space; " + out + " keeps");
  }

  /** A command that ends in an {@link Error}, which picocli hands no handler. */
  @picocli.CommandLine.Command(name = "experiment")
  static final class Failing implements java.util.concurrent.Callable<Integer> {
    @Override
    public Integer call() {
      throw new OutOfMemoryError("Java heap space");
    }
  }

  @Test
  void anErrorNoHandlerSeesIsOneLineAndExitOne() {
    assertThat(ExperimentRunner.execute(new picocli.CommandLine(new Failing()), new String[0]))
        .isEqualTo(1);
    assertThat(stderr()).isEqualTo("experiment: OutOfMemoryError: Java heap space");
  }

  /** A finished run in which an engine failed exits 1, and stderr says which. */
  @Test
  void aFinishedRunWithAFailedEngineSaysWhichOnStderr() {
    java.nio.file.Path out = java.nio.file.Path.of("/r/unum-quick-20261202-101500");
    io.github.ycsbembedded.experiments.results.Results.EngineRun ok =
        new io.github.ycsbembedded.experiments.results.Results.EngineRun(
            "lmdb", "h", null, null, null, java.util.List.of());
    io.github.ycsbembedded.experiments.results.Results.EngineRun failed =
        new io.github.ycsbembedded.experiments.results.Results.EngineRun(
            "rocksdb",
            "h",
            null,
            null,
            "load: exit 1: ycsb: rocksdb: no space",
            java.util.List.of());
    var base =
        new io.github.ycsbembedded.experiments.results.Results.VariantRun(
            "base", java.util.Map.of(), "", java.util.List.of(ok, failed));
    assertThat(Runner.engineFailures(java.util.List.of(base), out))
        .isEqualTo(
            "experiment: rocksdb failed: load: exit 1: ycsb: rocksdb: no space; the report,"
                + " /r/unum-quick-20261202-101500/report.md, has the rest of the run");
    var allWell =
        new io.github.ycsbembedded.experiments.results.Results.VariantRun(
            "base", java.util.Map.of(), "", java.util.List.of(ok));
    assertThat(Runner.engineFailures(java.util.List.of(allWell), out)).isNull();
  }
}
