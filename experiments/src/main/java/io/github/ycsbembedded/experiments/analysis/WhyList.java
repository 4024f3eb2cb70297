package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Results;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What differs between this run and the write-up's, for one claim: the data size, threads, cores,
 * device, each engine's version and durability, the harness differences the experiment file
 * declares for the claim's engines and phases. The claim's own evidence (its engines' figures) is
 * {@link EngineMechanics}'.
 */
final class WhyList {
  private WhyList() {}

  static List<String> of(Context c, Claim.Subject subject) {
    List<String> why = new ArrayList<>();
    Description.Setup published = c.experiment().description().origin().published().setup();
    Results.Run run = c.run();
    Long theirs = c.experiment().publishedDataBytes(run.scale().name());
    long ours = run.scale().dataBytes();
    if (theirs != null && ours > 0) {
      why.add(
          "data: "
              + Units.bytes(ours)
              + " here, "
              + Units.bytes(theirs)
              + " in the write-up ("
              + factor((double) theirs / ours)
              + " as much)");
    }
    int threads = threads(c, subject);
    if (published.threads() != null && published.threads() != threads) {
      why.add("client threads: " + threads + " here, " + published.threads() + " in the write-up");
    }
    Results.Machine machine = run.machines().isEmpty() ? null : run.machines().get(0);
    if (machine != null && published.cores() != null && published.cores() != machine.cores()) {
      why.add("cores: " + machine.cores() + " here, " + published.cores() + " in the write-up");
    }
    if (machine != null && published.device() != null) {
      why.add(
          "device: "
              + (machine.dataDevice() == null ? machine.dataFileSystem() : machine.dataDevice())
              + (machine.typicalDeviceSpeed() == null ? "" : ", " + DeviceWaits.describe(machine))
              + " here; "
              + published.device()
              + " in the write-up");
    }
    engines(c, subject, why);
    for (Description.Difference d : c.experiment().differences()) {
      if (concerns(d, subject)) {
        why.add(d.what().trim() + " (" + d.source() + ")");
      }
    }
    return why;
  }

  /** Each engine's version where it is not the write-up's, and its durability where it differs. */
  private static void engines(Context c, Claim.Subject subject, List<String> why) {
    for (String engine : subject.engines()) {
      Results.EngineRun e = c.variant().engine(engine);
      if (e == null) {
        continue; // an engine this run left out: its claim is not measured
      }
      String version = e.version() == null ? "version not recorded" : e.version();
      String theirsVersion = c.experiment().publishedVersion(engine);
      if (!version.equals(theirsVersion)) {
        why.add(
            engine
                + ": "
                + version
                + " here, "
                + (theirsVersion == null
                    ? "not in the write-up"
                    : theirsVersion + " in the write-up"));
      }
      String durability = durability(e);
      if (durability != null) {
        why.add(engine + ": " + durability);
      }
    }
  }

  private static boolean concerns(Description.Difference d, Claim.Subject subject) {
    boolean engines =
        d.engines().isEmpty() || d.engines().stream().anyMatch(subject.engines()::contains);
    boolean phases =
        d.phases().isEmpty() || d.phases().stream().anyMatch(subject.phases()::contains);
    return engines && phases;
  }

  private static int threads(Context c, Claim.Subject subject) {
    Set<Integer> counts = new LinkedHashSet<>();
    for (String id : subject.phases()) {
      Description.Phase p = c.experiment().phase(id);
      if (p != null) {
        counts.add(p.threads() == null ? c.run().protocol().threads() : p.threads());
      }
    }
    return counts.isEmpty() ? c.run().protocol().threads() : counts.iterator().next();
  }

  /**
   * How the engine's settings left its durability where they differ from the bindings' contract
   * (every acknowledged write survives the process; nothing synced per commit), else null.
   */
  static String durability(Results.EngineRun e) {
    if (e == null || e.settings() == null) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    for (Results.Setting a : e.settings()) {
      String value = a.value().toLowerCase(Locale.ROOT);
      String property = a.property();
      if (property.endsWith(".sync") && value.equals("true")) {
        parts.add("each commit synced (" + property + "=true: " + a.source() + ")");
      } else if (property.equals("wiredtiger.log") && value.equals("false")) {
        parts.add("no log: durable at checkpoints only, as " + a.source());
      } else if (property.equals("rocksdb.disable_wal") && value.equals("true")) {
        parts.add("no write-ahead log: durable at memtable flushes only, as " + a.source());
      }
    }
    return parts.isEmpty() ? null : String.join("; ", parts);
  }

  private static String factor(double value) {
    return value >= 10
        ? String.format(Locale.ROOT, "%,.0f×", value)
        : String.format(Locale.ROOT, "%.2f×", value);
  }
}
