package io.github.ycsbembedded.experiments.peers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command line of one run on one side, as a user can paste it: each side's own client with its
 * own copy of the workload file, the record and operation counts, the engine options of {@link
 * PeerSettings}, status lines every second.
 *
 * @param home this project's folder ({@code bin/ycsb}, {@code workloads/})
 * @param ycsbCpp a YCSB-cpp checkout with its binary built ({@code build/ycsb} or {@code ycsb}), or
 *     null
 * @param ycsb an upstream YCSB 0.17.0 folder with its RocksDB binding ({@code lib/}, {@code
 *     workloads/}, and {@code rocksdb-binding/lib/} as the release lays it out), or null
 * @param rocksdbLibrary the RocksDB our side runs ({@code rocksdb.library}: a version the build
 *     carries, or a rocksdbjni jar's path, such as the version a peer was built against), or null
 *     for the build's own
 * @param rocksdbOptions a RocksDB OPTIONS file our side's RocksDB opens with ({@code
 *     rocksdb.optionsfile}, such as the one a peer's RocksDB wrote into its tree), or null for the
 *     options of {@link PeerSettings}
 */
public record PeerCommands(
    Path home, Path ycsbCpp, Path ycsb, String rocksdbLibrary, String rocksdbOptions) {
  /** Our side on the build's own RocksDB. */
  public PeerCommands(Path home, Path ycsbCpp, Path ycsb) {
    this(home, ycsbCpp, ycsb, null, null);
  }

  /** Our side on {@code rocksdbLibrary}, with the options of {@link PeerSettings}. */
  public PeerCommands(Path home, Path ycsbCpp, Path ycsb, String rocksdbLibrary) {
    this(home, ycsbCpp, ycsb, rocksdbLibrary, null);
  }

  /** Upstream's RocksDB client class. */
  static final String UPSTREAM_ROCKSDB = "site.ycsb.db.rocksdb.RocksDBClient";

  /** What a run asks of its client. */
  public record Run(
      String engine, Phase phase, long records, long operations, int threads, Path data) {}

  /** The sides this setup can run: ours, and each peer it was pointed to. */
  public List<Side> sides() {
    List<Side> sides = new ArrayList<>(List.of(Side.OURS));
    if (ycsbCpp != null) {
      sides.add(Side.YCSB_CPP);
    }
    if (ycsb != null) {
      sides.add(Side.YCSB);
    }
    return sides;
  }

  /** YCSB-cpp's binary: CMake's {@code build/ycsb}, else the Makefile's {@code ycsb}. */
  static Path cppBinary(Path checkout) {
    Path cmake = checkout.resolve("build/ycsb");
    return Files.isExecutable(cmake) ? cmake : checkout.resolve("ycsb");
  }

  /** The command of {@code run} on {@code side}. */
  public List<String> of(Side side, Run run) {
    return switch (side) {
      case OURS -> ours(run);
      case YCSB_CPP -> cpp(run);
      case YCSB -> upstream(run);
    };
  }

  private List<String> ours(Run run) {
    List<String> c =
        new ArrayList<>(
            List.of(
                home.resolve("bin/ycsb").toString(),
                run.phase().load() ? "load" : "run",
                run.engine(),
                "-P",
                home.resolve("workloads").resolve(run.phase().workload()).toString()));
    properties(c, Side.OURS, run);
    if (rocksdbLibrary != null && run.engine().equals("rocksdb")) {
      properties(c, Map.of("rocksdb.library", rocksdbLibrary));
    }
    if (rocksdbOptions != null && run.engine().equals("rocksdb")) {
      properties(c, Map.of("rocksdb.optionsfile", rocksdbOptions));
    }
    c.addAll(
        List.of(
            "-threads",
            Integer.toString(run.threads()),
            "-s",
            "-jvm-args",
            "-Xmx" + PeerSettings.HEAP + " -Xmn" + PeerSettings.YOUNG));
    return c;
  }

  private List<String> cpp(Run run) {
    // YCSB-cpp prints its status lines to standard output; they are read from standard error, so
    // its output goes there whole
    List<String> c =
        new ArrayList<>(
            List.of(
                "sh",
                "-c",
                "exec \"$0\" \"$@\" >&2",
                cppBinary(ycsbCpp).toString(),
                run.phase().load() ? "-load" : "-run",
                "-db",
                run.engine(),
                "-P",
                ycsbCpp.resolve("workloads").resolve(run.phase().workload()).toString(),
                "-P",
                ycsbCpp.resolve(run.engine()).resolve(run.engine() + ".properties").toString()));
    properties(c, Side.YCSB_CPP, run);
    properties(c, Map.of("threadcount", Integer.toString(run.threads())));
    c.add("-s");
    return c;
  }

  private List<String> upstream(Run run) {
    List<String> c =
        new ArrayList<>(
            List.of(
                "java",
                "-Xmx" + PeerSettings.HEAP,
                "-Xmn" + PeerSettings.YOUNG,
                "-cp",
                upstreamClassPath(),
                "site.ycsb.Client",
                run.phase().load() ? "-load" : "-t",
                "-db",
                UPSTREAM_ROCKSDB,
                "-P",
                ycsb.resolve("workloads").resolve(run.phase().workload()).toString()));
    properties(c, Side.YCSB, run);
    c.addAll(List.of("-threads", Integer.toString(run.threads()), "-s"));
    return c;
  }

  /**
   * Upstream's class path: {@code lib/}, and {@code rocksdb-binding/lib/} where the folder is laid
   * out as the release ({@code ycsb-0.17.0.tar.gz}); the binding's own tarball puts every jar in
   * {@code lib/}.
   */
  private String upstreamClassPath() {
    Path binding = ycsb.resolve("rocksdb-binding/lib");
    return ycsb.resolve("lib") + "/*" + (Files.isDirectory(binding) ? ":" + binding + "/*" : "");
  }

  /**
   * The properties of {@code run} on {@code side}: the workload's size and the status lines ({@link
   * #common}), the side's engine settings, and where the engine's data goes.
   */
  private static void properties(List<String> command, Side side, Run run) {
    properties(command, common(run));
    properties(command, PeerSettings.of(side, run.engine()));
    properties(command, Map.of(PeerSettings.directoryProperty(side, run.engine()), data(run)));
  }

  /** The workload's size and the status lines, the same on every side. */
  private static Map<String, String> common(Run run) {
    Map<String, String> p = new java.util.LinkedHashMap<>();
    p.put("recordcount", Long.toString(run.records()));
    p.put("operationcount", Long.toString(run.operations()));
    p.put("fieldcount", "10");
    p.put("fieldlength", "100");
    p.put("status.interval", "1");
    return p;
  }

  private static String data(Run run) {
    return run.data().toString();
  }

  private static void properties(List<String> command, Map<String, String> properties) {
    properties.forEach(
        (k, v) -> {
          command.add("-p");
          command.add(k + "=" + v);
        });
  }
}
