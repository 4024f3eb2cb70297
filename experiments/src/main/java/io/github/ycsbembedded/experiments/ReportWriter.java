package io.github.ycsbembedded.experiments;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.ycsbembedded.experiments.Experiment.ExperimentException;
import io.github.ycsbembedded.experiments.measure.Results;
import io.github.ycsbembedded.experiments.measure.Spread;
import io.github.ycsbembedded.experiments.report.Cells;
import io.github.ycsbembedded.experiments.report.Charts;
import io.github.ycsbembedded.experiments.report.Document;
import io.github.ycsbembedded.experiments.report.Html;
import io.github.ycsbembedded.experiments.report.Markdown;
import io.github.ycsbembedded.experiments.writeups.Claim;
import io.github.ycsbembedded.experiments.writeups.Context;
import io.github.ycsbembedded.experiments.writeups.WriteUp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Writes a run's folder: {@code results.json}, and the report — the write-up's claims with verdicts
 * first, then its tables (from its {@link WriteUp} class), charts, every engine × phase, the
 * commands, the machines and the settings — as {@code report.md} and {@code report.html}.
 */
public final class ReportWriter {
  private ReportWriter() {}

  /**
   * Writes everything into {@code out}; returns the summary for the terminal (the claims first).
   */
  public static List<String> write(Experiment experiment, Results.Run run, Path out)
      throws IOException {
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    json.writeValue(out.resolve("results.json").toFile(), run);
    WriteUp writeUp;
    try {
      writeUp = WriteUp.of(experiment);
    } catch (ExperimentException e) {
      throw new IOException(e.getMessage(), e);
    }
    Path charts = Files.createDirectories(out.resolve("charts"));
    Context context = new Context(experiment, run);
    List<Claim> claims = writeUp.claims(context);

    Document doc = new Document();
    doc.heading(1, experiment.title());
    doc.paragraph("Re-measured from: " + experiment.source() + ".");
    claims(doc, claims);
    measured(doc, run);
    writeUp.tables(context, doc, charts);
    charts(doc, experiment, run, claims, charts);
    details(doc, experiment, run);
    commands(doc, run);
    machines(doc, run);

    String markdown = Markdown.render(doc);
    Files.writeString(out.resolve("report.md"), markdown, StandardCharsets.UTF_8);
    Files.writeString(
        out.resolve("report.html"),
        Html.page(experiment.title(), markdown, out),
        StandardCharsets.UTF_8);
    return summary(claims);
  }

  /** The claims for the terminal: one line each, the verdict first. */
  static List<String> summary(List<Claim> claims) {
    List<String> lines = new ArrayList<>();
    lines.add("Claims of the write-up, checked here:");
    for (Claim claim : claims) {
      lines.add(
          String.format(
              Locale.ROOT,
              "  %-15s %s: published %s, here %s",
              claim.verdict().word(),
              claim.statement(),
              claim.published(),
              claim.ours().isEmpty() ? "—" : claim.ours()));
    }
    if (claims.isEmpty()) {
      lines.add("  (the write-up's file declares none)");
    }
    return lines;
  }

  private static void claims(Document doc, List<Claim> claims) {
    doc.heading(2, "Claims");
    List<List<String>> rows = new ArrayList<>();
    for (Claim claim : claims) {
      rows.add(
          List.of(
              claim.statement(),
              claim.published(),
              claim.ours(),
              claim.verdict().word(),
              claim.why()));
    }
    doc.table(List.of("claim", "published", "here: median [min–max]", "verdict", "why"), rows);
    doc.paragraph(
        "A claim is reproduced when our figure points the same way as the published one and lies within"
            + " the tolerance the write-up's class declares for it; \"regime differs\" means this run did not reproduce"
            + " the write-up's memory regime, so no verdict is drawn. Ratios between engines are taken within each"
            + " repetition, then their median and range shown.");
  }

  private static void measured(Document doc, Results.Run run) {
    doc.heading(2, "How this run was measured");
    Results.Regime regime = run.regime();
    StringBuilder text = new StringBuilder();
    text.append(
        String.format(
            Locale.ROOT, "Scale `%s`: %s of data. ", run.scale(), Units.bytes(run.dataBytes())));
    text.append(
        run.durationSeconds() == null
            ? "Run phases ran to their operation count"
            : "Run phases ran for " + run.durationSeconds() + " s each");
    text.append(
        run.warmupSeconds() > 0
            ? ", the first " + Units.number(run.warmupSeconds()) + " s left out of every figure"
            : ", no warm-up left out");
    text.append(
        String.format(
            Locale.ROOT,
            "; each ran %d time%s, the engines in turn (in reverse order every other"
                + " time); loads ran once. ",
            run.repetitions(),
            run.repetitions() == 1 ? "" : "s"));
    text.append(
        "CPU time and device bytes are the kernel's counters of the phase's JVM, read at the first and last"
            + " status line of the window; peak memory is the memory cgroup's (or the JVM's peak resident set). ");
    if (regime != null && !regime.description().isEmpty()) {
      text.append("**Memory regime** of the write-up: ").append(regime.description()).append(". ");
    }
    text.append("Here: ")
        .append(regime == null ? "no regime" : regime.note())
        .append("; JVM heap -Xmx")
        .append(Units.bytes(run.heapMaxBytes()))
        .append(". The regime was ")
        .append(run.regimeReproduced() ? "**reproduced**." : "**not reproduced**.");
    if (regime != null && regime.pageCacheBytes() != null && !regime.pageCacheBytes().isEmpty()) {
      List<String> held = new ArrayList<>();
      for (Results.EngineRun engine : run.engines()) {
        Long share = regime.pageCacheBytes().get(engine.engine());
        long base =
            engine.phases().stream()
                .flatMap(p -> p.repetitions().stream())
                .mapToLong(Results.Repetition::pageCacheBaselineBytes)
                .max()
                .orElse(-1);
        if (share != null) {
          held.add(
              engine.engine()
                  + " "
                  + Units.bytes(share)
                  + (base < 0 ? "" : " + up to " + Units.bytes(base)));
        }
      }
      text.append(" From the end of each run phase's warm-up (its first ")
          .append(Units.seconds(run.warmupSeconds()))
          .append(
              ", left out of the figures) and from each load's first status line on, its page cache was held to"
                  + " the engine's share plus the file pages the process had mapped at its first status line (its own code"
                  + " and libraries): ")
          .append(String.join(", ", held))
          .append(
              "; the rest of the engines' memory is their own caches, set in the settings below.");
    }
    doc.paragraph(text.toString());
    for (Results.EngineRun engine : run.engines()) {
      if (engine.failed()) {
        doc.paragraph("**" + engine.engine() + " failed**: " + engine.error());
      }
    }
  }

  private static void charts(
      Document doc, Experiment experiment, Results.Run run, List<Claim> claims, Path dir)
      throws IOException {
    doc.heading(2, "Charts");
    List<Experiment.Phase> phases = experiment.phases();
    List<String> labels = phases.stream().map(Experiment.Phase::id).toList();
    List<Claim> ratios =
        claims.stream().filter(Claim::ratio).filter(c -> Double.isFinite(c.oursMedian())).toList();
    if (!ratios.isEmpty()) {
      List<String> names = ratios.stream().map(Claim::label).toList();
      Charts.bars(
          "The write-up's ratios: published and here (median)",
          "ratio",
          names,
          List.of(
              new Charts.Bars("published", ratios.stream().map(Claim::publishedValue).toList()),
              new Charts.Bars("here", ratios.stream().map(Claim::oursMedian).toList())),
          dir.resolve("claims.png"));
      doc.image("the write-up's ratios, published and here", "charts/claims.png");
    }
    String keyPhases =
        String.join(
            ", ",
            phases.stream()
                .filter(Experiment.Phase::keysAreSpeed)
                .map(Experiment.Phase::id)
                .toList());
    perPhase(
        run,
        labels,
        "Speed per phase, median over the runs (ops/s"
            + (keyPhases.isEmpty() ? "" : "; " + keyPhases + ": keys/s")
            + ")",
        "per second",
        r -> r.speedMedian(),
        dir.resolve("speed.png"));
    doc.image("speed per phase", "charts/speed.png");
    perPhase(
        run,
        labels,
        "Peak memory of the phase's process (median run)",
        "MiB",
        r -> r.rssPeakBytes() / 1048576.0,
        dir.resolve("memory.png"));
    doc.image("peak memory per phase", "charts/memory.png");
    perPhase(
        run,
        labels,
        "Disk after the phase (allocated)",
        "MiB",
        r -> r.diskAllocatedBytes() / 1048576.0,
        dir.resolve("disk.png"));
    doc.image("disk per phase", "charts/disk.png");
    List<String> skipped = new ArrayList<>();
    for (Experiment.Phase phase : phases) {
      List<Charts.Line> lines = new ArrayList<>();
      for (Results.EngineRun engine : run.engines()) {
        Results.PhaseRun r = engine.phase(phase.id());
        if (r == null || r.failed()) {
          continue;
        }
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        r.repetitions().get(0).timeline().stream()
            .filter(p -> !p.afterCleanup() && p.seconds() > 0)
            .forEach(
                p -> {
                  x.add((double) p.seconds());
                  y.add(p.opsPerSecond());
                });
        if (x.size() >= 3) {
          lines.add(new Charts.Line(engine.engine(), x, y, false));
        }
      }
      if (lines.isEmpty()) {
        skipped.add(phase.id());
        continue;
      }
      Charts.lines(
          phase.label() + ": operations per second, first run",
          "seconds",
          phase.keysAreSpeed() ? "batches/s" : "operations/s",
          false,
          lines,
          dir.resolve("timeline-" + phase.id() + ".png"));
      doc.image(phase.label() + " over time", "charts/timeline-" + phase.id() + ".png");
    }
    if (!skipped.isEmpty()) {
      doc.paragraph(
          "No throughput-over-time chart for "
              + String.join(", ", skipped)
              + ": those runs lasted under"
              + " three status lines (one a second), too few points for a line.");
    }
  }

  private static void perPhase(
      Results.Run run,
      List<String> labels,
      String title,
      String axis,
      ToDoubleFunction<Results.PhaseRun> value,
      Path file)
      throws IOException {
    List<Charts.Bars> bars = new ArrayList<>();
    for (Results.EngineRun engine : run.engines()) {
      List<Double> values = new ArrayList<>();
      for (String phase : labels) {
        Results.PhaseRun r = engine.phase(phase);
        values.add(r == null || r.failed() ? 0.0 : value.applyAsDouble(r));
      }
      bars.add(new Charts.Bars(engine.engine(), values));
    }
    Charts.bars(title, axis, labels, bars, file);
  }

  private static void details(Document doc, Experiment experiment, Results.Run run) {
    doc.heading(2, "Every engine × phase");
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : run.engines()) {
      for (Results.PhaseRun r : engine.phases()) {
        Experiment.Phase phase = experiment.phase(r.phase());
        if (r.failed()) {
          rows.add(
              List.of(
                  engine.engine(),
                  r.phase(),
                  "FAILED: " + r.error(),
                  "",
                  "",
                  "",
                  "",
                  "",
                  "",
                  "",
                  "",
                  ""));
          continue;
        }
        Results.Repetition m = median(r);
        String requests = phase != null && phase.keysAreSpeed() ? "batches" : "operations";
        rows.add(
            List.of(
                engine.engine(),
                r.phase() + (r.repetitions().size() > 1 ? " ×" + r.repetitions().size() : ""),
                Cells.spread(
                        new Spread(
                            r.speedMedian(), r.speedMin(), r.speedMax(), r.repetitions().size()))
                    + " "
                    + r.speedUnit(),
                Units.number((double) m.windowOperations())
                    + " "
                    + requests
                    + " in "
                    + Units.seconds(m.windowSeconds())
                    + (m.windowFromStatusLines() ? "" : " (whole run)"),
                inner(m.windowCounts()),
                String.format(Locale.ROOT, "%.1f + %.1f", m.cpuUserSeconds(), m.cpuSystemSeconds()),
                Units.bytes(m.peakMemoryBytes()) + memoryParts(m),
                m.heapPeakBytes() < 0 ? "" : Units.bytes(m.heapPeakBytes()),
                io(m.bytesRead()) + " / " + io(m.bytesWritten()),
                amplification(r.writeAmplification())
                    + " / "
                    + amplification(r.readAmplification()),
                Units.bytes(r.diskAllocatedBytes()) + " / " + Units.bytes(r.diskApparentBytes()),
                Double.isFinite(m.cleanupMs()) ? Units.seconds(m.cleanupMs() / 1000) : ""));
      }
    }
    doc.table(
        List.of(
            "engine",
            "phase (× runs)",
            "speed, median [range]",
            "window (median run)",
            "operations inside, by type",
            "CPU user + sys (s)",
            "peak memory (anonymous / page cache / mapped)",
            "JVM heap peak",
            "device read / written",
            "write / read amplification",
            "disk allocated / apparent",
            "final cleanup"),
        rows);
    doc.paragraph(
        "Speed counts what the write-up counts (its unit beside it); the window counts YCSB's operations"
            + " (a batch of reads is one), and the column after it the operations each is made of, by type, within the"
            + " window. Write amplification: bytes written to the device ÷ bytes of records written (a load: its whole"
            + " process, final flush included; a run phase: its window); read amplification likewise for reads. The final"
            + " cleanup (flush, checkpoint or sync) is outside the window, and shown on its own.");
  }

  private static Results.Repetition median(Results.PhaseRun r) {
    return r.repetitions().stream()
        .filter(rep -> !rep.failed() && rep.throughput() == r.throughputMedian())
        .findFirst()
        .orElse(r.repetitions().get(0));
  }

  private static String inner(Map<String, Long> counts) {
    List<String> parts = new ArrayList<>();
    counts.forEach((op, n) -> parts.add(op + " " + Units.number(n)));
    return String.join(", ", parts);
  }

  private static String memoryParts(Results.Repetition m) {
    if (m.anonymousBytesAtPeak() < 0) {
      return "";
    }
    return " ("
        + Units.bytes(m.anonymousBytesAtPeak())
        + " / "
        + Units.bytes(m.pageCacheBytesAtPeak())
        + " / "
        + Units.bytes(m.mappedFileBytesAtPeak())
        + ")";
  }

  private static String io(long bytes) {
    return bytes < 0 ? "?" : Units.bytes(bytes);
  }

  private static String amplification(Double value) {
    return value == null ? "–" : Units.ratio(value);
  }

  private static void commands(Document doc, Results.Run run) {
    doc.heading(2, "Commands (each reproducible by hand)");
    StringBuilder commands = new StringBuilder();
    for (Results.EngineRun engine : run.engines()) {
      for (Results.PhaseRun r : engine.phases()) {
        commands.append(r.command()).append('\n');
      }
    }
    doc.code(commands.toString());
  }

  private static void machines(Document doc, Results.Run run) {
    doc.heading(2, "Machines and settings");
    List<List<String>> hosts = new ArrayList<>();
    for (Results.Machine m : run.machines()) {
      List<String> engines =
          run.engines().stream()
              .filter(e -> m.host().equals(e.host()))
              .map(e -> e.version() == null ? e.engine() : e.engine() + " (" + e.version() + ")")
              .toList();
      hosts.add(
          List.of(
              m.host(),
              String.join(", ", engines),
              m.cpu() + ", " + m.cores() + " cores",
              Units.bytes(m.memoryBytes()),
              m.os(),
              m.jdk(),
              m.dataFileSystem()));
    }
    doc.table(
        List.of(
            "host",
            "engines (the library each ran on)",
            "CPU",
            "RAM",
            "OS",
            "JDK",
            "data file system"),
        hosts);
    List<List<String>> settings = new ArrayList<>();
    settings.add(
        List.of(
            "memory limit of each phase",
            run.memoryLimitBytes() == null ? "none" : Units.bytes(run.memoryLimitBytes())));
    settings.add(List.of("JVM heap (-Xmx)", Units.bytes(run.heapMaxBytes())));
    run.settings().forEach((k, v) -> settings.add(List.of(k, withUnit(k, v))));
    doc.table(List.of("setting", "value"), settings);
  }

  /** A byte count of a size setting shown with its unit: {@code 5120000 (4.9 MiB)}. */
  static String withUnit(String name, String value) {
    boolean size =
        name.contains("size")
            || name.contains("cache")
            || name.contains("memory")
            || name.equals("datasize");
    if (size && value.matches("\\d{4,}")) {
      return value + " (" + Units.bytes(Long.parseLong(value)) + ")";
    }
    return value;
  }
}
