package io.github.ycsbembedded.experiments;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
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

  /**
   * Reads/s of the last (most threads) read phase against users, one line per engine and model,
   * over this run and every earlier run of the same experiment in {@code resultsDir}.
   */
  static Path readsByUsers(Path resultsDir, Results.Run current, List<Experiment.Phase> normalized,
      List<Experiment.Phase> denormalized, Path file) throws IOException {
    List<Results.Run> runs = new ArrayList<>(List.of(current));
    ObjectMapper json = new ObjectMapper();
    try (Stream<Path> dirs = Files.list(resultsDir)) {
      for (Path dir : (Iterable<Path>) dirs::iterator) {
        Path results = dir.resolve("results.json");
        if (dir.getFileName().toString().startsWith(current.experiment() + "-") && Files.exists(results)) {
          Results.Run earlier = json.readValue(results.toFile(), Results.Run.class);
          if (!earlier.startedAt().equals(current.startedAt())) {
            runs.add(earlier);
          }
        }
      }
    } catch (IOException e) {
      // an unreadable earlier run is left out of the chart
    }
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title("Reads/s against users, per model")
        .xAxisTitle("users").yAxisTitle("reads/s").build();
    chart.getStyler().setXAxisLogarithmic(true).setLegendPosition(Styler.LegendPosition.OutsideE).setMarkerSize(6);
    Map<String, TreeMap<Double, Double>> series = new TreeMap<>();
    for (Results.Run run : runs) {
      double users = Double.parseDouble(run.settings().getOrDefault("recordcount", "0"));
      for (Results.EngineRun engine : run.engines()) {
        for (var model : Map.of("normalized", normalized, "denormalized", denormalized).entrySet()) {
          if (model.getValue().isEmpty()) {
            continue;
          }
          Results.PhaseRun last = engine.phase(model.getValue().get(model.getValue().size() - 1).id());
          if (last != null && !last.failed() && users > 0) {
            series.computeIfAbsent(engine.engine() + " " + model.getKey(), k -> new TreeMap<>()).put(users, last.throughput());
          }
        }
      }
    }
    series.forEach((name, points) -> chart.addSeries(name, new ArrayList<>(points.keySet()), new ArrayList<>(points.values())));
    if (series.isEmpty()) {
      chart.addSeries("no read phase finished", List.of(1.0), List.of(0.0));
    }
    return save(chart, file);
  }

  private static Path save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path file) throws IOException {
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }
}
