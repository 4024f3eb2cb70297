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
                + " debt-paid, uniform-requests, one-writer");
  }

  @Test
  void aReportOfAFolderWithoutResultsIsOneLine(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) {
    assertThat(run("report", tmp.toString())).isEqualTo(2);
    assertThat(stderr())
        .isEqualTo(
            "experiment report: " + tmp + " is not a results folder: it has no results.json");
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
}
