package io.github.ycsbembedded.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/ycsb as a user runs it, from the source tree. */
@Tag("process")
class LauncherIT {
  @TempDir Path dataDir;

  static YcsbProcess ycsb(String... args) throws Exception {
    return launch("bin/ycsb", args);
  }

  /** One of the project's launchers, run from the source tree's root. */
  private static YcsbProcess launch(String launcher, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(YcsbProcess.root().resolve(launcher).toString());
    command.addAll(Arrays.asList(args));
    return YcsbProcess.run(command, YcsbProcess.root());
  }

  @Test
  void unknownBindingExitsNonZeroListingTheKnownOnes() throws Exception {
    YcsbProcess result = ycsb("load", "nosuchdb");

    assertThat(result.exitCode()).isNotZero();
    assertThat(result.stderr().strip())
        .startsWith("ycsb: unknown binding 'nosuchdb'; known bindings: ")
        .contains("lmdb", "basic");
  }

  /**
   * A JDK older than 17 (here one whose release file says 11, as every JDK's does) is refused in
   * one line by bin/ycsb and bin/experiment, before any Java runs.
   */
  @Test
  void aJdkOlderThan17IsRefusedInOneLine(@TempDir Path jdk) throws Exception {
    Path javaBinary = Files.createDirectories(jdk.resolve("bin")).resolve("java");
    Files.writeString(javaBinary, "#!/bin/sh\necho 'this is not run' >&2\nexit 9\n");
    javaBinary.toFile().setExecutable(true);
    Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"11.0.2\"\n");
    for (String launcher : List.of("bin/ycsb", "bin/experiment")) {
      List<String> command =
          new ArrayList<>(
              List.of(
                  "env",
                  "JAVA_HOME=" + jdk,
                  "YCSB_BUILD=0",
                  YcsbProcess.root().resolve(launcher).toString()));
      command.addAll(
          launcher.equals("bin/ycsb")
              ? List.of("load", "basic", "-P", "workloads/workloada")
              : List.of("list"));
      YcsbProcess result = YcsbProcess.run(command, YcsbProcess.root());

      assertThat(result.exitCode()).as(launcher).isEqualTo(2);
      assertThat(result.stderr().strip().lines().reduce((a, b) -> b).orElse(""))
          .as(launcher)
          .isEqualTo(
              launcher.substring(4)
                  + ": needs Java 17 or later, and "
                  + javaBinary
                  + " is Java 11.0.2; set JAVA_HOME to a JDK 17+ (bin/setup installs one)");
    }
  }

  /**
   * A module whose jar is older than a source it is built from (a pull or an edit since the last
   * build) is built again, not run as it was: common.sh's check on a tree of one module, with
   * YCSB_BUILD=0 so that the build it asks for is refused in one line instead of run.
   */
  @Test
  void aJarOlderThanItsSourcesIsBuiltAgainNotRun(@TempDir Path tree) throws Exception {
    Path module = Files.createDirectories(tree.resolve("mod"));
    Files.createDirectories(module.resolve("target/lib"));
    Path jar = Files.writeString(module.resolve("target/mod-1.jar"), "");
    Path source =
        Files.writeString(
            Files.createDirectories(module.resolve("src/main/java")).resolve("A.java"), "");
    Files.writeString(tree.resolve("pom.xml"), "");
    Files.writeString(module.resolve("pom.xml"), "");
    java.nio.file.attribute.FileTime old =
        java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 600_000);
    // every input of the build older than the jar: the files and the folders (a folder's time
    // moves when a file is added to it, which the check counts as a change)
    for (Path p :
        List.of(
            source,
            source.getParent(),
            module.resolve("src/main"),
            tree.resolve("pom.xml"),
            module.resolve("pom.xml"))) {
      Files.setLastModifiedTime(p, old);
    }
    String check =
        ". " + YcsbProcess.root().resolve("bin/common.sh") + " && ensure_built mod && echo fresh";

    YcsbProcess fresh = checkBuild(tree, check, "YCSB_BUILD=0");
    assertThat(fresh.exitCode()).isZero();
    assertThat(fresh.stdout().strip()).isEqualTo("fresh");

    Files.setLastModifiedTime(
        source, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
    Files.setLastModifiedTime(jar, old);
    YcsbProcess stale = checkBuild(tree, check, "YCSB_BUILD=0");
    assertThat(stale.exitCode()).isEqualTo(2);
    assertThat(stale.stderr().strip())
        .isEqualTo("bash: not built, or older than its sources: mod; run mvn -DskipTests package");

    YcsbProcess duringARun = checkBuild(tree, check, "YCSB_BUILD=0", "YCSB_BUILD_CHECKED=1");
    assertThat(duringARun.exitCode()).isZero();
    assertThat(duringARun.stdout().strip()).isEqualTo("fresh");
  }

  private static YcsbProcess checkBuild(Path tree, String script, String... environment)
      throws Exception {
    List<String> command = new ArrayList<>(List.of("env", "HOME_DIR=" + tree));
    command.addAll(Arrays.asList(environment));
    command.addAll(List.of("bash", "-c", script));
    return YcsbProcess.run(command, tree);
  }

  /** Binding names are matched whole, not as patterns: "l.db" is not "lmdb". */
  @Test
  void bindingNamesAreMatchedExactly() throws Exception {
    YcsbProcess result = ycsb("load", "l.db");

    assertThat(result.exitCode()).isNotZero();
    assertThat(result.stderr()).startsWith("ycsb: unknown binding 'l.db'");
  }

  @Test
  void badSizePropertyExitsNonZeroWithOneLineNamingIt() throws Exception {
    YcsbProcess result =
        ycsb(
            "load",
            "lmdb",
            "-P",
            "workloads/workloada",
            "-p",
            "lmdb.dir=" + dataDir,
            "-p",
            "lmdb.mapsize=12x");

    assertThat(result.exitCode()).isNotZero();
    assertThat(result.stderr().strip())
        .isEqualTo(
            "ycsb: lmdb.mapsize: '12x' is not a size; use a number with an optional k, m, g or t suffix");
    assertThat(result.stdout()).doesNotContain("[INSERT]");
  }

  @Test
  void missingDirectoryPropertyIsNamed() throws Exception {
    YcsbProcess result = ycsb("load", "lmdb", "-P", "workloads/workloada");

    assertThat(result.exitCode()).isNotZero();
    assertThat(result.stderr()).contains("lmdb.dir is required");
  }

  @Test
  void unknownCommandExitsNonZero() throws Exception {
    YcsbProcess result = ycsb("bench", "lmdb");

    assertThat(result.exitCode()).isNotZero();
    assertThat(result.stderr()).contains("unknown command 'bench'; use load, run or shell");
  }

  /** The quick start's LMDB load and run, smaller: every operation returns OK. */
  @Test
  void loadThenRunWithTwoThreadsIsAllOk() throws Exception {
    YcsbProcess load =
        ycsb(
            "load",
            "lmdb",
            "-P",
            "workloads/workloada",
            "-p",
            "recordcount=5000",
            "-p",
            "lmdb.dir=" + dataDir,
            "-p",
            "lmdb.mapsize=1m",
            "-s");
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("INSERT", "Return=OK")).as(load.toString()).isEqualTo(5000);

    YcsbProcess run =
        ycsb(
            "run",
            "lmdb",
            "-P",
            "workloads/workloada",
            "-p",
            "recordcount=5000",
            "-p",
            "operationcount=5000",
            "-p",
            "lmdb.dir=" + dataDir,
            "-threads",
            "2");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.count("READ", "Return=OK") + run.count("UPDATE", "Return=OK")).isEqualTo(5000);
    assertThat(run.returnLines()).allMatch(line -> line.contains("Return=OK"));
  }

  @Test
  void basicBindingRunsFromTheSharedClasspath() throws Exception {
    YcsbProcess run =
        ycsb(
            "run",
            "basic",
            "-P",
            "workloads/workloadc",
            "-p",
            "operationcount=100",
            "-p",
            "basicdb.verbose=false");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.count("READ", "Return=OK")).isEqualTo(100);
  }

  @Test
  void aWorkloadThatCannotStartIsOneLineAndExitOne() throws Exception {
    YcsbProcess result =
        ycsb(
            "run",
            "lmdb",
            "-P",
            "workloads/workloadz",
            "-p",
            "batchsize=0",
            "-p",
            "lmdb.dir=" + dataDir);

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.stderr().strip())
        .isEqualTo(
            "ycsb: workload io.github.ycsbembedded.workloads.BatchedReadWorkload:"
                + " batchsize: '0' is not an integer from 1 to 1048576");
  }

  /** A small WiredTiger load with one setting WiredTiger refuses: exit 1 and one line. */
  private YcsbProcess wiredTigerLoadRefusing(String property) throws Exception {
    YcsbProcess result =
        ycsb(
            "load",
            "wiredtiger",
            "-P",
            "workloads/workloada",
            "-p",
            "recordcount=10",
            "-p",
            "wiredtiger.dir=" + dataDir,
            "-p",
            property);
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.stderr().strip().lines()).hasSize(1);
    return result;
  }

  /**
   * WiredTiger writes its own error line to the process's stderr before it returns the code: the
   * binding reads it off a pipe and folds it into its one line.
   */
  @Test
  void aConfigurationWiredTigerRefusesIsOneLineQuotingWiredTiger() throws Exception {
    YcsbProcess result = wiredTigerLoadRefusing("wiredtiger.config=bogus=1");
    assertThat(result.stderr().strip())
        .startsWith("ycsb: wiredtiger: cannot open " + dataDir + " with configuration '")
        .contains("bogus=1': Invalid argument (WiredTiger: wiredtiger_open: ")
        .endsWith("unknown configuration key: 'bogus': Invalid argument)");
  }

  @Test
  void aTableConfigurationWiredTigerRefusesIsOneLineQuotingWiredTiger() throws Exception {
    YcsbProcess result = wiredTigerLoadRefusing("wiredtiger.table_config=bogus=2");
    assertThat(result.stderr().strip())
        .startsWith(
            "ycsb: wiredtiger.table_config: WiredTiger refuses the table configuration"
                + " 'key_format=u,value_format=u,bogus=2' (Invalid argument) (WiredTiger:"
                + " WT_SESSION.create: ")
        .endsWith("unknown configuration key: 'bogus': Invalid argument)");
  }

  /**
   * A table file WiredTiger cannot read fails every read with a line of WiredTiger's own: they are
   * counted into the run's one summary line instead of printed one per read.
   */
  @Test
  void readsOfACorruptWiredTigerTableEndInOneSummaryLine() throws Exception {
    YcsbProcess load =
        ycsb(
            "load",
            "wiredtiger",
            "-P",
            "workloads/workloadc",
            "-p",
            "recordcount=2000",
            "-p",
            "wiredtiger.dir=" + dataDir);
    assertThat(load.exitCode()).as(load.stderr()).isZero();
    Path table = dataDir.resolve("usertable.wt");
    byte[] bytes = Files.readAllBytes(table);
    for (int i = 4096; i < bytes.length; i++) {
      bytes[i] = (byte) (i * 31);
    }
    Files.write(table, bytes);

    YcsbProcess run =
        ycsb(
            "run",
            "wiredtiger",
            "-P",
            "workloads/workloadc",
            "-p",
            "recordcount=2000",
            "-p",
            "operationcount=300",
            "-p",
            "wiredtiger.dir=" + dataDir);

    assertThat(run.exitCode()).isEqualTo(1);
    List<String> engineLines =
        run.stderr().lines().filter(line -> line.contains("wiredtiger said:")).toList();
    assertThat(engineLines).hasSize(1);
    assertThat(engineLines.get(0))
        .startsWith("wiredtiger: read usertable/user")
        .contains("(the first of 300 operations that failed in the engine;")
        .contains("; wiredtiger said: file:usertable.wt, ")
        .contains("checksum")
        .matches(".* \\(and [0-9,]+ lines more\\)$");
    assertThat(run.stderr().lines().filter(line -> line.startsWith("["))).isEmpty();
    List<String> lines = run.stderr().strip().lines().toList();
    assertThat(lines.get(lines.size() - 1)).startsWith("ycsb: ");
  }

  @Test
  void theShellWithoutADirectoryIsOneLineAndExitOne() throws Exception {
    YcsbProcess result = ycsb("shell", "lmdb");

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.stderr().strip())
        .isEqualTo("ycsb: lmdb.dir is required (set it with -p lmdb.dir=...)");
  }

  /**
   * The JVM's young generation is 32 MiB unless JAVA_OPTS or -jvm-args size it or the heap
   * (docs/command-line.md, "JVM options"); read back from the JVM's own final flags.
   */
  @Test
  void theJvmGetsA32MiBYoungGenerationUnlessTheOptionsSizeItOrTheHeap() throws Exception {
    assertThat(youngGeneration("", ""))
        .isEqualTo("33554432 {command line}, 33554432 {command line}");
    assertThat(youngGeneration("", "-Xmx128m")).doesNotContain("command line");
    assertThat(youngGeneration("-Xmn64m", ""))
        .isEqualTo("67108864 {command line}, 67108864 {command line}");
    assertThat(youngGeneration("", "-Xmn48m"))
        .isEqualTo("50331648 {command line}, 50331648 {command line}");
    assertThat(youngGeneration("-XX:NewRatio=3", "")).doesNotContain("command line");
    assertThat(youngGeneration("", "-Xmx64m")).doesNotContain("command line");
  }

  /**
   * NewSize and MaxNewSize as the JVM started by bin/ycsb with these options prints them, with
   * their origin.
   */
  private static String youngGeneration(String javaOpts, String jvmArgs) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                "env",
                "JAVA_OPTS=" + javaOpts,
                YcsbProcess.root().resolve("bin/ycsb").toString(),
                "run",
                "basic",
                "-P",
                "workloads/workloadc",
                "-p",
                "recordcount=10",
                "-p",
                "operationcount=10",
                "-p",
                "basicdb.verbose=false",
                "-jvm-args",
                (jvmArgs + " -XX:+PrintFlagsFinal").strip()));
    YcsbProcess run = YcsbProcess.run(command, YcsbProcess.root());
    assertThat(run.exitCode()).as(run.toString()).isZero();
    List<String> sizes = new ArrayList<>();
    for (String flag : List.of("NewSize", "MaxNewSize")) {
      Matcher m =
          Pattern.compile(
                  "^\\s*size_t\\s+" + flag + "\\s+=\\s+(\\d+)\\s+\\{product\\}\\s+(\\{[^}]*\\})",
                  Pattern.MULTILINE)
              .matcher(run.stdout());
      assertThat(m.find()).as(flag + " in " + run).isTrue();
      sizes.add(m.group(1) + " " + m.group(2));
    }
    return String.join(", ", sizes);
  }

  /**
   * Another engine's directory is told by the engine's own file names when no binding marked it.
   */
  @Test
  void lmdbRefusesADirectoryRocksDbWrote() throws Exception {
    YcsbProcess load =
        ycsb(
            "load",
            "rocksdb",
            "-P",
            "workloads/workloada",
            "-p",
            "recordcount=100",
            "-p",
            "rocksdb.dir=" + dataDir);
    assertThat(load.exitCode()).as(load.toString()).isZero();
    java.nio.file.Files.delete(dataDir.resolve("ycsb-embedded.binding"));

    YcsbProcess run =
        ycsb(
            "run",
            "lmdb",
            "-P",
            "workloads/workloadc",
            "-p",
            "recordcount=100",
            "-p",
            "lmdb.dir=" + dataDir);
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stderr().strip())
        .isEqualTo(
            "ycsb: lmdb: "
                + dataDir.toRealPath()
                + " holds a rocksdb database;"
                + " use an empty directory or one lmdb wrote");
  }

  /**
   * rocksdb.library=6.20.3 runs the Unum write-up's RocksDB in the phase's JVM: a load and a run on
   * it, each saying so in its startup line; a version the build does not carry is one line; the
   * path of a jar runs that jar's RocksDB.
   */
  @Test
  void rocksdbLibraryRunsTheVersionOrJarAskedAndRefusesOneNotCarried() throws Exception {
    YcsbProcess load =
        ycsb(
            "load",
            "rocksdb",
            "-P",
            "workloads/workloada",
            "-p",
            "recordcount=500",
            "-p",
            "rocksdb.library=6.20.3",
            "-p",
            "rocksdb.dir=" + dataDir);
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.stdout())
        .contains("rocksdb: io.github.ycsbembedded.rocksdb.RocksDbClient on RocksDB 6.20.3\n");
    assertThat(load.count("INSERT", "Return=OK")).isEqualTo(500);
    YcsbProcess run =
        ycsb(
            "run",
            "rocksdb",
            "-P",
            "workloads/workloada",
            "-p",
            "recordcount=500",
            "-p",
            "operationcount=500",
            "-p",
            "rocksdb.library=6.20.3",
            "-p",
            "rocksdb.dir=" + dataDir);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.stdout()).contains("on RocksDB 6.20.3\n").doesNotContain("RocksDB 11.");

    YcsbProcess other =
        ycsb(
            "load",
            "rocksdb",
            "-P",
            "workloads/workloada",
            "-p",
            "rocksdb.library=6.2",
            "-p",
            "rocksdb.dir=" + dataDir.resolve("other"));
    assertThat(other.exitCode()).isEqualTo(1);
    assertThat(other.stderr().strip())
        .isEqualTo(
            "ycsb: rocksdb.library: '6.2' is not a version this build carries; use 11.8.1 (the"
                + " default), 6.20.3 or the path of a jar of the library");

    // a jar given by its path runs in the same way: here the folder's own, named by the file
    Path jar =
        YcsbProcess.root().resolve("rocksdb-binding/target/rocksdb-6.20.3/rocksdbjni-6.20.3.jar");
    YcsbProcess byJar =
        ycsb(
            "load",
            "rocksdb",
            "-P",
            "workloads/workloada",
            "-p",
            "recordcount=50",
            "-p",
            "rocksdb.library=" + jar,
            "-p",
            "rocksdb.dir=" + dataDir.resolve("by-jar"));
    assertThat(byJar.exitCode()).as(byJar.toString()).isZero();
    assertThat(byJar.stdout()).contains("on RocksDB 6.20.3\n").doesNotContain("RocksDB 11.");
  }

  /** Keys of 604 bytes, which LMDB cannot store: every insert is BAD_REQUEST, and the run fails. */
  @Test
  void aLoadWhoseEveryInsertFailsExitsOneWithTheCounts() throws Exception {
    YcsbProcess result =
        ycsb(
            "load",
            "lmdb",
            "-P",
            "workloads/workloada",
            "-p",
            "recordcount=50",
            "-p",
            "lmdb.dir=" + dataDir,
            "-p",
            "insertorder=ordered",
            "-p",
            "zeropadding=600");

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.stdout()).contains("[INSERT], Return=BAD_REQUEST, 1");
    assertThat(result.stderr().strip().lines().reduce((a, b) -> b).orElse(""))
        .isEqualTo("ycsb: every operation failed (INSERT BAD_REQUEST 1)");
  }

  /** The comment block a launcher opens with, up to its first line of code. */
  private static String header(String launcher) throws Exception {
    StringBuilder header = new StringBuilder();
    for (String line : Files.readAllLines(YcsbProcess.root().resolve(launcher))) {
      if (!line.startsWith("#")) {
        break;
      }
      header.append(line).append('\n');
    }
    return header.toString();
  }

  private static Set<String> matches(String text, String regex) {
    Set<String> found = new TreeSet<>();
    Matcher m = Pattern.compile(regex).matcher(text);
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }

  private static YcsbProcess experiment(String... args) throws Exception {
    return launch("bin/experiment", args);
  }

  @Test
  void theLaunchersHeadersNameEveryOptionAndCommandTheirHelpLists() throws Exception {
    String option = "(?<![\\w-])(--?[a-zA-Z][-a-z]*)";
    YcsbProcess ycsbHelp = ycsb("--help");
    Set<String> ycsbOptions = matches(ycsbHelp.stdout() + ycsbHelp.stderr(), option);
    assertThat(ycsbOptions).as(ycsbHelp.toString()).contains("-P", "-p", "-threads", "-jvm-args");
    assertThat(matches(header("bin/ycsb"), option)).containsAll(ycsbOptions);

    YcsbProcess help = experiment("--help");
    assertThat(help.exitCode()).as(help.toString()).isZero();
    Set<String> commands = matches(help.stdout(), "(?m)^  ([a-z]+)  ");
    assertThat(commands).contains("run", "compare");
    Set<String> options = matches(help.stdout(), option);
    for (String command : commands) {
      options.addAll(matches(experiment(command, "--help").stdout(), option));
    }
    options.removeAll(Set.of("-h", "-V", "--version"));
    String experimentHeader = header("bin/experiment");
    assertThat(matches(experimentHeader, "bin/experiment ([a-z]+)")).isEqualTo(commands);
    assertThat(matches(experimentHeader, option)).isEqualTo(options);
  }
}
