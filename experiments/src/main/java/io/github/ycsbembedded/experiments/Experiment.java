package io.github.ycsbembedded.experiments;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A published experiment, read from a declarative file {@code experiments/<name>.properties}: its
 * engines, phases (each a YCSB load or run with a workload file of {@code workloads/}), scales
 * (sizes, run-phase durations, warm-up, repetitions), the write-up's memory regime, the properties
 * every phase and every engine gets, and the write-up's published figures. A user adds an
 * experiment by copying a file; see {@code experiments/README.md} for the keys.
 *
 * <p>Values may use variables: {@code ${recordcount}}, {@code ${operationcount}} and any other
 * {@code scale.<name>.<variable>}, plus {@code ${datasize}} (bytes of data), {@code ${cache}}
 * (datasize × cache.fraction, at least 1 MiB), {@code ${mapsize}} (2 × datasize + 64 MiB), {@code
 * ${memory}} (the regime's memory for the engines' caches and page cache) and {@code ${threads}}; a
 * variable may be divided or multiplied by a number: {@code ${memory/4}}.
 */
public final class Experiment {
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([a-z_.]+)(?:([*/])([0-9.]+))?}");

  /**
   * One phase: a YCSB load or run of a workload file, on the engine's data set {@code dataset} (a
   * subfolder; empty for the engine's folder itself), with its own thread count when {@code
   * threads} is not null. {@code accepted} are answers besides OK that are not failures, as {@code
   * OPERATION:STATUS}. A run phase is bound by the scale's duration unless {@code countBound} (its
   * operations shape the data later phases read, e.g. new likes).
   */
  public record Phase(
      String id,
      String label,
      String command,
      String workload,
      boolean keysAreSpeed,
      Map<String, String> properties,
      String dataset,
      Integer threads,
      Set<String> accepted,
      boolean countBound) {
    public boolean isLoad() {
      return command.equals("load");
    }
  }

  /**
   * One scale: its variables (recordcount, operationcount, ...), an estimate, and how run phases
   * run at it: for {@code durationSeconds} each (null: to their operation count), the first {@code
   * warmupSeconds} left out of every figure, {@code repeat} times.
   */
  public record Scale(
      String name,
      Map<String, String> variables,
      String estimate,
      Integer durationSeconds,
      double warmupSeconds,
      int repeat) {
    public long recordCount() {
      return Long.parseLong(variables.get("recordcount"));
    }
  }

  /**
   * The write-up's memory regime: the engines' caches and the page cache get {@code memoryFraction}
   * × the data, from scale {@code from} on; {@code engineSettings} (per engine, property → value)
   * are what the regime needs of the engines (caches sized to it, LMDB without read-ahead); {@code
   * pageCache} (per engine, a value that may use {@code ${memory}}) is the part of the share the
   * page cache is held to, the rest being the engine's own caches ({@code ${memory}} where not
   * declared: an engine without caches of its own, such as LMDB).
   */
  public record Regime(
      String description,
      double memoryFraction,
      String from,
      Map<String, Map<String, String>> engineSettings,
      Map<String, String> pageCache) {}

  private final String name;
  private final Properties file;
  private final Properties firstWorkload;
  private final Path home;
  private final List<String> engines;
  private final List<Phase> phases;
  private final Map<String, Scale> scales;
  private final Regime regime;

  private Experiment(String name, Properties file, Path home) throws ExperimentException {
    this.name = name;
    this.file = file;
    this.home = home;
    this.engines = list("engines");
    this.phases = new ArrayList<>();
    for (String id : list("phases")) {
      String prefix = "phase." + id + ".";
      String command = get(prefix + "command", "run");
      if (!command.equals("load") && !command.equals("run")) {
        throw new ExperimentException(
            name + ": " + prefix + "command: '" + command + "'; use load or run");
      }
      String threads = get(prefix + "threads", null);
      Set<String> accepted = new LinkedHashSet<>();
      for (String answer : get(prefix + "accept", "").split(",", -1)) {
        if (answer.isBlank()) {
          continue;
        }
        accepted.add(answer.trim());
        if (!answer.trim().matches("[A-Z0-9_]+:[A-Z_]+")) {
          throw new ExperimentException(
              name
                  + ": "
                  + prefix
                  + "accept: '"
                  + answer
                  + "'; use OPERATION:STATUS, e.g. READ:NOT_FOUND");
        }
      }
      String bound = get(prefix + "bound", "time");
      if (!bound.equals("time") && !bound.equals("count")) {
        throw new ExperimentException(
            name
                + ": "
                + prefix
                + "bound: '"
                + bound
                + "'; use time (the scale's duration)"
                + " or count (the phase's operation count)");
      }
      phases.add(
          new Phase(
              id,
              get(prefix + "label", id),
              command,
              required(prefix + "workload"),
              "keys".equals(get(prefix + "speed", "ops")),
              withPrefix(prefix + "ycsb."),
              get(prefix + "dataset", ""),
              threads == null ? null : Integer.valueOf(threads),
              accepted,
              bound.equals("count")));
    }
    this.scales = new LinkedHashMap<>();
    for (String scale : list("scales")) {
      Map<String, String> variables = withPrefix("scale." + scale + ".");
      if (!variables.containsKey("recordcount") || !variables.containsKey("operationcount")) {
        throw new ExperimentException(
            name + ": scale." + scale + " needs recordcount and operationcount");
      }
      String estimate = variables.remove("estimate");
      Integer duration = positive("scale." + scale + ".duration", variables.remove("duration"));
      String warmup = variables.remove("warmup");
      Integer repeat = positive("scale." + scale + ".repeat", variables.remove("repeat"));
      double warmupSeconds;
      try {
        warmupSeconds = warmup == null ? 0 : Double.parseDouble(warmup);
      } catch (NumberFormatException e) {
        throw new ExperimentException(
            name + ": scale." + scale + ".warmup: '" + warmup + "'; use a number of seconds");
      }
      if (duration != null && warmupSeconds >= duration) {
        throw new ExperimentException(
            name
                + ": scale."
                + scale
                + ".warmup ("
                + warmup
                + " s) leaves nothing of its "
                + duration
                + " s duration to measure");
      }
      scales.put(
          scale,
          new Scale(
              scale,
              variables,
              estimate == null ? "?" : estimate,
              duration,
              warmupSeconds,
              repeat == null ? 3 : repeat));
    }
    String recordBytes = get("record.bytes", null);
    if (recordBytes != null && !recordBytes.matches("[1-9][0-9]{0,8}")) {
      throw new ExperimentException(
          name + ": record.bytes: '" + recordBytes + "'; use a whole number of bytes from 1");
    }
    this.regime = readRegime();
    for (String size : List.of("jvm.heap", "jvm.overhead")) {
      if (get(size, null) != null && Units.parseSize(get(size, null)) <= 0) {
        throw new ExperimentException(
            name + ": " + size + ": '" + get(size, null) + "' is not a size; use e.g. 256m");
      }
    }
    this.firstWorkload = readProperties(home.resolve(phases.get(0).workload()));
  }

  private Regime readRegime() throws ExperimentException {
    String description = get("regime", null);
    if (description == null) {
      return null;
    }
    double fraction;
    try {
      fraction = Double.parseDouble(required("regime.memory_fraction"));
    } catch (NumberFormatException e) {
      throw new ExperimentException(
          name
              + ": regime.memory_fraction: '"
              + get("regime.memory_fraction", "")
              + "'; use the engines' memory as a fraction of the data, e.g. 0.05");
    }
    String from = get("regime.from", scales.keySet().iterator().next());
    if (!scales.containsKey(from)) {
      throw new ExperimentException(
          name
              + ": regime.from: '"
              + from
              + "' is not a scale; use one of "
              + String.join(", ", scales.keySet()));
    }
    Map<String, Map<String, String>> settings = new TreeMap<>();
    for (String engine : engines) {
      Map<String, String> ofEngine = withPrefix("regime.engine." + engine + ".");
      if (!ofEngine.isEmpty()) {
        settings.put(engine, ofEngine);
      }
    }
    Map<String, String> pageCache = withPrefix("regime.page_cache.");
    for (String engine : pageCache.keySet()) {
      if (!engines.contains(engine)) {
        throw new ExperimentException(
            name
                + ": regime.page_cache."
                + engine
                + ": '"
                + engine
                + "' is not one of the experiment's engines ("
                + String.join(", ", engines)
                + ")");
      }
    }
    return new Regime(description, fraction, from, settings, pageCache);
  }

  private Integer positive(String key, String value) throws ExperimentException {
    if (value == null) {
      return null;
    }
    if (!value.matches("[1-9][0-9]{0,6}")) {
      throw new ExperimentException(
          name + ": " + key + ": '" + value + "'; use a whole number from 1");
    }
    return Integer.valueOf(value);
  }

  /** Reads {@code <dir>/<name>.properties}. */
  public static Experiment load(Path dir, String name) throws ExperimentException {
    Path path = dir.resolve(name + ".properties");
    if (!Files.isRegularFile(path)) {
      throw new ExperimentException(
          "unknown experiment '" + name + "'; known experiments: " + String.join(", ", names(dir)));
    }
    return new Experiment(name, readProperties(path), dir.toAbsolutePath().getParent());
  }

  static Properties readProperties(Path path) throws ExperimentException {
    Properties properties = new Properties();
    try (Reader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      properties.load(in);
    } catch (IOException e) {
      throw new ExperimentException("cannot read " + path + ": " + e.getMessage());
    }
    return properties;
  }

  /** The experiments in {@code dir}, by name. */
  public static List<String> names(Path dir) {
    List<String> names = new ArrayList<>();
    try (var files = Files.list(dir)) {
      files
          .map(p -> p.getFileName().toString())
          .filter(f -> f.endsWith(".properties"))
          .map(f -> f.substring(0, f.length() - ".properties".length()))
          .sorted()
          .forEach(names::add);
    } catch (IOException e) {
      // no experiments folder: no names
    }
    return names;
  }

  public String name() {
    return name;
  }

  public String title() {
    return get("title", name);
  }

  /** The write-up: title, author or publisher, date and address, as the file gives them. */
  public String source() {
    return get("source", "");
  }

  /** The class that shapes this write-up's report ({@code writeup=}). */
  public String writeUp() {
    return get("writeup", "");
  }

  public List<String> engines() {
    return engines;
  }

  /** The engine ratios are taken against, in the report. */
  public String reference() {
    return get("reference", engines.get(0));
  }

  public int threads() {
    return Integer.parseInt(get("threads", "1"));
  }

  public List<Phase> phases() {
    return phases;
  }

  public Phase phase(String id) {
    return phases.stream().filter(p -> p.id().equals(id)).findFirst().orElse(null);
  }

  public Map<String, Scale> scales() {
    return scales;
  }

  public Scale scale(String scale) throws ExperimentException {
    Scale found = scales.get(scale);
    if (found == null) {
      throw new ExperimentException(
          "experiment "
              + name
              + " has no scale '"
              + scale
              + "'; its scales: "
              + String.join(", ", scales.keySet()));
    }
    return found;
  }

  /** The write-up's memory regime, or null when the file declares none. */
  public Regime regime() {
    return regime;
  }

  /**
   * The bytes of page cache the regime allows {@code engine}: {@code regime.page_cache.<engine>}
   * with {@code variables} substituted, or all of {@code ${memory}}; 0 without a regime.
   */
  public long pageCacheBytes(String engine, Map<String, String> variables)
      throws ExperimentException {
    if (regime == null) {
      return 0;
    }
    String key = "regime.page_cache." + engine;
    String value = substitute(regime.pageCache().getOrDefault(engine, "${memory}"), variables);
    long bytes = Units.parseSize(value);
    long memory = Long.parseLong(variables.get("memory"));
    if (bytes <= 0 || bytes > memory) {
      throw new ExperimentException(
          name
              + ": "
              + key
              + ": '"
              + value
              + "' is not a size between 1 and the regime's "
              + memory
              + " bytes");
    }
    return bytes;
  }

  /** Whether the regime applies at {@code scale} (it does from {@code regime.from} on). */
  public boolean regimeAppliesAt(Scale scale) {
    if (regime == null) {
      return false;
    }
    List<String> order = new ArrayList<>(scales.keySet());
    return order.indexOf(scale.name()) >= order.indexOf(regime.from());
  }

  /** Each phase JVM's -Xmx ({@code jvm.heap}, default 256m). */
  public long heapBytes() {
    return Units.parseSize(get("jvm.heap", "256m"));
  }

  /**
   * What a phase JVM needs besides its heap ({@code jvm.overhead}, default 192m): code, metadata,
   * threads.
   */
  public long jvmOverheadBytes() {
    return Units.parseSize(get("jvm.overhead", "192m"));
  }

  /**
   * Bytes of user data at a scale: records × {@code record.bytes} where the experiment gives it (a
   * workload whose records are not YCSB fields), else records × fields × field length, the field
   * sizes from the experiment's {@code ycsb.*} or else its first phase's workload file (YCSB's
   * defaults 10 × 100).
   */
  public long dataSize(Scale scale) {
    return scale.recordCount() * recordBytes();
  }

  /** Bytes of one record: {@code record.bytes}, else fields × field length. */
  public long recordBytes() {
    String recordBytes = get("record.bytes", null);
    if (recordBytes != null) {
      return Long.parseLong(recordBytes);
    }
    return fieldCount() * fieldLength();
  }

  /** Bytes an update writes: the whole record with writeallfields, else one field. */
  public long updateBytes() {
    String writeAll =
        withPrefix("ycsb.")
            .getOrDefault("writeallfields", firstWorkload.getProperty("writeallfields", "false"));
    return Boolean.parseBoolean(writeAll.trim()) || get("record.bytes", null) != null
        ? recordBytes()
        : fieldLength();
  }

  private long fieldCount() {
    return Long.parseLong(
        withPrefix("ycsb.")
            .getOrDefault("fieldcount", firstWorkload.getProperty("fieldcount", "10"))
            .trim());
  }

  private long fieldLength() {
    return Long.parseLong(
        withPrefix("ycsb.")
            .getOrDefault("fieldlength", firstWorkload.getProperty("fieldlength", "100"))
            .trim());
  }

  /**
   * A phase's batch size (keys per request) for keys-per-second phases: its properties, else its
   * workload file's.
   */
  public int batchSize(Phase phase) throws ExperimentException {
    String size = phase.properties().get("batchsize");
    if (size == null) {
      size = readProperties(home.resolve(phase.workload())).getProperty("batchsize", "256");
    }
    return Integer.parseInt(size.trim());
  }

  /**
   * The variables a value may use at a scale and thread count, with {@code engineMemory} the bytes
   * the regime gives the engines (their caches and the page cache).
   */
  public Map<String, String> variables(Scale scale, int threads, long engineMemory) {
    Map<String, String> variables = new TreeMap<>(scale.variables());
    long dataSize = dataSize(scale);
    double fraction = Double.parseDouble(get("cache.fraction", "0.05"));
    variables.put("datasize", Long.toString(dataSize));
    variables.put("cache", Long.toString(Math.max(1L << 20, (long) (dataSize * fraction))));
    variables.put("mapsize", Long.toString(2 * dataSize + (64L << 20)));
    variables.put("memory", Long.toString(engineMemory));
    variables.put("threads", Integer.toString(threads));
    return variables;
  }

  /**
   * The -p properties of a phase for an engine: the scale's counts, the common ones, the engine's,
   * the regime's for the engine when {@code regimeApplies}, then the phase's.
   */
  public Map<String, String> phaseProperties(
      Phase phase, String engine, Map<String, String> variables, boolean regimeApplies)
      throws ExperimentException {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("recordcount", variables.get("recordcount"));
    properties.put("operationcount", variables.get("operationcount"));
    List<Map<String, String>> layers =
        new ArrayList<>(List.of(withPrefix("ycsb."), withPrefix("engine." + engine + ".")));
    if (regimeApplies && regime != null) {
      layers.add(regime.engineSettings().getOrDefault(engine, Map.of()));
    }
    layers.add(phase.properties());
    for (Map<String, String> layer : layers) {
      for (Map.Entry<String, String> e : layer.entrySet()) {
        properties.put(e.getKey(), substitute(e.getValue(), variables));
      }
    }
    return properties;
  }

  /**
   * A published figure, or null: {@code published.<scale>.<phase>.<engine>[.<operation>].<column>}
   * when the write-up has a table for that scale, else {@code published.<phase>.<engine>...}.
   */
  public Double published(String scale, String phase, String engine, String column) {
    String suffix = phase + "." + engine + "." + column;
    String value =
        file.getProperty(
            "published." + scale + "." + suffix, file.getProperty("published." + suffix));
    return value == null ? null : Double.valueOf(value.trim().replace("?", ""));
  }

  /**
   * Whether a published figure is marked uncertain (a trailing {@code ?}: the write-up's cells ran
   * together and had more than one plausible split).
   */
  public boolean publishedUncertain(String scale, String phase, String engine, String column) {
    String suffix = phase + "." + engine + "." + column;
    String value =
        file.getProperty(
            "published." + scale + "." + suffix, file.getProperty("published." + suffix));
    return value != null && value.trim().endsWith("?");
  }

  /** A published figure under any key below {@code published.}, or null. */
  public Double publishedValue(String key) {
    String value = file.getProperty("published." + key);
    return value == null ? null : Double.valueOf(value.trim().replace("?", ""));
  }

  /** The write-up's name for an engine (e.g. HyperLevelDB for leveldb), or the engine itself. */
  public String publishedName(String engine) {
    return get("published.name." + engine, engine);
  }

  /**
   * A list the report walks, {@code published.<name>} comma-separated (e.g. the write-up's setups);
   * may be empty.
   */
  public List<String> publishedList(String name) {
    List<String> values = new ArrayList<>();
    for (String value : get("published." + name, "").split(",", -1)) {
      if (!value.isBlank()) {
        values.add(value.trim());
      }
    }
    return values;
  }

  public String publishedNote() {
    return get("published.note", "");
  }

  public String get(String key, String defaultValue) {
    String value = file.getProperty(key);
    return value == null || value.isBlank() ? defaultValue : value.trim();
  }

  private String required(String key) throws ExperimentException {
    String value = file.getProperty(key);
    if (value == null || value.isBlank()) {
      throw new ExperimentException(name + ": " + key + " is required");
    }
    return value.trim();
  }

  private List<String> list(String key) throws ExperimentException {
    List<String> values = new ArrayList<>();
    for (String value : required(key).split(",", -1)) {
      if (!value.isBlank()) {
        values.add(value.trim().toLowerCase(Locale.ROOT));
      }
    }
    return values;
  }

  private Map<String, String> withPrefix(String prefix) {
    Map<String, String> values = new TreeMap<>();
    for (String key : file.stringPropertyNames()) {
      if (key.startsWith(prefix) && !key.substring(prefix.length()).isEmpty()) {
        values.put(key.substring(prefix.length()), file.getProperty(key).trim());
      }
    }
    return values;
  }

  static String substitute(String value, Map<String, String> variables) throws ExperimentException {
    Matcher m = VARIABLE.matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String replacement = variables.get(m.group(1));
      if (replacement == null) {
        throw new ExperimentException(
            "unknown variable ${"
                + m.group(1)
                + "} in '"
                + value
                + "'; known: "
                + String.join(", ", new TreeMap<>(variables).keySet()));
      }
      if (m.group(2) != null) {
        double operand = Double.parseDouble(m.group(3));
        double base = Double.parseDouble(replacement);
        replacement =
            Long.toString((long) (m.group(2).equals("*") ? base * operand : base / operand));
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** A bad experiment file or choice; the message is for the user. */
  public static final class ExperimentException extends Exception {
    private static final long serialVersionUID = 1L;

    public ExperimentException(String message) {
      super(message);
    }
  }

  @Override
  public String toString() {
    return name + " " + Arrays.asList(engines) + " " + phases.size() + " phases";
  }
}
