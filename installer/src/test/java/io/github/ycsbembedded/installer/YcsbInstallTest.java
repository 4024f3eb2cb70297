package io.github.ycsbembedded.installer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YcsbInstallTest {
  @TempDir Path tmp;

  private Path layout(String coreJar) throws Exception {
    Path home = Files.createDirectories(tmp.resolve("ycsb"));
    Files.createDirectories(home.resolve("bin"));
    Files.createDirectories(home.resolve("lib"));
    Files.writeString(home.resolve("bin/bindings.properties"), "basic:site.ycsb.BasicDB\n");
    Files.writeString(home.resolve("bin/ycsb.sh"), "#!/bin/sh\n");
    if (coreJar != null) {
      Files.write(home.resolve("lib").resolve(coreJar), new byte[0]);
    }
    return home;
  }

  @Test
  void a017ReleaseAndAMasterBuildAreTakenWithTheirVersions() throws Exception {
    assertThat(YcsbInstall.check(layout("core-0.17.0.jar")).version()).isEqualTo("0.17.0");
    Files.delete(tmp.resolve("ycsb/lib/core-0.17.0.jar"));
    Files.write(tmp.resolve("ycsb/lib/core-0.18.0-SNAPSHOT.jar"), new byte[0]);
    assertThat(YcsbInstall.check(tmp.resolve("ycsb")).version()).isEqualTo("0.18.0-SNAPSHOT");
  }

  @Test
  void anotherVersionIsRefusedNamingItAndWhatIsTaken() throws Exception {
    Path home = layout("core-0.16.0.jar");
    assertThatThrownBy(() -> YcsbInstall.check(home))
        .isInstanceOf(Refusal.class)
        .hasMessage(
            home.toRealPath()
                + " is YCSB 0.16.0; install-into adds to YCSB 0.17.x or 0.18.0-SNAPSHOT (built from"
                + " master) only");
  }

  @Test
  void aFolderWithoutTheLayoutIsRefusedNamingWhatIsMissing() throws Exception {
    Path home = layout(null);
    assertThatThrownBy(() -> YcsbInstall.check(home))
        .hasMessage(home.toRealPath() + " is not a YCSB install: it has no lib/core-*.jar");
    Files.delete(home.resolve("bin/ycsb.sh"));
    assertThatThrownBy(() -> YcsbInstall.check(home))
        .hasMessage(home.toRealPath() + " is not a YCSB install: it has no bin/ycsb.sh");
    assertThatThrownBy(() -> YcsbInstall.check(tmp.resolve("none")))
        .hasMessage(tmp.resolve("none") + ": no such directory");
  }

  @Test
  void theRegistryKeepsANamesFirstClassAndAppendsOnALineOfItsOwn() throws Exception {
    Path file = tmp.resolve("bindings.properties");
    Files.writeString(
        file, "# comment\nrocksdb:site.ycsb.db.rocksdb.RocksDBClient\nrocksdb:other.Class");
    Registry registry = Registry.read(file);
    assertThat(registry.classOf("rocksdb")).isEqualTo("site.ycsb.db.rocksdb.RocksDBClient");

    registry.add("lmdb", "io.github.ycsbembedded.lmdb.LmdbClient");

    assertThat(Files.readString(file))
        .isEqualTo(
            "# comment\nrocksdb:site.ycsb.db.rocksdb.RocksDBClient\nrocksdb:other.Class\n"
                + "lmdb:io.github.ycsbembedded.lmdb.LmdbClient\n");
    assertThat(Registry.read(file).classOf("lmdb"))
        .isEqualTo("io.github.ycsbembedded.lmdb.LmdbClient");
  }
}
