package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.EngineLibraries;
import io.github.ycsbembedded.core.Engines;
import io.github.ycsbembedded.experiments.measure.Machines;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.peers.PeerCommands;
import io.github.ycsbembedded.experiments.peers.PeerReport;
import io.github.ycsbembedded.experiments.peers.PeerResults;
import io.github.ycsbembedded.experiments.peers.PeerRunner;
import io.github.ycsbembedded.experiments.peers.PeerScale;
import io.github.ycsbembedded.experiments.peers.Side;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import site.ycsb.DBException;

/**
 * {@code bin/experiment peers}: the same load, A and C through {@code bin/ycsb} and through the
 * peer harnesses a user built and points to, round by round, and a report of each side's CPU time
 * per operation and speed with ours ÷ theirs and the claims judged on them (docs/peers.md).
 */
@Command(
    name = "peers",
    mixinStandardHelpOptions = true,
    description =
        "Runs load, A and C through bin/ycsb and through YCSB-cpp and/or upstream YCSB 0.17.0"
            + " built by you, and reports CPU time per operation and speed side by side.")
final class PeersCommand implements Callable<Integer> {
  static final List<String> ENGINES = List.of("lmdb", "rocksdb", "leveldb", "wiredtiger");

  @Option(
      names = "--scale",
      defaultValue = "quick",
      description = "tiny, quick or small; default ${DEFAULT-VALUE}")
  String scale;

  @Option(
      names = "--ycsb-cpp",
      paramLabel = "DIR",
      description = "a YCSB-cpp checkout with its binary built (build/ycsb or ycsb)")
  Path ycsbCpp;

  @Option(
      names = "--ycsb",
      paramLabel = "DIR",
      description =
          "an upstream YCSB 0.17.0 folder with its RocksDB binding: lib/ (and"
              + " rocksdb-binding/lib/, as the release lays it out), workloads/")
  Path ycsb;

  @Option(
      names = "--engines",
      split = ",",
      description = "engines to run (default: lmdb,rocksdb,leveldb,wiredtiger)")
  List<String> engines;

  @Option(
      names = "--threads",
      split = ",",
      description = "client thread counts, each 1 to 64 (default: 1,2)")
  List<Integer> threads;

  @Option(
      names = "--rounds",
      converter = CountConverter.Rounds.class,
      description = "rounds, 1 to 100 (default: the scale's: 1 at tiny, 3 at quick and small)")
  Integer rounds;

  @Option(
      names = "--rocksdb-library",
      paramLabel = "VERSION|JAR",
      description =
          "the RocksDB our side runs (rocksdb.library): a version the build carries, or the path"
              + " of a rocksdbjni jar, e.g. of the version a peer was built against (default: the"
              + " build's)")
  String rocksdbLibrary;

  @Option(
      names = "--rocksdb-options",
      paramLabel = "FILE",
      description =
          "a RocksDB OPTIONS file our side's RocksDB opens with (rocksdb.optionsfile), e.g. the"
              + " one a peer's RocksDB wrote into its tree; it governs every option the runner"
              + " would set (default: none)")
  Path rocksdbOptions;

  @Option(names = "--dir", description = "where the trees go (default: <home>/data/peers)")
  Path dataDir;

  @Mixin OutFolder outFolder = new OutFolder();

  @Option(
      names = "--report",
      paramLabel = "FOLDER",
      description = "write the report of a peers folder again from its peers.json, and run nothing")
  Path report;

  @Override
  public Integer call() throws Exception {
    if (report != null) {
      return report();
    }
    PeerCommands commands;
    PeerScale chosen;
    List<String> engineList;
    List<Integer> threadList;
    try {
      chosen = scale();
      commands =
          new PeerCommands(
              ExperimentRunner.home(),
              cppFolder(),
              upstreamFolder(),
              rocksdbLibrary(),
              rocksdbOptions());
      engineList = engines();
      threadList = threads();
    } catch (ExperimentException e) {
      System.err.println("experiment peers: " + e.getMessage());
      return 2;
    }
    String stamp = LocalDateTime.now(ZoneId.systemDefault()).format(ExperimentRunner.STAMP);
    Path base = outFolder.base(ExperimentRunner.home());
    Path out = base.resolve("peers-" + chosen.name() + "-" + stamp);
    Path data =
        (dataDir == null ? ExperimentRunner.home().resolve("data/peers") : dataDir.toAbsolutePath())
            .resolve("peers-" + chosen.name());
    Files.createDirectories(out.resolve("raw"));
    PeerRunner runner = new PeerRunner(commands, chosen, data, out.resolve("raw"), System.out);
    runner.clean();
    List<PeerRunner.Step> steps =
        PeerRunner.steps(chosen, engineList, threadList, commands.sides());
    System.out.printf(
        "peers at %s: %d runs, %s; results in %s%n",
        chosen.name(), steps.size(), chosen.estimate(steps.size()), out);
    List<PeerResults.Measurement> runs = new ArrayList<>();
    Map<String, String> peers = peers(commands);
    Files.createDirectories(data);
    var machine = Machines.describe(data);
    for (PeerRunner.Step step : steps) {
      runs.add(runner.run(step));
      new PeerResults(chosen, engineList, threadList, peers, machine, runs).write(out);
    }
    runner.clean();
    PeerResults results = new PeerResults(chosen, engineList, threadList, peers, machine, runs);
    PeerReport.write(results, out);
    System.out.println("report: " + out.resolve("report.md"));
    long failed = runs.stream().filter(PeerResults.Measurement::failed).count();
    if (failed > 0) {
      System.err.println(
          "experiment peers: " + failed + " of " + runs.size() + " runs failed (see the report)");
      return 1;
    }
    return 0;
  }

  /** {@code --report FOLDER}: the folder's report written again from its results. */
  private int report() throws IOException {
    try {
      PeerReport.write(PeerResults.read(report), report);
    } catch (ExperimentException e) {
      System.err.println("experiment peers: --report: " + e.getMessage());
      return 2;
    }
    System.out.println("report: " + report.resolve("report.md"));
    return 0;
  }

  private PeerScale scale() throws ExperimentException {
    PeerScale s = PeerScale.named(scale);
    return rounds == null
        ? s
        : new PeerScale(
            s.name(),
            s.records(),
            s.operationsA(),
            s.operationsC(),
            rounds,
            s.warmupSeconds(),
            s.secondsPerRun());
  }

  /**
   * {@code --rocksdb-library} as the binding takes it (a jar by its absolute path), or null when
   * not given; a value the binding would refuse is refused here, before any run.
   */
  private String rocksdbLibrary() throws ExperimentException {
    if (rocksdbLibrary == null) {
      return null;
    }
    Properties p = new Properties();
    p.setProperty("rocksdb.library", rocksdbLibrary);
    try {
      return EngineLibraries.asked(
          Engines.named("rocksdb").orElseThrow().libraries().orElseThrow(),
          new BindingProperties(p));
    } catch (DBException e) {
      throw new ExperimentException(
          "--rocksdb-library: " + e.getMessage().replaceFirst("^rocksdb\\.library: ", ""));
    }
  }

  /** {@code --rocksdb-options} by its absolute path, or null when not given; it must be a file. */
  private String rocksdbOptions() throws ExperimentException {
    if (rocksdbOptions == null) {
      return null;
    }
    if (!Files.isRegularFile(rocksdbOptions) || !Files.isReadable(rocksdbOptions)) {
      throw new ExperimentException(
          "--rocksdb-options: '" + rocksdbOptions + "' is not a readable file");
    }
    return rocksdbOptions.toAbsolutePath().toString();
  }

  private Path cppFolder() throws ExperimentException {
    if (ycsbCpp == null) {
      if (ycsb == null) {
        throw new ExperimentException(
            "name a peer to compare with: --ycsb-cpp DIR and/or --ycsb DIR (docs/peers.md says"
                + " how to build each)");
      }
      return null;
    }
    Path dir = folder("--ycsb-cpp", ycsbCpp);
    Path binary = dir.resolve("build/ycsb");
    if (!Files.isExecutable(binary) && !Files.isExecutable(dir.resolve("ycsb"))) {
      throw new ExperimentException(
          "--ycsb-cpp: "
              + dir
              + " has no built build/ycsb or ycsb: build YCSB-cpp there first (docs/peers.md)");
    }
    need("--ycsb-cpp", dir, "workloads");
    return dir;
  }

  private Path upstreamFolder() throws ExperimentException {
    if (ycsb == null) {
      return null;
    }
    Path dir = folder("--ycsb", ycsb);
    need("--ycsb", dir, "lib");
    need("--ycsb", dir, "workloads");
    if (!hasJar(dir.resolve("lib")) && !hasJar(dir.resolve("rocksdb-binding/lib"))) {
      throw new ExperimentException(
          "--ycsb: "
              + dir
              + " has no rocksdb-binding-*.jar in lib/ or rocksdb-binding/lib/: give the folder of"
              + " YCSB 0.17.0 with its RocksDB binding (docs/peers.md)");
    }
    return dir;
  }

  private static Path folder(String option, Path given) throws ExperimentException {
    Path dir = given.toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      throw new ExperimentException(option + ": " + given + " is not a folder");
    }
    return dir;
  }

  /** Whether {@code dir} holds upstream's RocksDB binding jar. */
  private static boolean hasJar(Path dir) {
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (var files = Files.list(dir)) {
      return files.anyMatch(f -> f.getFileName().toString().matches("rocksdb-binding-.*\\.jar"));
    } catch (IOException e) {
      return false;
    }
  }

  private static void need(String option, Path dir, String sub) throws ExperimentException {
    if (!Files.isDirectory(dir.resolve(sub))) {
      throw new ExperimentException(
          option + ": " + dir + " has no " + sub + "/ (docs/peers.md says how to lay it out)");
    }
  }

  private List<String> engines() throws ExperimentException {
    if (engines == null) {
      return ENGINES;
    }
    for (String e : engines) {
      if (!ENGINES.contains(e)) {
        throw new ExperimentException(
            "--engines: '"
                + e
                + "' is not an engine peers runs; use "
                + String.join(", ", ENGINES));
      }
    }
    return List.copyOf(new java.util.LinkedHashSet<>(engines));
  }

  private List<Integer> threads() throws ExperimentException {
    if (threads == null) {
      return List.of(1, 2);
    }
    for (int t : threads) {
      if (t < 1 || t > 64) {
        throw new ExperimentException("--threads: " + t + " is not a thread count; use 1 to 64");
      }
    }
    return List.copyOf(new java.util.LinkedHashSet<>(threads));
  }

  /** Each side's label and what it ran: our home, a peer's folder and its commit. */
  private static Map<String, String> peers(PeerCommands commands) {
    Map<String, String> peers = new LinkedHashMap<>();
    peers.put(Side.OURS.label(), "bin/ycsb of " + commands.home());
    if (commands.ycsbCpp() != null) {
      peers.put(Side.YCSB_CPP.label(), commands.ycsbCpp() + commit(commands.ycsbCpp()));
    }
    if (commands.ycsb() != null) {
      peers.put(Side.YCSB.label(), commands.ycsb().toString());
    }
    return peers;
  }

  /** {@code " at <commit>"} of a git checkout, or nothing. */
  private static String commit(Path dir) {
    try {
      Process git =
          new ProcessBuilder("git", "-C", dir.toString(), "rev-parse", "--short=12", "HEAD")
              .redirectErrorStream(true)
              .start();
      String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return git.waitFor() == 0 && out.matches("[0-9a-f]+") ? " at " + out : "";
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
