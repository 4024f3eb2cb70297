package io.github.ycsbembedded.core.testing;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The engine's own figures ({@code enginestats}): written at the window's start, before and after
 * the final flush, and a bad statistics file refused before any work.
 */
public interface EngineStatisticsConformance extends Conformance {
  private JsonNode statisticsAfterLoad(boolean flushOnClose) throws Exception {
    Path file = dataDir().resolveSibling(dataDir().getFileName() + "-stats.json");
    Properties properties = properties(dataDir());
    properties.setProperty("enginestats", file.toString());
    properties.setProperty(name() + ".flush_on_close", Boolean.toString(flushOnClose));
    DB db = open(properties);
    for (int i = 0; i < STATS_RECORDS; i++) {
      assertThat(db.insert(TABLE, key(i), record("field0", "x".repeat(1000)))).isEqualTo(Status.OK);
    }
    close(db);
    try {
      return new ObjectMapper().readTree(file.toFile());
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  default void engineStatisticsAreWrittenBeforeAndAfterTheFinalFlush() throws Exception {
    JsonNode stats = statisticsAfterLoad(true);

    assertThat(stats.path("schema").asInt()).isEqualTo(1);
    assertThat(stats.path("engine").asText()).isEqualTo(name());
    assertThat(stats.path("version").asText()).isNotBlank();
    assertThat(stats.path("flushMillis").isIntegralNumber()).isTrue();
    checkStatistics(stats.path("beforeFlush"), stats.path("afterFlush"), STATS_RECORDS);
  }

  @Test
  default void engineStatisticsWithoutAFinalFlushHaveOnlyTheFiguresAtClose() throws Exception {
    JsonNode stats = statisticsAfterLoad(false);

    assertThat(stats.path("beforeFlush").path("tree").path("kind").asText()).isIn("lsm", "btree");
    assertThat(stats.has("afterFlush")).isFalse();
    assertThat(stats.has("flushMillis")).isFalse();
  }

  /**
   * With {@code enginestats.from}, the file also holds the counters at that time after the engine
   * opened (0: before the first operation), so a run's counters can be taken past its warm-up.
   */
  @Test
  default void theCountersAtTheWindowsStartAreWrittenWhenAskedFor() throws Exception {
    Path file = dataDir().resolveSibling(dataDir().getFileName() + "-window.json");
    Properties properties = properties(dataDir());
    properties.setProperty("enginestats", file.toString());
    properties.setProperty("enginestats.from", "0");
    DB db = open(properties);
    for (int i = 0; i < 100; i++) {
      assertThat(db.insert(TABLE, key(i), record("field0", "v" + i))).isEqualTo(Status.OK);
    }
    close(db);
    JsonNode stats = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
    Files.delete(file);
    assertThat(stats.path("atWindowStart").isObject()).as(stats.toString()).isTrue();
    assertThat(stats.path("windowStartMillis").asLong()).isZero();
    assertThat(stats.path("beforeFlush").isObject()).isTrue();
  }

  @Test
  default void aNegativeWindowStartIsRefusedNamingIt() {
    Properties properties = properties(dataDir());
    properties.setProperty("enginestats", dataDir().resolveSibling("s.json").toString());
    properties.setProperty("enginestats.from", "-1");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessageStartingWith("enginestats.from: '-1'");
  }

  @Test
  default void anEmptyEngineStatsFileIsRefused() {
    Properties properties = properties(dataDir());
    properties.setProperty("enginestats", "");

    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage("enginestats: empty value; name a file, or leave it out for no statistics");
  }

  @Test
  default void anEngineStatsFileInAMissingFolderIsRefusedBeforeAnyWork() {
    Path file = dataDir().resolve("no-such-folder").resolve("stats.json");
    Properties properties = properties(dataDir());
    properties.setProperty("enginestats", file.toString());

    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "enginestats: '" + file + "': " + file.getParent() + " is not a writable folder");
  }
}
