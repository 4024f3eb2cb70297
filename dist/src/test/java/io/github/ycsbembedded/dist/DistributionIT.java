package io.github.ycsbembedded.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.EngineDescriptor;
import io.github.ycsbembedded.core.Engines;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binary distribution unpacked as a user would, and installed into a YCSB 0.17.0 release layout
 * (and, in one test, into master's: dist/src/test/stock-master): its lib/ from Maven Central, its
 * bin/bindings.properties with all 55 lines, a folder per binding as the release has, stock's
 * {@code rocksdb-binding/} holding a stand-in of upstream's RocksDBClient beside rocksdbjni 5.11.3,
 * a stand-in Cassandra binding (hyphenated names), the six standard workloads, a Python bin/ycsb,
 * and a bin/ycsb.sh that does what stock's does (dist/src/test/stock/ycsb.sh).
 */
@Tag("process")
class DistributionIT {
  private static final String OUR_ROCKSDB = "io.github.ycsbembedded.rocksdb.RocksDbClient";
  private static final String STOCK_ROCKSDB = "site.ycsb.db.rocksdb.RocksDBClient";

  /** Where the distribution is unpacked, once: no test writes into it. */
  @TempDir static Path unpacked;

  static Path dist;
  @TempDir Path tmp;
  Path ycsb;

  @BeforeAll
  static void unpack() throws Exception {
    Path tarball = Paths.get(System.getProperty("ycsbembedded.distribution"));
    assertThat(tarball).exists();
    YcsbProcess tar =
        run(List.of("tar", "xzf", tarball.toString(), "-C", unpacked.toString()), unpacked);
    assertThat(tar.exitCode()).as(tar.toString()).isZero();
    try (Stream<Path> files = Files.list(unpacked)) {
      dist =
          files
              .filter(p -> p.getFileName().toString().startsWith("ycsb-embedded-"))
              .findFirst()
              .orElseThrow();
    }
  }

  @BeforeEach
  void buildAStockInstall() throws Exception {
    ycsb = stockInstall("0.17.0", "stock");
  }

  /**
   * A YCSB install of {@code version} in {@code tmp}, shaped as its release (or master's
   * distribution module) lays it out, from the fixture folder {@code dist/src/test/<fixture>}.
   * Master's core is stood in for by 0.17.0's under master's name (the classes our bindings use are
   * the same); its lib/ has HdrHistogram 2.1.12 and its bin/ycsb is Python 3.
   */
  private Path stockInstall(String version, String fixture) throws IOException {
    Path stock = YcsbProcess.root().resolve("dist/src/test").resolve(fixture);
    boolean master = version.startsWith("0.18");
    Path home = Files.createDirectories(tmp.resolve("ycsb-" + version));
    Files.createDirectories(home.resolve("bin"));
    Files.createDirectories(home.resolve("lib"));
    Files.createDirectories(home.resolve("workloads"));
    try (Stream<Path> jars = Files.list(Paths.get(System.getProperty("ycsbembedded.stocklib")))) {
      for (Path jar : (Iterable<Path>) jars::iterator) {
        String name = jar.getFileName().toString();
        if (master && name.equals("core-0.17.0.jar")) {
          name = "core-" + version + ".jar";
        } else if (master && name.startsWith("HdrHistogram-")) {
          jar = dist.resolve("lib/HdrHistogram-2.1.12.jar");
          name = "HdrHistogram-2.1.12.jar";
        }
        Files.copy(jar, home.resolve("lib").resolve(name));
      }
    }
    Files.copy(stock.resolve("bindings.properties"), home.resolve("bin/bindings.properties"));
    // the release has a folder for every binding it lists
    for (String folder : stockFolders(fixture)) {
      Files.createDirectories(home.resolve(folder + "-binding/lib"));
      jar(
          home.resolve(folder + "-binding/lib/" + folder + "-binding-" + version + ".jar"),
          "no classes/");
    }
    jar(
        home.resolve("rocksdb-binding/lib/rocksdb-binding-" + version + ".jar"),
        "site/ycsb/db/rocksdb/");
    Files.copy(
        Paths.get(System.getProperty("ycsbembedded.stockrocksdb"), "rocksdbjni-5.11.3.jar"),
        home.resolve("rocksdb-binding/lib/rocksdbjni-5.11.3.jar"));
    jar(
        home.resolve("cassandra-binding/lib/cassandra-binding-" + version + ".jar"),
        "site/ycsb/db/CassandraCQLClient");
    Files.writeString(
        home.resolve("bin/ycsb"),
        master
            ? "#!/usr/bin/env python3\n# YCSB master's launcher (Python 3)\n"
            : "#!/usr/bin/env python\n# stock YCSB launcher (Python 2)\n");
    Path sh = home.resolve("bin/ycsb.sh");
    // one stand-in for both: it takes master's aliases where lib/ holds master's core
    Files.copy(YcsbProcess.root().resolve("dist/src/test/stock/ycsb.sh"), sh);
    Files.setPosixFilePermissions(sh, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.setPosixFilePermissions(
        home.resolve("bin/ycsb"), PosixFilePermissions.fromString("rwxr-xr-x"));
    for (String w :
        List.of("workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf")) {
      Files.writeString(
          home.resolve("workloads").resolve(w),
          "# stock "
              + w
              + "\n"
              + Files.readString(YcsbProcess.root().resolve("workloads").resolve(w)));
    }
    Files.writeString(home.resolve("LICENSE.txt"), "stock\n");
    return home;
  }

  /** The binding folders of a fixture's release: each name up to its '-', with its aliases. */
  private static Set<String> stockFolders(String fixture) throws IOException {
    Set<String> folders = new TreeSet<>();
    for (String line :
        Files.readAllLines(
            YcsbProcess.root()
                .resolve("dist/src/test")
                .resolve(fixture)
                .resolve("bindings.properties"))) {
      if (!line.startsWith("#") && line.contains(":") && !line.startsWith("basic")) {
        folders.add(stockFolder(line.substring(0, line.indexOf(':'))));
      }
    }
    return folders;
  }

  private static String stockFolder(String name) {
    String folder = name.split("-")[0];
    return Map.of(
            "accumulo", "accumulo1.6",
            "cassandra2", "cassandra",
            "arangodb3", "arangodb",
            "hbase14", "hbase1")
        .getOrDefault(folder, folder);
  }

  /** A jar of the test classes under {@code prefix} (the stand-ins of stock bindings). */
  private static void jar(Path jar, String prefix) throws IOException {
    Path classes = Paths.get(System.getProperty("ycsbembedded.testclasses"));
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file);
        Stream<Path> all = Files.walk(classes)) {
      for (Path c : (Iterable<Path>) all.filter(Files::isRegularFile)::iterator) {
        String name = classes.relativize(c).toString();
        if (name.startsWith(prefix)) {
          out.putNextEntry(new JarEntry(name));
          Files.copy(c, out);
          out.closeEntry();
        }
      }
    }
  }

  private static YcsbProcess run(List<String> command, Path dir) throws Exception {
    return YcsbProcess.run(command, dir);
  }

  private YcsbProcess in(Path home, String... command) throws Exception {
    List<String> full = new ArrayList<>(Arrays.asList(command));
    full.set(0, home.resolve(command[0]).toString());
    return run(full, home);
  }

  /**
   * Every file, folder and link of a tree (but {@code except}) with its content's digest and mode.
   */
  private static Map<String, String> checksums(Path root, String except) throws Exception {
    Map<String, String> sums = new TreeMap<>();
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        String name = root.relativize(p).toString();
        if (name.equals(except) || name.startsWith(except + "/")) {
          continue;
        }
        String mode =
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
        if (Files.isSymbolicLink(p)) {
          sums.put(name, "link " + Files.readSymbolicLink(p));
        } else if (Files.isDirectory(p)) {
          sums.put(name, "dir " + mode);
        } else {
          sums.put(
              name,
              HexFormat.of()
                      .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)))
                  + " "
                  + mode);
        }
      }
    }
    return sums;
  }

  @Test
  void installIntoNamesOurRocksDbApartAndRunsEachNameThroughBothLaunchers() throws Exception {
    YcsbProcess first = in(dist, "bin/install-into", ycsb.toString());
    assertThat(first.exitCode()).as(first.toString()).isZero();
    assertThat(first.stdout())
        .contains(
            "changed in " + ycsb,
            "+ lmdb-binding",
            "+ sqlite-binding",
            "+ rocksdb_embedded-binding",
            "+ berkeleydb-binding",
            "bin/bindings.properties: + lmdb:io.github.ycsbembedded.lmdb.LmdbClient",
            "bin/bindings.properties: + berkeleydb:io.github.ycsbembedded.berkeleydb.BerkeleyDbClient",
            "bin/bindings.properties: + rocksdb_embedded:" + OUR_ROCKSDB,
            "- lib/HdrHistogram-2.1.4.jar",
            "~ bin/ycsb",
            "+ bin/setenv.sh",
            "+ workloads/workloadz",
            "undo: bin/install-into --undo " + ycsb)
        .containsPattern(
            "rocksdb_embedded +"
                + Pattern.quote(OUR_ROCKSDB)
                + " from rocksdb_embedded-binding/ \\('rocksdb' stays "
                + Pattern.quote(STOCK_ROCKSDB)
                + "\\)");
    String bindings = Files.readString(ycsb.resolve("bin/bindings.properties"));
    assertThat(bindings)
        .contains("rocksdb:" + STOCK_ROCKSDB + "\n", "rocksdb_embedded:" + OUR_ROCKSDB + "\n")
        .doesNotContain("rocksdb:" + OUR_ROCKSDB);
    Map<String, String> installed = checksums(ycsb, "data");

    YcsbProcess second = in(dist, "bin/install-into", ycsb.toString());
    assertThat(second.exitCode()).as(second.toString()).isZero();
    assertThat(second.stdout()).contains("already has everything; nothing changed");
    assertThat(checksums(ycsb, "data")).as("a second install changes nothing").isEqualTo(installed);

    noBindingHasTwoVersionsOfALibrary();

    for (String launcher : List.of("bin/ycsb.sh", "bin/ycsb")) {
      Path ours = tmp.resolve("data-ours-" + launcher.replace('/', '-'));
      YcsbProcess load =
          in(
              ycsb,
              launcher,
              "load",
              "rocksdb_embedded",
              "-P",
              "workloads/workloada",
              "-p",
              "recordcount=500",
              "-p",
              "rocksdb.dir=" + ours);
      assertThat(load.exitCode()).as(load.toString()).isZero();
      assertThat(load.stdout())
          .as(launcher)
          .contains("rocksdb: " + OUR_ROCKSDB + " on RocksDB 11.");
      assertThat(load.count("INSERT", "Return=OK")).isEqualTo(500);
      assertThat(ours.resolve("CF_NAMES"))
          .as("stock's file, which ours does not write")
          .doesNotExist();
      assertThat(Files.readString(ours.resolve("LOG"))).contains("RocksDB version: 11.");

      Path theirs = tmp.resolve("data-stock-" + launcher.replace('/', '-'));
      YcsbProcess stock =
          in(
              ycsb,
              launcher,
              "load",
              "rocksdb",
              "-P",
              "workloads/workloada",
              "-p",
              "recordcount=500",
              "-p",
              "rocksdb.dir=" + theirs);
      assertThat(stock.exitCode()).as(stock.toString()).isZero();
      assertThat(stock.stderr())
          .as(launcher)
          .contains("stand-in " + STOCK_ROCKSDB + " on rocksdbjni-5.11.3.jar");
      assertThat(theirs.resolve("CF_NAMES")).exists();
      assertThat(Files.readString(theirs.resolve("LOG"))).contains("RocksDB version: 5.11.3");

      YcsbProcess cassandra =
          in(
              ycsb,
              launcher,
              "run",
              "cassandra-cql",
              "-P",
              "workloads/workloada",
              "-p",
              "recordcount=10",
              "-p",
              "operationcount=10");
      assertThat(cassandra.exitCode()).as(cassandra.toString()).isZero();
      assertThat(cassandra.stderr())
          .as(launcher + ": a hyphenated name runs from the folder before its '-'")
          .contains("stand-in site.ycsb.db.CassandraCQLClient");
    }

    loadThenRunWorkloadZ("bin/ycsb", "lmdb", "lmdb");
    loadThenRunWorkloadZ("bin/ycsb.sh", "rocksdb_embedded", "rocksdb");
    loadThenRunWorkloadZ("bin/ycsb", "sqlite", "sqlite");
    // a pure-Java engine from its own folder, mvstore-binding/lib (H2's jar beside the binding's)
    loadThenRunWorkloadZ("bin/ycsb", "mvstore", "mvstore");
    loadThenRunWorkloadZ("bin/ycsb.sh", "berkeleydb", "berkeleydb");

    // HdrHistogram file output works with 2.1.12 (2.1.4 crashes on Java 11+); YCSB wants the folder
    Files.createDirectories(tmp.resolve("hdr"));
    YcsbProcess hdr =
        in(
            ycsb,
            "bin/ycsb",
            "run",
            "lmdb",
            "-P",
            "workloads/workloadc",
            "-p",
            "recordcount=3000",
            "-p",
            "operationcount=500",
            "-p",
            "lmdb.dir=" + tmp.resolve("lmdb"),
            "-p",
            "measurementtype=hdrhistogram",
            "-p",
            "hdrhistogram.fileoutput=true",
            "-p",
            "hdrhistogram.output.path=" + tmp.resolve("hdr") + "/");
    assertThat(hdr.exitCode()).as(hdr.toString()).isZero();
    assertThat(hdr.count("READ", "Return=OK")).isEqualTo(500);
    assertThat(hdr.stderr()).doesNotContain("DatatypeConverter");
    assertThat(tmp.resolve("hdr/READ.hdr")).isNotEmptyFile();
  }

  /** lib/ with each binding's lib/: never two versions of one library on one classpath. */
  private void noBindingHasTwoVersionsOfALibrary() throws IOException {
    // name-1.2.3[-classifier].jar
    Pattern versioned = Pattern.compile("(.+?)-(\\d+(?:\\.\\d+)*)(?:-[A-Za-z][\\w.\\-]*)?\\.jar");
    try (Stream<Path> folders = Files.list(ycsb)) {
      for (Path folder :
          (Iterable<Path>)
              folders.filter(p -> p.getFileName().toString().endsWith("-binding"))::iterator) {
        Map<String, Set<String>> versions = new TreeMap<>();
        for (Path lib : List.of(ycsb.resolve("lib"), folder.resolve("lib"))) {
          try (Stream<Path> jars = Files.list(lib)) {
            for (Path jar : (Iterable<Path>) jars::iterator) {
              Matcher m = versioned.matcher(jar.getFileName().toString());
              if (m.matches()) {
                versions.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
              }
            }
          }
        }
        versions.forEach(
            (library, found) ->
                assertThat(found).as(folder.getFileName() + ": " + library).hasSize(1));
      }
    }
  }

  /** Through a launcher of the YCSB install: load with workloada, then 20 batches of workloadz. */
  private void loadThenRunWorkloadZ(String launcher, String binding, String prefix)
      throws Exception {
    String dir = prefix + ".dir=" + tmp.resolve(binding);
    YcsbProcess load =
        in(
            ycsb,
            launcher,
            "load",
            binding,
            "-P",
            "workloads/workloada",
            "-p",
            "recordcount=3000",
            "-p",
            dir);
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("INSERT", "Return=OK")).as(launcher + " " + binding).isEqualTo(3000);
    YcsbProcess z =
        in(
            ycsb,
            launcher,
            "run",
            binding,
            "-P",
            "workloads/workloadz",
            "-p",
            "recordcount=3000",
            "-p",
            "operationcount=20",
            "-p",
            dir);
    assertThat(z.exitCode()).as(z.toString()).isZero();
    assertThat(z.count("BATCH_READ", "Return=OK")).as(launcher + " " + binding).isEqualTo(20);
    assertThat(z.count("BATCH_READ_KEYS", "KeysFound")).isEqualTo(20 * 256);
  }

  /**
   * Every line of 0.17.0's bindings.properties runs the same class from the same binding folder
   * through our bin/ycsb as through bin/ycsb.sh: both launchers run a stand-in java that prints the
   * -db class and the classpath it was given.
   */
  @Test
  void everyStockNameResolvesToTheClassAndFolderStockYcsbShUses() throws Exception {
    assertThat(everyNameResolvesAsYcsbShResolvesIt("stock"))
        .as("binding lines of 0.17.0")
        .isEqualTo(55);
  }

  /** Installs into {@link #ycsb}, then checks every name of the fixture's registry; how many. */
  private int everyNameResolvesAsYcsbShResolvesIt(String fixture) throws Exception {
    YcsbProcess install = in(dist, "bin/install-into", ycsb.toString());
    assertThat(install.exitCode()).as(install.toString()).isZero();
    Path fakeJava = Files.createDirectories(tmp.resolve("fake-jdk/bin")).resolve("java");
    // a JDK 17 to the launchers' check, and a java that prints its arguments
    Files.writeString(tmp.resolve("fake-jdk/release"), "JAVA_VERSION=\"17.0.9\"\n");
    Files.writeString(fakeJava, "#!/bin/sh\nfor a in \"$@\"; do printf 'ARG %s\\n' \"$a\"; done\n");
    Files.setPosixFilePermissions(fakeJava, PosixFilePermissions.fromString("rwxr-xr-x"));

    int checked = 0;
    for (String line :
        Files.readAllLines(
            YcsbProcess.root()
                .resolve("dist/src/test")
                .resolve(fixture)
                .resolve("bindings.properties"))) {
      if (line.startsWith("#") || !line.contains(":")) {
        continue;
      }
      String name = line.substring(0, line.indexOf(':'));
      List<String> stock = resolved("bin/ycsb.sh", name);
      List<String> ours = resolved("bin/ycsb", name);
      assertThat(ours).as(name).isEqualTo(stock);
      assertThat(stock.get(0)).as(name).isEqualTo("-db " + line.substring(line.indexOf(':') + 1));
      checked++;
    }
    return checked;
  }

  /**
   * The -db class and the binding folders on the classpath a launcher gives java for {@code name}.
   */
  private List<String> resolved(String launcher, String name) throws Exception {
    YcsbProcess result =
        run(
            List.of(
                "env",
                "JAVA_HOME=" + tmp.resolve("fake-jdk"),
                ycsb.resolve(launcher).toString(),
                "load",
                name,
                "-p",
                "x=1"),
            ycsb);
    assertThat(result.exitCode()).as(launcher + " " + name + ": " + result).isZero();
    List<String> args =
        result.stdout().lines().filter(l -> l.startsWith("ARG ")).map(l -> l.substring(4)).toList();
    int db = args.indexOf("-db");
    int cp = args.indexOf("-classpath") >= 0 ? args.indexOf("-classpath") : args.indexOf("-cp");
    assertThat(db).as(launcher + " " + name + ": " + args).isNotNegative();
    Set<String> folders = new TreeSet<>();
    Matcher m = Pattern.compile("/([^/:]+)-binding/").matcher(args.get(cp + 1));
    while (m.find()) {
      folders.add(m.group(1));
    }
    return List.of("-db " + args.get(db + 1), "folders " + folders);
  }

  /**
   * A YCSB built from master (0.18.0-SNAPSHOT, Python 3 bin/ycsb): the same names as in 0.17.0
   * (RocksDB's stays stock's), ours run through both launchers, every master name resolves as its
   * ycsb.sh resolves it, and undo puts the install back byte for byte.
   */
  @Test
  void installIntoAMasterBuildKeepsItsNamesRunsOursAndUndoesItByteForByte() throws Exception {
    ycsb = stockInstall("0.18.0-SNAPSHOT", "stock-master");
    Map<String, String> before = checksums(ycsb, "data");

    YcsbProcess install = in(dist, "bin/install-into", ycsb.toString());
    assertThat(install.exitCode()).as(install.toString()).isZero();
    assertThat(install.stdout())
        .contains(
            "(YCSB 0.18.0-SNAPSHOT;",
            "+ lmdb-binding",
            "+ sqlite-binding",
            "bin/bindings.properties: + rocksdb_embedded:" + OUR_ROCKSDB,
            "~ bin/ycsb")
        .doesNotContain("lib/HdrHistogram-2.1.12.jar", "- lib/HdrHistogram");
    assertThat(Files.readString(ycsb.resolve("bin/bindings.properties")))
        .contains("rocksdb:" + STOCK_ROCKSDB + "\n", "rocksdb_embedded:" + OUR_ROCKSDB + "\n");
    noBindingHasTwoVersionsOfALibrary();
    loadThenRunWorkloadZ("bin/ycsb", "lmdb", "lmdb");
    loadThenRunWorkloadZ("bin/ycsb.sh", "rocksdb_embedded", "rocksdb");
    loadThenRunWorkloadZ("bin/ycsb.sh", "sqlite", "sqlite");
    loadThenRunWorkloadZ("bin/ycsb", "mvstore", "mvstore");
    loadThenRunWorkloadZ("bin/ycsb", "berkeleydb", "berkeleydb");

    YcsbProcess undo = in(dist, "bin/install-into", "--undo", ycsb.toString());
    assertThat(undo.exitCode()).as(undo.toString()).isZero();
    assertThat(checksums(ycsb, "data")).as("everything but the data").isEqualTo(before);

    assertThat(everyNameResolvesAsYcsbShResolvesIt("stock-master"))
        .as("binding lines of master")
        .isEqualTo(50);
  }

  @Test
  void undoPutsTheInstallBackByteForByteAndASecondUndoChangesNothing() throws Exception {
    Map<String, String> before = checksums(ycsb, "data");
    YcsbProcess install = in(dist, "bin/install-into", ycsb.toString());
    assertThat(install.exitCode()).as(install.toString()).isZero();
    YcsbProcess load =
        in(
            ycsb,
            "bin/ycsb",
            "load",
            "lmdb",
            "-P",
            "workloads/workloada",
            "-p",
            "recordcount=100",
            "-p",
            "lmdb.dir=" + ycsb.resolve("data/lmdb"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(checksums(ycsb, "data")).isNotEqualTo(before);

    YcsbProcess undo = in(dist, "bin/install-into", "--undo", ycsb.toString());
    assertThat(undo.exitCode()).as(undo.toString()).isZero();
    assertThat(undo.stdout())
        .contains(
            "is back as it was before ycsb-embedded",
            "- lmdb-binding",
            "- rocksdb_embedded-binding",
            "= bin/bindings.properties",
            "= bin/ycsb",
            "= lib/HdrHistogram-2.1.4.jar",
            "- bin/setenv.sh");
    assertThat(checksums(ycsb, "data")).as("everything but the data directory").isEqualTo(before);
    assertThat(ycsb.resolve("data/lmdb")).as("the user's data stays").isDirectory();

    YcsbProcess again = in(dist, "bin/install-into", "--undo", ycsb.toString());
    assertThat(again.exitCode()).isZero();
    assertThat(again.stdout()).contains("nothing of ycsb-embedded to undo; nothing changed");
    assertThat(checksums(ycsb, "data")).isEqualTo(before);
  }

  @Test
  void installIntoRefusesWhatIsNotAYcsb017InstallAndWritesNothing() throws Exception {
    Path empty = Files.createDirectories(tmp.resolve("not-ycsb"));
    YcsbProcess result = in(dist, "bin/install-into", empty.toString());
    assertThat(result.exitCode()).isNotZero();
    assertThat(result.stderr().strip())
        .isEqualTo(
            "install-into: " + empty + " is not a YCSB install: it has no bin/bindings.properties");
    try (Stream<Path> files = Files.list(empty)) {
      assertThat(files).as("nothing written").isEmpty();
    }

    Files.move(ycsb.resolve("lib/core-0.17.0.jar"), ycsb.resolve("lib/core-0.16.0.jar"));
    Map<String, String> before = checksums(ycsb, "data");
    YcsbProcess older = in(dist, "bin/install-into", ycsb.toString());
    assertThat(older.exitCode()).isNotZero();
    assertThat(older.stderr().strip())
        .isEqualTo(
            "install-into: "
                + ycsb
                + " is YCSB 0.16.0; install-into adds to YCSB 0.17.x or 0.18.0-SNAPSHOT (built from"
                + " master) only");
    assertThat(checksums(ycsb, "data")).as("nothing written").isEqualTo(before);
  }

  @Test
  void installIntoHelpPrintsUsageAndExitsZero() throws Exception {
    YcsbProcess help = in(dist, "bin/install-into", "--help");
    assertThat(help.exitCode()).isZero();
    assertThat(help.stdout())
        .startsWith("Usage: install-into [-hV] [--undo] <ycsb-home>")
        .contains("--undo", "rocksdb_embedded");
    assertThat(help.stderr()).isEmpty();
  }

  /**
   * WiredTiger from stock bin/ycsb.sh once bin/setup has run in the install (where WiredTiger is
   * available).
   */
  @Test
  void wiredTigerRunsFromStockYcsbShAfterSetup() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.exists(YcsbProcess.root().resolve(".deps/wiredtiger/ready")),
        "WiredTiger is not installed here");
    assertThat(dist.resolve("wiredtiger-binding/lib")).isDirectory();
    assertThat(Files.readString(dist.resolve("bin/bindings.properties"))).contains("wiredtiger:");
    YcsbProcess install = in(dist, "bin/install-into", ycsb.toString());
    assertThat(install.exitCode()).as(install.toString()).isZero();
    YcsbProcess setup = in(ycsb, "bin/setup");
    assertThat(setup.exitCode()).as(setup.toString()).isZero();

    YcsbProcess load =
        in(
            ycsb,
            "bin/ycsb.sh",
            "load",
            "wiredtiger",
            "-P",
            "workloads/workloada",
            "-p",
            "recordcount=500",
            "-p",
            "wiredtiger.dir=" + tmp.resolve("wt"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.stdout())
        .contains(
            "wiredtiger: io.github.ycsbembedded.wiredtiger.WiredTigerClient on WiredTiger 3.2.1");
    assertThat(load.count("INSERT", "Return=OK")).isEqualTo(500);
  }

  @Test
  void unpackedDistributionRunsAnExperiment() throws Exception {
    YcsbProcess result =
        in(
            dist,
            "bin/experiment",
            "hyperdex",
            "--scale",
            "tiny",
            "--engines",
            "lmdb,rocksdb",
            "--out",
            tmp.resolve("results").toString(),
            "--dir",
            tmp.resolve("data").toString());
    assertThat(result.exitCode()).as(result.toString()).isZero();
    assertThat(result.stdout()).contains("$ bin/ycsb load lmdb", "report: ");
    try (Stream<Path> reports = Files.walk(tmp.resolve("results"))) {
      assertThat(reports.map(p -> p.getFileName().toString()))
          .contains("report.md", "results.json", "speed.png");
    }
  }

  @Test
  void unpackedDistributionRunsEveryBindingItRegisters() throws Exception {
    // every binding the build holds, as their descriptors say (WiredTiger's where bin/setup ran)
    List<String> bindings = Engines.all().stream().map(EngineDescriptor::name).toList();
    assertThat(bindings).contains("lmdb", "rocksdb", "leveldb", "sqlite", "mvstore", "berkeleydb");
    for (String binding : bindings) {
      YcsbProcess load =
          in(
              dist,
              "bin/ycsb",
              "load",
              binding,
              "-P",
              "workloads/workloada",
              "-p",
              "recordcount=1000",
              "-p",
              binding + ".dir=" + tmp.resolve(binding));
      assertThat(load.exitCode()).as(load.toString()).isZero();
      assertThat(load.count("INSERT", "Return=OK")).as(binding).isEqualTo(1000);
    }
    // the Unum write-up's RocksDB, from rocksdb-binding/lib/rocksdb-6.20.3/
    YcsbProcess unum =
        in(
            dist,
            "bin/ycsb",
            "load",
            "rocksdb",
            "-P",
            "workloads/workloada",
            "-p",
            "recordcount=1000",
            "-p",
            "rocksdb.library=6.20.3",
            "-p",
            "rocksdb.dir=" + tmp.resolve("rocksdb-6.20.3"));
    assertThat(unum.exitCode()).as(unum.toString()).isZero();
    assertThat(unum.stdout()).contains("rocksdb: " + OUR_ROCKSDB + " on RocksDB 6.20.3\n");
    assertThat(unum.count("INSERT", "Return=OK")).isEqualTo(1000);
  }
}
