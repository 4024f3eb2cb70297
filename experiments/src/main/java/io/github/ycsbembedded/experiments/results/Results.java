package io.github.ycsbembedded.experiments.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.experiments.model.Ordered;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Everything an experiment run measured, written as {@code results.json} (schema {@value #SCHEMA};
 * {@link ResultsFile} reads and writes it). These records are the file's format and nothing else's:
 * the measurement layer fills them from what it parsed, and no parser's record appears here.
 *
 * <p>A run holds its variants (the experiment as its file sets it, and each variant of a sweep or
 * an ablation: one or more settings changed), a variant its engines, an engine its phases, a phase
 * its repetitions — one per run of the phase in every trial — and a repetition its outcome and its
 * figures grouped by what they measure. Nothing is stored twice: medians and ranges are derived
 * ({@link PhaseRun#spread}, {@link PhaseRun#median}). A run that was stopped is a valid result too:
 * {@link Completion} says what it holds of what was planned.
 */
public final class Results {
  /**
   * The version of the results.json format; a file of another version is refused in one line.
   * Schema 3: variants, completion, the invocation, and records of its own for YCSB's operations
   * and status lines.
   */
  public static final int SCHEMA = 3;

  /** The name of the variant that runs the experiment as its file sets it. */
  public static final String BASE = "base";

  private Results() {}

  /** A map kept in the order given (an option's, a change's: the order they were written in). */
  static <V> Map<String, V> ordered(Map<String, V> map) {
    return map == null
        ? Map.of()
        : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(map));
  }

  /**
   * The whole run: what ran ({@code experiment}, {@code scale}), when, how far it got ({@code
   * completion}), where ({@code machines}), how ({@code invocation}, {@code protocol}, {@code
   * memory}), and each variant's engines.
   */
  public record Run(
      int schema,
      ExperimentRef experiment,
      ScaleRef scale,
      String startedAt,
      String finishedAt,
      Completion completion,
      List<Machine> machines,
      Invocation invocation,
      Protocol protocol,
      MemorySetup memory,
      List<VariantRun> variants,
      List<ClaimRecord> claims) {
    public Run {
      machines = List.copyOf(machines);
      variants = List.copyOf(variants);
      claims = claims == null ? List.of() : List.copyOf(claims);
    }

    /** A variant by name, or null. */
    public VariantRun variant(String name) {
      return variants.stream().filter(v -> v.name().equals(name)).findFirst().orElse(null);
    }

    /** The first variant: the experiment as its file sets it (or a sweep's first point). */
    @JsonIgnore
    public VariantRun base() {
      return variants.get(0);
    }

    public Builder toBuilder() {
      return new Builder(this);
    }

    public static Builder builder() {
      return new Builder(null);
    }

    /** A run built or changed field by field. */
    public static final class Builder {
      private ExperimentRef experiment;
      private ScaleRef scale;
      private String startedAt;
      private String finishedAt;
      private Completion completion = Completion.COMPLETE;
      private List<Machine> machines = List.of();
      private Invocation invocation = Invocation.NONE;
      private Protocol protocol;
      private MemorySetup memory;
      private List<VariantRun> variants = List.of();
      private List<ClaimRecord> claims = List.of();

      private Builder(Run from) {
        if (from != null) {
          experiment = from.experiment();
          scale = from.scale();
          startedAt = from.startedAt();
          finishedAt = from.finishedAt();
          completion = from.completion();
          machines = from.machines();
          invocation = from.invocation();
          protocol = from.protocol();
          memory = from.memory();
          variants = from.variants();
          claims = from.claims();
        }
      }

      public Builder experiment(ExperimentRef value) {
        experiment = value;
        return this;
      }

      public Builder scale(ScaleRef value) {
        scale = value;
        return this;
      }

      public Builder startedAt(String value) {
        startedAt = value;
        return this;
      }

      public Builder finishedAt(String value) {
        finishedAt = value;
        return this;
      }

      public Builder completion(Completion value) {
        completion = value;
        return this;
      }

      public Builder machines(List<Machine> value) {
        machines = value;
        return this;
      }

      public Builder invocation(Invocation value) {
        invocation = value;
        return this;
      }

      public Builder protocol(Protocol value) {
        protocol = value;
        return this;
      }

      public Builder memory(MemorySetup value) {
        memory = value;
        return this;
      }

      public Builder variants(List<VariantRun> value) {
        variants = value;
        return this;
      }

      public Builder claims(List<ClaimRecord> value) {
        claims = value;
        return this;
      }

      public Run build() {
        return new Run(
            SCHEMA,
            experiment,
            scale,
            startedAt,
            finishedAt,
            completion,
            machines,
            invocation,
            protocol,
            memory,
            variants,
            claims);
      }
    }
  }

  /**
   * A claim as the run judged it, for a reader of the file other than the report (the runner judges
   * the claims anew whenever it reports, and reads none of these back): what it states, whose it is
   * ({@code origin}: write-up, beyond, own), the figure expected and the values that agree ({@code
   * band}), every sample measured here, the interval the verdict was judged on, the verdict and
   * direction (as the report words them), and what differs from the write-up for it ({@code why}).
   */
  public record ClaimRecord(
      String statement,
      String label,
      String origin,
      String kind,
      BandRecord band,
      List<Double> samples,
      IntervalRecord interval,
      String verdict,
      String direction,
      List<String> why) {
    public ClaimRecord {
      samples = samples == null ? List.of() : List.copyOf(samples);
      why = why == null ? List.of() : List.copyOf(why);
    }
  }

  /**
   * The figure a claim expects ({@code expected}, NaN for an expectation stated as an interval
   * alone) in its {@code unit} (empty for a ratio), and the values that agree: {@code low} to
   * {@code high}.
   */
  public record BandRecord(double expected, String unit, double low, double high) {}

  /**
   * The interval a verdict was judged on: at {@code level} confidence, from {@code samples}
   * independent samples ({@code basis}: trials, the repetitions of one trial, one sample), their
   * geometric mean {@code center} and the bounds {@code low} to {@code high}; {@code toDecide}: the
   * samples at which the spread measured would decide an inconclusive verdict (0: none would, or
   * the spread is unknown; over 100: more than 100).
   */
  public record IntervalRecord(
      double level,
      String basis,
      int samples,
      double center,
      double low,
      double high,
      int toDecide) {}

  /**
   * The experiment that ran: its {@code name}, {@code title} and {@code source} (the write-up, or
   * empty for a file of one's own), {@code file}: the experiment file as it ran, copied into the
   * results folder (relative to it), which {@code report} and {@code resume} read; and {@code
   * settings}: a hash of what decides its figures (the file, its workloads, the scale, engines,
   * variants, memory limit and runs per trial; not the trials or folders), so that runs of the same
   * settings can be told apart from others (null in a file written before it was kept).
   */
  public record ExperimentRef(
      String name, String title, String source, String file, String settings) {
    public ExperimentRef(String name, String title, String source, String file) {
      this(name, title, source, file, null);
    }
  }

  /** The scale: its name, the records loaded and their bytes. */
  public record ScaleRef(String name, long records, long dataBytes) {}

  /**
   * How much of what was planned the run holds: {@code complete} when every phase ran; else {@code
   * planned} and {@code done} count the runs of phases (engine × phase × repetition × trial ×
   * variant), {@code stoppedBy} says what ended it (a signal, or null) and {@code missing} lists
   * the first runs it did not reach.
   */
  public record Completion(
      boolean complete, int planned, int done, String stoppedBy, List<String> missing) {
    public static final Completion COMPLETE = new Completion(true, 0, 0, null, List.of());

    public Completion {
      missing = missing == null ? List.of() : List.copyOf(missing);
    }
  }

  /**
   * How the run was asked for: the runner's arguments as given ({@code arguments}, which {@code
   * resume} parses again) and the options as they took effect, by name, for the report.
   */
  public record Invocation(List<String> arguments, Map<String, String> options) {
    public static final Invocation NONE = new Invocation(List.of(), Map.of());

    public Invocation {
      arguments = arguments == null ? List.of() : List.copyOf(arguments);
      options = ordered(options);
    }
  }

  /**
   * How the phases ran: {@code trials} loads of the data, each run phase {@code repetitions} times
   * a trial, for {@code durationSeconds} (null: to its operation count) with the first {@code
   * warmupSeconds} left out, with {@code threads} client threads unless a phase or variant sets its
   * own; {@code shard} says which share of a run's trials these were (null: the whole run).
   */
  public record Protocol(
      int trials,
      int repetitions,
      double warmupSeconds,
      Integer durationSeconds,
      int threads,
      Shard shard) {
    public Protocol(
        int trials, int repetitions, double warmupSeconds, Integer durationSeconds, int threads) {
      this(trials, repetitions, warmupSeconds, durationSeconds, threads, null);
    }

    /** The protocol with {@code value} as its shard (null: the whole run). */
    public Protocol withShard(Shard value) {
      return new Protocol(trials, repetitions, warmupSeconds, durationSeconds, threads, value);
    }
  }

  /**
   * A run that measured one share of an experiment's trials on one machine of several ({@code
   * bin/experiment --shard K/N}): shard {@code index} of {@code count}, of a run of {@code
   * ofTrials} trials; its own trial {@code i} is trial {@code trials[i - 1]} of the whole run.
   */
  public record Shard(int index, int count, int ofTrials, List<Integer> trials) {
    public Shard {
      trials = List.copyOf(trials);
    }

    /**
     * The trials of a run of {@code ofTrials} that shard {@code index} of {@code count} runs:
     * {@code index}, {@code index + count}, … in order.
     */
    public static List<Integer> trialsOf(int index, int count, int ofTrials) {
      List<Integer> trials = new ArrayList<>();
      for (int t = index; t <= ofTrials; t += count) {
        trials.add(t);
      }
      return trials;
    }

    /** The trial of the whole run that this shard's trial {@code own} (from 1) is. */
    public int global(int own) {
      return own >= 1 && own <= trials.size() ? trials.get(own - 1) : own;
    }
  }

  /**
   * The memory each phase's JVM had: the cgroup's {@code limitBytes} (null: none), its {@code
   * -Xmx}, whether the write-up's regime was reproduced, and the regime as applied.
   */
  public record MemorySetup(
      Long limitBytes, long heapMaxBytes, boolean regimeReproduced, Regime regime) {}

  /**
   * The write-up's memory regime and how this run applied it: the engines get {@code
   * memoryFraction} × the data for their caches and the page cache ({@code engineMemoryBytes}), the
   * JVM {@code jvmAllowanceBytes} beside it; {@code applied}: whether the phases ran in a memory
   * cgroup of the sum, {@code note} why not, or how; {@code pageCacheBytes} (per engine) the part
   * of the engines' memory its page cache was held to.
   */
  public record Regime(
      String description,
      double memoryFraction,
      long engineMemoryBytes,
      long jvmAllowanceBytes,
      boolean applied,
      String note,
      Map<String, Long> pageCacheBytes) {}

  /**
   * One variant: its {@code name}, what it changes against the experiment file ({@code changes}: a
   * dimension, such as {@code threads} or a binding property, and its value; empty for the base), a
   * line of what it is for ({@code note}, may be empty), what it tests when it is an ablation
   * ({@code ablation}, else null), whether its phases' speed is YCSB's whole run with the close
   * ({@code overall}) rather than the measured window, and its engines.
   */
  public record VariantRun(
      String name,
      Map<String, String> changes,
      String note,
      Ablation ablation,
      boolean overall,
      List<EngineRun> engines) {
    public VariantRun {
      changes = ordered(changes);
      note = note == null ? "" : note;
      engines = List.copyOf(engines);
    }

    /** A variant that tests no cause and takes the window's speed. */
    public VariantRun(
        String name, Map<String, String> changes, String note, List<EngineRun> engines) {
      this(name, changes, note, null, false, engines);
    }

    /** One engine's run of a phase, or null when that engine or phase did not run. */
    public PhaseRun phase(String engine, String phase) {
      EngineRun e = engine(engine);
      return e == null ? null : e.phase(phase);
    }

    public EngineRun engine(String engine) {
      return engines.stream().filter(e -> e.engine().equals(engine)).findFirst().orElse(null);
    }

    public VariantRun withEngines(List<EngineRun> value) {
      return new VariantRun(name, changes, note, ablation, overall, value);
    }
  }

  /**
   * What an ablation tests: the suspected cause ({@code tests}), the engines whose claims it
   * concerns, which are the engines it runs ({@code concerns}; empty: all of them), and the phases
   * whose claims it concerns ({@code on}; empty: all it runs).
   */
  public record Ablation(String tests, List<String> concerns, List<String> on) {
    public Ablation {
      tests = tests == null ? "" : tests;
      concerns = concerns == null ? List.of() : List.copyOf(concerns);
      on = on == null ? List.of() : List.copyOf(on);
    }
  }

  /**
   * One engine: where it ran, the library its binding named at startup ({@code version}, e.g.
   * {@code LevelDB 1.23}), the settings it ran with, the first failure (null when none) and its
   * phases in order.
   */
  public record EngineRun(
      String engine,
      String host,
      String version,
      List<Setting> settings,
      String error,
      List<PhaseRun> phases) {
    public EngineRun {
      settings = settings == null ? List.of() : List.copyOf(settings);
      phases = List.copyOf(phases);
    }

    public PhaseRun phase(String id) {
      return phases.stream().filter(p -> p.phase().equals(id)).findFirst().orElse(null);
    }

    @JsonIgnore
    public boolean failed() {
      return error != null;
    }

    public EngineRun withPhases(List<PhaseRun> value) {
      return new EngineRun(engine, host, version, settings, error, value);
    }
  }

  /**
   * An engine setting as the run applied it: the property and value, how the value came about
   * ({@code derivation}, empty for a value used as published), its source and note, and the phases
   * it was limited to (empty: all).
   */
  public record Setting(
      String property,
      String value,
      String derivation,
      String source,
      String note,
      List<String> phases) {
    public Setting {
      phases = phases == null ? List.of() : List.copyOf(phases);
    }
  }

  /** One engine × phase: every repetition, in every trial, in the order they ran. */
  public record PhaseRun(
      String phase, String label, String speedUnit, List<Repetition> repetitions) {
    public PhaseRun {
      repetitions = List.copyOf(repetitions);
    }

    /** The repetitions that did not fail and are samples of the phase. */
    @JsonIgnore
    public List<Repetition> ok() {
      return repetitions.stream()
          .filter(r -> r.error() == null && r.outcome().excluded() == null)
          .toList();
    }

    /** Whether no repetition measured anything. */
    @JsonIgnore
    public boolean failed() {
      return ok().isEmpty();
    }

    /** The first failure, or null. */
    @JsonIgnore
    public String error() {
      return repetitions.stream()
          .map(Repetition::error)
          .filter(e -> e != null)
          .findFirst()
          .orElse(null);
    }

    /** A figure over the repetitions that did not fail, by trial. */
    public Spread spread(ToDoubleFunction<Repetition> figure) {
      Map<String, Double> values = new java.util.LinkedHashMap<>();
      ok().forEach(r -> values.put(r.trial() + "/" + r.index(), figure.applyAsDouble(r)));
      return Spread.byTrial(values);
    }

    /**
     * The repetition of the median throughput (the lower middle one of an even count), whose
     * figures a single-run table shows; null when every repetition failed.
     */
    @JsonIgnore
    public Repetition median() {
      List<Repetition> ok = new ArrayList<>(ok());
      if (ok.isEmpty()) {
        return null;
      }
      ok.sort(Comparator.comparingDouble(r -> r.figures().speed().throughput()));
      return ok.get((ok.size() - 1) / 2);
    }

    public PhaseRun withRepetitions(List<Repetition> value) {
      return new PhaseRun(phase, label, speedUnit, value);
    }
  }

  /**
   * One run of a phase: its trial (from 1: each trial loads the data anew) and its index within the
   * trial, how it ended ({@code outcome}), its {@code figures} over the measurement window, YCSB's
   * own report per operation type ({@code operations}: the whole run), latency percentiles over the
   * window from YCSB's HdrHistogram interval logs ({@code latency}), the status lines ({@code
   * timeline}) and the engine's own figures at the last cleanup ({@code engineStats}: null where
   * the binding wrote none).
   */
  public record Repetition(
      int trial,
      int index,
      Outcome outcome,
      Figures figures,
      Map<String, Operation> operations,
      Map<String, Latency> latency,
      List<Point> timeline,
      JsonNode engineStats) {
    public Repetition {
      operations = Ordered.copy(operations);
      latency = Ordered.copy(latency);
      timeline = timeline == null ? List.of() : List.copyOf(timeline);
    }

    /** A run that measured nothing: it could not start, or failed before its figures. */
    public static Repetition failed(int trial, int index, String command, String error) {
      return new Repetition(
          trial,
          index,
          new Outcome(command, -1, error, new Logs("", "")),
          Figures.UNKNOWN,
          Map.of(),
          Map.of(),
          List.of(),
          null);
    }

    @JsonIgnore
    public String command() {
      return outcome.command();
    }

    /** Why the run failed; null when it worked. */
    @JsonIgnore
    public String error() {
      return outcome.error();
    }

    public Repetition withTrial(int value) {
      return new Repetition(
          value, index, outcome, figures, operations, latency, timeline, engineStats);
    }

    public Repetition withOutcome(Outcome value) {
      return new Repetition(
          trial, index, value, figures, operations, latency, timeline, engineStats);
    }

    public Repetition withFigures(Figures value) {
      return new Repetition(
          trial, index, outcome, value, operations, latency, timeline, engineStats);
    }
  }

  /**
   * How a run ended: its command, the exit status, why it failed ({@code error}: null when it
   * worked), why a run that worked is still no sample of the phase ({@code excluded}: null when it
   * is one; a window too short to stand for the phase) and its logs.
   */
  public record Outcome(String command, int exitCode, String error, String excluded, Logs logs) {
    public Outcome(String command, int exitCode, String error, Logs logs) {
      this(command, exitCode, error, null, logs);
    }

    public Outcome withExcluded(String value) {
      return new Outcome(command, exitCode, error, value, logs);
    }

    public Outcome withLogs(Logs value) {
      return new Outcome(command, exitCode, error, excluded, value);
    }
  }

  /** The run's standard output and error, relative to the results folder. */
  public record Logs(String stdout, String stderr) {}

  /** A run's figures, by what they measure. */
  public record Figures(
      MeasuredSpeed speed,
      WindowFigures window,
      Cpu cpu,
      Io io,
      MemoryUse memory,
      Disk disk,
      Amplification amplification) {
    /** Figures of a run that measured nothing: every one unknown. */
    public static final Figures UNKNOWN =
        new Figures(
            new MeasuredSpeed(Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, null),
            new WindowFigures(Double.NaN, 0, false, Map.of(), -1, -1),
            new Cpu(Double.NaN, Double.NaN),
            new Io(-1, -1, -1, -1),
            MemoryUse.UNKNOWN,
            new Disk(-1, -1, -1),
            new Amplification(null, null));

    public Figures withDisk(Disk value) {
      return new Figures(speed, window, cpu, io, memory, value, amplification);
    }

    public Figures withSpeed(MeasuredSpeed value) {
      return new Figures(value, window, cpu, io, memory, disk, amplification);
    }
  }

  /**
   * {@code throughput}: YCSB operations per second over the window; {@code speed}: what the
   * write-up counts (keys per second for batch reads and bulk loads); {@code overall}: YCSB's own
   * [OVERALL] figure (the whole run, final cleanup included), over {@code runtimeMs}; {@code
   * cleanupMs}: the last cleanup (flush, checkpoint or sync), NaN where YCSB did not report it;
   * {@code target}: the fixed request rate the run was asked to hold (YCSB's {@code -target},
   * operations per second in all), null for a closed-loop run.
   */
  public record MeasuredSpeed(
      double throughput,
      double speed,
      double overall,
      long runtimeMs,
      double cleanupMs,
      Double target) {
    /**
     * The same run's speed taken over YCSB's whole run, the close included: {@code overall} in the
     * unit of {@code speed} (keys per second where the phase counts keys).
     */
    public MeasuredSpeed overallAsSpeed() {
      double perOperation = throughput > 0 ? speed / throughput : 1;
      double whole = overall * perOperation;
      return new MeasuredSpeed(overall, whole, overall, runtimeMs, cleanupMs, target);
    }
  }

  /**
   * The measurement window: its length, the YCSB operations in it and by type; {@code
   * fromStatusLines} false where the run was too short for one and the whole run stands in; its
   * first and last status line's time (ms since the epoch; -1 without time stamps); and the seconds
   * of it in which some task of the machine waited for memory ({@code memoryStall}: the kernel's
   * pressure stall information, {@code /proc/pressure/memory}'s "some": reclaim, and pages read
   * again after reclaim took them; null where the run did not read it, NaN where the kernel does
   * not say).
   */
  public record WindowFigures(
      double seconds,
      long operations,
      boolean fromStatusLines,
      Map<String, Long> counts,
      long startMs,
      long endMs,
      Double memoryStall) {
    public WindowFigures {
      counts = Ordered.copy(counts);
    }

    public WindowFigures(
        double seconds,
        long operations,
        boolean fromStatusLines,
        Map<String, Long> counts,
        long startMs,
        long endMs) {
      this(seconds, operations, fromStatusLines, counts, startMs, endMs, null);
    }
  }

  /**
   * CPU seconds of the phase's JVM over the window ({@code user}, {@code system}), the seconds the
   * hypervisor stole from the whole machine's CPUs meanwhile ({@code steal}), and the seconds the
   * machine's CPUs were busy with anything but the phase's JVM ({@code others}: other processes,
   * the runner's own included, and interrupts); each null where the run did not read it, NaN where
   * the kernel does not say.
   */
  public record Cpu(double user, double system, Double steal, Double others) {
    public Cpu(double user, double system) {
      this(user, system, null, null);
    }

    @JsonIgnore
    public double total() {
      return user + system;
    }
  }

  /**
   * Bytes read from and written to the device over the window, and by the whole process ({@code
   * total*}, final flush included); -1 where unknown.
   */
  public record Io(long read, long written, long totalRead, long totalWritten) {}

  /**
   * Memory: {@code peak} is the cgroup's (or, without one, the JVM's peak resident set), split at
   * the sampled peak into anonymous memory, page cache and mapped file pages ({@code -1} without a
   * cgroup); {@code pageCachePeak} the most page cache sampled once held, beside the file pages
   * mapped when the workload began ({@code pageCacheBaseline}); {@code heapPeak} the JVM heap's own
   * peak; {@code jvmCommitted} what the JVM itself had committed at its end (heap, metaspace, code,
   * thread stacks, GC: Native Memory Tracking's total), {@code residentAnonymous} the process's
   * anonymous resident memory then, and {@code engineNative} their difference: the engine's own
   * native memory (caches, memtables, its allocator's arenas); -1 where unknown. Built with {@link
   * #builder}.
   */
  public record MemoryUse(
      long peak,
      long average,
      long anonymousAtPeak,
      long pageCacheAtPeak,
      long mappedAtPeak,
      long pageCachePeak,
      long pageCacheBaseline,
      long heapPeak,
      long jvmCommitted,
      long residentAnonymous,
      long engineNative) {
    public static final MemoryUse UNKNOWN = builder().build();

    public static Builder builder() {
      return new Builder();
    }

    /** Memory figures given by name; every one not given is unknown (-1). */
    public static final class Builder {
      private long peak = -1;
      private long average = -1;
      private long anonymousAtPeak = -1;
      private long pageCacheAtPeak = -1;
      private long mappedAtPeak = -1;
      private long pageCachePeak = -1;
      private long pageCacheBaseline = -1;
      private long heapPeak = -1;
      private long jvmCommitted = -1;
      private long residentAnonymous = -1;

      private Builder() {}

      /** The cgroup's (or the JVM's) peak and average. */
      public Builder peak(long peakBytes, long averageBytes) {
        peak = peakBytes;
        average = averageBytes;
        return this;
      }

      /** The cgroup's make-up at its sampled peak. */
      public Builder atPeak(long anonymous, long pageCache, long mapped) {
        anonymousAtPeak = anonymous;
        pageCacheAtPeak = pageCache;
        mappedAtPeak = mapped;
        return this;
      }

      /** The page cache once held, and the file pages mapped when the workload began. */
      public Builder pageCache(long peakBytes, long baselineBytes) {
        pageCachePeak = peakBytes;
        pageCacheBaseline = baselineBytes;
        return this;
      }

      /** The JVM's report at the last cleanup. */
      public Builder jvm(long heapPeakBytes, long committed, long anonymousResident) {
        heapPeak = heapPeakBytes;
        jvmCommitted = committed;
        residentAnonymous = anonymousResident;
        return this;
      }

      public MemoryUse build() {
        long engine =
            jvmCommitted < 0 || residentAnonymous < 0
                ? -1
                : Math.max(0, residentAnonymous - jvmCommitted);
        return new MemoryUse(
            peak,
            average,
            anonymousAtPeak,
            pageCacheAtPeak,
            mappedAtPeak,
            pageCachePeak,
            pageCacheBaseline,
            heapPeak,
            jvmCommitted,
            residentAnonymous,
            engine);
      }
    }
  }

  /**
   * Bytes of the phase's data set on disk after it, its write-ahead log left out: apparent and
   * allocated ({@code du}); and the log's own apparent bytes (0 for an engine without one).
   */
  public record Disk(long apparent, long allocated, long logApparent) {}

  /**
   * Bytes written to the device ÷ bytes of records written (a load: the whole process, final flush
   * included; a run phase: its window), and the same for reads; null where the phase writes or
   * reads no records.
   */
  public record Amplification(Double write, Double read) {}

  /**
   * YCSB's own figures of one operation type over the whole run (its final report): operations,
   * latencies in µs (the median NaN unless YCSB was asked for it) and the count of each return
   * code.
   */
  public record Operation(
      long operations,
      double averageUs,
      double minUs,
      double maxUs,
      double p50Us,
      double p95Us,
      double p99Us,
      double p999Us,
      Map<String, Long> returns) {
    public Operation {
      returns = Ordered.copy(returns);
    }
  }

  /**
   * Latency of one operation type over the measurement window, in µs, from YCSB's HdrHistogram
   * intervals: {@code count} operations, their mean, percentiles and the maximum, and the window's
   * histogram itself ({@code histogram}: HdrHistogram's compressed encoding in Base64; null in
   * results written before it was kept), so that runs merge by adding histograms, not percentiles.
   */
  public record Latency(
      long count,
      double meanUs,
      double p50Us,
      double p95Us,
      double p99Us,
      double p999Us,
      double maxUs,
      String histogram) {

    /**
     * The histograms of {@code latencies} added up, or null when any of them keeps none (then the
     * runs cannot be taken together exactly).
     */
    public static org.HdrHistogram.Histogram added(List<Latency> latencies) {
      org.HdrHistogram.Histogram sum = new org.HdrHistogram.Histogram(3);
      for (Latency l : latencies) {
        if (l.histogram() == null) {
          return null;
        }
        try {
          sum.add(
              org.HdrHistogram.Histogram.decodeFromCompressedByteBuffer(
                  java.nio.ByteBuffer.wrap(java.util.Base64.getDecoder().decode(l.histogram())),
                  0));
        } catch (java.util.zip.DataFormatException | IllegalArgumentException e) {
          return null;
        }
      }
      return latencies.isEmpty() ? null : sum;
    }
  }

  /**
   * One status line of the run: its time (ms since the epoch, -1 without), the seconds since the
   * run started as YCSB counts them, operations so far, the current ops/s, each type's operations
   * since the line before and their 99th percentile in µs, and whether a client had finished by
   * then (its cleanup measured).
   */
  public record Point(
      long timeMs,
      long seconds,
      long operations,
      double opsPerSecond,
      Map<String, Long> intervalCounts,
      Map<String, Double> intervalP99Us,
      boolean afterCleanup) {
    public Point {
      intervalCounts = Ordered.copy(intervalCounts);
      intervalP99Us = Ordered.copy(intervalP99Us);
    }
  }

  /**
   * A machine a run (or part of a merged run) was measured on, with its data device's speed at
   * random reads where the run measured it (null otherwise): {@code deviceSpeed} before its first
   * trial, {@code trialDeviceSpeeds} before each trial in order (the first among them).
   */
  public record Machine(
      String host,
      int cores,
      long memoryBytes,
      String cpu,
      String os,
      String jdk,
      String dataFileSystem,
      String dataDevice,
      DeviceSpeed deviceSpeed,
      List<DeviceSpeed> trialDeviceSpeeds) {
    public Machine {
      trialDeviceSpeeds = trialDeviceSpeeds == null ? List.of() : List.copyOf(trialDeviceSpeeds);
    }

    public Machine(
        String host,
        int cores,
        long memoryBytes,
        String cpu,
        String os,
        String jdk,
        String dataFileSystem,
        String dataDevice,
        DeviceSpeed deviceSpeed) {
      this(host, cores, memoryBytes, cpu, os, jdk, dataFileSystem, dataDevice, deviceSpeed, null);
    }

    public Machine withDeviceSpeed(DeviceSpeed value) {
      return with(value, trialDeviceSpeeds);
    }

    /** The machine with {@code value} as its probes before each trial, the first its speed. */
    public Machine withTrialDeviceSpeeds(List<DeviceSpeed> value) {
      return with(value.isEmpty() ? deviceSpeed : value.get(0), value);
    }

    private Machine with(DeviceSpeed speed, List<DeviceSpeed> trials) {
      return new Machine(
          host, cores, memoryBytes, cpu, os, jdk, dataFileSystem, dataDevice, speed, trials);
    }

    /**
     * The device's speed a verdict's evidence takes: the probe of the median read time over the
     * trials where each trial probed it, else the run's one probe (null without one).
     */
    @JsonIgnore
    public DeviceSpeed typicalDeviceSpeed() {
      if (trialDeviceSpeeds.isEmpty()) {
        return deviceSpeed;
      }
      List<DeviceSpeed> sorted = new ArrayList<>(trialDeviceSpeeds);
      sorted.sort(Comparator.comparingDouble(DeviceSpeed::qd1MedianUs));
      return sorted.get((sorted.size() - 1) / 2);
    }

    /**
     * What makes two machines alike for pooling their trials: the CPU and its count, the memory (to
     * the GiB), the kernel, the JVM, the data's file system type and device; not the host's name,
     * the free space or the device's measured speed.
     */
    @JsonIgnore
    public String kind() {
      String fs = dataFileSystem == null ? "" : dataFileSystem;
      int open = fs.indexOf('(');
      int close = fs.indexOf(')', open + 1);
      String fsType = open >= 0 && close > open ? fs.substring(open + 1, close) : fs;
      return String.join(
          " | ",
          cores + " × " + cpu,
          Math.round(memoryBytes / (double) (1L << 30)) + " GiB",
          String.valueOf(os),
          String.valueOf(jdk),
          fsType,
          String.valueOf(dataDevice));
    }
  }

  /**
   * The data device at random reads around the page cache: reads of {@code blockBytes} at random
   * offsets of a file of {@code fileBytes}, one at a time (the median read's time, {@code
   * qd1MedianUs}, and reads per second, {@code qd1PerSecond}) and {@code depth} at a time ({@code
   * deepPerSecond}).
   */
  public record DeviceSpeed(
      int blockBytes,
      long fileBytes,
      double qd1MedianUs,
      double qd1PerSecond,
      int depth,
      double deepPerSecond) {}
}
