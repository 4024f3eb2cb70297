package io.github.ycsbembedded.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.analysis.ScaleTrend;
import io.github.ycsbembedded.experiments.results.Spread;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScaleReportTest {
  private static final long MIB = 1L << 20;

  private static ScaleTrend.Step step(String scale, long mib, double... ratios) {
    List<Double> values = new java.util.ArrayList<>();
    for (double r : ratios) {
      values.add(r);
    }
    return new ScaleTrend.Step(scale, mib * MIB, Spread.of(values), !scale.equals("tiny"));
  }

  private static String trend(List<ScaleTrend.Step> steps, double published) {
    return ScaleReport.sentence(ScaleTrend.of(steps, published), published);
  }

  @Test
  void aScaleInRamIsShownButTheTrendIsTakenOverTheScalesInTheRegime() {
    String trend =
        trend(
            List.of(
                step("tiny", 2, 1.10), step("quick", 400, 2.64, 2.92), step("small", 2000, 2.30)),
            1.15);

    assertThat(trend)
        .isEqualTo(
            "From quick to small the gap narrows toward the published scale (ours ÷ published:"
                + " ×0.96 at 2.0 MiB (outside the memory regime, not compared), ×2.42 at 400.0 MiB, ×2.00 at 2.0 GiB).");
  }

  @Test
  void aGapThatGrowsIsSaidToWiden() {
    String trend = trend(List.of(step("quick", 400, 0.60, 0.62), step("small", 2000, 0.40)), 0.64);

    assertThat(trend).startsWith("From quick to small the gap widens");
  }

  @Test
  void overlappingRangesCannotTellAMove() {
    String trend = trend(List.of(step("quick", 400, 1.10, 1.60), step("small", 2000, 1.20)), 0.64);

    assertThat(trend).startsWith("From quick to small the gap cannot be told to move");
  }

  @Test
  void withinTenPercentTheGapStaysAboutAsWide() {
    String trend = trend(List.of(step("quick", 400, 0.80), step("small", 2000, 0.78)), 0.52);

    assertThat(trend).startsWith("From quick to small the gap stays about as wide");
  }

  @Test
  void oneScaleHasNoTrend() {
    assertThat(trend(List.of(step("quick", 400, 0.80)), 0.52))
        .isEqualTo("Measured at fewer than two scales: no trend.");
  }

  /**
   * unum's scale report puts ucsb's own ratio at each of its four sizes into every claim's table,
   * between ours and the write-up's (the fixture stands for one scale).
   */
  @Test
  void theScaleReportSetsTheAuthorsHarnessAtItsSizesBesideOurs(@TempDir Path out) throws Exception {
    var unum =
        io.github.ycsbembedded.experiments.model.Experiment.load(
            io.github.ycsbembedded.experiments.model.ExperimentTest.EXPERIMENTS, "unum");
    var run = io.github.ycsbembedded.experiments.writeups.WriteUpsTest.fixture("unum-quick");
    var claims =
        io.github.ycsbembedded.experiments.analysis.WriteUp.of(unum)
            .claims(new io.github.ycsbembedded.experiments.analysis.Context(unum, run));
    ScaleReport.write(unum, List.of(run), List.of(claims), out);
    String report = java.nio.file.Files.readString(out.resolve("report.md"));
    int start = report.indexOf("## RocksDB's speed ÷ LevelDB's, C");
    String table = report.substring(start, report.indexOf("## ", start + 3));
    String harness = "| ucsb (the authors' harness) | ";
    assertThat(table)
        .contains(harness + "97.7 MiB | " + String.format("%.2f", 1033177.0 / 863970) + " |")
        .contains(harness + "976.6 MiB | " + String.format("%.2f", 300694.0 / 584841) + " |")
        .contains(harness + "9.5 GiB | " + String.format("%.2f", 250179.0 / 63218) + " |")
        .contains(harness + "95.4 GiB | " + String.format("%.2f", 57112.0 / 29056) + " |");
    assertThat(table.indexOf("| quick |")).isLessThan(table.indexOf(harness));
    assertThat(table.indexOf(harness)).isLessThan(table.indexOf("| published |"));
  }
}
