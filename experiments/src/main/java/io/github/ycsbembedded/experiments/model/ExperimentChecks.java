package io.github.ycsbembedded.experiments.model;

import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.Description.Published;
import io.github.ycsbembedded.experiments.model.Description.PublishedFigure;
import io.github.ycsbembedded.experiments.model.Description.Scale;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of an experiment file that its records alone cannot make: that every name it uses
 * exists.
 */
final class ExperimentChecks {
  private final String shown;
  private final Description file;

  private ExperimentChecks(String shown, Description file) {
    this.shown = shown;
    this.file = file;
  }

  static void check(String shown, Description file, Experiment.WorkloadFiles workloads)
      throws ExperimentException {
    new ExperimentChecks(shown, file).all(workloads);
  }

  ExperimentException bad(String what) {
    return new ExperimentException(shown + ": " + what);
  }

  private void all(Experiment.WorkloadFiles workloads) throws ExperimentException {
    required(file.title(), "title");
    if (file.origin().writeup() != null && file.origin().writeup().className() == null) {
      throw bad(
          "writeup.class is required where writeup is given (the class that shapes the report,"
              + " e.g. Unum); a file of your own leaves writeup out");
    }
    if (file.engines().isEmpty()) {
      throw bad("engines is required: the engines that run, e.g. [lmdb, rocksdb]");
    }
    if (file.reference() != null) {
      oneOf("reference", file.reference(), file.engines());
    }
    if (file.threads() < 1) {
      throw bad("threads: " + file.threads() + "; use 1 or more");
    }
    if (file.record() != null && file.record().bytes() != null && file.record().bytes() < 1) {
      throw bad("record.bytes: " + file.record().bytes() + "; use a whole number of bytes from 1");
    }
    if (file.jvm().heap().bytes() < 1 || file.jvm().overhead().bytes() < 1) {
      throw bad("jvm: heap and overhead must be sizes above 0, e.g. 256m");
    }
    phases(workloads);
    scales();
    regime();
    settings(file.origin().settings(), "settings", true);
    differences();
    published(file.origin().published(), "published");
    VariationChecks.check(this, file);
  }

  private void phases(Experiment.WorkloadFiles workloads) throws ExperimentException {
    if (file.phases().isEmpty()) {
      throw bad("phases is required: at least one phase");
    }
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < file.phases().size(); i++) {
      Phase p = file.phases().get(i);
      String at = "phases[" + i + "]";
      required(p.id(), at + ".id");
      if (!ids.add(p.id())) {
        throw bad(at + ".id: '" + p.id() + "' is given twice");
      }
      required(p.workload(), "phase " + p.id() + ": workload");
      if (workloads.findOrNull(p.workload()) == null) {
        throw bad(
            "phase "
                + p.id()
                + ": workload: "
                + p.workload()
                + " is not a file (looked next to the experiment file, then in the project's"
                + " workloads/)");
      }
      if (p.threads() != null && p.threads() < 1) {
        throw bad("phase " + p.id() + ": threads: " + p.threads() + "; use 1 or more");
      }
      for (String answer : p.counting().accept()) {
        if (!answer.matches("[A-Z0-9_]+:[A-Z_]+")) {
          throw bad(
              "phase "
                  + p.id()
                  + ": accept: '"
                  + answer
                  + "'; use OPERATION:STATUS, e.g. READ:NOT_FOUND");
        }
      }
    }
    List<String> before = new ArrayList<>();
    for (Phase p : file.phases()) {
      if (p.beside() != null) {
        oneOf("phase " + p.id() + ": beside", p.beside(), new ArrayList<>(ids));
      }
      if (p.rate() != null) {
        rate(p, before);
      }
      before.add(p.id());
    }
  }

  /**
   * A fixed rate: a run phase, with either {@code ops} above 0 or {@code fractions} (above 0, at
   * most 2) of an earlier phase's speed, that phase closed-loop itself.
   */
  private void rate(Phase p, List<String> before) throws ExperimentException {
    String at = "phase " + p.id() + ": rate";
    Description.Rate r = p.rate();
    if (p.isLoad()) {
      throw bad(at + ": a load runs to its record count; give a run phase its rate");
    }
    if (r.relative() == r.fractions().isEmpty() || !r.ops().isEmpty() == r.relative()) {
      throw bad(
          at
              + ": give either ops (operations per second) or of (a phase) with fractions of its"
              + " speed");
    }
    if (r.relative()) {
      oneOf(at + ".of", r.of(), before);
      Phase of =
          file.phases().stream().filter(x -> x.id().equals(r.of())).findFirst().orElseThrow();
      if (of.rate() != null) {
        throw bad(
            at + ".of: '" + r.of() + "' runs at a fixed rate itself; name a closed-loop phase");
      }
    }
    if (r.bound() != null
        && (!List.of("p50", "p99", "p999").contains(String.valueOf(r.bound().percentile()))
            || !(r.bound().ms() > 0))) {
      throw bad(
          at
              + ".bound: give a percentile (p50, p99 or p999) and a latency above 0 ms, e.g."
              + " {percentile: p99, ms: 10}");
    }
    for (double v : r.relative() ? r.fractions() : r.ops()) {
      if (!(v > 0) || (r.relative() && v > 2)) {
        throw bad(
            at
                + ": "
                + v
                + (r.relative()
                    ? " is not a fraction of the speed above 0, at most 2"
                    : " is not a rate above 0 operations per second"));
      }
    }
  }

  private void scales() throws ExperimentException {
    if (file.scales().isEmpty()) {
      throw bad("scales is required: at least one scale");
    }
    Set<String> names = new HashSet<>();
    for (int i = 0; i < file.scales().size(); i++) {
      Scale s = file.scales().get(i);
      required(s.name(), "scales[" + i + "].name");
      String at = "scale " + s.name();
      if (!names.add(s.name())) {
        throw bad(at + " is given twice");
      }
      if (s.records() == null || s.records() < 1 || s.operations() == null || s.operations() < 1) {
        throw bad(at + " needs records and operations, each 1 or more");
      }
      if (s.duration() != null && s.duration() < 1) {
        throw bad(at + ": duration: " + s.duration() + "; use a whole number of seconds from 1");
      }
      if (s.warmup() < 0 || (s.duration() != null && s.warmup() >= s.duration())) {
        throw bad(
            at
                + ": warmup ("
                + s.warmup()
                + " s) leaves nothing of its "
                + s.duration()
                + " s duration to measure");
      }
      if (s.repeat() < 1 || s.repeat() > 100 || s.trials() < 1 || s.trials() > 100) {
        throw bad(at + ": repeat and trials are whole numbers from 1 to 100");
      }
      if (s.engines() != null) {
        if (s.engines().isEmpty()) {
          throw bad(at + ": engines: empty; name some of " + String.join(", ", file.engines()));
        }
        for (String engine : s.engines()) {
          oneOf(at + ": engines", engine, file.engines());
        }
      }
      for (String phase : s.phaseProperties().keySet()) {
        oneOf(at + ": phaseProperties", phase, phaseIds());
      }
    }
  }

  private void regime() throws ExperimentException {
    Description.Regime r = file.origin().regime();
    if (r == null) {
      return;
    }
    if (r.memoryFraction() == null || r.memoryFraction() <= 0 || r.memoryFraction() > 1) {
      throw bad(
          "regime.memoryFraction: "
              + r.memoryFraction()
              + "; use the engines' memory as a fraction of the data, e.g. 0.05");
    }
    if (r.from() != null) {
      oneOf("regime.from", r.from(), file.scales().stream().map(Scale::name).toList());
    }
    for (Map.Entry<String, Double> share : r.pageCache().entrySet()) {
      oneOf("regime.pageCache", share.getKey(), file.engines());
      if (share.getValue() <= 0 || share.getValue() > 1) {
        throw bad(
            "regime.pageCache."
                + share.getKey()
                + ": "
                + share.getValue()
                + "; use the page cache's part of the regime's memory, above 0 and at most 1");
      }
    }
    ownMemory("regime.ownMemory", r.ownMemory(), r.pageCache());
  }

  /**
   * Checks an {@code ownMemory} (at {@code key}): an engine of the file, a size above 0, and not an
   * engine whose page cache {@code shares} also sets.
   */
  void ownMemory(String key, Map<String, Description.Size> own, Map<String, Double> shares)
      throws ExperimentException {
    for (Map.Entry<String, Description.Size> held : own.entrySet()) {
      oneOf(key, held.getKey(), file.engines());
      String at = key + "." + held.getKey() + ": ";
      if (held.getValue() == null || held.getValue().bytes() <= 0) {
        throw bad(
            at
                + (held.getValue() == null ? "empty" : held.getValue().text())
                + "; use the memory its own caches hold at every scale, a size above 0 such as 8m");
      }
      if (shares.containsKey(held.getKey())) {
        throw bad(
            at
                + "a pageCache share is given too; give one of the two (with ownMemory the page"
                + " cache gets the rest of the engines' memory)");
      }
    }
  }

  /**
   * Settings at {@code where} (the file's, or a variant's); a setting of the file needs its source,
   * a variant's is sourced by the variant.
   */
  void settings(List<Description.Setting> settings, String where, boolean needsSource)
      throws ExperimentException {
    for (int i = 0; i < settings.size(); i++) {
      Description.Setting s = settings.get(i);
      String at = where + "[" + i + "]";
      required(s.engine(), at + ".engine");
      oneOf(at + ".engine", s.engine(), file.engines());
      required(s.property(), at + ".property");
      if (!s.property().startsWith(s.engine() + ".")) {
        throw bad(
            at
                + ".property: '"
                + s.property()
                + "' is not one of "
                + s.engine()
                + "'s (they begin with "
                + s.engine()
                + ".)");
      }
      at = "setting " + s.property();
      required(s.value(), at + ": value");
      if (needsSource) {
        required(s.source(), at + ": source");
      }
      switch (s.scaling()) {
        case WITH_DATA -> {
          size(at, s.value());
          if (file.origin().published().setup().dataBytes() == null) {
            throw bad(
                at
                    + ": scaling with-data needs the write-up's data size (published.records and"
                    + " published.recordBytes)");
          }
        }
        case OF_DATA, OF_MEMORY -> fraction(at, s.value());
        case FIXED -> {}
      }
      if ((s.scaling() == Description.Scaling.OF_MEMORY || s.where() != Description.Where.ALWAYS)
          && file.origin().regime() == null) {
        throw bad(at + ": it depends on the memory regime, and the file declares none");
      }
      for (String phase : s.phases()) {
        oneOf(at + ": phases", phase, phaseIds());
      }
    }
  }

  private void differences() throws ExperimentException {
    for (Description.Difference d : file.origin().differences()) {
      required(d.what(), "differences: what");
      required(d.source(), "differences (" + d.what() + "): source");
      for (String engine : d.engines()) {
        oneOf("differences (" + d.what() + "): engines", engine, file.engines());
      }
      for (String phase : d.phases()) {
        oneOf("differences (" + d.what() + "): phases", phase, phaseIds());
      }
    }
  }

  private void published(Published p, String at) throws ExperimentException {
    List<String> tables = new ArrayList<>(phaseIds());
    tables.addAll(file.origin().published().naming().tables());
    List<String> subjects = new ArrayList<>(file.engines());
    file.phases().forEach(ph -> subjects.add(ph.dataset()));
    subjects.addAll(file.origin().published().naming().subjects());
    for (Map.Entry<String, Map<String, Map<String, PublishedFigure>>> table :
        p.figures().entrySet()) {
      oneOf(at + ".figures", table.getKey(), tables);
      for (String subject : table.getValue().keySet()) {
        oneOf(at + ".figures." + table.getKey(), subject, subjects);
      }
    }
    for (String engine : p.setup().versions().keySet()) {
      oneOf(at + ".versions", engine, subjects);
    }
    for (String engine : p.naming().names().keySet()) {
      oneOf(at + ".names", engine, subjects);
    }
    for (Map.Entry<String, Published> scale : p.at().entrySet()) {
      oneOf(at + ".at", scale.getKey(), file.scales().stream().map(Scale::name).toList());
      published(scale.getValue(), at + ".at." + scale.getKey());
    }
    if (p.harness() != null) {
      harness(p.harness(), at + ".harness");
    }
  }

  private void harness(Description.Harness h, String at) throws ExperimentException {
    required(h.name(), at + ".name");
    required(h.source(), at + ".source");
    for (int i = 0; i < h.points().size(); i++) {
      Description.HarnessPoint point = h.points().get(i);
      String here = at + ".points[" + i + "]";
      if (point.records() <= 0) {
        throw bad(here + ".records: " + point.records() + "; give the records the harness loaded");
      }
      for (Map.Entry<String, Map<String, Double>> phase : point.speed().entrySet()) {
        oneOf(here + ".speed", phase.getKey(), phaseIds());
        for (Map.Entry<String, Double> engine : phase.getValue().entrySet()) {
          oneOf(here + ".speed." + phase.getKey(), engine.getKey(), file.engines());
          if (engine.getValue() == null || !(engine.getValue() > 0)) {
            throw bad(
                here
                    + ".speed."
                    + phase.getKey()
                    + "."
                    + engine.getKey()
                    + ": "
                    + engine.getValue()
                    + "; give a speed above 0");
          }
        }
      }
    }
  }

  List<String> phaseIds() {
    return file.phases().stream().map(Phase::id).toList();
  }

  void required(String value, String key) throws ExperimentException {
    if (value == null || value.isBlank()) {
      throw bad(key + " is required");
    }
  }

  void oneOf(String key, String value, List<String> known) throws ExperimentException {
    if (!known.contains(value)) {
      throw bad(
          key
              + ": '"
              + value
              + "' is not one of "
              + String.join(", ", known.stream().filter(k -> !k.isEmpty()).toList()));
    }
  }

  private void size(String at, String value) throws ExperimentException {
    if (io.github.ycsbembedded.core.Sizes.parse(value) < 0) {
      throw bad(
          at
              + ": '"
              + value
              + "' is not a size; use a number with an optional k, m, g or t suffix");
    }
  }

  private void fraction(String at, String value) throws ExperimentException {
    try {
      if (Double.parseDouble(value) > 0) {
        return;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw bad(at + ": '" + value + "' is not a fraction above 0, e.g. 0.5");
  }
}
