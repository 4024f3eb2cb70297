package io.github.ycsbembedded.benchmarks;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * {@code bin/jmh}: runs the benchmarks (JMH's own command line; a short default when none is given)
 * and prints, per engine, value size and operation, raw ops/s, binding ops/s and their ratio, and
 * with {@code -prof gc} the bytes each binding operation allocates.
 */
public final class RatioReport {
  /** 1 fork, 3 × 2 s warm-up, 3 × 2 s measurement, 1000-byte values. */
  static final String[] DEFAULT = {
    "-f",
    "1",
    "-wi",
    "3",
    "-w",
    "2s",
    "-i",
    "3",
    "-r",
    "2s",
    "-p",
    "valueSize=1000",
    EngineBenchmark.class.getName()
  };

  private RatioReport() {}

  public static void main(String[] args) throws Exception {
    Collection<RunResult> results =
        new Runner(new CommandLineOptions(args.length == 0 ? DEFAULT : args)).run();
    System.out.println();
    System.out.println(table(results));
  }

  /** One row per engine × value size × operation that has both a raw and a binding result. */
  static String table(Collection<RunResult> results) {
    Map<String, double[]> rows = new TreeMap<>();
    Map<String, Double> allocation = new TreeMap<>();
    for (RunResult run : results) {
      String method =
          run.getParams()
              .getBenchmark()
              .substring(run.getParams().getBenchmark().lastIndexOf('.') + 1);
      boolean raw = method.startsWith("raw");
      if (!raw && !method.startsWith("binding")) {
        continue;
      }
      String operation = method.substring(raw ? 3 : 7);
      String key =
          String.format(
              Locale.ROOT,
              "%-10s %5s %-10s",
              run.getParams().getParam("engine"),
              run.getParams().getParam("valueSize"),
              operation);
      rows.computeIfAbsent(key, k -> new double[] {Double.NaN, Double.NaN})[raw ? 0 : 1] =
          run.getPrimaryResult().getScore();
      Result<?> alloc = run.getSecondaryResults().get("gc.alloc.rate.norm"); // JMH 1.37 name
      if (!raw && alloc != null) {
        allocation.put(key, alloc.getScore());
      }
    }
    StringBuilder out =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%-10s %5s %-10s %14s %14s %8s%s%n",
                "engine",
                "size",
                "operation",
                "raw ops/s",
                "binding ops/s",
                "ratio",
                allocation.isEmpty() ? "" : "   binding B/op"));
    rows.forEach(
        (key, scores) ->
            out.append(
                String.format(
                    Locale.ROOT,
                    "%s %14.0f %14.0f %8.2f%s%n",
                    key,
                    scores[0],
                    scores[1],
                    scores[1] / scores[0],
                    allocation.containsKey(key)
                        ? String.format(Locale.ROOT, " %14.0f", allocation.get(key))
                        : "")));
    return out.toString();
  }
}
