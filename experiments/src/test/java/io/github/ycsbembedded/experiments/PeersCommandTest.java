package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/experiment peers}: each bad input refused in one line, exit status 2. */
class PeersCommandTest {
  @RegisterExtension final Console console = new Console();
  @TempDir Path tmp;

  private Path cppCheckout() throws Exception {
    Path dir = tmp.resolve("YCSB-cpp");
    Files.createDirectories(dir.resolve("build"));
    Files.createDirectories(dir.resolve("workloads"));
    Path binary = dir.resolve("build/ycsb");
    Files.writeString(binary, "#!/bin/sh\n");
    Files.setPosixFilePermissions(binary, PosixFilePermissions.fromString("rwxr-xr-x"));
    return dir;
  }

  private void refused(String line, String... args) {
    int status = console.run(args);

    assertThat(status).isEqualTo(2);
    assertThat(console.stderr()).isEqualTo(line);
  }

  @Test
  void withoutAPeerItSaysHowToNameOne() {
    refused(
        "experiment peers: name a peer to compare with: --ycsb-cpp DIR and/or --ycsb DIR"
            + " (docs/peers.md says how to build each)",
        "peers");
  }

  @Test
  void aPeerFolderThatIsNoneIsRefused() {
    refused(
        "experiment peers: --ycsb-cpp: " + tmp.resolve("none") + " is not a folder",
        "peers",
        "--ycsb-cpp",
        tmp.resolve("none").toString());
  }

  @Test
  void aYcsbCppCheckoutWithoutItsBinaryIsRefused() throws Exception {
    Files.createDirectories(tmp.resolve("src"));
    refused(
        "experiment peers: --ycsb-cpp: "
            + tmp.resolve("src")
            + " has no built build/ycsb or ycsb: build YCSB-cpp there first (docs/peers.md)",
        "peers",
        "--ycsb-cpp",
        tmp.resolve("src").toString());
  }

  @Test
  void anUpstreamFolderWithoutItsBindingsJarIsRefused() throws Exception {
    Files.createDirectories(tmp.resolve("ycsb/lib"));
    Files.createDirectories(tmp.resolve("ycsb/workloads"));
    Files.writeString(tmp.resolve("ycsb/lib/core-0.17.0.jar"), "");
    refused(
        "experiment peers: --ycsb: "
            + tmp.resolve("ycsb")
            + " has no rocksdb-binding-*.jar in lib/ or rocksdb-binding/lib/: give the folder of"
            + " YCSB 0.17.0 with its RocksDB binding (docs/peers.md)",
        "peers",
        "--ycsb",
        tmp.resolve("ycsb").toString());
  }

  @Test
  void aRocksDbVersionTheBuildDoesNotCarryIsRefusedBeforeAnyRun() throws Exception {
    refused(
        "experiment peers: --rocksdb-library: '6.2' is not a version this build carries; use"
            + " 11.8.1 (the default), 6.20.3 or the path of a jar of the library",
        "peers",
        "--ycsb-cpp",
        cppCheckout().toString(),
        "--rocksdb-library",
        "6.2");
  }

  @Test
  void aRocksDbJarThatIsNotThereIsRefusedBeforeAnyRun() throws Exception {
    String cpp = cppCheckout().toString();
    refused(
        "experiment peers: --rocksdb-library: '" + tmp.resolve("none.jar") + "' is not a file",
        "peers",
        "--ycsb-cpp",
        cpp,
        "--rocksdb-library",
        tmp.resolve("none.jar").toString());
  }

  @Test
  void aRocksDbOptionsFileThatIsNotThereIsRefusedBeforeAnyRun() throws Exception {
    String cpp = cppCheckout().toString();
    refused(
        "experiment peers: --rocksdb-options: '"
            + tmp.resolve("OPTIONS-1")
            + "' is not a readable file",
        "peers",
        "--ycsb-cpp",
        cpp,
        "--rocksdb-options",
        tmp.resolve("OPTIONS-1").toString());
  }

  @Test
  void anEngineThePeersDoNotRunIsRefused() throws Exception {
    refused(
        "experiment peers: --engines: 'sqlite' is not an engine peers runs; use lmdb, rocksdb,"
            + " leveldb, wiredtiger",
        "peers",
        "--ycsb-cpp",
        cppCheckout().toString(),
        "--engines",
        "lmdb,sqlite");
  }

  @Test
  void aThreadCountOutOfRangeIsRefused() throws Exception {
    refused(
        "experiment peers: --threads: 0 is not a thread count; use 1 to 64",
        "peers",
        "--ycsb-cpp",
        cppCheckout().toString(),
        "--threads",
        "1,0");
  }

  @Test
  void anUnknownScaleIsRefusedNamingTheScales() throws Exception {
    refused(
        "experiment peers: --scale: 'huge' is not a scale of peers; use one of tiny, quick, small",
        "peers",
        "--ycsb-cpp",
        cppCheckout().toString(),
        "--scale",
        "huge");
  }

  @Test
  void aRoundCountOutOfRangeIsRefused() {
    refused(
        "experiment: --rounds: '0' is not a number of rounds; use 1 to 100",
        "peers",
        "--rounds",
        "0");
  }

  @Test
  void aReportOfAFolderWithoutPeersResultsIsRefused() {
    refused(
        "experiment peers: --report: " + tmp + " is not a peers folder: it has no peers.json",
        "peers",
        "--report",
        tmp.toString());
  }
}
