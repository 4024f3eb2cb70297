package io.github.ycsbembedded.experiments.plan;

import io.github.ycsbembedded.core.Sizes;
import io.github.ycsbembedded.experiments.measure.WindowLatency;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.EngineSettings;
import io.github.ycsbembedded.experiments.model.Units;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The {@code bin/ycsb} command of one engine × phase, as a user can paste it to reproduce the run:
 * every property on the command line, the JVM's size, and what the runner asks of the run for its
 * figures (status lines every second, HdrHistogram interval logs, the engine's statistics, the
 * JVM's memory report) and the final flush that ends every phase.
 */
public final class PhaseCommand {
  /** The operation count of a time-bound run: YCSB stops it at {@code maxexecutiontime}. */
  static final String UNBOUNDED = Integer.toString(Integer.MAX_VALUE);

  /** The system property core's CheckedClient writes the JVM's memory figures under, at exit. */
  public static final String JVM_REPORT = "ycsbembedded.jvm.report";

  /**
   * The JVM's young generation: a fixed 32 MiB, as {@code bin/ycsb} gives a JVM whose options do
   * not size its heap (README, JVM options).
   */
  static final String YOUNG = "-Xmn32m";

  /**
   * Native Memory Tracking, so that the JVM's own memory can be told apart from the engine's at the
   * last cleanup ({@code JvmMemory} in core): its detail level names each region the JVM mapped.
   */
  static final String TRACKING = "-XX:NativeMemoryTracking=detail";

  private PhaseCommand() {}

  /**
   * One phase's command.
   *
   * @param engineData the engine's data set folder
   * @param first whether the phase starts its data set (from an empty directory)
   * @param threads the phase's client threads
   * @param durationSeconds the run's time bound, or null to run to the phase's operation count
   * @param raw where the run's files go: {@code raw}{@code -<OPERATION>.hdr}, {@code raw.jvm}
   * @param target the fixed request rate (YCSB's {@code -target}, operations per second in all), or
   *     null for a closed-loop run
   */
  public static List<String> of(
      RunPlan plan,
      Phase phase,
      String engine,
      Path engineData,
      boolean first,
      int threads,
      Integer durationSeconds,
      Path raw,
      Double target) {
    List<String> command =
        new ArrayList<>(
            List.of(
                "bin/ycsb",
                phase.command().word(),
                engine,
                "-P",
                plan.experiment().workloadPath(phase)));
    Map<String, String> properties =
        EngineSettings.properties(plan.experiment(), phase, engine, plan.settingsContext());
    properties.put(engine + ".dir", engineData.toString());
    if (first) {
      properties.put(engine + ".destroy", "true");
    }
    if (durationSeconds != null) {
      properties.put("operationcount", UNBOUNDED);
      properties.put("maxexecutiontime", durationSeconds.toString());
    }
    // every phase ends as a clean shutdown would leave the store, so that the next one starts
    // without replaying a log; the flush comes after the run's measured window
    properties.put(engine + ".flush_on_close", "true");
    properties.put("enginestats", engineStats(raw).toString());
    if (durationSeconds != null && plan.scale().warmup() > 0) {
      // the engine's counters also at the warm-up's end: the report takes them over the window
      properties.put("enginestats.from", Units.number(plan.scale().warmup()));
    }
    properties.put("status.interval", "1");
    if (target != null) {
      // latency from each request's intended start too (coordinated omission corrected)
      properties.put("measurement.interval", "both");
      if (phase.rate().property() != null) {
        properties.put(phase.rate().property(), Long.toString(Math.max(1, Math.round(target))));
      }
    }
    properties.putAll(new java.util.TreeMap<>(WindowLatency.properties(Path.of(raw + "-"))));
    for (Map.Entry<String, String> p : properties.entrySet()) {
      command.add("-p");
      command.add(p.getKey() + "=" + p.getValue());
    }
    if (target != null && phase.rate().property() == null) {
      command.addAll(List.of("-target", Long.toString(Math.max(1, Math.round(target)))));
    }
    command.addAll(
        List.of(
            "-threads",
            Integer.toString(threads),
            "-s",
            "-jvm-args",
            String.join(
                " ",
                "-Xmx" + Sizes.format(plan.heapBytes(engine)),
                YOUNG,
                TRACKING,
                "-D" + JVM_REPORT + "=" + jvmReport(raw))));
    return command;
  }

  /** Where the JVM of the run whose files start with {@code raw} writes its memory figures. */
  public static Path jvmReport(Path raw) {
    return Path.of(raw + ".jvm");
  }

  /** Where the binding of the run whose files start with {@code raw} writes its statistics. */
  public static Path engineStats(Path raw) {
    return Path.of(raw + ".stats.json");
  }

  /** The command as one shell line. */
  public static String line(List<String> command) {
    return command.stream().map(PhaseCommand::quote).collect(Collectors.joining(" "));
  }

  private static String quote(String arg) {
    return arg.matches("[A-Za-z0-9_./=:,+@%-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
  }
}
