package io.github.ycsbembedded.experiments.model;

import io.github.ycsbembedded.experiments.model.Description.Figure;
import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.Description.Published;
import io.github.ycsbembedded.experiments.model.Description.Scale;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * A published experiment: its file {@code experiments/<name>.yaml} read into a {@link Description}
 * ({@link ExperimentFile}), checked (every engine, phase, scale and data set a part of it names
 * exists, every workload file is there), and the sizes derived from it: bytes of data at a scale,
 * of a record, of an update, a batch. A user adds an experiment by writing one file; see {@code
 * experiments/README.md}.
 */
public final class Experiment {
  /** The suffix of experiment files. */
  public static final String SUFFIX = ".yaml";

  private final String name;
  private final Path home;
  private final Description file;
  private final Properties firstWorkload;

  private Experiment(String name, Path home, Description file, Properties firstWorkload) {
    this.name = name;
    this.home = home;
    this.file = file;
    this.firstWorkload = firstWorkload;
  }

  /**
   * Reads and checks {@code <dir>/<name>.yaml}; workload files are found from {@code dir}'s parent.
   */
  public static Experiment load(Path dir, String name) throws ExperimentException {
    Path path = dir.resolve(name + SUFFIX);
    if (!Files.isRegularFile(path)) {
      throw new ExperimentException(
          "unknown experiment '" + name + "'; known experiments: " + String.join(", ", names(dir)));
    }
    Path home = dir.toAbsolutePath().getParent();
    Description file = ExperimentFile.read(path);
    ExperimentChecks.check(name + SUFFIX, file, home);
    Properties first = workload(home, file.phases().get(0).workload());
    return new Experiment(name, home, file, first);
  }

  static Properties workload(Path home, String workload) throws ExperimentException {
    Properties properties = new Properties();
    try (Reader in = Files.newBufferedReader(home.resolve(workload), StandardCharsets.UTF_8)) {
      properties.load(in);
    } catch (IOException e) {
      throw new ExperimentException(
          "cannot read " + home.resolve(workload) + ": " + e.getMessage(), e);
    }
    return properties;
  }

  /** The experiments in {@code dir}, by name. */
  public static List<String> names(Path dir) {
    List<String> names = new ArrayList<>();
    try (var files = Files.list(dir)) {
      files
          .map(p -> p.getFileName().toString())
          .filter(f -> f.endsWith(SUFFIX))
          .map(f -> f.substring(0, f.length() - SUFFIX.length()))
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

  /** The tree the workload files are found in. */
  public Path home() {
    return home;
  }

  public Description description() {
    return file;
  }

  public String title() {
    return file.title();
  }

  public String source() {
    return file.source() == null ? "" : file.source();
  }

  public List<String> engines() {
    return file.engines();
  }

  /** The engine ratios are taken against, in the report. */
  public String reference() {
    return file.reference() == null ? file.engines().get(0) : file.reference();
  }

  public int threads() {
    return file.threads();
  }

  public List<Phase> phases() {
    return file.phases();
  }

  /** A phase by id, or null. */
  public Phase phase(String id) {
    return file.phases().stream().filter(p -> p.id().equals(id)).findFirst().orElse(null);
  }

  public List<Scale> scales() {
    return file.scales();
  }

  public Scale scale(String scale) throws ExperimentException {
    for (Scale s : file.scales()) {
      if (s.name().equals(scale)) {
        return s;
      }
    }
    throw new ExperimentException(
        "experiment "
            + name
            + " has no scale '"
            + scale
            + "'; its scales: "
            + String.join(", ", file.scales().stream().map(Scale::name).toList()));
  }

  /** The write-up's memory regime, or null when the file declares none. */
  public Description.Regime regime() {
    return file.regime();
  }

  /** Whether the regime applies at {@code scale} (it does from its {@code from} scale on). */
  public boolean regimeAppliesAt(Scale scale) {
    if (file.regime() == null) {
      return false;
    }
    List<String> order = file.scales().stream().map(Scale::name).toList();
    return order.indexOf(scale.name()) >= order.indexOf(file.regime().from());
  }

  /** The engine, phase, data set or operation the write-up's class calls {@code role}. */
  public String role(String role) {
    String value = file.writeup().roles().get(role);
    if (value == null) {
      throw new IllegalStateException(name + ": the write-up's role '" + role + "' is not given");
    }
    return value;
  }

  public List<Description.Difference> differences() {
    return file.differences();
  }

  /** Each phase JVM's -Xmx. */
  public long heapBytes() {
    return file.jvm().heap().bytes();
  }

  /** What a phase JVM needs besides its heap: code, metadata, threads. */
  public long jvmOverheadBytes() {
    return file.jvm().overhead().bytes();
  }

  /** Bytes of user data at a scale: records × bytes of a record. */
  public long dataSize(Scale scale) {
    return scale.records() * recordBytes();
  }

  /**
   * Bytes of one record: the file's {@code record.bytes}, else fields × field length from its
   * {@code ycsb} properties or else the first phase's workload file (YCSB's defaults 10 × 100).
   */
  public long recordBytes() {
    if (file.record() != null && file.record().bytes() != null) {
      return file.record().bytes();
    }
    return fieldCount() * fieldLength();
  }

  /**
   * Bytes an update writes: the whole record with writeallfields (or a record of its own), else one
   * field.
   */
  public long updateBytes() {
    String writeAll =
        file.ycsb()
            .getOrDefault("writeallfields", firstWorkload.getProperty("writeallfields", "false"));
    boolean ownRecord = file.record() != null && file.record().bytes() != null;
    return Boolean.parseBoolean(writeAll.trim()) || ownRecord ? recordBytes() : fieldLength();
  }

  private long fieldCount() {
    return Long.parseLong(
        file.ycsb()
            .getOrDefault("fieldcount", firstWorkload.getProperty("fieldcount", "10"))
            .trim());
  }

  private long fieldLength() {
    return Long.parseLong(
        file.ycsb()
            .getOrDefault("fieldlength", firstWorkload.getProperty("fieldlength", "100"))
            .trim());
  }

  /**
   * A keys-per-second phase's batch size: its properties', else its workload file's (default 256).
   */
  public int batchSize(Phase phase) throws ExperimentException {
    String size = phase.properties().get("batchsize");
    if (size == null) {
      size = workload(home, phase.workload()).getProperty("batchsize", "256");
    }
    return Integer.parseInt(size.trim());
  }

  /**
   * The published tables for {@code scale}: its own where the write-up has a table at that size.
   */
  public Published publishedAt(String scale) {
    Published own = file.published().at().get(scale);
    return own == null ? file.published() : own;
  }

  /** A published figure for a scale, phase (or table), engine (or subject) and column; or null. */
  public Figure published(String scale, String phase, String engine, String column) {
    Figure figure = figure(file.published().at().get(scale), phase, engine, column);
    return figure != null ? figure : figure(file.published(), phase, engine, column);
  }

  private static Figure figure(Published published, String phase, String engine, String column) {
    if (published == null) {
      return null;
    }
    return published
        .figures()
        .getOrDefault(phase, Map.of())
        .getOrDefault(engine, Map.of())
        .get(column);
  }

  /** Bytes of the data the write-up's tables for {@code scale} were measured on, or null. */
  public Long publishedDataBytes(String scale) {
    Published own = file.published().at().get(scale);
    Long bytes = own == null ? null : own.dataBytes();
    return bytes != null ? bytes : file.published().dataBytes();
  }

  /**
   * The write-up's name for an engine (e.g. HyperLevelDB for leveldb), else the engine's own name
   * (RocksDB for rocksdb), else the name as given.
   */
  public String publishedName(String engine) {
    String name = file.published().names().get(engine);
    if (name != null) {
      return name;
    }
    return io.github.ycsbembedded.core.Engines.named(engine)
        .map(io.github.ycsbembedded.core.EngineDescriptor::displayName)
        .orElse(engine);
  }

  /** The engine version the write-up measured, or null when it names none. */
  public String publishedVersion(String engine) {
    return file.published().versions().get(engine);
  }

  /** A list the report walks in the write-up's order (for example its setups); may be empty. */
  public List<String> publishedList(String list) {
    return file.published().lists().getOrDefault(list, List.of());
  }

  public String publishedNote() {
    return file.published().note();
  }

  /** The data sets the phases use, in order ({@code ""}: the engine's folder itself). */
  public Set<String> datasets() {
    Set<String> datasets = new LinkedHashSet<>();
    file.phases().forEach(p -> datasets.add(p.dataset()));
    return datasets;
  }

  @Override
  public String toString() {
    return name + " " + engines() + " " + phases().size() + " phases";
  }
}
