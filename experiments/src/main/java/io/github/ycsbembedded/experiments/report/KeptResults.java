package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Findings;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.ResultsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The tables of docs/performance.md that come from the results folders kept in the repository
 * (docs/results/): each run's command, settings and machine, and every claim as the analysis judges
 * that run's figures today (alone, no other run pooled in), so that the page quotes no figure that
 * cannot be regenerated. Between the page's markers {@link #BEGIN} and {@link #END}; a test
 * regenerates them and fails on a difference.
 */
public final class KeptResults {
  /** The line before the generated tables. */
  public static final String BEGIN =
      "<!-- kept-results: generated from docs/results by KeptResults; do not edit by hand -->";

  /** The line after them. */
  public static final String END = "<!-- kept-results: end -->";

  private KeptResults() {}

  /** The tables of every results folder in {@code dir}, oldest first. */
  public static String markdown(Path dir, Path root) throws IOException, ExperimentException {
    List<Path> folders;
    try (Stream<Path> list = Files.list(dir)) {
      folders =
          list.filter(f -> Files.isRegularFile(f.resolve(ResultsFile.NAME))).sorted().toList();
    }
    Map<Path, Results.Run> runs = new java.util.TreeMap<>();
    for (Path folder : folders) {
      runs.put(folder, ResultsFile.read(folder));
    }
    List<Path> byStart = new ArrayList<>(runs.keySet());
    byStart.sort(java.util.Comparator.comparing(f -> runs.get(f).startedAt()));
    StringBuilder s = new StringBuilder();
    for (Path folder : byStart) {
      Results.Run run = runs.get(folder);
      run(s, run, root.relativize(folder.toAbsolutePath().normalize()));
      Experiment experiment =
          Experiment.ofResults(folder, run.experiment().file(), run.experiment().name(), root);
      claims(s, Findings.of(new Context(experiment, run)).claims());
    }
    return s.toString();
  }

  /** {@code page} with its generated part replaced by {@code tables}. */
  public static String replaced(String page, String tables) {
    int begin = page.indexOf(BEGIN);
    int end = page.indexOf(END);
    if (begin < 0 || end < begin) {
      throw new IllegalArgumentException("the page has no " + BEGIN + " ... " + END);
    }
    return page.substring(0, begin + BEGIN.length()) + "\n\n" + tables + page.substring(end);
  }

  private static void run(StringBuilder s, Results.Run run, Path folder) {
    LocalDateTime started = LocalDateTime.parse(run.startedAt());
    LocalDateTime finished = LocalDateTime.parse(run.finishedAt());
    Results.Protocol p = run.protocol();
    s.append("### ")
        .append(run.experiment().name())
        .append(" at ")
        .append(run.scale().name())
        .append(", ")
        .append(started.toString().replace('T', ' '))
        .append("\n\n");
    s.append("`bin/experiment ")
        .append(String.join(" ", shown(run.invocation().arguments())))
        .append("` — results kept in [`")
        .append(folder)
        .append("`](")
        .append(folder.toString().replaceFirst("^docs/", ""))
        .append("/results.json). ")
        .append(p.trials())
        .append(p.trials() == 1 ? " trial" : " trials")
        .append(" × ")
        .append(p.repetitions())
        .append(p.repetitions() == 1 ? " run" : " runs")
        .append(" of each run phase, ")
        .append(p.threads())
        .append(p.threads() == 1 ? " thread" : " threads")
        .append("; ")
        .append(Units.bytes(run.scale().dataBytes()))
        .append(" of data, ")
        .append(
            run.memory().limitBytes() == null
                ? "no memory limit"
                : "a memory limit of " + Units.bytes(run.memory().limitBytes()))
        .append("; variants: ")
        .append(String.join(", ", run.variants().stream().map(Results.VariantRun::name).toList()))
        .append("; engines: ")
        .append(versions(run))
        .append("; ")
        .append(machine(run))
        .append("; settings hash ")
        .append(run.experiment().settings())
        .append("; took ")
        .append(Duration.between(started, finished).toMinutes())
        .append(" min.\n\n");
  }

  /** The command line with the machine's own folders left out. */
  private static List<String> shown(List<String> arguments) {
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < arguments.size(); i++) {
      String a = arguments.get(i);
      if (a.equals("--out") || a.equals("--dir")) {
        i++;
      } else {
        kept.add(a);
      }
    }
    return kept;
  }

  private static String versions(Results.Run run) {
    Map<String, String> versions = new LinkedHashMap<>();
    for (Results.VariantRun v : run.variants()) {
      for (Results.EngineRun e : v.engines()) {
        if (e.version() != null) {
          versions.merge(
              e.engine(),
              e.version(),
              (a, b) -> a.contains(b) ? a : a + " (" + b + " in a variant)");
        }
      }
    }
    return String.join(", ", versions.values());
  }

  private static String machine(Results.Run run) {
    if (run.machines().isEmpty()) {
      return "machine not recorded";
    }
    Results.Machine m = run.machines().get(0);
    Results.DeviceSpeed speed = m.typicalDeviceSpeed();
    return m.cores()
        + " × "
        + m.cpu()
        + ", "
        + Units.bytes(m.memoryBytes())
        + (speed == null
            ? ""
            : ", the device's 4 KiB random read " + Units.number(speed.qd1MedianUs()) + " µs");
  }

  /** Every claim as the analysis judges the run today, alone (no other run pooled in). */
  private static void claims(StringBuilder s, List<Claim> claims) {
    if (claims.isEmpty()) {
      s.append("No claim judged.\n\n");
      return;
    }
    s.append("| claim | expected | ours: median [range] | ours as judged | verdict |\n")
        .append("| --- | --- | --- | --- | --- |\n");
    for (Claim c : claims) {
      boolean measured = !c.ours().isEmpty();
      s.append("| ")
          .append(c.statement())
          .append(" | ")
          .append(ClaimText.expected(c))
          .append(" | ")
          .append(measured ? ClaimText.ours(c) : "—")
          .append(" | ")
          .append(measured && c.interval() != null ? ClaimText.confidence(c) : "—")
          .append(" | ")
          .append(ClaimText.verdict(c))
          .append(" |\n");
    }
    s.append('\n');
  }
}
