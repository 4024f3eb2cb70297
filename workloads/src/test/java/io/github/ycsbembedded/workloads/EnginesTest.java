package io.github.ycsbembedded.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.EngineDescriptor;
import io.github.ycsbembedded.core.Engines;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engines as the binding modules on this module's test classpath describe themselves (every
 * binding of the build: see the pom), told apart by their files.
 */
class EnginesTest {
  /** Every binding module of the tree, built or not: the folders named {@code <name>-binding}. */
  private static List<String> bindingFolders() throws Exception {
    try (Stream<Path> children = Files.list(YcsbProcess.root())) {
      return children
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith("-binding"))
          .map(n -> n.substring(0, n.length() - "-binding".length()))
          .sorted()
          .toList();
    }
  }

  @Test
  void eachBindingModuleOfTheBuildPublishesOneDescriptorUnderItsFoldersName() throws Exception {
    List<String> described = Engines.all().stream().map(EngineDescriptor::name).toList();
    List<String> folders = bindingFolders();

    assertThat(described).doesNotHaveDuplicates();
    assertThat(folders).containsAll(described);
    // WiredTiger's module is in the build only where bin/setup found its packages
    List<String> built =
        folders.stream()
            .filter(f -> !f.equals("wiredtiger") || Files.exists(wiredTigerReady()))
            .toList();
    assertThat(described).containsExactlyInAnyOrderElementsOf(built);
  }

  private static Path wiredTigerReady() {
    return YcsbProcess.root().resolve(".deps/wiredtiger/ready");
  }

  @Test
  void aDirectorysFilesTellItsEngineRocksDbBeforeLevelDb() {
    assertThat(Engines.recognize(List.of("data.mdb")).orElseThrow().name()).isEqualTo("lmdb");
    assertThat(Engines.recognize(List.of("CURRENT", "IDENTITY")).orElseThrow().name())
        .isEqualTo("rocksdb");
    assertThat(Engines.recognize(List.of("CURRENT", "000005.ldb")).orElseThrow().name())
        .isEqualTo("leveldb");
    assertThat(Engines.recognize(List.of("notes.txt"))).isEmpty();
    if (Engines.named("wiredtiger").isPresent()) {
      assertThat(Engines.recognize(List.of("WiredTiger.wt")).orElseThrow().name())
          .isEqualTo("wiredtiger");
    }
  }

  @Test
  void eachEnginesWriteAheadLogIsToldByItsFileNames() {
    assertThat(Engines.named("rocksdb").orElseThrow().isLog("000012.log")).isTrue();
    assertThat(Engines.named("rocksdb").orElseThrow().isLog("LOG")).isFalse();
    assertThat(Engines.named("leveldb").orElseThrow().isLog("000003.log")).isTrue();
    assertThat(Engines.named("lmdb").orElseThrow().isLog("data.mdb")).isFalse();
    Engines.named("wiredtiger")
        .ifPresent(
            wt -> {
              assertThat(wt.isLog("WiredTigerLog.0000000001")).isTrue();
              assertThat(wt.isLog("usertable.wt")).isFalse();
            });
  }
}
