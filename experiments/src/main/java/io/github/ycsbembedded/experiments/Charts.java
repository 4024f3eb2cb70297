package io.github.ycsbembedded.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;

/** The report's PNG charts, drawn with XChart. */
final class Charts {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 450;

  private Charts() {}

  /** Throughput over time of one phase, one line per engine (YCSB's 1-second status lines). */
  static Path timeline(Results.Run run, Experiment.Phase phase, Path file) throws IOException {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title(phase.label() + ": throughput over time")
        .xAxisTitle("seconds").yAxisTitle(phase.keysAreSpeed() ? "batches/s" : "operations/s").build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE).setMarkerSize(3);
    for (Results.EngineRun engine : run.engines()) {
      Results.PhaseRun result = engine.phase(phase.id());
      if (result == null || result.failed()) {
        continue;
      }
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      long previousSeconds = -1;
      for (YcsbOutput.StatusPoint point : result.timeline()) {
        if (point.opsPerSecond() > 0 && point.seconds() != previousSeconds) {
          x.add((double) point.seconds());
          y.add(point.opsPerSecond());
          previousSeconds = point.seconds();
        }
      }
      if (x.isEmpty()) {
        x.add(0.0);
        y.add(result.throughput());
      }
      XYSeries series = chart.addSeries(engine.engine(), x, y);
      series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    }
    return save(chart, file);
  }

  /** One bar per engine for each phase. */
  static Path perPhase(Results.Run run, List<Experiment.Phase> phases, String title, String axis,
      ToDoubleFunction<Results.PhaseRun> value, Path file) throws IOException {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle("phase").yAxisTitle(axis).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setAvailableSpaceFill(0.8);
    List<String> labels = phases.stream().map(Experiment.Phase::id).toList();
    for (Results.EngineRun engine : run.engines()) {
      List<Double> values = new ArrayList<>();
      for (Experiment.Phase phase : phases) {
        Results.PhaseRun result = engine.phase(phase.id());
        double v = result == null || result.failed() ? 0 : value.applyAsDouble(result);
        values.add(Double.isFinite(v) ? v : 0);
      }
      chart.addSeries(engine.engine(), labels, values);
    }
    return save(chart, file);
  }

  private static Path save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path file) throws IOException {
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }
}
