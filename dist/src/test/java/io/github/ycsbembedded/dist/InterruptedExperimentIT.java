package io.github.ycsbembedded.dist;

import static io.github.ycsbembedded.dist.ExperimentRuns.experimentCommand;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An experiment stopped by a signal keeps what it measured, leaves nothing running, says how to
 * continue in one line, and resumes to the report an uninterrupted run gives; a second run on the
 * same data folder is refused while the first runs. The runs are unum's at the tiny scale on LMDB
 * alone, to keep them short: the campaign's order across engines, and what it keeps and drops when
 * stopped and resumed, are CampaignTest's, without a process.
 */
@Tag("process")
class InterruptedExperimentIT {
  @TempDir Path work;

  /** A running bin/experiment, its output read as it comes. */
  private record Running(Process process, List<String> stdout, CompletableFuture<String> stderr) {}

  /** {@code bin/experiment unum} at the tiny scale on LMDB, results in {@code out}. */
  private static List<String> unum(Path out, Path data) {
    return experimentCommand(
        "unum",
        "--scale",
        "tiny",
        "--engines",
        "lmdb",
        "--out",
        out.toString(),
        "--dir",
        data.toString());
  }

  /** Starts {@code command}, to be stopped by SIG{@code signal}. */
  private static Running start(List<String> command, String signal) throws Exception {
    // started from a background job, this JVM's children inherit SIGINT ignored
    Optional<List<String>> restored =
        signal.equals("INT") ? YcsbProcess.withSigintRestored(command) : Optional.of(command);
    org.junit.jupiter.api.Assumptions.assumeTrue(
        restored.isPresent(), "this machine's env cannot restore SIGINT's default");
    Process p =
        new ProcessBuilder(restored.get())
            .directory(YcsbProcess.root().toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
    CompletableFuture.runAsync(
        () -> {
          try (BufferedReader in =
              new BufferedReader(
                  new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
              lines.add(line);
            }
          } catch (java.io.IOException e) {
            lines.add("(stdout: " + e + ")");
          }
        });
    CompletableFuture<String> stderr =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
              } catch (java.io.IOException e) {
                return e.toString();
              }
            });
    return new Running(p, lines, stderr);
  }

  /** Waits until the run has started its {@code step}-th phase (its "[step/7]" line). */
  private static void awaitStep(Running run, int step) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (run.stdout().stream().noneMatch(l -> l.startsWith("[" + step + "/"))) {
      assertThat(run.process().isAlive()).as("the run ended early: " + run.stdout()).isTrue();
      assertThat(System.nanoTime()).as("step %d within 3 minutes", step).isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  private static Path folder(Path out) throws Exception {
    try (Stream<Path> runs = Files.list(out)) {
      return runs.filter(p -> p.getFileName().toString().startsWith("unum-tiny-"))
          .findFirst()
          .orElseThrow();
    }
  }

  /** Processes still running whose command line names {@code data}: none may be left. */
  private static List<String> leftRunning(Path data) {
    return ProcessHandle.allProcesses()
        .filter(ProcessHandle::isAlive)
        .map(h -> h.info().commandLine().orElse(""))
        .filter(c -> c.contains(data.toString()))
        .toList();
  }

  private static List<String> headings(Path report) throws Exception {
    return Files.readString(report.resolve("report.md"))
        .lines()
        .filter(l -> l.startsWith("## "))
        .toList();
  }

  /**
   * Sends SIG{@code signal} to {@code run} once it has started its {@code step}-th phase, and
   * checks that it ends with {@code status} and one line saying how to continue, leaves nothing
   * running on {@code data}, and keeps in its results folder (in {@code out}) the runs before the
   * signal, with a report.
   */
  private static void stopAndCheck(
      Running run, String signal, int step, int status, Path data, Path out) throws Exception {
    YcsbProcess.Bound bound = YcsbProcess.bound(run.process(), 6);
    try {
      awaitStep(run, step);
      new ProcessBuilder("kill", "-" + signal, Long.toString(run.process().pid()))
          .start()
          .waitFor(30, TimeUnit.SECONDS);
      assertThat(run.process().waitFor(2, TimeUnit.MINUTES)).isTrue();
    } finally {
      bound.close();
    }
    Path folder = folder(out);
    String stderr = run.stderr().get(1, TimeUnit.MINUTES);
    assertThat(run.process().exitValue()).as(stderr).isEqualTo(status);
    assertThat(stderr.strip().lines().reduce((a, b) -> b).orElse(""))
        .matches(
            "experiment: stopped by SIG"
                + signal
                + " after \\d+ of 7 runs; what was measured is in "
                + java.util.regex.Pattern.quote(folder.toString())
                + "; continue with: bin/experiment resume "
                + java.util.regex.Pattern.quote(folder.toString()));
    assertThat(leftRunning(data)).as("nothing left running on the data").isEmpty();
    JsonNode partial = new ObjectMapper().readTree(folder.resolve("results.json").toFile());
    assertThat(partial.get("completion").get("complete").asBoolean()).isFalse();
    assertThat(partial.get("completion").get("done").asInt())
        .as("the runs before the signal")
        .isBetween(step - 2, step);
    assertThat(folder.resolve("report.md")).exists();
  }

  /**
   * SIGTERM in the run's third phase, SIGINT in the sixth of its resume (which counts its phases
   * from the trial it resumes, the first), then a resume to the end, whose report is the one an
   * uninterrupted run gives.
   */
  @Test
  @Timeout(value = 8, unit = TimeUnit.MINUTES)
  void aStoppedRunKeepsWhatItMeasuredLeavesNothingRunningAndResumesToTheWholeReport()
      throws Exception {
    Path out = work.resolve("out");
    Path data = work.resolve("data");
    stopAndCheck(start(unum(out, data), "TERM"), "TERM", 3, 143, data, out);
    Path folder = folder(out);

    Running resumed = start(experimentCommand("resume", folder.toString()), "INT");
    stopAndCheck(resumed, "INT", 6, 130, data, out);
    assertThat(String.join("\n", resumed.stdout()))
        .contains("resuming unum in " + folder + " from trial 1 of 1");

    YcsbProcess rest =
        YcsbProcess.run(experimentCommand("resume", folder.toString()), YcsbProcess.root());
    assertThat(rest.exitCode()).as(rest.toString()).isZero();
    assertThat(rest.stdout()).contains("resuming unum in " + folder + " from trial 1 of 1");
    JsonNode whole = new ObjectMapper().readTree(folder.resolve("results.json").toFile());
    assertThat(whole.get("completion").get("complete").asBoolean()).isTrue();
    for (JsonNode engine : whole.get("variants").get(0).get("engines")) {
      assertThat(engine.get("phases")).as(engine.get("engine").asText()).hasSize(7);
      for (JsonNode phase : engine.get("phases")) {
        assertThat(phase.get("repetitions")).as(phase.get("phase").asText()).hasSize(1);
      }
    }

    Path uninterrupted = work.resolve("whole");
    YcsbProcess again = YcsbProcess.run(unum(uninterrupted, data), YcsbProcess.root());
    assertThat(again.exitCode()).as(again.toString()).isZero();
    assertThat(headings(folder)).isEqualTo(headings(folder(uninterrupted)));
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void aSecondRunOnTheSameDataFolderIsRefusedNamingTheFirst() throws Exception {
    Path data = work.resolve("data");
    Running first = start(unum(work.resolve("a"), data), "TERM");
    YcsbProcess.Bound bound = YcsbProcess.bound(first.process(), 4);
    try {
      awaitStep(first, 1);
      YcsbProcess second = YcsbProcess.run(unum(work.resolve("b"), data), YcsbProcess.root());
      assertThat(second.exitCode()).isEqualTo(2);
      assertThat(second.stderr().strip())
          .doesNotContain("\n")
          .startsWith(
              "experiment: --dir: "
                  + data.resolve("unum-tiny")
                  + " is in use by another experiment run (pid "
                  + first.process().pid()
                  + ": bin/experiment unum --scale tiny");
      new ProcessBuilder("kill", "-TERM", Long.toString(first.process().pid()))
          .start()
          .waitFor(30, TimeUnit.SECONDS);
      assertThat(first.process().waitFor(2, TimeUnit.MINUTES)).isTrue();
    } finally {
      bound.close();
    }
    assertThat(first.process().exitValue()).isEqualTo(143);
  }
}
