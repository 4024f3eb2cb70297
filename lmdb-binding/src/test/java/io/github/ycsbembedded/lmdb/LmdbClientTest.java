package io.github.ycsbembedded.lmdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.testing.BindingConformanceTest;
import java.util.HashMap;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.Status;

class LmdbClientTest extends BindingConformanceTest {
  @Override
  protected String name() {
    return "lmdb";
  }

  @Override
  protected DB newClient() {
    return new LmdbClient();
  }

  /** LMDB is multi-process by design: a second process shares the environment. */
  @Override
  protected boolean locksDirectoryAgainstOtherProcesses() {
    return false;
  }

  @Override
  protected String sizeProperty() {
    return "lmdb.mapsize";
  }

  @Test
  void fullMapGrowsSoThatEveryInsertSucceeds() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("lmdb.mapsize", "256k");
    DB db = open(properties);
    String field = "x".repeat(1000);
    for (int i = 0; i < 3000; i++) {
      assertThat(db.insert(TABLE, key(i), record("field0", field + i))).isEqualTo(Status.OK);
    }
    assertThat(((LmdbClient) db).mapSize()).isGreaterThan(256 * 1024 * 4);
    for (int i = 0; i < 3000; i += 7) {
      assertThat(read(db, TABLE, key(i), null)).containsEntry("field0", field + i);
    }
  }

  @Test
  void mapGrowsWhileOtherThreadsReadAndWrite() throws Exception {
    Properties properties = properties(dataDir);
    properties.setProperty("lmdb.mapsize", "256k");
    String field = "y".repeat(500);
    runConcurrently(4, t -> {
      DB db = open(properties);
      for (int i = 0; i < 1000; i++) {
        String key = key(t * 1000 + i);
        assertThat(db.insert(TABLE, key, record("field0", field + i))).isEqualTo(Status.OK);
        assertThat(db.read(TABLE, key, null, new HashMap<>())).isEqualTo(Status.OK);
      }
      close(db);
      return null;
    });
    DB db = open(properties);
    for (int i = 0; i < 4000; i += 13) {
      assertThat(read(db, TABLE, key(i), null)).containsEntry("field0", field + (i % 1000));
    }
  }

  @Test
  void keyLongerThanLmdbAcceptsIsBadRequest() throws Exception {
    DB db = open();
    assertThat(db.insert(TABLE, "k".repeat(600), record("field0", "v"))).isEqualTo(Status.BAD_REQUEST);
  }
}
