package io.github.ycsbembedded.experiments;

import static io.github.ycsbembedded.experiments.results.Runs.engine;
import static io.github.ycsbembedded.experiments.results.Runs.phase;
import static io.github.ycsbembedded.experiments.results.Runs.rep;
import static io.github.ycsbembedded.experiments.results.Runs.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.ResultsFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/experiment compare}: what it prints, and its exit status for a CI job. */
class CompareCommandTest {
  @TempDir Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream originalOut;
  private PrintStream originalErr;

  @BeforeEach
  void capture() {
    originalOut = System.out;
    originalErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restore() {
    System.setOut(originalOut);
    System.setErr(originalErr);
  }

  /** A results folder of unum's C with LMDB at these speeds, one trial each. */
  private Path folder(String name, String experiment, double... speeds) throws Exception {
    Results.Repetition[] reps = new Results.Repetition[speeds.length];
    for (int i = 0; i < speeds.length; i++) {
      reps[i] = rep(i + 1, 1, speeds[i]);
    }
    Path dir = Files.createDirectories(tmp.resolve(name));
    ResultsFile.write(
        run(experiment, "quick", "h", speeds.length, engine("lmdb", "h", phase("c", reps))), dir);
    return dir;
  }

  private int compare(String... args) {
    String[] all = new String[args.length + 3];
    all[0] = "compare";
    System.arraycopy(args, 0, all, 1, args.length);
    all[args.length + 1] = "--out";
    all[args.length + 2] = tmp.resolve("reports").toString();
    return ExperimentRunner.commandLine(all).execute(all);
  }

  @Test
  void twoRunsThatCannotBeToldApartAreATildeAndExitZero() throws Exception {
    Path a = folder("a", "unum", 10_000, 10_400, 9_800);
    Path b = folder("b", "unum", 10_100, 9_900, 10_300);

    assertThat(compare(a.toString(), b.toString(), "--fail-on-slowdown", "5%")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .containsPattern(
            "(?m)^base +lmdb +c +speed +10,000 \\[9,800–10,400\\] +10,100 \\[9,900–10,300\\] +~ ")
        .contains("~: no change told from noise by Welch's t-test");
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void aSlowdownToldFromNoiseIsFlaggedAndFailsBeyondTheThreshold() throws Exception {
    Path a = folder("a", "unum", 10_000, 10_400, 9_800);
    Path b = folder("b", "unum", 5_000, 5_100, 4_900);

    assertThat(compare(a.toString(), b.toString())).as("no threshold: a report, exit 0").isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("-50.0% [-52.9% to -48.0%]");
    out.reset();
    assertThat(compare(a.toString(), b.toString(), "--fail-on-slowdown", "5%")).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8).strip())
        .isEqualTo(
            "experiment compare: 2 slowdowns beyond 5%, the first: base lmdb c speed -50.0%");
    assertThat(out.toString(StandardCharsets.UTF_8))
        .as("the same CPU time over half the operations: twice the CPU per operation")
        .containsPattern("(?m)^base +lmdb +c +CPU µs per operation +20\\.00 .* \\+100\\.0% ");
  }

  /**
   * A results folder of unum's C with LMDB at 10,000 operations a second over 10 s windows, each
   * trial spending {@code cpuUs} µs of CPU time per operation.
   */
  private Path cpuFolder(String name, double... cpuUs) throws Exception {
    Results.Repetition[] reps = new Results.Repetition[cpuUs.length];
    for (int i = 0; i < cpuUs.length; i++) {
      Results.Repetition r = rep(i + 1, 1, 10_000);
      double seconds = cpuUs[i] * 100_000 / 1e6;
      reps[i] =
          r.withFigures(
              new Results.Figures(
                  r.figures().speed(),
                  r.figures().window(),
                  new Results.Cpu(seconds, 0),
                  r.figures().io(),
                  r.figures().memory(),
                  r.figures().disk(),
                  r.figures().amplification()));
    }
    Path dir = Files.createDirectories(tmp.resolve(name));
    ResultsFile.write(
        run("bindings", "quick", "h", cpuUs.length, engine("lmdb", "h", phase("c", reps))), dir);
    return dir;
  }

  @Test
  void twoMicrosecondsMoreCpuPerOperationAtTheSameSpeedFailsTheThreshold() throws Exception {
    Path a = cpuFolder("a", 6.0, 6.1, 5.9);
    Path b = cpuFolder("b", 8.0, 8.1, 7.9);

    assertThat(compare(a.toString(), b.toString(), "--fail-on-slowdown", "5%")).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8).strip())
        .isEqualTo(
            "experiment compare: 1 slowdown beyond 5%, the first: base lmdb c CPU µs per"
                + " operation +33.3%");
    assertThat(out.toString(StandardCharsets.UTF_8))
        .containsPattern("(?m)^base +lmdb +c +speed .* ~ ")
        .containsPattern(
            "(?m)^base +lmdb +c +CPU µs per operation +6\\.00 \\[5\\.90–6\\.10\\] +8\\.00"
                + " \\[7\\.90–8\\.10\\] +\\+33\\.3% ");
  }

  @Test
  void aCpuChangeWithinNoiseIsATilde() throws Exception {
    Path a = cpuFolder("a", 6.0, 6.6, 5.5);
    Path b = cpuFolder("b", 6.2, 5.7, 6.5);

    assertThat(compare(a.toString(), b.toString(), "--fail-on-slowdown", "5%")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .containsPattern("(?m)^base +lmdb +c +CPU µs per operation .* ~ ");
  }

  @Test
  void aSpeedupIsNoSlowdown() throws Exception {
    Path a = folder("a", "unum", 5_000, 5_100, 4_900);
    Path b = folder("b", "unum", 10_000, 10_400, 9_800);

    assertThat(compare(a.toString(), b.toString(), "--fail-on-slowdown", "5%")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("+100.0% [");
  }

  @Test
  void runsOfTwoExperimentsOrABadThresholdAreOneLine() throws Exception {
    Path a = folder("a", "unum", 10_000, 10_400);
    Path b = folder("b", "hyperdex", 10_000, 10_400);

    assertThat(compare(a.toString(), b.toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8).strip())
        .isEqualTo(
            "experiment compare: "
                + b
                + " is a run of hyperdex, "
                + a
                + " of unum; compare two runs of one experiment");
    err.reset();
    assertThat(compare(a.toString(), a.toString(), "--fail-on-slowdown", "lots")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8).strip())
        .isEqualTo(
            "experiment compare: --fail-on-slowdown: 'lots' is not a percentage; use e.g. 5%");
  }
}
