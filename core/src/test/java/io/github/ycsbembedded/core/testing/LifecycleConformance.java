package io.github.ycsbembedded.core.testing;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.SharedEngines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Open, close and reopen: what was written survives a close (with and without the final flush), the
 * last client closes the engine and the first opens it, destroy wipes the directory, every
 * compression round-trips.
 */
public interface LifecycleConformance extends Conformance {
  @Test
  default void dataSurvivesCloseAndReopen() throws DBException {
    DB db = open();
    for (int i = 0; i < 100; i++) {
      db.insert(TABLE, key(i), record("field0", "v" + i));
    }
    db.update(TABLE, key(5), record("field0", "changed"));
    db.delete(TABLE, key(6));
    close(db);

    DB reopened = open();
    assertThat(read(reopened, TABLE, key(0), null)).containsEntry("field0", "v0");
    assertThat(read(reopened, TABLE, key(5), null)).containsEntry("field0", "changed");
    assertThat(reopened.read(TABLE, key(6), null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    Vector<HashMap<String, ByteIterator>> all = new Vector<>();
    reopened.scan(TABLE, "", 1000, null, all);
    assertThat(all).hasSize(99);
  }

  @Test
  default void dataSurvivesACloseWithAFinalFlushAndReopen() throws DBException {
    Properties flushing = properties(dataDir());
    flushing.setProperty(name() + ".flush_on_close", "true");
    DB db = open(flushing);
    for (int i = 0; i < 100; i++) {
      db.insert(TABLE, key(i), record("field0", "v" + i));
    }
    close(db);

    DB reopened = open();
    Vector<HashMap<String, ByteIterator>> all = new Vector<>();
    reopened.scan(TABLE, "", 1000, null, all);
    assertThat(all).hasSize(100);
    assertThat(read(reopened, TABLE, key(99), null)).containsEntry("field0", "v99");
  }

  @Test
  default void lastCleanupClosesTheEngineAndTheFirstInitOpensIt() throws Exception {
    Path canonical = dataDir().toRealPath();
    DB first = open();
    DB second = open();
    first.insert(TABLE, "k", record("field0", "v"));
    assertThat(SharedEngines.isOpen(canonical)).isTrue();

    close(first);
    assertThat(SharedEngines.isOpen(canonical)).as("open while a client remains").isTrue();
    assertThat(read(second, TABLE, "k", null)).containsEntry("field0", "v");

    close(second);
    assertThat(SharedEngines.isOpen(canonical)).as("closed by the last cleanup").isFalse();
    assertDirectoryReleased(dataDir());

    DB again = open();
    assertThat(read(again, TABLE, "k", null)).containsEntry("field0", "v");
  }

  @Test
  default void destroyWipesTheDirectoryAtInit() throws DBException {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "v"));
    close(db);

    Properties destroy = properties(dataDir());
    destroy.setProperty(name() + ".destroy", "true");
    DB wiped = open(destroy);
    assertThat(wiped.read(TABLE, "k", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  default void everyCompressionRoundTripsAcrossReopen() throws Exception {
    for (String codec : compressions()) {
      Path dir = Files.createDirectories(dataDir().resolve("compression-" + codec));
      Properties properties = properties(dir);
      properties.setProperty(name() + ".compression", codec);
      DB db = open(properties);
      db.insert(TABLE, "k", record("field0", "z".repeat(5000), "field1", codec));
      close(db);

      DB reopened = open(properties);
      assertThat(read(reopened, TABLE, "k", null))
          .as(codec)
          .containsExactlyInAnyOrderEntriesOf(Map.of("field0", "z".repeat(5000), "field1", codec));
      close(reopened);
    }
  }
}
