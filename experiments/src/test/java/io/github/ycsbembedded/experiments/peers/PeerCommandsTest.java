package io.github.ycsbembedded.experiments.peers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each side's command line: its client, workload file, engine options and data folder. */
class PeerCommandsTest {
  private final PeerCommands commands =
      new PeerCommands(Path.of("/home/ours"), Path.of("/peers/cpp"), Path.of("/peers/ycsb"));

  private static PeerCommands.Run run(String engine, Phase phase) {
    return new PeerCommands.Run(engine, phase, 1000, 5000, 2, Path.of("/data/t"));
  }

  @Test
  void oursRunsBinYcsbWithTheEngineOptionsMatchedToYcsbCpps() {
    List<String> c = commands.of(Side.OURS, run("leveldb", Phase.C));

    assertThat(c)
        .startsWith("/home/ours/bin/ycsb", "run", "leveldb", "-P", "/home/ours/workloads/workloadc")
        .containsSubsequence("-p", "recordcount=1000", "-p", "operationcount=5000")
        .contains(
            "leveldb.cache_size=128m",
            "leveldb.compression=none",
            "leveldb.verify_checksums=false",
            "leveldb.dir=/data/t")
        .endsWith("-threads", "2", "-s", "-jvm-args", "-Xmx256m -Xmn32m");
  }

  /** {@code --rocksdb-library}: ours' RocksDB runs asked for it; no other engine's, no peer's. */
  @Test
  void aRocksDbLibraryAskedGoesToOurRocksDbRunsAlone() {
    PeerCommands other =
        new PeerCommands(Path.of("/h"), Path.of("/cpp"), null, "/jars/rocksdbjni-7.8.3.jar");

    assertThat(other.of(Side.OURS, run("rocksdb", Phase.A)))
        .containsSubsequence("-p", "rocksdb.library=/jars/rocksdbjni-7.8.3.jar");
    assertThat(other.of(Side.OURS, run("leveldb", Phase.A))).noneMatch(a -> a.contains("library"));
    assertThat(other.of(Side.YCSB_CPP, run("rocksdb", Phase.A)))
        .noneMatch(a -> a.contains("library"));
    assertThat(commands.of(Side.OURS, run("rocksdb", Phase.A)))
        .noneMatch(a -> a.contains("library"));
  }

  /** {@code --rocksdb-options}: ours' RocksDB runs open with the file; no other engine's. */
  @Test
  void aRocksDbOptionsFileGoesToOurRocksDbRunsAlone() {
    PeerCommands other =
        new PeerCommands(Path.of("/h"), Path.of("/cpp"), null, null, "/trees/OPTIONS-000007");

    assertThat(other.of(Side.OURS, run("rocksdb", Phase.C)))
        .containsSubsequence("-p", "rocksdb.optionsfile=/trees/OPTIONS-000007")
        .noneMatch(a -> a.contains("library"));
    assertThat(other.of(Side.OURS, run("leveldb", Phase.C)))
        .noneMatch(a -> a.contains("optionsfile"));
    assertThat(other.of(Side.YCSB_CPP, run("rocksdb", Phase.C)))
        .noneMatch(a -> a.contains("optionsfile"));
    assertThat(commands.of(Side.OURS, run("rocksdb", Phase.C)))
        .noneMatch(a -> a.contains("optionsfile"));
  }

  @Test
  void ycsbCppRunsItsBinaryWithItsPropertiesFileAndItsOutputOnStandardError() {
    List<String> c = commands.of(Side.YCSB_CPP, run("wiredtiger", Phase.LOAD));

    assertThat(c)
        .startsWith(
            "sh",
            "-c",
            "exec \"$0\" \"$@\" >&2",
            "/peers/cpp/ycsb",
            "-load",
            "-db",
            "wiredtiger",
            "-P",
            "/peers/cpp/workloads/workloada",
            "-P",
            "/peers/cpp/wiredtiger/wiredtiger.properties")
        .contains(
            "wiredtiger.cache_size=64MB",
            "wiredtiger.blk_mgr.compressor=",
            "wiredtiger.home=/data/t",
            "threadcount=2",
            "status.interval=1")
        .endsWith("-s");
  }

  @Test
  void ycsbCppNamesEachEnginesFolderByItsOwnProperty() {
    assertThat(commands.of(Side.YCSB_CPP, run("lmdb", Phase.A)))
        .contains("lmdb.dbpath=/data/t", "lmdb.nosync=true", "lmdb.mapsize=8589934592");
    assertThat(commands.of(Side.YCSB_CPP, run("rocksdb", Phase.A)))
        .contains("rocksdb.dbname=/data/t", "rocksdb.bloom_bits=0", "rocksdb.compression=no");
  }

  @Test
  void upstreamRunsItsClientClassWithItsOwnJarsAndOnlyItsFolder() {
    // the binding's own tarball's layout: every jar in lib/ (no rocksdb-binding/lib/ here)
    List<String> c = commands.of(Side.YCSB, run("rocksdb", Phase.A));

    assertThat(c)
        .startsWith(
            "java",
            "-Xmx256m",
            "-Xmn32m",
            "-cp",
            "/peers/ycsb/lib/*",
            "site.ycsb.Client",
            "-t",
            "-db",
            "site.ycsb.db.rocksdb.RocksDBClient",
            "-P",
            "/peers/ycsb/workloads/workloada")
        .contains("rocksdb.dir=/data/t")
        .noneMatch(a -> a.startsWith("rocksdb.cache_size"))
        .endsWith("-threads", "2", "-s");
  }

  @Test
  void theSidesAreOursAndEachPeerGiven() {
    assertThat(commands.sides()).containsExactly(Side.OURS, Side.YCSB_CPP, Side.YCSB);
    assertThat(new PeerCommands(Path.of("/h"), null, Path.of("/y")).sides())
        .containsExactly(Side.OURS, Side.YCSB);
  }
}
