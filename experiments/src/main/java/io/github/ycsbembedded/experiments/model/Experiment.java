package io.github.ycsbembedded.experiments.model;

import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.Description.Published;
import io.github.ycsbembedded.experiments.model.Description.PublishedFigure;
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
 * An experiment: its file read into a {@link Description} ({@link ExperimentFile}), checked (every
 * engine, phase, scale and data set a part of it names exists, every workload file is there), and
 * the sizes derived from it: bytes of data at a scale, of a record, of an update, a batch. The
 * shipped ones are {@code experiments/<name>.yaml}; a user's own can be any file ({@link
 * #load(Path, Path)}), and finds its workload files next to it, then in the project's {@code
 * workloads/}. See {@code experiments/README.md}.
 */
public final class Experiment {
  /** The suffix of experiment files. */
  public static final String SUFFIX = ".yaml";

  private final String name;
  private final Path file;
  private final Path home;
  private final Description description;
  private final Properties firstWorkload;

  private Experiment(
      String name, Path file, Path home, Description description, Properties firstWorkload) {
    this.name = name;
    this.file = file;
    this.home = home;
    this.description = description;
    this.firstWorkload = firstWorkload;
  }

  /**
   * Reads and checks {@code <dir>/<name>.yaml}, a shipped experiment; workload files are found from
   * {@code dir}'s parent, the project.
   */
  public static Experiment load(Path dir, String name) throws ExperimentException {
    Path path = dir.resolve(name + SUFFIX);
    if (!Files.isRegularFile(path)) {
      throw new ExperimentException(
          "unknown experiment '"
              + name
              + "'; known experiments: "
              + String.join(", ", names(dir))
              + " (or give an experiment file's path)");
    }
    return load(path, dir.toAbsolutePath().getParent());
  }

  /**
   * The experiment a results folder ran: the copy of its file it kept ({@code file}, relative to
   * {@code folder}; may be null), else the shipped experiment {@code name} of {@code home}.
   */
  public static Experiment ofResults(Path folder, String file, String name, Path home)
      throws ExperimentException {
    return file != null && Files.isRegularFile(folder.resolve(file))
        ? load(folder.resolve(file), home)
        : load(home.resolve("experiments"), name);
  }

  /**
   * Reads and checks the experiment file {@code file}, anywhere; its workload files are found next
   * to it, then under {@code home} (the project: {@code workloads/<name>}, or a path from it).
   */
  public static Experiment load(Path file, Path home) throws ExperimentException {
    if (Files.isDirectory(file)) {
      throw new ExperimentException(file + " is a folder, not an experiment file");
    }
    if (!Files.exists(file)) {
      throw new ExperimentException(file + ": no such experiment file");
    }
    if (!Files.isRegularFile(file)) {
      throw new ExperimentException(file + " is not a regular file");
    }
    Path absolute = file.toAbsolutePath().normalize();
    String fileName = absolute.getFileName().toString();
    String name =
        fileName.endsWith(SUFFIX)
            ? fileName.substring(0, fileName.length() - SUFFIX.length())
            : fileName;
    Description description = ExperimentFile.read(absolute);
    Path homeDir = home.toAbsolutePath().normalize();
    WorkloadFiles workloads = new WorkloadFiles(absolute.getParent(), homeDir);
    ExperimentChecks.check(fileName, description, workloads);
    Properties first = workload(workloads.find(description.phases().get(0).workload()));
    return new Experiment(name, absolute, homeDir, description, first);
  }

  /** This experiment with a variant's changes made (checked with the file). */
  public Experiment with(Variation.VariantSpec variant) {
    return new Experiment(name, file, home, description.with(variant), firstWorkload);
  }

  static Properties workload(Path path) throws ExperimentException {
    Properties properties = new Properties();
    try (Reader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      properties.load(in);
    } catch (IOException e) {
      throw new ExperimentException("cannot read " + path + ": " + e.getMessage(), e);
    }
    return properties;
  }

  /** Where a file's workload files are: next to it, then the project's. */
  record WorkloadFiles(Path fileDir, Path home) {
    /** The workload file {@code workload} names, or null when there is none. */
    Path findOrNull(String workload) {
      for (Path candidate :
          List.of(
              fileDir.resolve(workload),
              home.resolve("workloads").resolve(workload),
              home.resolve(workload))) {
        if (Files.isRegularFile(candidate)) {
          return candidate.normalize();
        }
      }
      return null;
    }

    Path find(String workload) throws ExperimentException {
      Path found = findOrNull(workload);
      if (found == null) {
        throw new ExperimentException("workload file " + workload + " not found");
      }
      return found;
    }
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

  /** The experiment file, as read. */
  public Path file() {
    return file;
  }

  /** The file's name, as messages about it name it. */
  public String fileName() {
    return file.getFileName().toString();
  }

  /** Whether the file names a write-up class (a shipped write-up) or is one of its own. */
  public boolean hasWriteUp() {
    return description.origin().writeup() != null;
  }

  /** The workload file of {@code phase}, found as the file's checks found it (null: none). */
  public Path workloadFile(Description.Phase phase) {
    return new WorkloadFiles(file.getParent(), home).findOrNull(phase.workload());
  }

  /**
   * The workload file of {@code phase}, as a phase's command gives it: relative to the project when
   * it is in it, else absolute.
   */
  public String workloadPath(Description.Phase phase) {
    Path found = workloadFile(phase);
    if (found == null) {
      return phase.workload();
    }
    return found.startsWith(home) ? home.relativize(found).toString() : found.toString();
  }

  public String name() {
    return name;
  }

  /** The project the runner belongs to. */
  public Path home() {
    return home;
  }

  public Description description() {
    return description;
  }

  public String title() {
    return description.title();
  }

  public String source() {
    return description.origin().source() == null ? "" : description.origin().source();
  }

  public List<String> engines() {
    return description.engines();
  }

  /** The engine ratios are taken against, in the report. */
  public String reference() {
    return description.reference() == null ? description.engines().get(0) : description.reference();
  }

  public int threads() {
    return description.threads();
  }

  public List<Phase> phases() {
    return description.phases();
  }

  /** A phase by id, or null. */
  public Phase phase(String id) {
    return description.phases().stream().filter(p -> p.id().equals(id)).findFirst().orElse(null);
  }

  public List<Scale> scales() {
    return description.scales();
  }

  public Scale scale(String scale) throws ExperimentException {
    for (Scale s : description.scales()) {
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
            + String.join(", ", description.scales().stream().map(Scale::name).toList()));
  }

  /** The write-up's memory regime, or null when the file declares none. */
  public Description.Regime regime() {
    return description.origin().regime();
  }

  /** Whether the regime applies at {@code scale} (it does from its {@code from} scale on). */
  public boolean regimeAppliesAt(Scale scale) {
    if (description.origin().regime() == null) {
      return false;
    }
    if (description.origin().regime().from() == null) {
      return true;
    }
    List<String> order = description.scales().stream().map(Scale::name).toList();
    return order.indexOf(scale.name()) >= order.indexOf(description.origin().regime().from());
  }

  /** The engine, phase, data set or operation the write-up's class calls {@code role}. */
  public String role(String role) {
    String value =
        description.origin().writeup() == null
            ? null
            : description.origin().writeup().roles().get(role);
    if (value == null) {
      throw new IllegalStateException(name + ": the write-up's role '" + role + "' is not given");
    }
    return value;
  }

  public List<Description.Difference> differences() {
    return description.origin().differences();
  }

  /** Each phase JVM's -Xmx. */
  public long heapBytes() {
    return description.jvm().heap().bytes();
  }

  /**
   * The {@code -Xmx} of {@code engine}'s phases: the file's heap, and where the engine's cache
   * lives in the JVM's heap ({@link #cacheInHeap}), that cache on top of it, rounded up to a whole
   * MiB. Under a memory limit the cache is part of the engines' memory, so the cgroup stays the
   * JVM's allowance plus the engines' memory: the heap holds the engine's cache, the page cache the
   * engine's share beside it.
   *
   * @param cacheBytes the engine's {@code <engine>.cache_size} as the run sets it, or null
   */
  public long heapBytes(String engine, Long cacheBytes) {
    if (!cacheInHeap(engine) || cacheBytes == null) {
      return heapBytes();
    }
    long mib = 1L << 20;
    return heapBytes() + (cacheBytes + mib - 1) / mib * mib;
  }

  /**
   * Whether {@code engine}'s cache lives in the JVM's heap (MVStore, Berkeley DB JE), as its
   * descriptor says, rather than in native memory or the OS page cache.
   */
  public static boolean cacheInHeap(String engine) {
    return io.github.ycsbembedded.core.Engines.named(engine)
        .map(io.github.ycsbembedded.core.EngineDescriptor::cacheInHeap)
        .orElse(false);
  }

  /** What a phase JVM needs besides its heap: code, metadata, threads. */
  public long jvmOverheadBytes() {
    return description.jvm().overhead().bytes();
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
    if (description.record() != null && description.record().bytes() != null) {
      return description.record().bytes();
    }
    return fieldCount() * fieldLength();
  }

  /**
   * Bytes an update writes: the whole record with writeallfields (or a record of its own), else one
   * field.
   */
  public long updateBytes() {
    boolean ownRecord = description.record() != null && description.record().bytes() != null;
    return Boolean.parseBoolean(ycsb("writeallfields", "false")) || ownRecord
        ? recordBytes()
        : fieldLength();
  }

  private long fieldCount() {
    return Long.parseLong(ycsb("fieldcount", "10"));
  }

  private long fieldLength() {
    return Long.parseLong(ycsb("fieldlength", "100"));
  }

  /**
   * A YCSB property as the phases get it unless they set their own: the file's {@code ycsb}, else
   * the first phase's workload file, else YCSB's default; trimmed.
   */
  private String ycsb(String name, String byDefault) {
    return description.ycsb().getOrDefault(name, firstWorkload.getProperty(name, byDefault)).trim();
  }

  /**
   * A keys-per-second phase's batch size: its properties', else its workload file's (default 256).
   */
  public int batchSize(Phase phase) throws ExperimentException {
    String size = phase.properties().get("batchsize");
    if (size == null) {
      size =
          workload(new WorkloadFiles(file.getParent(), home).find(phase.workload()))
              .getProperty("batchsize", "256");
    }
    return Integer.parseInt(size.trim());
  }

  /**
   * The published tables for {@code scale}: its own where the write-up has a table at that size.
   */
  public Published publishedAt(String scale) {
    Published own = description.origin().published().at().get(scale);
    return own == null ? description.origin().published() : own;
  }

  /** A published figure for a scale, phase (or table), engine (or subject) and column; or null. */
  public PublishedFigure published(String scale, String phase, String engine, String column) {
    PublishedFigure figure =
        figure(description.origin().published().at().get(scale), phase, engine, column);
    return figure != null
        ? figure
        : figure(description.origin().published(), phase, engine, column);
  }

  private static PublishedFigure figure(
      Published published, String phase, String engine, String column) {
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
    Published own = description.origin().published().at().get(scale);
    Long bytes = own == null ? null : own.setup().dataBytes();
    return bytes != null ? bytes : description.origin().published().setup().dataBytes();
  }

  /**
   * The write-up's name for an engine (e.g. HyperLevelDB for leveldb), else the engine's own name
   * (RocksDB for rocksdb), else the name as given.
   */
  public String publishedName(String engine) {
    String name = description.origin().published().naming().names().get(engine);
    if (name != null) {
      return name;
    }
    return io.github.ycsbembedded.core.Engines.named(engine)
        .map(io.github.ycsbembedded.core.EngineDescriptor::displayName)
        .orElse(engine);
  }

  /** The engine version the write-up measured, or null when it names none. */
  public String publishedVersion(String engine) {
    return description.origin().published().setup().versions().get(engine);
  }

  /** A list the report walks in the write-up's order (for example its setups); may be empty. */
  public List<String> publishedList(String list) {
    return description.origin().published().naming().lists().getOrDefault(list, List.of());
  }

  public String publishedNote() {
    return description.origin().published().setup().note();
  }

  /** The data sets the phases use, in order ({@code ""}: the engine's folder itself). */
  public Set<String> datasets() {
    Set<String> datasets = new LinkedHashSet<>();
    description.phases().forEach(p -> datasets.add(p.dataset()));
    return datasets;
  }

  @Override
  public String toString() {
    return name + " " + engines() + " " + phases().size() + " phases";
  }
}
