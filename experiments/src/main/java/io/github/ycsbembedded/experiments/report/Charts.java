package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.core.EngineDescriptor;
import io.github.ycsbembedded.core.Engines;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Spread;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The reports' PNG charts, drawn with XChart: every engine has its colour from the engine registry
 * in every chart, published figures are grey, every median carries its range (a dot and a whisker
 * from the least to the greatest sample), legends sit outside the plot.
 */
public final class Charts {
  private static final int WIDTH = 1100;
  private static final int HEIGHT = 460;
  private static final Color PUBLISHED = new Color(0x8c, 0x8c, 0x8c);
  private static final Color OTHER = new Color(0xff, 0x7f, 0x0e);

  /** The colour of each verdict in the claims chart. */
  private static final Map<String, Color> VERDICTS =
      Map.of(
          "reproduced", new Color(0x2c, 0xa0, 0x2c),
          "not reproduced", new Color(0xd6, 0x27, 0x28),
          "inconclusive", new Color(0xe3, 0x9b, 0x16),
          "beyond the write-up", new Color(0x55, 0x55, 0x99));

  private static final BasicStroke WHISKER = new BasicStroke(2.5f);
  private static final BasicStroke BAND =
      new BasicStroke(14f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER);

  /** Colours for other series and engines: the rest of the same palette. */
  private static final int[] PALETTE = {0xff7f0e, 0x8c564b, 0xe377c2, 0x17becf, 0xbcbd22};

  private Charts() {}

  /**
   * The colour of an engine (a series named "rocksdb ..."), or of "published", the same everywhere.
   */
  public static Color color(String series) {
    String first = series.split(" ", -1)[0];
    if (first.equals("published")) {
      return PUBLISHED;
    }
    // an engine whose descriptor names no colour, or not on the classpath: one of the palette's,
    // the same for the same name every time
    OptionalInt own =
        Engines.named(first).map(EngineDescriptor::chartColour).orElse(OptionalInt.empty());
    return new Color(own.orElse(PALETTE[Math.floorMod(first.hashCode(), PALETTE.length)]));
  }

  private static Color faint(Color c) {
    return new Color(c.getRed(), c.getGreen(), c.getBlue(), 70);
  }

  /** A series of medians with their ranges, one per category, named by engine for its colour. */
  public record RangeSeries(String name, List<Spread> values) {}

  /**
   * Medians with their ranges, grouped by category (phases), one dot and whisker per series in each
   * group; a category a series did not measure (an empty spread) is left out.
   */
  public static void ranges(
      String title,
      String axis,
      List<String> categories,
      List<RangeSeries> series,
      boolean logY,
      Path file)
      throws IOException {
    XYChart chart = chart(title, "phase", axis);
    DoubleUnaryOperator scale = logY ? Math::log10 : v -> v;
    if (logY) {
      logAxisY(chart);
    } else {
      chart.getStyler().setYAxisMin(0.0); // speeds compare by their heights from 0
    }
    categoryAxis(chart, categories);
    int k = series.size();
    for (int j = 0; j < k; j++) {
      RangeSeries s = series.get(j);
      double offset = k == 1 ? 0 : (j - (k - 1) / 2.0) * 0.7 / k;
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (int i = 0; i < categories.size() && i < s.values().size(); i++) {
        Spread v = s.values().get(i);
        if (v.isEmpty() || (logY && v.min() <= 0)) {
          continue;
        }
        x.add(i + offset);
        y.add(scale.applyAsDouble(v.median()));
        whisker(
            chart,
            s.name() + " " + i,
            i + offset,
            scale.applyAsDouble(v.min()),
            scale.applyAsDouble(v.max()),
            color(s.name()));
      }
      if (!x.isEmpty()) {
        XYSeries dots = chart.addSeries(s.name(), x, y);
        dots.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        dots.setMarker(SeriesMarkers.CIRCLE);
        dots.setMarkerColor(color(s.name()));
      }
    }
    save(chart, file);
  }

  /**
   * One claim on the chart: its label (its number in the claims table), the published figure, the
   * band of values that would agree with it ({@code low}–{@code high}), ours, and its verdict (its
   * colour).
   */
  public record ClaimPoint(
      String label,
      double published,
      double low,
      double high,
      double center,
      double oursLow,
      double oursHigh,
      String verdict) {}

  /**
   * The claims on a log ratio axis: for each, the band the claim holds in (shaded), the published
   * ratio (a grey diamond), ours (the interval its verdict judged: a dot at its center and a
   * whisker to its bounds, in its verdict's colour), and a line at 1.
   */
  public static void claims(String title, List<ClaimPoint> claims, Path file) throws IOException {
    XYChart chart = chart(title, "claim (its number in the table)", "ratio (log scale)");
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    ratioAxis(chart);
    categoryAxis(chart, claims.stream().map(ClaimPoint::label).toList());
    List<Double> px = new ArrayList<>();
    List<Double> py = new ArrayList<>();
    Set<String> shown = new HashSet<>();
    for (int i = 0; i < claims.size(); i++) {
      ClaimPoint c = claims.get(i);
      if (Double.isFinite(c.low()) && c.low() > 0 && c.high() > c.low()) {
        XYSeries band =
            chart.addSeries(
                "band " + i,
                List.of((double) i, (double) i),
                List.of(log2(c.low()), log2(c.high())));
        band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        band.setLineColor(new Color(0x2c, 0xa0, 0x2c, 45));
        band.setLineStyle(BAND);
        band.setMarker(SeriesMarkers.NONE);
        band.setShowInLegend(false);
      }
      if (c.published() > 0) {
        px.add((double) i);
        py.add(log2(c.published()));
      }
      if (c.center() > 0 && c.oursLow() > 0) {
        Color colour = VERDICTS.getOrDefault(c.verdict(), PUBLISHED);
        whisker(chart, "ours " + i, i, log2(c.oursLow()), log2(c.oursHigh()), colour);
        XYSeries dot =
            chart.addSeries(
                shown.add(c.verdict()) ? "here: " + c.verdict() : "here " + i,
                List.of((double) i),
                List.of(log2(c.center())));
        dot.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        dot.setMarker(SeriesMarkers.CIRCLE);
        dot.setMarkerColor(colour);
        dot.setShowInLegend(dot.getName().startsWith("here: "));
      }
    }
    if (!px.isEmpty()) {
      XYSeries published = chart.addSeries("published (band: where the claim holds)", px, py);
      published.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      published.setMarker(SeriesMarkers.DIAMOND);
      published.setMarkerColor(PUBLISHED);
    }
    save(chart, file);
  }

  /** A ratio measured at one data size. */
  public record ScalePoint(double dataBytes, Spread ratio) {}

  /**
   * One ratio against the data's size, both axes logarithmic: ours at each size (dot, whisker and a
   * line through the medians) and the published ratio at the write-up's size (a grey diamond), with
   * a line at 1.
   */
  public static void scaleTrend(
      String title, List<ScalePoint> points, double publishedBytes, double published, Path file)
      throws IOException {
    XYChart chart = chart(title, "data (MiB, log scale)", "ratio (log scale)");
    chart.getStyler().setXAxisLogarithmic(true);
    ratioAxis(chart);
    List<Double> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      ScalePoint p = points.get(i);
      double mib = p.dataBytes() / 1048576.0;
      x.add(mib);
      y.add(log2(p.ratio().median()));
      whisker(chart, "range " + i, mib, log2(p.ratio().min()), log2(p.ratio().max()), OTHER);
    }
    if (!x.isEmpty()) {
      XYSeries ours = chart.addSeries("here", x, y);
      ours.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
      ours.setMarker(SeriesMarkers.CIRCLE);
      ours.setLineColor(OTHER);
      ours.setMarkerColor(OTHER);
    }
    if (Double.isFinite(publishedBytes) && published > 0) {
      XYSeries theirs =
          chart.addSeries(
              "published", List.of(publishedBytes / 1048576.0), List.of(log2(published)));
      theirs.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      theirs.setMarker(SeriesMarkers.DIAMOND);
      theirs.setMarkerColor(PUBLISHED);
    }
    save(chart, file);
  }

  /** One engine's curve: a figure (median and range) at each x. */
  public record Curve(String name, List<Double> x, List<Spread> y) {}

  /**
   * Curves of a figure against x, one per engine: a line through the medians, a dot and a whisker
   * for the range at each point; the y axis on a log scale when asked.
   */
  public static void curves(
      String title, String xAxis, String yAxis, List<Curve> curves, boolean logY, Path file)
      throws IOException {
    XYChart chart = chart(title, xAxis, yAxis);
    DoubleUnaryOperator scale = logY ? Math::log10 : v -> v;
    if (logY) {
      logAxisY(chart);
    }
    for (Curve c : curves) {
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (int i = 0; i < c.x().size() && i < c.y().size(); i++) {
        Spread v = c.y().get(i);
        if (v.isEmpty() || (logY && v.min() <= 0) || !Double.isFinite(c.x().get(i))) {
          continue;
        }
        x.add(c.x().get(i));
        y.add(scale.applyAsDouble(v.median()));
        whisker(
            chart,
            c.name() + " " + i,
            c.x().get(i),
            scale.applyAsDouble(v.min()),
            scale.applyAsDouble(v.max()),
            color(c.name()));
      }
      if (!x.isEmpty()) {
        XYSeries line = chart.addSeries(c.name(), x, y);
        line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        line.setMarker(SeriesMarkers.CIRCLE);
        line.setLineColor(color(c.name()));
        line.setMarkerColor(color(c.name()));
      }
    }
    save(chart, file);
  }

  /** A line of (x, y) points, named by engine for its colour; dashed or faint as asked. */
  public record Line(String name, List<Double> x, List<Double> y, boolean dashed, boolean faint) {
    public Line(String name, List<Double> x, List<Double> y, boolean dashed) {
      this(name, x, y, dashed, false);
    }

    /** The line with {@code fx} and {@code fy} applied, points either cannot take left out. */
    Line scaled(DoubleUnaryOperator fx, DoubleUnaryOperator fy) {
      List<Double> sx = new ArrayList<>();
      List<Double> sy = new ArrayList<>();
      for (int i = 0; i < x.size() && i < y.size(); i++) {
        double a = fx.applyAsDouble(x.get(i));
        double b = fy.applyAsDouble(y.get(i));
        if (Double.isFinite(a) && Double.isFinite(b)) {
          sx.add(a);
          sy.add(b);
        }
      }
      return new Line(name, sx, sy, dashed, faint);
    }
  }

  /** Lines over a shared x axis; faint lines (further runs) carry no legend. */
  public static void lines(
      String title, String xAxis, String yAxis, boolean logX, List<Line> lines, Path file)
      throws IOException {
    XYChart chart = chart(title, xAxis, yAxis);
    chart.getStyler().setMarkerSize(5);
    if (logX) {
      logAxisX(chart);
      addLines(chart, lines.stream().map(l -> l.scaled(Math::log10, v -> v)).toList());
    } else {
      addLines(chart, lines);
    }
    save(chart, file);
  }

  /**
   * Throughput (or latency) over time: the first run of each engine drawn in full, the others
   * faintly behind it, the warm-up the figures leave out shaded, the x axis ending where the
   * measured window ends.
   */
  public static void timeline(
      String title, String yAxis, List<Line> lines, double warmupSeconds, boolean logY, Path file)
      throws IOException {
    XYChart chart = chart(title, "seconds", yAxis);
    chart.getStyler().setMarkerSize(4);
    if (logY) {
      logAxisY(chart);
      lines = lines.stream().map(l -> l.scaled(v -> v, Math::log10)).toList();
    }
    double top = -Double.MAX_VALUE;
    double bottom = Double.MAX_VALUE;
    for (Line line : lines) {
      for (double y : line.y()) {
        top = Math.max(top, y);
        bottom = Math.min(bottom, y);
      }
    }
    if (warmupSeconds > 0 && top >= bottom && (logY || top > 0)) {
      double low = logY ? bottom : 0;
      top = logY ? top + 0.02 * (top - bottom) : top;
      XYSeries warmup =
          chart.addSeries(
              "warm-up (left out)",
              List.of(0.0, warmupSeconds, warmupSeconds, 0.0, 0.0),
              List.of(low, low, logY ? top : top * 1.05, logY ? top : top * 1.05, low));
      warmup.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
      warmup.setLineColor(new Color(0x99, 0x99, 0x99, 90));
      warmup.setLineStyle(new BasicStroke(1f));
      warmup.setMarker(SeriesMarkers.NONE);
    }
    addLines(chart, lines);
    save(chart, file);
  }

  private static void addLines(XYChart chart, List<Line> lines) {
    int faint = 0;
    for (Line line : lines) {
      if (line.x().isEmpty()) {
        continue;
      }
      XYSeries s =
          chart.addSeries(
              line.faint() ? line.name() + " " + ++faint : line.name(), line.x(), line.y());
      s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
      Color colour = line.faint() ? faint(color(line.name())) : color(line.name());
      s.setLineColor(colour);
      s.setMarkerColor(colour);
      s.setShowInLegend(!line.faint());
      s.setMarker(
          line.faint()
              ? SeriesMarkers.NONE
              : line.dashed() ? SeriesMarkers.DIAMOND : SeriesMarkers.CIRCLE);
      if (line.dashed()) {
        s.setLineStyle(
            new BasicStroke(
                2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
      }
    }
  }

  /** A chart with both axes titled: a chart whose axis says nothing is refused where it is made. */
  private static XYChart chart(String title, String xAxis, String yAxis) {
    if (xAxis.isBlank() || yAxis.isBlank()) {
      throw new IllegalArgumentException("a chart's axes need titles: " + title);
    }
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle(xAxis)
            .yAxisTitle(yAxis)
            .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    return chart;
  }

  /** An x axis of categories at 0, 1, 2, ... labelled with their names. */
  private static void categoryAxis(XYChart chart, List<String> categories) {
    chart.getStyler().setXAxisMin(-0.5);
    chart.getStyler().setXAxisMax(categories.size() - 0.5);
    chart.setCustomXAxisTickLabelsFormatter(
        x -> {
          long i = Math.round(x);
          return Math.abs(x - i) < 1e-6 && i >= 0 && i < categories.size()
              ? categories.get((int) i)
              : blank(x);
        });
  }

  /**
   * An empty-looking tick label, distinct for every position: XChart drops all labels of an axis
   * whose labels repeat.
   */
  private static String blank(double x) {
    return "\u200B".repeat(1 + (int) Math.max(0, Math.round((x + 1) * 20)));
  }

  /**
   * A ratio axis on a log scale with readable labels: values are drawn as their base-2 logarithm
   * and labelled back as ratios (XChart's own log axis labels only powers of ten).
   */
  private static void ratioAxis(XYChart chart) {
    chart.setCustomYAxisTickLabelsFormatter(
        y -> {
          double ratio = Math.pow(2, y);
          return ratio >= 10
              ? String.format(java.util.Locale.ROOT, "%.0f", ratio)
              : String.format(java.util.Locale.ROOT, "%.2f", ratio);
        });
    chart.addAnnotation(new AnnotationLine(0, false, false));
  }

  /**
   * A log-scale y axis whose values were drawn as their base-10 logarithm, labelled back as values:
   * XChart's own log axis labels only powers of ten, one tick for a range within a decade.
   */
  private static void logAxisY(XYChart chart) {
    chart.setCustomYAxisTickLabelsFormatter(y -> Units.number(Math.pow(10, y)));
  }

  /** The same for an x axis. */
  private static void logAxisX(XYChart chart) {
    chart.setCustomXAxisTickLabelsFormatter(x -> Units.number(Math.pow(10, x)));
  }

  private static double log2(double ratio) {
    return Math.log(ratio) / Math.log(2);
  }

  private static void whisker(
      XYChart chart, String name, double x, double min, double max, Color c) {
    if (!(max > min)) {
      return;
    }
    XYSeries s = chart.addSeries(name, List.of(x, x), List.of(min, max));
    s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    s.setLineColor(c);
    s.setLineStyle(WHISKER);
    s.setMarker(SeriesMarkers.NONE);
    s.setShowInLegend(false);
  }

  private static void save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path file)
      throws IOException {
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
