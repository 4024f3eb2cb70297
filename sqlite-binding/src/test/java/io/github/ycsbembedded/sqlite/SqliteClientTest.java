package io.github.ycsbembedded.sqlite;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbembedded.core.testing.BindingConformanceTest;
import java.nio.file.Path;
import java.util.List;
import site.ycsb.DB;

class SqliteClientTest extends BindingConformanceTest {
  @Override
  public String name() {
    return "sqlite";
  }

  @Override
  public DB newClient() {
    return new SqliteClient();
  }

  /** SQLite lets several processes share a database; only a wipe refuses one in use. */
  @Override
  public boolean locksDirectoryAgainstOtherProcesses() {
    return false;
  }

  /** The database file holds the records (the WAL is checkpointed into it at close). */
  @Override
  public boolean holdsRecords(Path file) {
    return file.getFileName().toString().equals(SqliteDescriptor.DATABASE);
  }

  @Override
  public void checkStatistics(JsonNode before, JsonNode after, int records) {
    for (JsonNode figures : List.of(before, after)) {
      JsonNode tree = figures.path("tree");
      assertThat(tree.path("kind").asText()).isEqualTo("btree");
      assertThat(tree.path("entries").asLong()).isEqualTo(records);
      assertThat(tree.path("pageSize").asLong()).isEqualTo(8192);
      // 1,000-byte values fit in an 8 KiB page's cell: no overflow pages, 5 to 7 records a leaf
      assertThat(tree.path("overflowPages").asLong()).isZero();
      assertThat(tree.path("leafPages").asLong()).isBetween(records / 8L, records / 4L);
      assertThat(tree.path("depth").asLong()).isBetween(2L, 4L);
      long pages =
          tree.path("branchPages").asLong()
              + tree.path("leafPages").asLong()
              + tree.path("overflowPages").asLong();
      assertThat(figures.path("liveDataBytes").asLong())
          .isEqualTo(pages * tree.path("pageSize").asLong());
      JsonNode own = figures.path("engine");
      assertThat(own.path("page_count").asLong())
          .isGreaterThanOrEqualTo(pages + own.path("freelist_count").asLong());
      assertThat(own.path("synchronous").asText()).isEqualTo("NORMAL");
    }
    assertThat(after.path("engine").path("wal_bytes").asLong()).as("checkpointed").isZero();
    assertThat(before.path("engine").path("wal_bytes").asLong()).isPositive();
  }
}
