package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnginesTest {
  /**
   * The launchers' registry (bin/bindings.properties, stock YCSB's format) names every engine of
   * the registry in code with its client class, and no other of ours.
   */
  @Test
  void theLaunchersRegistryListsEveryEngineWithItsClientClass() throws Exception {
    Map<String, String> lines = new LinkedHashMap<>();
    for (String line : Files.readAllLines(YcsbProcess.root().resolve("bin/bindings.properties"))) {
      if (!line.startsWith("#") && line.contains(":")) {
        lines.put(line.substring(0, line.indexOf(':')), line.substring(line.indexOf(':') + 1));
      }
    }
    Map<String, String> ours = new LinkedHashMap<>();
    lines.forEach(
        (name, className) -> {
          if (className.startsWith("io.github.ycsbembedded.")) {
            ours.put(name, className);
          }
        });
    Map<String, String> registry = new LinkedHashMap<>();
    Engines.all().forEach(e -> registry.put(e.name(), e.clientClass()));

    assertThat(ours).containsExactlyEntriesOf(registry);
  }

  @Test
  void aDirectorysFilesTellItsEngineRocksDbBeforeLevelDb() {
    assertThat(Engines.recognize(List.of("data.mdb")).orElseThrow().name()).isEqualTo("lmdb");
    assertThat(Engines.recognize(List.of("CURRENT", "IDENTITY")).orElseThrow().name())
        .isEqualTo("rocksdb");
    assertThat(Engines.recognize(List.of("CURRENT", "000005.ldb")).orElseThrow().name())
        .isEqualTo("leveldb");
    assertThat(Engines.recognize(List.of("WiredTiger.wt")).orElseThrow().name())
        .isEqualTo("wiredtiger");
    assertThat(Engines.recognize(List.of("notes.txt"))).isEmpty();
  }

  @Test
  void eachEnginesWriteAheadLogIsToldByItsFileNames() {
    assertThat(Engines.named("wiredtiger").orElseThrow().isLog().test("WiredTigerLog.0000000001"))
        .isTrue();
    assertThat(Engines.named("wiredtiger").orElseThrow().isLog().test("usertable.wt")).isFalse();
    assertThat(Engines.named("rocksdb").orElseThrow().isLog().test("000012.log")).isTrue();
    assertThat(Engines.named("rocksdb").orElseThrow().isLog().test("LOG")).isFalse();
    assertThat(Engines.named("lmdb").orElseThrow().isLog().test("data.mdb")).isFalse();
  }
}
