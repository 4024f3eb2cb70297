package io.github.ycsbembedded.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binary distribution unpacked as a user would, and installed into a stock-shaped YCSB 0.17.0
 * (its lib/ from Maven Central, bindings.properties with stock lines, the six standard workloads,
 * a bin/ycsb.sh that behaves as stock's, dist/src/test/stock/ycsb.sh, and a Python bin/ycsb).
 */
class DistributionIT {
  @TempDir Path tmp;
  Path dist;
  Path ycsb;

  @BeforeEach
  void unpackAndBuildAStockInstall() throws Exception {
    Path tarball = Paths.get(System.getProperty("ycsbembedded.distribution"));
    assertThat(tarball).exists();
    run(List.of("tar", "xzf", tarball.toString(), "-C", tmp.toString()), tmp);
    try (Stream<Path> unpacked = Files.list(tmp)) {
      dist = unpacked.filter(p -> p.getFileName().toString().startsWith("ycsb-embedded-")).findFirst().orElseThrow();
    }

    ycsb = Files.createDirectories(tmp.resolve("ycsb-0.17.0"));
    Files.createDirectories(ycsb.resolve("bin"));
    Files.createDirectories(ycsb.resolve("lib"));
    Files.createDirectories(ycsb.resolve("workloads"));
    try (Stream<Path> jars = Files.list(Paths.get(System.getProperty("ycsbembedded.stocklib")))) {
      for (Path jar : (Iterable<Path>) jars::iterator) {
        Files.copy(jar, ycsb.resolve("lib").resolve(jar.getFileName()));
      }
    }
    Files.writeString(ycsb.resolve("bin/bindings.properties"),
        "basic:site.ycsb.BasicDB\nmongodb:site.ycsb.db.MongoDbClient\nredis:site.ycsb.db.RedisClient\n");
    Files.writeString(ycsb.resolve("bin/ycsb"), "#!/usr/bin/env python\n# stock YCSB launcher (Python 2)\n");
    Path sh = ycsb.resolve("bin/ycsb.sh");
    Files.copy(YcsbProcess.root().resolve("dist/src/test/stock/ycsb.sh"), sh);
    Files.setPosixFilePermissions(sh, PosixFilePermissions.fromString("rwxr-xr-x"));
    for (String w : List.of("workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf")) {
      Files.writeString(ycsb.resolve("workloads").resolve(w), "# stock " + w + "\n"
          + Files.readString(YcsbProcess.root().resolve("workloads").resolve(w)));
    }
    Files.writeString(ycsb.resolve("LICENSE.txt"), "stock\n");
  }

  private static YcsbProcess run(List<String> command, Path dir) throws Exception {
    return YcsbProcess.run(command, dir);
  }

  private YcsbProcess in(Path home, String... command) throws Exception {
    List<String> full = new ArrayList<>(Arrays.asList(command));
    full.set(0, home.resolve(command[0]).toString());
    return run(full, home);
  }

  @Test
  void installIntoAddsEverythingOnceAndRunsThroughBothLaunchers() throws Exception {
    YcsbProcess first = in(dist, "bin/install-into", ycsb.toString());
    assertThat(first.exitCode()).as(first.toString()).isZero();
    assertThat(first.stdout()).contains("changed in " + ycsb, "lmdb-binding/lib/", "bin/bindings.properties: + lmdb:",
        "lib/HdrHistogram-2.1.4.jar -> lib/HdrHistogram-2.1.4.jar.bak", "bin/ycsb -> bin/ycsb.stock", "workloads/workloadz");
    String bindings = Files.readString(ycsb.resolve("bin/bindings.properties"));

    YcsbProcess second = in(dist, "bin/install-into", ycsb.toString());
    assertThat(second.exitCode()).as(second.toString()).isZero();
    assertThat(second.stdout()).contains("already has everything; nothing changed");
    assertThat(Files.readString(ycsb.resolve("bin/bindings.properties"))).isEqualTo(bindings)
        .contains("mongodb:site.ycsb.db.MongoDbClient", "lmdb:io.github.ycsbembedded.lmdb.LmdbClient",
            "rocksdb:io.github.ycsbembedded.rocksdb.RocksDbClient");
    assertThat(bindings.lines().filter(l -> l.startsWith("lmdb:")).count()).isEqualTo(1);
    assertThat(Files.readString(ycsb.resolve("workloads/workloada"))).startsWith("# stock workloada");
    assertThat(Files.readString(ycsb.resolve("bin/ycsb.stock"))).contains("python");
    assertThat(ycsb.resolve("lib/HdrHistogram-2.1.12.jar")).exists();
    assertThat(ycsb.resolve("lib/HdrHistogram-2.1.4.jar.bak")).exists();
    assertThat(ycsb.resolve("lib/HdrHistogram-2.1.4.jar")).doesNotExist();

    loadThenRunWorkloadZ("bin/ycsb", "lmdb");
    loadThenRunWorkloadZ("bin/ycsb.sh", "rocksdb");

    // HdrHistogram file output works with 2.1.12 (2.1.4 crashes on Java 11+); YCSB wants the folder
    Files.createDirectories(tmp.resolve("hdr"));
    YcsbProcess hdr = in(ycsb, "bin/ycsb", "run", "lmdb", "-P", "workloads/workloadc",
        "-p", "recordcount=3000", "-p", "operationcount=500", "-p", "lmdb.dir=" + tmp.resolve("lmdb"),
        "-p", "measurementtype=hdrhistogram", "-p", "hdrhistogram.fileoutput=true",
        "-p", "hdrhistogram.output.path=" + tmp.resolve("hdr") + "/");
    assertThat(hdr.exitCode()).as(hdr.toString()).isZero();
    assertThat(hdr.count("READ", "Return=OK")).isEqualTo(500);
    assertThat(hdr.stderr()).doesNotContain("DatatypeConverter");
    assertThat(tmp.resolve("hdr/READ.hdr")).isNotEmptyFile();
  }

  /** Through a launcher of the YCSB install: load with workloada, then 20 batches of workloadz. */
  private void loadThenRunWorkloadZ(String launcher, String binding) throws Exception {
    String dir = binding + ".dir=" + tmp.resolve(binding);
    YcsbProcess load = in(ycsb, launcher, "load", binding, "-P", "workloads/workloada", "-p", "recordcount=3000", "-p", dir);
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("INSERT", "Return=OK")).as(launcher + " " + binding).isEqualTo(3000);
    YcsbProcess z = in(ycsb, launcher, "run", binding, "-P", "workloads/workloadz",
        "-p", "recordcount=3000", "-p", "operationcount=20", "-p", dir);
    assertThat(z.exitCode()).as(z.toString()).isZero();
    assertThat(z.count("BATCH_READ", "Return=OK")).as(launcher + " " + binding).isEqualTo(20);
    assertThat(z.count("BATCH_READ_KEYS", "KeysFound")).isEqualTo(20 * 256);
  }

  @Test
  void installIntoRefusesADirectoryThatIsNotAYcsbInstall() throws Exception {
    Path empty = Files.createDirectories(tmp.resolve("not-ycsb"));
    YcsbProcess result = in(dist, "bin/install-into", empty.toString());
    assertThat(result.exitCode()).isNotZero();
    assertThat(result.stderr()).contains(empty + " is not a YCSB install: it has no bin/bindings.properties");
    try (Stream<Path> files = Files.list(empty)) {
      assertThat(files).as("nothing written").isEmpty();
    }
  }

  @Test
  void unpackedDistributionRunsAnExperiment() throws Exception {
    YcsbProcess result = in(dist, "bin/experiment", "hyperdex", "--scale", "tiny", "--engines", "lmdb,rocksdb",
        "--out", tmp.resolve("results").toString(), "--dir", tmp.resolve("data").toString());
    assertThat(result.exitCode()).as(result.toString()).isZero();
    assertThat(result.stdout()).contains("$ bin/ycsb load lmdb", "report: ");
    try (Stream<Path> reports = Files.walk(tmp.resolve("results"))) {
      assertThat(reports.map(p -> p.getFileName().toString())).contains("report.md", "results.json", "speed.png");
    }
  }

  @Test
  void unpackedDistributionRunsEveryBinding() throws Exception {
    List<String> bindings = new ArrayList<>(List.of("lmdb", "rocksdb", "leveldb"));
    if (Files.exists(YcsbProcess.root().resolve(".deps/wiredtiger/ready"))) {
      bindings.add("wiredtiger");
    }
    for (String binding : bindings) {
      YcsbProcess load = in(dist, "bin/ycsb", "load", binding, "-P", "workloads/workloada",
          "-p", "recordcount=1000", "-p", binding + ".dir=" + tmp.resolve(binding));
      assertThat(load.exitCode()).as(load.toString()).isZero();
      assertThat(load.count("INSERT", "Return=OK")).as(binding).isEqualTo(1000);
    }
  }
}
