package io.github.ycsbembedded.experiments.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The reports' PNG charts, drawn with XChart: every engine has one colour in every chart of every
 * report, published figures are grey, legends sit outside the plot.
 */
public final class Charts {
  private static final int WIDTH = 960;
  private static final int HEIGHT = 460;
  private static final Map<String, Color> COLORS =
      Map.of(
          "lmdb", new Color(0x1f, 0x77, 0xb4),
          "rocksdb", new Color(0xd6, 0x27, 0x28),
          "leveldb", new Color(0x2c, 0xa0, 0x2c),
          "wiredtiger", new Color(0x94, 0x67, 0xbd),
          "published", new Color(0x8c, 0x8c, 0x8c));
  private static final Color OTHER = new Color(0xff, 0x7f, 0x0e);

  private Charts() {}

  /** The colour of an engine (or of "published"), the same in every chart. */
  public static Color color(String series) {
    return COLORS.getOrDefault(series.split(" ", -1)[0], OTHER);
  }

  /** A series of bars (one value per category), named by engine for its colour. */
  public record Bars(String name, List<Double> values) {}

  /** Grouped bars: one group per category, one bar per series. */
  public static void bars(
      String title, String axis, List<String> categories, List<Bars> series, Path file)
      throws IOException {
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .yAxisTitle(axis)
            .build();
    chart.getStyler().setAvailableSpaceFill(0.8);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setXAxisLabelRotation(categories.size() > 6 ? 30 : 0);
    for (Bars bars : series) {
      CategorySeries s =
          chart.addSeries(
              bars.name(),
              categories,
              bars.values().stream().map(v -> v == null || !Double.isFinite(v) ? 0.0 : v).toList());
      s.setFillColor(color(bars.name()));
    }
    save(chart, file);
  }

  /** A line of (x, y) points, named by engine for its colour; dashed when {@code dashed}. */
  public record Line(String name, List<Double> x, List<Double> y, boolean dashed) {}

  /** Lines over a shared x axis. */
  public static void lines(
      String title, String xAxis, String yAxis, boolean logX, List<Line> lines, Path file)
      throws IOException {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle(xAxis)
            .yAxisTitle(yAxis)
            .build();
    chart.getStyler().setXAxisLogarithmic(logX);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE).setMarkerSize(5);
    for (Line line : lines) {
      XYSeries s = chart.addSeries(line.name(), line.x(), line.y());
      s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
      s.setLineColor(color(line.name()));
      s.setMarkerColor(color(line.name()));
      s.setMarker(line.dashed() ? SeriesMarkers.DIAMOND : SeriesMarkers.CIRCLE);
      if (line.dashed()) {
        s.setLineStyle(
            new java.awt.BasicStroke(
                2f,
                java.awt.BasicStroke.CAP_BUTT,
                java.awt.BasicStroke.JOIN_MITER,
                10f,
                new float[] {6f, 4f},
                0f));
      }
    }
    save(chart, file);
  }

  private static void save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path file)
      throws IOException {
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
