package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.results.Results;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The console's lines: progress on stdout, a stop in one line on stderr that says how to go on. */
class RunConsoleTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final RunConsole console =
      new RunConsole(
          new PrintStream(out, true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8));

  @Test
  void aStoppedRunSaysWhatItMeasuredAndHowToResumeInOneLine() {
    console.stopped(
        new Results.Completion(false, 12, 5, "SIGTERM", List.of()), Path.of("/r/unum-quick-1"));
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo(
            "experiment: stopped by SIGTERM after 5 of 12 runs; what was measured is in"
                + " /r/unum-quick-1; continue with: bin/experiment resume /r/unum-quick-1\n");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("\n");
  }

  @Test
  void aFinishedRunPrintsItsSummaryThenWhereTheReportIs() {
    console.finished(List.of("lmdb: 2 claims reproduced"), Path.of("/r/x"));
    assertThat(out.toString(StandardCharsets.UTF_8))
        .isEqualTo(
            "\nlmdb: 2 claims reproduced\n\nreport: /r/x/report.md (and report.html, results.json,"
                + " charts/)\n");
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
  }
}
