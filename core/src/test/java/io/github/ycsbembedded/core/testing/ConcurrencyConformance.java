package io.github.ycsbembedded.core.testing;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.Status;

/** Client threads writing the same keys at once lose no record and no field. */
public interface ConcurrencyConformance extends Conformance {
  @Test
  default void concurrentInsertsAndUpdatesFromFourThreadsLoseNothing() throws Exception {
    int threads = 4;
    int perThread = 500;
    runConcurrently(
        threads,
        t -> {
          DB db = open();
          for (int i = 0; i < perThread; i++) {
            String key = key(t * perThread + i);
            assertThat(db.insert(TABLE, key, record("field0", "ins" + i, "field1", "keep")))
                .isEqualTo(Status.OK);
            if (i % 2 == 0) {
              assertThat(db.update(TABLE, key, record("field0", "upd" + i))).isEqualTo(Status.OK);
            }
          }
          close(db);
          return null;
        });

    DB db = open();
    for (int t = 0; t < threads; t++) {
      for (int i = 0; i < perThread; i++) {
        assertThat(read(db, TABLE, key(t * perThread + i), null))
            .containsExactlyInAnyOrderEntriesOf(
                Map.of("field0", (i % 2 == 0 ? "upd" : "ins") + i, "field1", "keep"));
      }
    }
  }

  @Test
  default void concurrentUpdatesOfDifferentFieldsOfTheSameKeysLoseNoField() throws Exception {
    int threads = 8;
    int keys = 3;
    int rounds = 200;
    DB setup = open();
    for (int k = 0; k < keys; k++) {
      setup.insert(TABLE, key(k), record("base", "b"));
    }

    runConcurrently(
        threads,
        t -> {
          DB db = open();
          for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < keys; k++) {
              assertThat(db.update(TABLE, key(k), record("field" + t, t + ":" + r)))
                  .isEqualTo(Status.OK);
            }
          }
          close(db);
          return null;
        });

    for (int k = 0; k < keys; k++) {
      Map<String, String> expected = new HashMap<>();
      expected.put("base", "b");
      for (int t = 0; t < threads; t++) {
        expected.put("field" + t, t + ":" + (rounds - 1));
      }
      assertThat(read(setup, TABLE, key(k), null)).containsExactlyInAnyOrderEntriesOf(expected);
    }
  }
}
