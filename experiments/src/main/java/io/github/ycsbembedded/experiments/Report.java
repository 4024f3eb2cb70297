package io.github.ycsbembedded.experiments;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes {@code results.json}, {@code report.md} and {@code report.html} (charts embedded) for a
 * run: the write-up's tables re-measured in its shape, the published table beside each, and the
 * ratios between engines measured here next to those published (hardware differs; ratios compare).
 */
final class Report {
  private final Experiment experiment;
  private final Results.Run run;
  private final List<Block> blocks = new ArrayList<>();

  /** A piece of the report: a heading, a paragraph, a table or a chart. */
  sealed interface Block permits Heading, Text, Table, Image {}

  record Heading(int level, String text) implements Block {}

  record Text(String text) implements Block {}

  record Table(List<String> header, List<List<String>> rows) implements Block {}

  record Image(String title, Path file) implements Block {}

  private Report(Experiment experiment, Results.Run run) {
    this.experiment = experiment;
    this.run = run;
  }

  static void write(Experiment experiment, Results.Run run, Path out) throws IOException {
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    json.writeValue(out.resolve("results.json").toFile(), run);
    Report report = new Report(experiment, run);
    report.build(out);
    Files.writeString(out.resolve("report.md"), report.markdown(), StandardCharsets.UTF_8);
    Files.writeString(out.resolve("report.html"), report.html(out), StandardCharsets.UTF_8);
  }

  private void build(Path out) throws IOException {
    blocks.add(new Heading(1, experiment.title()));
    blocks.add(new Text("Experiment `" + run.experiment() + "` at scale `" + run.scale() + "`, measured "
        + run.startedAt() + " to " + run.finishedAt() + ". Source: " + run.source() + "."));
    blocks.add(new Text("Absolute numbers depend on the hardware; compare the ratios between engines"
        + " (each engine's figure divided by " + experiment.reference() + "'s) with the published ones."));
    for (Results.EngineRun engine : run.engines()) {
      if (engine.failed()) {
        blocks.add(new Text("**" + engine.engine() + " failed**: " + engine.error()));
      }
    }
    switch (experiment.reportShape()) {
      case "hyperdex" -> hyperdexTables();
      case "harperdb" -> harperdbTables(out);
      case "likes" -> RelationalTables.likes(experiment, run, blocks);
      case "digg" -> RelationalTables.digg(experiment, run, blocks);
      default -> unumTables();
    }
    charts(out);
    details();
    machine();
  }

  // ---- the Unum shape: per workload, engine × RAM, disk, speed ----

  private void unumTables() {
    for (Experiment.Phase phase : experiment.phases()) {
      blocks.add(new Heading(2, phase.label()));
      String unit = phase.keysAreSpeed() ? "keys/s" : "ops/s";
      List<List<String>> rows = new ArrayList<>();
      Results.PhaseRun reference = run.phase(experiment.reference(), phase.id());
      Double publishedReference = experiment.published(run.scale(), phase.id(), experiment.reference(), "speed");
      for (Results.EngineRun engine : run.engines()) {
        Results.PhaseRun r = engine.phase(phase.id());
        Double pubRam = experiment.published(run.scale(), phase.id(), engine.engine(), "ram_mb");
        Double pubDisk = experiment.published(run.scale(), phase.id(), engine.engine(), "disk_gb");
        Double pubSpeed = experiment.published(run.scale(), phase.id(), engine.engine(), "speed");
        boolean ok = r != null && !r.failed();
        rows.add(List.of(engine.engine(),
            ok ? bytes(r.rssPeakBytes()) : "failed",
            ok ? bytes(r.diskAllocatedBytes()) : "",
            ok ? number(r.speed()) + " " + unit : "",
            ok && reference != null && !reference.failed() ? ratio(r.speed() / reference.speed()) : "",
            pubRam == null ? "" : pubRam >= 1000 ? String.format(Locale.ROOT, "%.2f GB", pubRam / 1000) : pubRam + " MB",
            pubDisk == null ? "" : pubDisk + " GB",
            pubSpeed == null ? "" : number(pubSpeed) + " ops/s",
            pubSpeed == null || publishedReference == null ? "" : ratio(pubSpeed / publishedReference)));
      }
      blocks.add(new Table(List.of("engine", "RAM (peak RSS)", "disk", "speed", "÷ " + experiment.reference(),
          "published RAM", "published disk", "published speed", "published ÷ " + experiment.reference()), rows));
    }
    blocks.add(new Text(experiment.publishedNote()));
  }

  // ---- the HyperDex shape: latencies, runtime, throughput, CPU per phase ----

  private void hyperdexTables() {
    for (Experiment.Phase phase : experiment.phases()) {
      blocks.add(new Heading(2, phase.label()));
      List<String> header = List.of("engine · op", "min (us)", "avg (us)", "95th (ms)", "99th (ms)", "max (ms)",
          "runtime (s)", "ops/s", "CPU (mm:ss)");
      List<List<String>> measured = new ArrayList<>();
      List<List<String>> published = new ArrayList<>();
      for (Results.EngineRun engine : run.engines()) {
        Results.PhaseRun r = engine.phase(phase.id());
        if (r == null || r.failed()) {
          measured.add(List.of(engine.engine(), "failed", "", "", "", "", "", "", ""));
          continue;
        }
        boolean first = true;
        for (Map.Entry<String, YcsbOutput.Operation> op : r.operationTypes().entrySet()) {
          YcsbOutput.Operation o = op.getValue();
          measured.add(List.of(engine.engine() + " " + op.getKey().toLowerCase(Locale.ROOT), number(o.minUs()),
              number(o.averageUs()), number(o.p95Us() / 1000), number(o.p99Us() / 1000), number(o.maxUs() / 1000),
              first ? number(r.runtimeMs() / 1000.0) : "", first ? number(r.throughput()) : "",
              first ? minutes(r.cpuSeconds()) : ""));
          first = false;
        }
      }
      for (String engine : experiment.engines()) {
        for (String op : List.of("insert", "update", "read")) {
          Double avg = experiment.published(run.scale(), phase.id(), engine, op + ".avg_us");
          if (avg == null) {
            continue;
          }
          boolean first = published.stream().noneMatch(row -> row.get(0).startsWith(experiment.publishedName(engine) + " "));
          published.add(List.of(experiment.publishedName(engine) + " " + op,
              pub(phase.id(), engine, op + ".min_us"), number(avg), pub(phase.id(), engine, op + ".p95_ms"),
              pub(phase.id(), engine, op + ".p99_ms"), pub(phase.id(), engine, op + ".max_ms"),
              first ? pub(phase.id(), engine, "runtime_s") : "", first ? pub(phase.id(), engine, "throughput") : "",
              first ? minutes(orNaN(experiment.published(run.scale(), phase.id(), engine, "cpu_s"))) : ""));
        }
      }
      blocks.add(new Text("Measured here:"));
      blocks.add(new Table(header, measured));
      if (!published.isEmpty()) {
        blocks.add(new Text("Published:"));
        blocks.add(new Table(header, published));
      }
      ratios(phase);
    }
    blocks.add(new Text(experiment.publishedNote()));
  }

  /** Throughput and CPU time of each engine ÷ the reference engine, here and as published. */
  private void ratios(Experiment.Phase phase) {
    Results.PhaseRun reference = run.phase(experiment.reference(), phase.id());
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : run.engines()) {
      if (engine.engine().equals(experiment.reference())) {
        continue;
      }
      Results.PhaseRun r = engine.phase(phase.id());
      boolean ok = r != null && !r.failed() && reference != null && !reference.failed();
      Double pubThroughput = experiment.published(run.scale(), phase.id(), engine.engine(), "throughput");
      Double pubRefThroughput = experiment.published(run.scale(), phase.id(), experiment.reference(), "throughput");
      Double pubCpu = experiment.published(run.scale(), phase.id(), engine.engine(), "cpu_s");
      Double pubRefCpu = experiment.published(run.scale(), phase.id(), experiment.reference(), "cpu_s");
      rows.add(List.of(engine.engine() + " ÷ " + experiment.reference(),
          ok ? ratio(r.throughput() / reference.throughput()) : "",
          pubThroughput == null || pubRefThroughput == null ? "" : ratio(pubThroughput / pubRefThroughput),
          ok ? ratio(r.cpuSeconds() / reference.cpuSeconds()) : "",
          pubCpu == null || pubRefCpu == null ? "" : ratio(pubCpu / pubRefCpu)));
    }
    blocks.add(new Table(List.of("ratio", "throughput here", "throughput published", "CPU time here",
        "CPU time published"), rows));
  }

  // ---- the HarperDB shape: per model, write performance and size on disk; read performance ----

  private static final List<String> MODELS = List.of("denormalized", "normalized");
  /** The operation EntitlementsWorkload measures (workloads module). */
  private static final String USER_READ = "USER_READ";

  /** The phases of one model's data set: its load, and its reads by thread count. */
  private List<Experiment.Phase> phasesOf(String model, String command) {
    return experiment.phases().stream()
        .filter(p -> p.dataset().equals(model) && p.command().equals(command)).toList();
  }

  private void harperdbTables(Path out) throws IOException {
    blocks.add(new Heading(2, "Write performance and size on disk"));
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : run.engines()) {
      List<String> row = new ArrayList<>(List.of(engine.engine()));
      double[] size = new double[2];
      double[] rate = new double[2];
      for (int m = 0; m < MODELS.size(); m++) {
        Results.PhaseRun load = phasesOf(MODELS.get(m), "load").stream().map(p -> engine.phase(p.id()))
            .filter(r -> r != null && !r.failed()).findFirst().orElse(null);
        size[m] = load == null ? Double.NaN : load.diskAllocatedBytes() / 1e6;
        rate[m] = load == null ? Double.NaN : load.throughput();
        row.addAll(List.of(number(size[m]), load == null ? "" : number(load.runtimeMs() / 1000.0), number(rate[m])));
      }
      row.add(ratio(size[0] / size[1]));
      row.add(ratio(rate[1] / rate[0]));
      rows.add(row);
    }
    List<String> published = new ArrayList<>(List.of("published"));
    for (String model : MODELS) {
      for (String column : List.of("size_mb", "create_s", "inserts_per_s")) {
        published.add(pub("write", model, column));
      }
    }
    Double dSize = experiment.published(run.scale(), "write", "denormalized", "size_mb");
    Double nSize = experiment.published(run.scale(), "write", "normalized", "size_mb");
    Double dRate = experiment.published(run.scale(), "write", "denormalized", "inserts_per_s");
    Double nRate = experiment.published(run.scale(), "write", "normalized", "inserts_per_s");
    published.add(dSize == null || nSize == null ? "13.1 (average)" : ratio(dSize / nSize));
    published.add(dRate == null || nRate == null ? "12.12 (average)" : ratio(nRate / dRate));
    rows.add(published);
    blocks.add(new Table(List.of("engine", "denorm. size (MB)", "denorm. create (s)", "denorm. inserts/s",
        "norm. size (MB)", "norm. create (s)", "norm. inserts/s", "size denorm. ÷ norm.", "insert rate norm. ÷ denorm."),
        rows));

    blocks.add(new Heading(2, "Read performance"));
    List<List<String>> reads = new ArrayList<>();
    List<Experiment.Phase> denormalizedReads = phasesOf("denormalized", "run");
    List<Experiment.Phase> normalizedReads = phasesOf("normalized", "run");
    for (Results.EngineRun engine : run.engines()) {
      for (int i = 0; i < Math.min(denormalizedReads.size(), normalizedReads.size()); i++) {
        Results.PhaseRun d = engine.phase(denormalizedReads.get(i).id());
        Results.PhaseRun n = engine.phase(normalizedReads.get(i).id());
        Integer threads = denormalizedReads.get(i).threads();
        reads.add(List.of(engine.engine(), threads == null ? "" : threads.toString(), median(d), speed(d), median(n),
            speed(n), d == null || n == null || d.failed() || n.failed() ? "" : ratio(d.throughput() / n.throughput())));
      }
    }
    Double dReads = experiment.published(run.scale(), "read", "denormalized", "reads_per_s");
    Double nReads = experiment.published(run.scale(), "read", "normalized", "reads_per_s");
    reads.add(List.of("published", "5,000 connections", pub("read", "denormalized", "median_ms"),
        pub("read", "denormalized", "reads_per_s"), pub("read", "normalized", "median_ms"),
        pub("read", "normalized", "reads_per_s"), dReads == null || nReads == null ? "" : ratio(dReads / nReads)));
    blocks.add(new Table(List.of("engine", "threads", "denorm. median (ms)", "denorm. reads/s", "norm. median (ms)",
        "norm. reads/s", "reads/s denorm. ÷ norm."), reads));
    blocks.add(new Text(experiment.publishedNote()));

    Path dir = Files.createDirectories(out.resolve("charts"));
    blocks.add(new Image("reads/s against users", Charts.readsByUsers(out.getParent(), run, normalizedReads,
        denormalizedReads, dir.resolve("reads-by-users.png"))));
  }

  private static String median(Results.PhaseRun r) {
    if (r == null || r.failed()) {
      return r == null ? "" : "failed";
    }
    YcsbOutput.Operation read = r.operationTypes().get(USER_READ);
    return read == null ? "" : number(read.p50Us() / 1000);
  }

  private static String speed(Results.PhaseRun r) {
    return r == null || r.failed() ? "" : number(r.throughput());
  }

  // ---- common parts ----

  private void charts(Path out) throws IOException {
    Path dir = Files.createDirectories(out.resolve("charts"));
    blocks.add(new Heading(2, "Charts"));
    List<Experiment.Phase> phases = experiment.phases();
    String keyPhases = phases.stream().filter(Experiment.Phase::keysAreSpeed).map(Experiment.Phase::id)
        .collect(java.util.stream.Collectors.joining(", "));
    String speedTitle = keyPhases.isEmpty() ? "Speed per phase (ops/s)" : "Speed per phase (ops/s; " + keyPhases + ": keys/s)";
    blocks.add(new Image("speed per phase", Charts.perPhase(run, phases, speedTitle, "per second",
        Results.PhaseRun::speed, dir.resolve("speed.png"))));
    blocks.add(new Image("RAM per phase", Charts.perPhase(run, phases, "Peak resident memory", "MiB",
        r -> r.rssPeakBytes() / 1048576.0, dir.resolve("ram.png"))));
    blocks.add(new Image("disk per phase", Charts.perPhase(run, phases, "Disk after the phase (allocated)", "MiB",
        r -> r.diskAllocatedBytes() / 1048576.0, dir.resolve("disk.png"))));
    for (Experiment.Phase phase : phases) {
      blocks.add(new Image(phase.label() + " over time",
          Charts.timeline(run, phase, dir.resolve("timeline-" + phase.id() + ".png"))));
    }
  }

  private void details() {
    blocks.add(new Heading(2, "Every engine × phase"));
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : run.engines()) {
      for (Results.PhaseRun r : engine.phases()) {
        rows.add(List.of(engine.engine(), r.phase(), r.failed() ? "FAILED: " + r.error() : number(r.speed()) + " " + r.speedUnit(),
            number(r.operations()), number(r.runtimeMs() / 1000.0), String.format(Locale.ROOT, "%.1f + %.1f",
                r.cpuUserSeconds(), r.cpuSystemSeconds()),
            bytes(r.rssPeakBytes()) + " / " + bytes(r.rssAverageBytes()),
            bytes(r.diskAllocatedBytes()) + " / " + bytes(r.diskApparentBytes())));
      }
    }
    blocks.add(new Table(List.of("engine", "phase", "speed", "operations", "runtime (s)", "CPU user + sys (s)",
        "RSS peak / avg", "disk allocated / apparent"), rows));
    blocks.add(new Heading(2, "Commands (each reproducible by hand)"));
    StringBuilder commands = new StringBuilder();
    for (Results.EngineRun engine : run.engines()) {
      for (Results.PhaseRun r : engine.phases()) {
        commands.append("    ").append(r.command()).append('\n');
      }
    }
    blocks.add(new Text(commands.toString()));
  }

  private void machine() {
    Results.Machine m = run.machine();
    blocks.add(new Heading(2, "Machine and settings"));
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("CPU", m.cpu() + ", " + m.cores() + " cores"));
    rows.add(List.of("RAM", bytes(m.memoryBytes())));
    rows.add(List.of("OS", m.os()));
    rows.add(List.of("JDK", m.jdk()));
    rows.add(List.of("data file system", m.dataFileSystem()));
    run.settings().forEach((k, v) -> rows.add(List.of(k, v)));
    blocks.add(new Table(List.of("what", "value"), rows));
  }


  private String pub(String phase, String engine, String column) {
    Double value = experiment.published(run.scale(), phase, engine, column);
    return value == null ? "" : number(value);
  }

  // ---- output ----

  private String markdown() {
    StringBuilder md = new StringBuilder();
    for (Block block : blocks) {
      if (block instanceof Heading h) {
        md.append("#".repeat(h.level())).append(' ').append(h.text()).append("\n\n");
      } else if (block instanceof Text t) {
        md.append(t.text()).append("\n\n");
      } else if (block instanceof Table t) {
        md.append("| ").append(String.join(" | ", t.header())).append(" |\n");
        md.append("|").append(" --- |".repeat(t.header().size())).append('\n');
        for (List<String> row : t.rows()) {
          md.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        md.append('\n');
      } else if (block instanceof Image i) {
        md.append("![").append(i.title()).append("](charts/").append(i.file().getFileName()).append(")\n\n");
      }
    }
    return md.toString();
  }

  private String html(Path out) throws IOException {
    StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
        .append(escape(experiment.title())).append("</title><style>body{font-family:sans-serif;max-width:1100px;"
            + "margin:2em auto}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;"
            + "padding:3px 8px;text-align:right}td:first-child,th:first-child{text-align:left}"
            + "pre{background:#f4f4f4;padding:1em;overflow-x:auto}</style></head><body>\n");
    for (Block block : blocks) {
      if (block instanceof Heading h) {
        html.append("<h").append(h.level()).append('>').append(escape(h.text())).append("</h").append(h.level()).append(">\n");
      } else if (block instanceof Text t) {
        html.append(t.text().startsWith("    ") ? "<pre>" + escape(t.text()) + "</pre>\n"
            : "<p>" + escape(t.text()).replaceAll("\\*\\*(.+?)\\*\\*", "<b>$1</b>").replaceAll("`(.+?)`", "<code>$1</code>") + "</p>\n");
      } else if (block instanceof Table t) {
        html.append("<table><tr>");
        t.header().forEach(c -> html.append("<th>").append(escape(c)).append("</th>"));
        html.append("</tr>\n");
        for (List<String> row : t.rows()) {
          html.append("<tr>");
          row.forEach(c -> html.append("<td>").append(escape(c)).append("</td>"));
          html.append("</tr>\n");
        }
        html.append("</table>\n");
      } else if (block instanceof Image i) {
        String data = Base64.getEncoder().encodeToString(Files.readAllBytes(out.resolve("charts").resolve(i.file().getFileName())));
        html.append("<p><img alt=\"").append(escape(i.title())).append("\" src=\"data:image/png;base64,").append(data).append("\"></p>\n");
      }
    }
    return html.append("</body></html>\n").toString();
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  static String bytes(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }

  static String number(double value) {
    if (!Double.isFinite(value)) {
      return "";
    }
    if (Math.abs(value) >= 100) {
      return String.format(Locale.ROOT, "%,.0f", value);
    }
    return String.format(Locale.ROOT, "%.2f", value).replaceAll("\\.?0+$", "");
  }

  static String ratio(double value) {
    return Double.isFinite(value) ? String.format(Locale.ROOT, "%.2f", value) : "";
  }

  private static String minutes(double seconds) {
    if (!Double.isFinite(seconds)) {
      return "";
    }
    return String.format(Locale.ROOT, "%d:%05.2f", (long) seconds / 60, seconds % 60);
  }

  private static double orNaN(Double value) {
    return value == null ? Double.NaN : value;
  }
}
