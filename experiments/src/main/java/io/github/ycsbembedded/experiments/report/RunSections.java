package io.github.ycsbembedded.experiments.report;

import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.EngineMemory;
import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Results;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The parts of a report about the run as a whole: the first screen's summary, how it was measured,
 * the engines' settings with their sources and the harness's declared differences, the commands,
 * the machines.
 */
final class RunSections {
  private RunSections() {}

  static void summary(Document doc, Context c, List<Claim> claims) {
    Results.Run run = c.run();
    Description.Setup published = c.experiment().description().origin().published().setup();
    boolean writeUp = c.experiment().hasWriteUp();
    doc.paragraph(
        writeUp && !c.experiment().source().isBlank()
            ? "Re-measured from: " + c.experiment().source() + "."
            : "Experiment file: `" + c.experiment().fileName() + "`.");
    List<String> lines = new ArrayList<>();
    if (writeUp) {
      lines.add("**Verdicts**: " + tally(claims) + ".");
    }
    List<Claim> own = claims.stream().filter(x -> x.origin() == Claim.Origin.OWN).toList();
    if (!own.isEmpty()) {
      lines.add("**Expectations of the file**: " + expectations(own) + ".");
    }
    if (c.pool().any()) {
      lines.add(pooled(c));
    }
    lines.add(runLine(c.pool().ownRun()));
    Long theirs = c.experiment().publishedDataBytes(run.scale().name());
    long ours = run.scale().dataBytes();
    lines.add(
        "**Data**: "
            + Units.bytes(ours)
            + String.format(Locale.ROOT, " here (%,d records)", run.scale().records())
            + (theirs == null
                ? ""
                : "; the write-up measured "
                    + Units.bytes(theirs)
                    + String.format(Locale.ROOT, " (%,.0f× as much)", (double) theirs / ours)));
    Results.Machine m = run.machines().isEmpty() ? null : run.machines().get(0);
    if (m != null) {
      lines.add(machineLine(m, published));
    }
    lines.add(enginesLine(c, writeUp));
    lines.add(memoryLine(c));
    String caches = cachesLine(c);
    if (caches != null) {
      lines.add(caches);
    }
    doc.bullets(lines);
  }

  /** Which earlier runs this report's figures and verdicts pool with, and how to judge it alone. */
  private static String pooled(Context c) {
    int own = c.pool().ownTrials();
    int all = c.run().protocol().trials();
    List<String> names = c.pool().folders().stream().map(f -> "`" + f.getFileName() + "`").toList();
    return "**Pooled**: this run's "
        + own
        + " trial"
        + (own == 1 ? "" : "s")
        + " with "
        + (all - own)
        + " of "
        + names.size()
        + " earlier run"
        + (names.size() == 1 ? "" : "s")
        + " of the same experiment, scale, settings and engine versions on a machine of the same"
        + " kind ("
        + String.join(", ", names)
        + "): every figure and verdict below rests on all "
        + all
        + " trials, so the intervals hold the movement between the runs' days as well as within"
        + " a run; `--history none` judges this run alone.";
  }

  private static String runLine(Results.Run run) {
    Results.Protocol p = run.protocol();
    return String.format(
        Locale.ROOT,
        "**Run**: %s to %s, scale `%s`, %d trial%s (each loads the data anew) × %d run%s of"
            + " every run phase%s, %d client thread%s.",
        run.startedAt().replace('T', ' '),
        run.finishedAt().replace('T', ' '),
        run.scale().name(),
        p.trials(),
        p.trials() == 1 ? "" : "s",
        p.repetitions(),
        p.repetitions() == 1 ? "" : "s",
        p.durationSeconds() == null
            ? ""
            : " ("
                + p.durationSeconds()
                + " s, the first "
                + Units.number(p.warmupSeconds())
                + " s left out)",
        p.threads(),
        p.threads() == 1 ? "" : "s");
  }

  private static String machineLine(Results.Machine m, Description.Setup published) {
    return "**Machine**: "
        + m.cores()
        + " cores ("
        + m.cpu()
        + "), "
        + Units.bytes(m.memoryBytes())
        + " of RAM, data on "
        + (m.dataDevice() == null ? m.dataFileSystem() : m.dataDevice())
        + (published.cores() == null
            ? ""
            : "; the write-up: "
                + published.cores()
                + " cores"
                + (published.device() == null ? "" : ", " + published.device()));
  }

  private static String enginesLine(Context c, boolean writeUp) {
    List<String> engines = new ArrayList<>();
    for (Results.EngineRun e : c.engines()) {
      String theirsVersion = c.experiment().publishedVersion(e.engine());
      engines.add(
          e.engine()
              + " ("
              + (e.version() == null ? "version not recorded" : e.version())
              + (writeUp
                  ? "; the write-up: " + (theirsVersion == null ? "not in it" : theirsVersion)
                  : "")
              + ")");
    }
    return "**Engines**: " + String.join(", ", engines) + ".";
  }

  private static String memoryLine(Context c) {
    Results.Run run = c.run();
    Results.Regime regime = run.memory().regime();
    if (c.experiment().regime() == null) {
      return "**Memory**: " + (regime == null ? "unlimited" : regime.note()) + ".";
    }
    return "**Memory regime** "
        + (run.memory().regimeReproduced() ? "reproduced" : "not reproduced")
        + (regime == null ? "" : ": " + regime.note())
        + "."
        + (run.memory().regimeReproduced()
            ? " The cgroup caps the sum of the JVM, the engine and the page cache; the"
                + " tables' engine memory is the engine's native memory and the file pages"
                + " it maps (what a resident set"
                + (c.experiment().hasWriteUp() ? ", and the write-up's RAM column," : "")
                + " counts),"
                + " which the cap holds only within that sum: an engine whose own memory"
                + " outgrows its share keeps less page cache."
            : "");
  }

  /**
   * Where each engine's cache lives, where some engine's lives in the JVM's heap: those engines'
   * heaps, planned with their caches, and how their memory is counted; null where none does.
   */
  static String cachesLine(Context c) {
    List<String> inHeap = new ArrayList<>();
    List<String> outside = new ArrayList<>();
    for (Results.EngineRun e : c.engines()) {
      if (Experiment.cacheInHeap(e.engine())) {
        inHeap.add(
            e.engine() + " (-Xmx " + Units.bytes(EngineMemory.heapBytes(c.experiment(), e)) + ")");
      } else {
        outside.add(e.engine());
      }
    }
    if (inHeap.isEmpty()) {
      return null;
    }
    return "**Caches**: in the JVM's heap: "
        + String.join(", ", inHeap)
        + ", each heap the file's "
        + Units.bytes(c.experiment().heapBytes())
        + " and the engine's cache"
        + (c.run().memory().limitBytes() == null
            ? ""
            : " (within the cgroup: its part of the engines' memory)")
        + "; their engine memory is that cache as the engine's statistics give it, besides any"
        + " native memory"
        + (outside.isEmpty()
            ? "."
            : ". Native memory or the OS page cache, outside the heap: "
                + String.join(", ", outside)
                + ".")
        + " Variants that change the engines' memory plan the heap likewise.";
  }

  /** {@code 2: 1 holds, 1 inconclusive}: the file's own expectations. */
  static String expectations(List<Claim> own) {
    Map<String, Integer> counts = new java.util.LinkedHashMap<>();
    own.forEach(claim -> counts.merge(ClaimText.verdict(claim), 1, Integer::sum));
    List<String> parts = new ArrayList<>();
    counts.forEach((verdict, n) -> parts.add(n + " " + verdict));
    return own.size() + ": " + String.join(", ", parts);
  }

  /** {@code 10 claims: 3 reproduced, 2 not reproduced, ...}: the write-up's claims only. */
  static String tally(List<Claim> all) {
    List<Claim> claims = all.stream().filter(Claim::tallied).toList();
    Map<Claim.Verdict, Integer> counts = new EnumMap<>(Claim.Verdict.class);
    claims.forEach(claim -> counts.merge(claim.verdict(), 1, Integer::sum));
    List<String> parts = new ArrayList<>();
    counts.forEach((verdict, n) -> parts.add(n + " " + verdict.word()));
    return claims.size()
        + " claim"
        + (claims.size() == 1 ? "" : "s")
        + (parts.isEmpty() ? "" : ": " + String.join(", ", parts));
  }

  static void measured(Document doc, Results.Run run, List<Results.EngineRun> engines) {
    doc.heading(2, "How this run was measured");
    Results.Regime regime = run.memory().regime();
    Results.Protocol p = run.protocol();
    StringBuilder text = new StringBuilder();
    text.append(
        String.format(
            Locale.ROOT,
            "Scale `%s`: %s of data. ",
            run.scale().name(),
            Units.bytes(run.scale().dataBytes())));
    text.append(
        p.durationSeconds() == null
            ? "Run phases ran to their operation count"
            : "Run phases ran for " + p.durationSeconds() + " s each");
    text.append(
        p.warmupSeconds() > 0
            ? ", the first " + Units.number(p.warmupSeconds()) + " s left out of every figure"
            : ", no warm-up left out");
    text.append(
        String.format(
            Locale.ROOT,
            "; %d trial%s, each loading the data anew and running every run phase %d time%s, the"
                + " engines in turn (in reverse order every other time). Every figure is the median"
                + " over all trials and runs, with its range; a ratio between engines is taken"
                + " within each trial and run, then its median and range shown. ",
            p.trials(),
            p.trials() == 1 ? "" : "s",
            p.repetitions(),
            p.repetitions() == 1 ? "" : "s"));
    text.append(
        "CPU time and device bytes are the kernel's counters of the phase's JVM, read at the first"
            + " and last status line of the window; latency percentiles are YCSB's HdrHistogram"
            + " intervals inside that window, added up; peak memory is the memory cgroup's (or the"
            + " JVM's peak resident set). ");
    if (regime != null && !regime.description().isEmpty()) {
      text.append("**Memory regime** of the write-up: ").append(regime.description()).append(". ");
    }
    text.append("Here: ")
        .append(regime == null ? "no regime" : regime.note())
        .append("; JVM heap -Xmx")
        .append(Units.bytes(run.memory().heapMaxBytes()))
        .append(". The regime was ")
        .append(run.memory().regimeReproduced() ? "**reproduced**." : "**not reproduced**.");
    text.append(pageCacheHeld(regime));
    doc.paragraph(text.toString());
    doc.paragraph(
        "Units: bytes measured here are binary (KiB, MiB, GiB = 1024, 1024², 1024³); the write-up's"
            + " MB and GB are decimal as it prints them.");
    for (Results.EngineRun engine : engines) {
      if (engine.failed()) {
        doc.paragraph(
            "**" + engine.engine() + " failed** (in at least one trial): " + engine.error());
      }
    }
  }

  /** How each engine's page cache was held to its share, or nothing without a regime. */
  private static String pageCacheHeld(Results.Regime regime) {
    if (regime == null || regime.pageCacheBytes().isEmpty()) {
      return "";
    }
    StringBuilder text = new StringBuilder();
    List<String> held = new ArrayList<>();
    regime.pageCacheBytes().forEach((engine, share) -> held.add(engine + " " + Units.bytes(share)));
    text.append(
            " From the end of each run phase's warm-up and from each load's first status line on,"
                + " its page cache was held to the engine's share (beside the file pages the"
                + " process had mapped when it began: its own code and libraries): ")
        .append(String.join(", ", held))
        .append(
            "; the rest of the engines' memory is their own caches, set in the settings below.");
    return text.toString();
  }

  /** The engines' settings with their sources, and the harness's declared differences. */
  static void settings(Document doc, Context c) {
    doc.heading(
        2,
        c.experiment().hasWriteUp()
            ? "Engine settings, as the write-up ran the engines"
            : "Engine settings");
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun e : c.engines()) {
      for (Results.Setting a : e.settings()) {
        rows.add(
            List.of(
                e.engine(),
                a.property() + "=" + a.value(),
                (a.derivation().isEmpty() ? "as published" : a.derivation())
                    + (a.phases().isEmpty()
                        ? ""
                        : " (phase " + String.join(", ", a.phases()) + " only)"),
                a.source() + (a.note() == null ? "" : "; " + a.note())));
      }
    }
    if (rows.isEmpty()) {
      doc.paragraph("Every engine ran with its binding's defaults.");
    } else {
      doc.table(List.of("engine", "setting", "value here", "source"), rows);
      doc.paragraph(
          "Settings that depend on the data size scale with it (a scale model: the write-up's value"
              + " × the data here ÷ the write-up's), so that the engines' trees have the write-up's"
              + " shape as far as each engine allows; where an engine cannot follow, the row says so."
              + " A setting applies to every phase unless a phase sets its own (see the commands).");
    }
    List<String> differences = new ArrayList<>();
    for (Description.Difference d : c.experiment().differences()) {
      String scope =
          d.engines().isEmpty() && d.phases().isEmpty()
              ? ""
              : " [" + String.join(", ", concat(d.engines(), d.phases())) + "]";
      differences.add(d.what().trim() + scope + " — source: " + d.source());
    }
    if (!differences.isEmpty()) {
      doc.heading(2, "Where this harness differs from the write-up's");
      doc.bullets(differences);
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  static void commands(Document doc, List<Results.EngineRun> engines) {
    doc.heading(2, "Commands (each reproducible by hand)");
    StringBuilder commands = new StringBuilder();
    for (Results.EngineRun engine : engines) {
      for (Results.PhaseRun r : engine.phases()) {
        Results.Repetition first = r.repetitions().get(0);
        commands.append(first.command()).append('\n');
      }
    }
    doc.code(
        "Every engine's first run of every phase (the others differ only in their files)",
        commands.toString());
  }

  static void machines(Document doc, Results.Run run, List<Results.EngineRun> engines) {
    doc.heading(2, "Machines and options");
    List<List<String>> hosts = new ArrayList<>();
    for (Results.Machine m : run.machines()) {
      List<String> here =
          engines.stream()
              .filter(e -> e.host() != null && e.host().contains(m.host()))
              .map(e -> e.version() == null ? e.engine() : e.engine() + " (" + e.version() + ")")
              .toList();
      hosts.add(
          List.of(
              m.host(),
              String.join(", ", here),
              m.cpu() + ", " + m.cores() + " cores",
              Units.bytes(m.memoryBytes()),
              m.os(),
              m.jdk(),
              m.dataFileSystem()
                  + (m.dataDevice() == null ? "" : "; " + m.dataDevice())
                  + (m.typicalDeviceSpeed() == null
                      ? ""
                      : "; "
                          + io.github.ycsbembedded.experiments.analysis.DeviceWaits.describe(m))));
    }
    doc.table(
        List.of(
            "host",
            "engines (the library each ran on)",
            "CPU",
            "RAM",
            "OS",
            "JDK",
            "data file system and device"),
        hosts);
    List<List<String>> options = new ArrayList<>();
    options.add(
        List.of(
            "memory limit of each phase",
            run.memory().limitBytes() == null ? "none" : Units.bytes(run.memory().limitBytes())));
    options.add(List.of("JVM heap (-Xmx)", Units.bytes(run.memory().heapMaxBytes())));
    run.invocation().options().forEach((k, v) -> options.add(List.of(k, v)));
    doc.table(List.of("option", "value"), options);
  }
}
