package io.github.ycsbembedded.berkeleydb;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.core.testing.BindingConformanceTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.DBException;

class BerkeleyDbClientTest extends BindingConformanceTest {
  @Override
  public String name() {
    return "berkeleydb";
  }

  @Override
  public DB newClient() {
    return new BerkeleyDbClient();
  }

  /**
   * JE stops writing while the disk has less than je.freeDisk (5 GB) free; the small disk has 12
   * MB.
   */
  @Override
  public Properties fullDiskProperties(Path dir) {
    Properties properties = properties(dir);
    properties.setProperty("berkeleydb.free_disk", "0");
    return properties;
  }

  @Override
  public void checkStatistics(JsonNode before, JsonNode after, int records) {
    assertThat(before.path("tree").path("kind").asText()).isEqualTo("btree");
    assertThat(before.path("tree").path("entries").asLong()).isEqualTo(records);
    assertThat(before.path("memoryBytes").asLong()).isPositive();
    assertThat(before.path("engine").path("sequential write bytes").asLong())
        .isGreaterThan(records * 1000L);

    assertThat(after.path("tree").path("entries").asLong()).isEqualTo(records);
    assertThat(after.path("tree").path("leafPages").asLong()).isPositive();
    // JE counts its log files' bytes at a checkpoint
    assertThat(after.path("engine").path("total log size").asLong()).isGreaterThan(records * 1000L);
    assertThat(after.path("engine").path("checkpoints").asLong())
        .isGreaterThan(before.path("engine").path("checkpoints").asLong());
  }

  /**
   * JE has no one essential file (its cleaner deletes any log file whose records all became
   * obsolete, the first one included): a directory the binding marked that has lost every log file,
   * where JE would start empty, is refused instead.
   */
  @Test
  @Override
  public void aDatabaseMissingAnEssentialFileIsRefusedNotStartedEmpty() throws Exception {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "v"));
    close(db);
    List<Path> logs;
    try (Stream<Path> files = Files.list(dataDir)) {
      logs = files.filter(f -> f.getFileName().toString().endsWith(".jdb")).toList();
    }
    assertThat(logs).isNotEmpty();
    for (Path log : logs) {
      Files.delete(log);
    }

    assertThatThrownBy(this::open)
        .isInstanceOf(DBException.class)
        .hasMessage(
            "berkeleydb: "
                + dataDir.toRealPath()
                + " holds an incomplete berkeleydb database: its log files (*.jdb) are missing"
                + " (the engine would start empty; restore them or use berkeleydb.destroy=true)");
  }

  @Test
  void aCacheLargerThanTheHeapIsRefusedNamingTheProperty() {
    Properties properties = properties(dataDir);
    properties.setProperty("berkeleydb.cache_size", "1t");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessageStartingWith(
            "berkeleydb.cache_size: '1t' does not fit the JVM's heap of "
                + Runtime.getRuntime().maxMemory()
                + " bytes");
  }
}
