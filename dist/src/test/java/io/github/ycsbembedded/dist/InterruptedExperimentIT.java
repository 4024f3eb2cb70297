package io.github.ycsbembedded.dist;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An experiment stopped by a signal keeps what it measured, leaves nothing running, says how to
 * continue in one line, and resumes to the report an uninterrupted run gives; a second run on the
 * same data folder is refused while the first runs.
 */
@Tag("process")
class InterruptedExperimentIT {
  @TempDir Path work;

  /** A running bin/experiment, its output read as it comes. */
  private record Running(Process process, List<String> stdout, CompletableFuture<String> stderr) {}

  private Running start(Path out, Path data, String signal) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                YcsbProcess.root().resolve("bin/experiment").toString(),
                "unum",
                "--scale",
                "tiny",
                "--engines",
                "lmdb,leveldb",
                "--out",
                out.toString(),
                "--dir",
                data.toString()));
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

  /** Waits until the run has started its {@code step}-th phase (its "[step/14]" line). */
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

  @ParameterizedTest(name = "SIG{0} at step {1}")
  @CsvSource({"TERM, 3, 143", "INT, 9, 130"})
  @Timeout(value = 8, unit = TimeUnit.MINUTES)
  void aStoppedRunKeepsWhatItMeasuredLeavesNothingRunningAndResumesToTheWholeReport(
      String signal, int step, int status) throws Exception {
    Path out = work.resolve("out");
    Path data = work.resolve("data");
    Running run = start(out, data, signal);
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
                + " after \\d+ of 14 runs; what was measured is in "
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

    YcsbProcess resumed =
        YcsbProcess.run(
            List.of(
                YcsbProcess.root().resolve("bin/experiment").toString(),
                "resume",
                folder.toString()),
            YcsbProcess.root());
    assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
    assertThat(resumed.stdout()).contains("resuming unum in " + folder + " from trial 1 of 1");
    JsonNode whole = new ObjectMapper().readTree(folder.resolve("results.json").toFile());
    assertThat(whole.get("completion").get("complete").asBoolean()).isTrue();
    for (JsonNode engine : whole.get("variants").get(0).get("engines")) {
      assertThat(engine.get("phases")).as(engine.get("engine").asText()).hasSize(7);
      for (JsonNode phase : engine.get("phases")) {
        assertThat(phase.get("repetitions")).as(phase.get("phase").asText()).hasSize(1);
      }
    }

    Path uninterrupted = work.resolve("whole");
    YcsbProcess again =
        YcsbProcess.run(
            List.of(
                YcsbProcess.root().resolve("bin/experiment").toString(),
                "unum",
                "--scale",
                "tiny",
                "--engines",
                "lmdb,leveldb",
                "--out",
                uninterrupted.toString(),
                "--dir",
                data.toString()),
            YcsbProcess.root());
    assertThat(again.exitCode()).as(again.toString()).isZero();
    assertThat(headings(folder)).isEqualTo(headings(folder(uninterrupted)));
  }

  @ParameterizedTest(name = "the same {0}")
  @CsvSource({"--dir"})
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void aSecondRunOnTheSameDataFolderIsRefusedNamingTheFirst(String option) throws Exception {
    Path data = work.resolve("data");
    Running first = start(work.resolve("a"), data, "TERM");
    YcsbProcess.Bound bound = YcsbProcess.bound(first.process(), 4);
    try {
      awaitStep(first, 1);
      YcsbProcess second =
          YcsbProcess.run(
              List.of(
                  YcsbProcess.root().resolve("bin/experiment").toString(),
                  "unum",
                  "--scale",
                  "tiny",
                  "--engines",
                  "lmdb",
                  "--out",
                  work.resolve("b").toString(),
                  option,
                  data.toString()),
              YcsbProcess.root());
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
