package io.github.ycsbembedded.experiments.measure;

import io.github.ycsbembedded.experiments.model.Ordered;
import io.github.ycsbembedded.experiments.results.Results;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The measurement window of a phase, cut from YCSB's status lines: from the first line at or after
 * the warm-up, to the last line before any client thread finished that still saw operations done
 * (so neither JIT warm-up nor the engine's final flush is in it: a client in its cleanup shows
 * lines with no new operations before the line that measures the cleanup). Every figure of a phase
 * is taken over the same window.
 *
 * @param start the status line that opens the window
 * @param end the status line that closes it
 * @param counts operations of each type within the window (the status lines' interval counts)
 */
public record Window(Results.Point start, Results.Point end, Map<String, Long> counts) {
  /**
   * How late a status line may come after a time-bound run's duration and still count: YCSB's
   * status thread keeps its second to within a few ms; the stop's own line comes later.
   */
  static final long END_SLACK_MS = 250;

  /** The window of {@code points} after {@code warmupSeconds}, or null when they span none. */
  public static Window of(List<Results.Point> points, double warmupSeconds) {
    return of(points, warmupSeconds, null);
  }

  /**
   * The window of {@code points} after {@code warmupSeconds}, ending no later than {@code
   * endSeconds} after the run's first line (a time-bound run's duration: a line after it counts the
   * stop, not the run — WiredTiger's close let one more line in, a second of a few operations,
   * which read its speed about 9% low); null when they span none.
   */
  public static Window of(List<Results.Point> points, double warmupSeconds, Integer endSeconds) {
    if (endSeconds != null && !points.isEmpty()) {
      Results.Point first = points.get(0);
      List<Results.Point> within = new java.util.ArrayList<>();
      for (Results.Point p : points) {
        boolean inTime =
            (first.timeMs() >= 0 && p.timeMs() >= 0)
                ? p.timeMs() - first.timeMs() <= endSeconds * 1000L + END_SLACK_MS
                : p.seconds() <= endSeconds;
        if (inTime) {
          within.add(p);
        }
      }
      points = within;
    }
    int from = -1;
    for (int i = 0; i < points.size(); i++) {
      Results.Point p = points.get(i);
      if (p.afterCleanup()) {
        break;
      }
      if (from < 0 && p.seconds() >= warmupSeconds) {
        from = i;
      }
    }
    if (from < 0) {
      return null;
    }
    int to = from;
    for (int i = from + 1; i < points.size() && !points.get(i).afterCleanup(); i++) {
      to = i;
    }
    while (to > from && points.get(to).operations() == points.get(to - 1).operations()) {
      to--;
    }
    if (to == from) {
      return null;
    }
    Map<String, Long> counts = new TreeMap<>();
    for (int i = from + 1; i <= to; i++) {
      points.get(i).intervalCounts().forEach((op, n) -> counts.merge(op, n, Long::sum));
    }
    Window window = new Window(points.get(from), points.get(to), Ordered.copy(counts));
    return window.seconds() > 0 ? window : null;
  }

  /** Seconds between the two lines: from their time stamps, else from YCSB's whole seconds. */
  public double seconds() {
    if (start.timeMs() >= 0 && end.timeMs() >= 0) {
      return (end.timeMs() - start.timeMs()) / 1000.0;
    }
    return end.seconds() - start.seconds();
  }

  /** Operations completed within the window (YCSB's count: a batch of reads is one). */
  public long operations() {
    return end.operations() - start.operations();
  }

  public double throughput() {
    return operations() / seconds();
  }
}
