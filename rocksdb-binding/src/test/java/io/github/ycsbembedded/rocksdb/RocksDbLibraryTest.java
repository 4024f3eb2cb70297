package io.github.ycsbembedded.rocksdb;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ChecksumType;
import site.ycsb.DB;
import site.ycsb.DBException;

/**
 * {@code rocksdb.library} in a JVM whose classpath holds the build's rocksdbjni (as stock YCSB's
 * launchers and an embedding program keep it): bin/ycsb's swap of the jar is LauncherIT's, and the
 * binding's tests on 6.20.3 run in a JVM of their own ({@code RocksDbClient6203Test}).
 */
class RocksDbLibraryTest {
  @TempDir Path dataDir;

  /** A client initialized with {@code rocksdb.library=version}, or the error its init() threw. */
  private DB open(String version) throws DBException {
    Properties properties = new Properties();
    properties.setProperty("rocksdb.dir", dataDir.toString());
    properties.setProperty("rocksdb.library", version);
    DB db = new RocksDbClient();
    db.setProperties(properties);
    db.init();
    return db;
  }

  /**
   * Without {@code rocksdb.checksum}, the C++ library's default of the version loaded: CRC32c up to
   * 7.7, XXH3 from 7.8.0 on (rocksdbjni 7.8.3's own Java default is CRC32c).
   */
  @Test
  void theDefaultChecksumFollowsTheCppLibrarysVersion() throws Exception {
    assertThat(RocksDbEngine.checksum(null, version(6, 20, 3))).isEqualTo(ChecksumType.kCRC32c);
    assertThat(RocksDbEngine.checksum(null, version(7, 7, 8))).isEqualTo(ChecksumType.kCRC32c);
    assertThat(RocksDbEngine.checksum(null, version(7, 8, 3))).isEqualTo(ChecksumType.kXXH3);
    assertThat(RocksDbEngine.checksum(null, version(11, 8, 1))).isEqualTo(ChecksumType.kXXH3);
    assertThat(RocksDbEngine.checksum("crc32c", version(11, 8, 1))).isEqualTo(ChecksumType.kCRC32c);
    assertThat(RocksDbEngine.checksum("xxhash", version(6, 20, 3))).isEqualTo(ChecksumType.kxxHash);
  }

  /**
   * The checksum RocksDB recorded at open against the one set: the same says nothing; another one
   * by default is said after the version; another one asked for is refused; no file says nothing.
   */
  @Test
  void aChecksumTheLibraryDidNotSetIsSaidByDefaultAndRefusedWhenAsked() throws Exception {
    assertThat(RocksDbEngine.checksumWritten(dataDir, ChecksumType.kXXH3, null)).isNull();
    Files.writeString(
        dataDir.resolve("OPTIONS-000005"),
        "[CFOptions \"default\"]\n  compression=kNoCompression\n"
            + "[TableOptions/BlockBasedTable \"default\"]\n  checksum=kXXH3\n");
    Files.writeString(
        dataDir.resolve("OPTIONS-000007"),
        "[DBOptions]\n  checksum=none\n[TableOptions/BlockBasedTable \"default\"]\n"
            + "  block_size=4096\n  checksum=kCRC32c\n");

    assertThat(RocksDbEngine.recordedChecksum(dataDir)).isEqualTo("kCRC32c");
    assertThat(RocksDbEngine.checksumWritten(dataDir, ChecksumType.kCRC32c, null)).isNull();
    assertThat(RocksDbEngine.checksumWritten(dataDir, ChecksumType.kXXH3, null))
        .isEqualTo(
            "its tables checksummed kCRC32c, not kXXH3 (the C++ library's default), which its Java"
                + " API cannot set (facebook/rocksdb#10862; rocksdb.optionsfile can)");
    assertThatThrownBy(() -> RocksDbEngine.checksumWritten(dataDir, ChecksumType.kXXH3, "xxh3"))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "rocksdb.checksum: RocksDB 11.8.1 wrote kCRC32c for the xxh3 asked: its Java API"
                + " cannot set it (facebook/rocksdb#10862); rocksdb.optionsfile can");
  }

  /**
   * The newest OPTIONS file is the one of the highest number: RocksDB pads it to six digits, so
   * past 999,999 the name's order is not the number's.
   */
  @Test
  void theNewestOptionsFileIsTheHighestNumberNotTheLastName() throws Exception {
    Files.writeString(
        dataDir.resolve("OPTIONS-999998"),
        "[TableOptions/BlockBasedTable \"default\"]\n  checksum=kCRC32c\n");
    Files.writeString(
        dataDir.resolve("OPTIONS-1000005"),
        "[TableOptions/BlockBasedTable \"default\"]\n  checksum=kXXH3\n");
    assertThat(RocksDbEngine.recordedChecksum(dataDir)).isEqualTo("kXXH3");
  }

  private static org.rocksdb.RocksDB.Version version(int major, int minor, int patch) {
    return new org.rocksdb.RocksDB.Version((byte) major, (byte) minor, (byte) patch);
  }

  /** The build's version is the default's name for the rocksdbjni on the binding's classpath. */
  @Test
  void theDefaultVersionIsTheOneOnTheClasspath() throws Exception {
    assertThat(new RocksDbDescriptor().libraries().orElseThrow().builtWith())
        .isEqualTo(org.rocksdb.RocksDB.rocksdbVersion().toString());
    DB db = open("11.8.1");
    try {
      db.insert("usertable", "k", record("field0", "v"));
      assertThat(read(db, "usertable", "k", null)).containsEntry("field0", "v");
    } finally {
      db.cleanup();
    }
  }

  @Test
  void aVersionThisBuildDoesNotCarryIsOneLineListingThoseItDoes() {
    assertThatThrownBy(() -> open("6.2"))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "rocksdb.library: '6.2' is not a version this build carries; use 11.8.1 (the default)"
                + ", 6.20.3 or the path of a jar of the library");
  }

  /**
   * A jar asked where the JVM loaded another, the binding refuses rather than run another; one the
   * JVM loaded its RocksDB from runs.
   */
  @Test
  void aJarAskedRunsWhereTheJvmLoadedItAndIsRefusedWhereItLoadedAnother() throws Exception {
    Path other =
        YcsbProcess.root().resolve("rocksdb-binding/target/rocksdb-6.20.3/rocksdbjni-6.20.3.jar");
    assertThatThrownBy(() -> open(other.toString()))
        .isInstanceOf(DBException.class)
        .message()
        .startsWith(
            "rocksdb.library: " + other + " asked, but this JVM loaded RocksDB 11.8.1 from /")
        .endsWith(
            "; bin/ycsb runs the version asked, or put "
                + other
                + " on the classpath in place of the binding's own");

    Path own =
        Path.of(
            org.rocksdb.RocksDB.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    assertThat(own).hasFileName("rocksdbjni-11.8.1.jar");
    DB db = open(own.toString());
    try {
      db.insert("usertable", "k", record("field0", "v"));
      assertThat(read(db, "usertable", "k", null)).containsEntry("field0", "v");
    } finally {
      db.cleanup();
    }
    assertThatThrownBy(() -> open(dataDir.resolve("none.jar").toString()))
        .isInstanceOf(DBException.class)
        .hasMessage("rocksdb.library: '" + dataDir.resolve("none.jar") + "' is not a file");
  }

  /** Asked for 6.20.3 where 11.8.1 is loaded, the binding refuses rather than run another. */
  @Test
  void theWriteUpsVersionIsRefusedWhereTheJvmLoadedTheBuildsOwn() throws Exception {
    Path folder = YcsbProcess.root().resolve("rocksdb-binding/target/rocksdb-6.20.3");
    assertThat(folder.resolve("rocksdbjni-6.20.3.jar")).as("the build copies it").isRegularFile();

    assertThatThrownBy(() -> open("6.20.3"))
        .isInstanceOf(DBException.class)
        .message()
        .startsWith("rocksdb.library: 6.20.3 asked, but this JVM loaded RocksDB 11.8.1 from /")
        .contains("rocksdbjni-11.8.1.jar; bin/ycsb runs the version asked, or put the jar of ")
        .endsWith(
            "rocksdb-binding/target/rocksdb-6.20.3 on the classpath in place of the binding's own");
    try (var files = Files.list(dataDir)) {
      assertThat(files).as("refused before the directory is touched").isEmpty();
    }
  }
}
