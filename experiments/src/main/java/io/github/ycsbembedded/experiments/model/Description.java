package io.github.ycsbembedded.experiments.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.github.ycsbembedded.core.Sizes;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An experiment file ({@code experiments/<name>.yaml}) as written, read by Jackson into these
 * records: what the write-up measured, how its authors ran the engines (each setting with its
 * source), how our run differs where it cannot follow, and the write-up's published figures. The
 * format is documented in {@code experiments/README.md}; {@link Experiment} checks what a record
 * alone cannot (that every name used exists) and derives sizes from it.
 *
 * @param title the report's title
 * @param engines the engines that run, in the report's order
 * @param reference the engine ratios are taken against (default: the first)
 * @param threads client threads of every phase that does not set its own (default 1)
 * @param record the bytes of one record, where they are not YCSB's fieldcount × fieldlength
 * @param ycsb YCSB properties every phase gets ({@code -p name=value})
 * @param jvm each phase JVM's heap and what it needs besides
 * @param phases the phases, in order, on the engines' data sets
 * @param scales the sizes an experiment runs at, smallest first
 * @param origin the write-up, how its authors ran the engines, and what it published
 * @param variation the variants, sweep and claims of the file's own
 */
public record Description(
    String title,
    List<String> engines,
    String reference,
    Integer threads,
    RecordShape record,
    Map<String, String> ycsb,
    Jvm jvm,
    List<Phase> phases,
    List<Scale> scales,
    Origin origin,
    Variation.Spec variation) {

  public Description {
    engines = engines == null ? List.of() : List.copyOf(engines);
    ycsb =
        ycsb == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(ycsb));
    jvm = jvm == null ? new Jvm(null, null) : jvm;
    phases = phases == null ? List.of() : Rate.expand(phases);
    scales = scales == null ? List.of() : List.copyOf(scales);
    threads = threads == null ? 1 : threads;
  }

  /** The file as written, its keys all at one level. */
  @JsonCreator
  static Description read(
      @JsonProperty("title") String title,
      @JsonProperty("source") String source,
      @JsonProperty("writeup") WriteUpRef writeup,
      @JsonProperty("engines") List<String> engines,
      @JsonProperty("reference") String reference,
      @JsonProperty("threads") Integer threads,
      @JsonProperty("record") RecordShape record,
      @JsonProperty("ycsb") Map<String, String> ycsb,
      @JsonProperty("jvm") Jvm jvm,
      @JsonProperty("regime") Regime regime,
      @JsonProperty("settings") List<Setting> settings,
      @JsonProperty("differences") List<Difference> differences,
      @JsonProperty("phases") List<Phase> phases,
      @JsonProperty("scales") List<Scale> scales,
      @JsonProperty("published") Published published,
      @JsonProperty("variants") List<Variation.VariantSpec> variants,
      @JsonProperty("sweep") Variation.Sweep sweep,
      @JsonProperty("claims") List<Variation.ClaimSpec> claims) {
    return new Description(
        title,
        engines,
        reference,
        threads,
        record,
        ycsb,
        jvm,
        phases,
        scales,
        new Origin(source, writeup, regime, settings, differences, published),
        new Variation.Spec(variants, sweep, claims));
  }

  /**
   * This description with a variant's changes made: its settings after the file's, its YCSB
   * properties over the file's and every scale's, its thread count, memory fraction and phases (in
   * its order).
   */
  public Description with(Variation.VariantSpec v) {
    List<Setting> allSettings = new java.util.ArrayList<>(origin.settings());
    allSettings.addAll(v.settings());
    Map<String, String> allYcsb = new LinkedHashMap<>(ycsb);
    allYcsb.putAll(v.ycsb());
    Regime regime = origin.regime();
    Regime changedRegime = regime;
    Variation.MemoryChange memory = v.memory();
    if (regime != null && !memory.empty()) {
      // an engine's page cache is either a share or what its own memory leaves: the variant's word
      // for an engine replaces the file's, whichever form either takes
      Map<String, Double> shares = new LinkedHashMap<>(regime.pageCache());
      shares.keySet().removeAll(memory.ownMemory().keySet());
      shares.putAll(memory.pageCache());
      Map<String, Size> own = new LinkedHashMap<>(regime.ownMemory());
      own.keySet().removeAll(memory.pageCache().keySet());
      own.putAll(memory.ownMemory());
      changedRegime =
          new Regime(
              regime.description(),
              memory.fraction() == null ? regime.memoryFraction() : memory.fraction(),
              regime.from(),
              shares,
              own);
    }
    List<Phase> chosen = phases;
    if (!v.phases().isEmpty()) {
      chosen =
          v.phases().stream()
              .map(id -> phases.stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow())
              .toList();
    }
    return new Description(
        title,
        engines,
        reference,
        v.threads() == null ? threads : v.threads(),
        record,
        allYcsb,
        jvm,
        chosen,
        v.ycsb().isEmpty() ? scales : scales.stream().map(s -> s.with(v.ycsb())).toList(),
        new Origin(
            origin.source(),
            origin.writeup(),
            changedRegime,
            allSettings,
            origin.differences(),
            origin.published()),
        new Variation.Spec(List.of(), null, variation.claims()));
  }

  /**
   * What the file takes from the write-up it re-measures (or says of its own where it has none).
   *
   * @param source the write-up: author or publisher, title, date, address
   * @param writeup the class that shapes the report, and the names it needs from this file
   * @param regime the write-up's memory regime, or null when it describes none
   * @param settings engine settings, each with its source, applied in the order given
   * @param differences what this harness does differently from the write-up's, with sources
   * @param published the write-up's own figures and the setting they were measured in
   */
  public record Origin(
      String source,
      WriteUpRef writeup,
      Regime regime,
      List<Setting> settings,
      List<Difference> differences,
      Published published) {
    public Origin {
      settings = settings == null ? List.of() : List.copyOf(settings);
      differences = differences == null ? List.of() : List.copyOf(differences);
      published = published == null ? Published.NONE : published;
    }
  }

  /**
   * The class that writes the report ({@code class}: a simple name in the {@code writeups} package,
   * or a fully qualified one) and the names it works with ({@code roles}: a role it declares, such
   * as {@code subject} or {@code bulk}, mapped to an engine, phase, data set or operation of this
   * file), so that the class holds no name the file could hold.
   */
  public record WriteUpRef(String className, Map<String, String> roles) {
    @JsonCreator
    public WriteUpRef(
        @JsonProperty("class") String className, @JsonProperty("roles") Map<String, String> roles) {
      this.className = className;
      this.roles = Ordered.copy(roles);
    }
  }

  /**
   * The bytes a record holds: {@code bytes} where the workload's records are not YCSB fields, else
   * {@code fields} × {@code fieldBytes} (from {@code ycsb.fieldcount}/{@code fieldlength} or the
   * first phase's workload file when not given here); {@code updateBytes}: what an update writes
   * (default one field, or the whole record with writeallfields).
   */
  public record RecordShape(Long bytes) {}

  /** Each phase JVM's {@code -Xmx} (default 256m) and what it needs besides (default 192m). */
  public record Jvm(Size heap, Size overhead) {
    public Jvm {
      heap = heap == null ? Size.of(256L << 20) : heap;
      overhead = overhead == null ? Size.of(192L << 20) : overhead;
    }
  }

  /**
   * The write-up's memory regime: the engines' caches and the page cache together get {@code
   * memoryFraction} × the data, from scale {@code from} on (each phase's JVM in a memory cgroup of
   * its allowance plus that share); {@code pageCache} is, per engine, the part of that share its
   * page cache is held to (default 1: all of it, for an engine without caches of its own such as
   * LMDB), the rest being its own caches as its settings size them; {@code ownMemory} is, per
   * engine, instead of a share, the memory its own caches and buffers hold at every scale (a
   * setting that does not scale with the data, such as a fixed memtable), its page cache getting
   * the rest.
   */
  public record Regime(
      String description,
      Double memoryFraction,
      String from,
      Map<String, Double> pageCache,
      Map<String, Size> ownMemory) {
    public Regime {
      pageCache = Ordered.copy(pageCache);
      ownMemory = Ordered.copy(ownMemory);
    }

    /**
     * The page cache {@code engine} is held to when the engines get {@code engineMemory} bytes: the
     * memory its own caches leave, at least 1 MiB.
     */
    public long pageCacheBytes(String engine, long engineMemory) {
      Size own = ownMemory.get(engine);
      long bytes =
          own != null
              ? engineMemory - own.bytes()
              : (long) (pageCache.getOrDefault(engine, 1.0) * engineMemory);
      return Math.max(1L << 20, bytes);
    }
  }

  /**
   * One engine property, as the write-up or its harness set it, with its source. Its value scales
   * as {@code scaling} says: {@code fixed} (the value as it is), {@code with-data} (the published
   * size × data here ÷ the write-up's data, so that buffers, files and levels keep their proportion
   * to the data), {@code of-data} (a fraction × the data here), {@code of-memory} (a fraction × the
   * regime's memory for the engines); then {@code plus} is added and {@code min}/{@code max} bound
   * it (where an engine cannot follow: {@code note} says why). {@code where} limits it to runs in
   * the regime ({@code regime}) or outside it ({@code no-regime}); {@code phases} to some phases.
   */
  public record Setting(
      String engine,
      String property,
      String value,
      Scaling scaling,
      Size plus,
      Size min,
      Size max,
      Where where,
      List<String> phases,
      String source,
      String note) {
    public Setting {
      scaling = scaling == null ? Scaling.FIXED : scaling;
      where = where == null ? Where.ALWAYS : where;
      phases = phases == null ? List.of() : List.copyOf(phases);
    }
  }

  /** How a setting's value follows the data (see {@link Setting}). */
  public enum Scaling {
    FIXED,
    WITH_DATA,
    OF_DATA,
    OF_MEMORY;
  }

  /** Where a setting applies (see {@link Setting}). */
  public enum Where {
    ALWAYS,
    REGIME,
    NO_REGIME;
  }

  /**
   * A way this harness runs differently from the write-up's, declared with its source: {@code what}
   * differs, and the engines and phases it concerns (all when empty).
   */
  public record Difference(String what, String source, List<String> engines, List<String> phases) {
    public Difference {
      engines = engines == null ? List.of() : List.copyOf(engines);
      phases = phases == null ? List.of() : List.copyOf(phases);
    }
  }

  /**
   * One phase: a YCSB {@code load} or {@code run} of a workload file on the engine's data set
   * {@code dataset} (a subfolder of its folder; the folder itself when empty), with its own thread
   * count when {@code threads} is given. {@code speed} is what the write-up counts: operations, or
   * keys for batch reads and bulk loads. {@code accept}: answers besides OK that are not failures
   * ({@code OPERATION:STATUS}). {@code bound}: a run phase runs for the scale's duration ({@code
   * time}) or to its operation count ({@code count}: its operations are data later phases read).
   * {@code beside}: the phase of the write-up this one is shown beside, as ours beyond the write-up
   * (for example our parallel batch reads beside its sequential ones); {@code note} says what it
   * is. {@code rate}: the phase runs at a fixed request rate ({@link Rate}) instead of each thread
   * sending its next request when the last returns, and its latency is taken from each request's
   * intended start.
   */
  public record Phase(
      String id,
      String label,
      Command command,
      String workload,
      String dataset,
      Integer threads,
      Counting counting,
      Map<String, String> properties,
      String beside,
      String note,
      Rate rate) {
    public Phase {
      label = label == null ? id : label;
      command = command == null ? Command.RUN : command;
      dataset = dataset == null ? "" : dataset;
      counting = counting == null ? new Counting(null, null, null) : counting;
      properties = Ordered.copy(properties);
    }

    /** A phase as the file writes it, its keys all at one level. */
    @JsonCreator
    static Phase read(
        @JsonProperty("id") String id,
        @JsonProperty("label") String label,
        @JsonProperty("command") Command command,
        @JsonProperty("workload") String workload,
        @JsonProperty("dataset") String dataset,
        @JsonProperty("threads") Integer threads,
        @JsonProperty("speed") SpeedUnit speed,
        @JsonProperty("accept") List<String> accept,
        @JsonProperty("bound") Bound bound,
        @JsonProperty("properties") Map<String, String> properties,
        @JsonProperty("beside") String beside,
        @JsonProperty("note") String note,
        @JsonProperty("rate") Rate rate) {
      return new Phase(
          id,
          label,
          command,
          workload,
          dataset,
          threads,
          new Counting(speed, accept, bound),
          properties,
          beside,
          note,
          rate);
    }

    public boolean isLoad() {
      return command == Command.LOAD;
    }

    public boolean keysAreSpeed() {
      return counting.speed() == SpeedUnit.KEYS;
    }

    public boolean countBound() {
      return counting.bound() == Bound.COUNT;
    }

    /** Whether this phase is ours, shown beside one of the write-up's. */
    public boolean beyondWriteUp() {
      return beside != null;
    }

    /** Whether it runs at a fixed request rate. */
    public boolean fixedRate() {
      return rate != null;
    }

    /** This phase with another id, label and rate (one of the rates of a list). */
    Phase at(String newId, String newLabel, Rate newRate) {
      return new Phase(
          newId,
          newLabel,
          command,
          workload,
          dataset,
          threads,
          counting,
          properties,
          beside,
          note,
          newRate);
    }
  }

  /**
   * What a phase counts and how it ends: its {@code speed}'s unit, the answers besides OK that are
   * no failures ({@code accept}), and what bounds a run phase ({@code bound}).
   */
  public record Counting(SpeedUnit speed, List<String> accept, Bound bound) {
    public Counting {
      speed = speed == null ? SpeedUnit.OPS : speed;
      accept = accept == null ? List.of() : List.copyOf(accept);
      bound = bound == null ? Bound.TIME : bound;
    }
  }

  /**
   * A latency bound a fixed-rate curve is read against: the highest rate whose {@code percentile}
   * ({@code p50}, {@code p99} or {@code p999}) of the latency from each request's intended start
   * stays within {@code ms} milliseconds.
   */
  public record LatencyBound(String percentile, double ms) {}

  /**
   * A fixed request rate: {@code ops} operations per second in all, or {@code fractions} of the
   * speed the same engine reached on phase {@code of} in the same trial (run closed-loop before
   * it). A phase with several values runs once per value, in order, on the same data: {@code
   * <id>-<value>}, so that the rates of one trial read one tree; {@code bound} is the latency the
   * report reads the list's curve against. The rate is YCSB's {@code -target} (every thread paced
   * alike), or a workload property ({@code property}: {@code rww.read_rate} paces the readers of
   * ReadWhileWritingWorkload and leaves its writers to their own rate).
   */
  public record Rate(
      String of,
      List<Double> fractions,
      List<Double> ops,
      LatencyBound bound,
      String property,
      String list) {
    public Rate {
      fractions = fractions == null ? List.of() : List.copyOf(fractions);
      ops = ops == null ? List.of() : List.copyOf(ops);
    }

    /**
     * The id of the file's phase whose list of rates this one is of ({@code list}, set where a list
     * was expanded), else {@code own}.
     */
    public String listOr(String own) {
      return list == null ? own : list;
    }

    /** The one value of an expanded phase's rate: a fraction of {@code of}'s speed, or ops/s. */
    public double value() {
      return fractions.isEmpty() ? ops.get(0) : fractions.get(0);
    }

    /** Whether it is a fraction of another phase's speed. */
    public boolean relative() {
      return of != null;
    }

    /** The target of a run: ops/s, from the speed {@code of} reached when relative. */
    public double target(double ofSpeed) {
      return relative() ? value() * ofSpeed : value();
    }

    /** Each phase with a list of rates as one phase per rate, the others as they are. */
    static List<Phase> expand(List<Phase> phases) {
      List<Phase> out = new java.util.ArrayList<>();
      for (Phase p : phases) {
        Rate r = p == null ? null : p.rate();
        if (r == null || r.fractions().size() + r.ops().size() <= 1) {
          out.add(p);
          continue;
        }
        for (double f : r.fractions()) {
          out.add(p.at(p.id() + "-" + plain(f), label(p, r, f), r.one(f, p.id())));
        }
        for (double o : r.ops()) {
          out.add(p.at(p.id() + "-" + plain(o), label(p, r, o), r.one(o, p.id())));
        }
      }
      return List.copyOf(out);
    }

    /** A value as an id takes it: {@code 0.25}, {@code 1000}. */
    private static String plain(double v) {
      return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private Rate one(double v, String from) {
      return relative()
          ? new Rate(of, List.of(v), null, bound, property, from)
          : new Rate(null, null, List.of(v), bound, property, from);
    }

    private static String label(Phase p, Rate r, double v) {
      return p.label()
          + (r.relative()
              ? " at " + Units.number(100 * v) + "% of " + r.of() + "'s rate"
              : " at " + Units.number(v) + " ops/s");
    }
  }

  /** A phase's YCSB command. */
  public enum Command {
    LOAD,
    RUN;

    /** The word of the file and of YCSB's command line: {@code load} or {@code run}. */
    public String word() {
      return Keyword.word(this);
    }
  }

  /** What a phase's speed counts. */
  public enum SpeedUnit {
    OPS,
    KEYS;

    public String unit() {
      return this == KEYS ? "keys/s" : "ops/s";
    }
  }

  /** What bounds a run phase. */
  public enum Bound {
    TIME,
    COUNT;
  }

  /**
   * One scale: {@code records} loaded, {@code operations} of a run phase where no {@code duration}
   * bounds it; run phases run {@code duration} seconds each, the first {@code warmup} left out of
   * every figure, {@code repeat} times per trial; {@code trials} loads of the data (default 1);
   * {@code engines} the engines a run at this scale measures unless {@code --engines} says
   * (default: every engine of the file); {@code variants} the file's variants a run at this scale
   * measures beside the base unless {@code --variants} says (default: every one that is no
   * ablation; empty: the base alone); {@code properties} every phase gets at this scale, {@code
   * phaseProperties} per phase id.
   */
  public record Scale(
      String name,
      Long records,
      Long operations,
      Integer duration,
      Double warmup,
      Integer repeat,
      Integer trials,
      List<String> engines,
      List<String> variants,
      String estimate,
      Map<String, String> properties,
      Map<String, Map<String, String>> phaseProperties) {
    public Scale {
      warmup = warmup == null ? 0.0 : warmup;
      repeat = repeat == null ? 3 : repeat;
      trials = trials == null ? 1 : trials;
      engines = engines == null ? null : List.copyOf(engines);
      variants = variants == null ? null : List.copyOf(variants);
      estimate = estimate == null ? "?" : estimate;
      properties = Ordered.copy(properties);
      phaseProperties = Ordered.copy(phaseProperties);
    }

    /**
     * This scale with {@code ycsb} (a variant's) in place of its own properties of the same names;
     * the others it does not set come from the file's YCSB properties, where the variant's are.
     */
    Scale with(Map<String, String> ycsb) {
      Map<String, String> all = new LinkedHashMap<>(properties);
      ycsb.forEach(all::replace);
      if (all.equals(properties)) {
        return this;
      }
      return new Scale(
          name,
          records,
          operations,
          duration,
          warmup,
          repeat,
          trials,
          engines,
          variants,
          estimate,
          all,
          phaseProperties);
    }
  }

  /**
   * The write-up's figures and the setting they were measured in: its {@code setup}; the {@code
   * naming} of its engines and tables; {@code figures} by phase (or table), engine (or subject) and
   * column; {@code at} a scale's own tables where the write-up has several sizes; its authors' own
   * {@code harness}. The file writes the keys of the setup and the naming beside the others: {@code
   * note}, {@code records}, {@code recordBytes}, {@code cores}, {@code threads}, {@code device},
   * {@code versions}; {@code names}, {@code lists}, {@code tables}, {@code subjects}.
   */
  public record Published(
      Setup setup,
      Naming naming,
      Map<String, Map<String, Map<String, PublishedFigure>>> figures,
      Map<String, Published> at,
      Harness harness) {
    /** What a file that publishes nothing has. */
    static final Published NONE = new Published(Setup.UNSTATED, Naming.NONE, null, null, null);

    public Published {
      figures = figures == null ? Map.of() : new LinkedHashMap<>(figures);
      at = Ordered.copy(at);
    }

    /** The write-up's figures as the file writes them, its keys all at one level. */
    @JsonCreator
    static Published read(
        @JsonProperty("note") String note,
        @JsonProperty("records") Long records,
        @JsonProperty("recordBytes") Long recordBytes,
        @JsonProperty("cores") Integer cores,
        @JsonProperty("threads") Integer threads,
        @JsonProperty("device") String device,
        @JsonProperty("versions") Map<String, String> versions,
        @JsonProperty("names") Map<String, String> names,
        @JsonProperty("lists") Map<String, List<String>> lists,
        @JsonProperty("tables") List<String> tables,
        @JsonProperty("subjects") List<String> subjects,
        @JsonProperty("figures") Map<String, Map<String, Map<String, PublishedFigure>>> figures,
        @JsonProperty("at") Map<String, Published> at,
        @JsonProperty("harness") Harness harness) {
      return new Published(
          new Setup(note, records, recordBytes, cores, threads, device, versions),
          new Naming(names, lists, tables, subjects),
          figures,
          at,
          harness);
    }
  }

  /**
   * The setting the write-up measured in: {@code note} (hardware and versions, in words); {@code
   * records} and {@code recordBytes} of its tables' data (for the scale model and the why-lists);
   * {@code cores}, {@code threads}, {@code device}; each engine's {@code versions}. Each is null
   * where the write-up does not say.
   */
  public record Setup(
      String note,
      Long records,
      Long recordBytes,
      Integer cores,
      Integer threads,
      String device,
      Map<String, String> versions) {
    /** A write-up that states none of it. */
    static final Setup UNSTATED = new Setup("", null, null, null, null, null, Map.of());

    public Setup {
      note = note == null ? "" : note;
      versions = Ordered.copy(versions);
    }

    /** Bytes of the write-up's data, or null when it does not say. */
    public Long dataBytes() {
      return records == null || recordBytes == null ? null : records * recordBytes;
    }
  }

  /**
   * What the write-up calls things: each engine's write-up {@code names}; {@code lists} for tables
   * the write-up orders itself (for example its setups); {@code tables} and {@code subjects}: the
   * names besides phases and engines its figures are keyed by.
   */
  public record Naming(
      Map<String, String> names,
      Map<String, List<String>> lists,
      List<String> tables,
      List<String> subjects) {
    /** A write-up that names nothing of its own. */
    static final Naming NONE = new Naming(Map.of(), Map.of(), List.of(), List.of());

    public Naming {
      names = Ordered.copy(names);
      lists = Ordered.copy(lists);
      tables = tables == null ? List.of() : List.copyOf(tables);
      subjects = subjects == null ? List.of() : List.copyOf(subjects);
    }
  }

  /**
   * What the write-up's authors' own harness published at other sizes ({@code points}), for the
   * scale report and the claims beside ours at the nearest size: its {@code name}, where the
   * figures come from ({@code source}), a {@code note} on how they differ from the write-up's, and
   * per point the records loaded and each phase's speed per engine (in the unit of the phase's
   * speed).
   */
  public record Harness(String name, String source, String note, List<HarnessPoint> points) {
    public Harness {
      note = note == null ? "" : note;
      points = points == null ? List.of() : List.copyOf(points);
    }

    /** The point whose size is nearest {@code records} on a log scale, or null without points. */
    public HarnessPoint nearest(long records) {
      HarnessPoint best = null;
      for (HarnessPoint p : points) {
        if (best == null
            || Math.abs(Math.log((double) p.records() / records))
                < Math.abs(Math.log((double) best.records() / records))) {
          best = p;
        }
      }
      return best;
    }
  }

  /** One size the harness ran: {@code records} loaded, and {@code speed} by phase and engine. */
  public record HarnessPoint(long records, Map<String, Map<String, Double>> speed) {
    public HarnessPoint {
      speed = Ordered.copy(speed);
    }

    /** Engine a's speed on {@code phase} ÷ engine b's, or NaN where either is missing. */
    public double ratio(String phase, String a, String b) {
      Map<String, Double> figures = speed.getOrDefault(phase, Map.of());
      Double top = figures.get(a);
      Double bottom = figures.get(b);
      return top == null || bottom == null || bottom == 0 ? Double.NaN : top / bottom;
    }
  }

  /**
   * A published figure: a number, or a number with a trailing {@code ?} where the write-up's cells
   * ran together and more than one split was plausible.
   */
  public record PublishedFigure(double value, boolean uncertain) {
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static PublishedFigure of(Object raw) {
      if (raw instanceof Number n) {
        return new PublishedFigure(n.doubleValue(), false);
      }
      String text = String.valueOf(raw).trim();
      boolean uncertain = text.endsWith("?");
      try {
        return new PublishedFigure(
            Double.parseDouble(uncertain ? text.substring(0, text.length() - 1) : text), uncertain);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "'" + text + "' is not a figure; use a number, with a trailing ? if uncertain", e);
      }
    }

    @JsonValue
    public Object json() {
      return uncertain ? value + "?" : value;
    }
  }

  /** A size in bytes, written {@code 256m}, {@code 1g} or a number of bytes. */
  public record Size(long bytes) {
    public static Size of(long bytes) {
      return new Size(bytes);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static Size parse(Object raw) {
      long bytes = raw instanceof Number n ? n.longValue() : Sizes.parse(String.valueOf(raw));
      if (bytes < 0) {
        throw new IllegalArgumentException(
            "'" + raw + "' is not a size; use a number with an optional k, m, g or t suffix");
      }
      return new Size(bytes);
    }

    @JsonValue
    public String text() {
      return Sizes.format(bytes);
    }
  }

  /**
   * The file's keywords: an enum constant in lower case, with {@code -} for {@code _}; {@link
   * #module} reads every enum of the file so.
   */
  static final class Keyword {
    private Keyword() {}

    /** Jackson reads every enum as a keyword; a word that is none names the ones there are. */
    static Module module() {
      return new SimpleModule("keywords")
          .setDeserializerModifier(
              new BeanDeserializerModifier() {
                @Override
                public JsonDeserializer<?> modifyEnumDeserializer(
                    DeserializationConfig config,
                    JavaType type,
                    BeanDescription description,
                    JsonDeserializer<?> deserializer) {
                  return new KeywordDeserializer(type.getRawClass());
                }
              });
    }

    /** An enum read by {@link Keyword#parse}. */
    private static final class KeywordDeserializer extends StdScalarDeserializer<Enum<?>> {
      private static final long serialVersionUID = 1L;

      KeywordDeserializer(Class<?> type) {
        super(type);
      }

      @Override
      @SuppressWarnings({"unchecked", "rawtypes"})
      public Enum<?> deserialize(JsonParser parser, DeserializationContext context)
          throws IOException {
        try {
          return parse((Class) handledType(), parser.getValueAsString(""));
        } catch (IllegalArgumentException e) {
          throw JsonMappingException.from(parser, e.getMessage(), e);
        }
      }
    }

    static <E extends Enum<E>> E parse(Class<E> type, String text) {
      String name = text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
      for (E constant : type.getEnumConstants()) {
        if (constant.name().equals(name)) {
          return constant;
        }
      }
      throw new IllegalArgumentException(
          "'"
              + text
              + "' is not one of "
              + String.join(
                  ", ",
                  java.util.Arrays.stream(type.getEnumConstants()).map(Keyword::word).toList()));
    }

    static String word(Enum<?> constant) {
      return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }
}
