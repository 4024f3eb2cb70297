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
 * engines, phases (each a YCSB load or run with a workload file of {@code workloads/}), scales,
 * the properties every phase and every engine gets, and the write-up's published figures. A user
 * adds an experiment by copying a file; see {@code experiments/README.md} for the keys.
 *
 * <p>Values may use variables: {@code ${recordcount}}, {@code ${operationcount}} and any other
 * {@code scale.<name>.<variable>}, plus {@code ${datasize}} (recordcount × record.bytes, or
 * recordcount × fieldcount × fieldlength, bytes), {@code ${cache}} (datasize × cache.fraction, at least 1 MiB),
 * {@code ${mapsize}} (2 × datasize + 64 MiB) and {@code ${threads}}.
 */
public final class Experiment {
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([a-z_.]+)}");

  /**
   * One phase: a YCSB load or run of a workload file, on the engine's data set {@code dataset} (a
   * subfolder; empty for the engine's folder itself), with its own thread count when
   * {@code threads} is not null. {@code accepted} are answers besides OK that are not failures, as
   * {@code OPERATION:STATUS}.
   */
  public record Phase(String id, String label, String command, String workload, boolean keysAreSpeed,
      Map<String, String> properties, String dataset, Integer threads, Set<String> accepted) {}

  /** One scale: its variables (recordcount, operationcount, ...), a description and an estimate. */
  public record Scale(String name, Map<String, String> variables, String estimate) {
    public long recordCount() {
      return Long.parseLong(variables.get("recordcount"));
    }
  }

  private final String name;
  private final Properties file;
  private final Properties firstWorkload;
  private final List<String> engines;
  private final List<Phase> phases;
  private final Map<String, Scale> scales;

  private Experiment(String name, Properties file, Path home) throws ExperimentException {
    this.name = name;
    this.file = file;
    this.engines = list("engines");
    this.phases = new ArrayList<>();
    for (String id : list("phases")) {
      String prefix = "phase." + id + ".";
      String command = get(prefix + "command", "run");
      if (!command.equals("load") && !command.equals("run")) {
        throw new ExperimentException(name + ": " + prefix + "command: '" + command + "'; use load or run");
      }
      String threads = get(prefix + "threads", null);
      Set<String> accepted = new LinkedHashSet<>();
      for (String answer : get(prefix + "accept", "").split(",")) {
        if (answer.isBlank()) {
          continue;
        }
        accepted.add(answer.trim());
        if (!answer.trim().matches("[A-Z0-9_]+:[A-Z_]+")) {
          throw new ExperimentException(name + ": " + prefix + "accept: '" + answer
              + "'; use OPERATION:STATUS, e.g. READ:NOT_FOUND");
        }
      }
      phases.add(new Phase(id, get(prefix + "label", id), command, required(prefix + "workload"),
          "keys".equals(get(prefix + "speed", "ops")), withPrefix(prefix + "ycsb."), get(prefix + "dataset", ""),
          threads == null ? null : Integer.valueOf(threads), accepted));
    }
    this.scales = new LinkedHashMap<>();
    for (String scale : list("scales")) {
      Map<String, String> variables = withPrefix("scale." + scale + ".");
      if (!variables.containsKey("recordcount") || !variables.containsKey("operationcount")) {
        throw new ExperimentException(name + ": scale." + scale + " needs recordcount and operationcount");
      }
      String estimate = variables.remove("estimate");
      scales.put(scale, new Scale(scale, variables, estimate == null ? "?" : estimate));
    }
    String recordBytes = get("record.bytes", null);
    if (recordBytes != null && !recordBytes.matches("[1-9][0-9]{0,8}")) {
      throw new ExperimentException(name + ": record.bytes: '" + recordBytes + "'; use a whole number of bytes from 1");
    }
    if (!REPORT_SHAPES.contains(reportShape())) {
      throw new ExperimentException(name + ": report: '" + reportShape() + "'; use one of " + String.join(", ", REPORT_SHAPES));
    }
    List<String> ids = phases.stream().map(Phase::id).toList();
    List<String> missing = SHAPE_PHASES.getOrDefault(reportShape(), List.of()).stream()
        .filter(id -> !ids.contains(id)).toList();
    if (!missing.isEmpty()) {
      throw new ExperimentException(name + ": report " + reportShape() + " reads the phases "
          + String.join(", ", SHAPE_PHASES.get(reportShape())) + "; missing: " + String.join(", ", missing));
    }
    this.firstWorkload = readProperties(home.resolve(phases.get(0).workload()));
  }

  /** Reads {@code <dir>/<name>.properties}. */
  public static Experiment load(Path dir, String name) throws ExperimentException {
    Path path = dir.resolve(name + ".properties");
    if (!Files.isRegularFile(path)) {
      throw new ExperimentException("unknown experiment '" + name + "'; known experiments: "
          + String.join(", ", names(dir)));
    }
    return new Experiment(name, readProperties(path), dir.toAbsolutePath().getParent());
  }

  private static Properties readProperties(Path path) throws ExperimentException {
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
      files.map(p -> p.getFileName().toString())
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

  public String source() {
    return get("source", "");
  }

  /** The report shapes: see {@code experiments/README.md}. */
  static final List<String> REPORT_SHAPES = List.of("unum", "hyperdex", "harperdb", "likes", "digg");
  /** The phases a report shape reads by id. */
  private static final Map<String, List<String>> SHAPE_PHASES = Map.of(
      "likes", List.of("load", "like", "posts-of-user", "users-of-post", "like-exists"),
      "digg", List.of("n-load", "n-digg", "f-load", "f-digg"));

  /** How the report shapes its tables: one of {@link #REPORT_SHAPES}. */
  public String reportShape() {
    return get("report", "unum");
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

  public Map<String, Scale> scales() {
    return scales;
  }

  public Scale scale(String scale) throws ExperimentException {
    Scale found = scales.get(scale);
    if (found == null) {
      throw new ExperimentException("experiment " + name + " has no scale '" + scale + "'; its scales: "
          + String.join(", ", scales.keySet()));
    }
    return found;
  }

  /**
   * Bytes of user data at a scale: records × {@code record.bytes} where the experiment gives it (a
   * workload whose records are not YCSB fields), else records × fields × field length, the field
   * sizes from the experiment's {@code ycsb.*} or else its first phase's workload file (YCSB's
   * defaults 10 × 100).
   */
  public long dataSize(Scale scale) {
    String recordBytes = get("record.bytes", null);
    if (recordBytes != null) {
      return scale.recordCount() * Long.parseLong(recordBytes);
    }
    Map<String, String> common = withPrefix("ycsb.");
    long fields = Long.parseLong(common.getOrDefault("fieldcount", firstWorkload.getProperty("fieldcount", "10").trim()));
    long length = Long.parseLong(common.getOrDefault("fieldlength", firstWorkload.getProperty("fieldlength", "100").trim()));
    return scale.recordCount() * fields * length;
  }

  /** The variables a value may use at a scale and thread count. */
  public Map<String, String> variables(Scale scale, int threads) {
    Map<String, String> variables = new TreeMap<>(scale.variables());
    long dataSize = dataSize(scale);
    double fraction = Double.parseDouble(get("cache.fraction", "0.05"));
    variables.put("datasize", Long.toString(dataSize));
    variables.put("cache", Long.toString(Math.max(1L << 20, (long) (dataSize * fraction))));
    variables.put("mapsize", Long.toString(2 * dataSize + (64L << 20)));
    variables.put("threads", Integer.toString(threads));
    return variables;
  }

  /** The -p properties of a phase for an engine: common, then the engine's, then the phase's. */
  public Map<String, String> phaseProperties(Phase phase, String engine, Map<String, String> variables)
      throws ExperimentException {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("recordcount", variables.get("recordcount"));
    properties.put("operationcount", variables.get("operationcount"));
    for (Map<String, String> layer : List.of(withPrefix("ycsb."), withPrefix("engine." + engine + "."),
        phase.properties())) {
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
    String value = file.getProperty("published." + scale + "." + suffix, file.getProperty("published." + suffix));
    return value == null ? null : Double.valueOf(value.trim());
  }

  /** The write-up's name for an engine (e.g. HyperLevelDB for leveldb), or the engine itself. */
  public String publishedName(String engine) {
    return get("published.name." + engine, engine);
  }

  /** A list the report walks, {@code published.<name>} comma-separated (e.g. the write-up's setups); may be empty. */
  public List<String> publishedList(String name) {
    List<String> values = new ArrayList<>();
    for (String value : get("published." + name, "").split(",")) {
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
    for (String value : required(key).split(",")) {
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
        throw new ExperimentException("unknown variable ${" + m.group(1) + "} in '" + value
            + "'; known: " + String.join(", ", new TreeMap<>(variables).keySet()));
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
