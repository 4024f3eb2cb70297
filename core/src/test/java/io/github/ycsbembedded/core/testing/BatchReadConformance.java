package io.github.ycsbembedded.core.testing;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.MultiWriteDB;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Batch reads ({@link BatchReadDB}): the answers of single reads in the order asked, missing keys
 * in place, one snapshot across a batch's runs.
 */
public interface BatchReadConformance extends Conformance {
  @Test
  default void batchReadEqualsSingleReadsInTheOrderOfTheKeysGiven() throws DBException {
    DB db = open();
    for (int i = 0; i < 50; i++) {
      db.insert(TABLE, key(i), record("field0", "v" + i, "field1", "w" + i));
    }
    List<String> keys = List.of(key(42), key(3), key(17), key(0), key(49), key(25));

    List<KeyRead> results = new ArrayList<>();
    assertThat(batch(db).batchRead(TABLE, keys, null, results)).isEqualTo(Status.OK);

    assertThat(results).hasSize(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      assertThat(results.get(i).status()).isEqualTo(Status.OK);
      assertThat(strings(results.get(i).record())).isEqualTo(read(db, TABLE, keys.get(i), null));
    }
  }

  /**
   * A batch is one snapshot even when the binding reads it in runs on several threads: while a
   * writer keeps the first and the last of 256 keys at the same round (one atomic write each),
   * every batch that holds both sees them at the same round, and in the order the keys were given.
   */
  @Test
  default void aBatchReadInRunsSeesOneSnapshotWhileWritesCommit() throws Exception {
    DB setup = open();
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 256; i++) {
      keys.add(key(i));
      setup.insert(TABLE, key(i), record("round", "0"));
    }
    java.util.concurrent.atomic.AtomicBoolean done =
        new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicInteger batches =
        new java.util.concurrent.atomic.AtomicInteger();
    runConcurrently(
        2,
        t -> {
          DB db = open();
          if (t == 0) {
            for (int r = 1; !done.get(); r++) {
              assertThat(
                      multi(db)
                          .writeAtomically(
                              List.of(
                                  MultiWriteDB.Write.put(
                                      TABLE, key(0), record("round", Integer.toString(r))),
                                  MultiWriteDB.Write.put(
                                      TABLE, key(255), record("round", Integer.toString(r))))))
                  .isEqualTo(Status.OK);
            }
          } else {
            List<KeyRead> results = new ArrayList<>();
            try {
              while (batches.get() < 300) {
                assertThat(batch(db).batchRead(TABLE, keys, null, results)).isEqualTo(Status.OK);
                assertThat(results).hasSize(256);
                assertThat(strings(results.get(255).record()).get("round"))
                    .as("the last key's round, batch " + batches)
                    .isEqualTo(strings(results.get(0).record()).get("round"));
                batches.incrementAndGet();
              }
            } finally {
              done.set(true);
            }
          }
          close(db);
          return null;
        });
    assertThat(batches.get()).isEqualTo(300);
  }

  @Test
  default void batchReadReportsMissingKeysInPlaceWithoutFailingTheBatch() throws DBException {
    DB db = open();
    db.insert(TABLE, "b", record("field0", "B"));
    db.insert(TABLE, "d", record("field0", "D"));

    List<KeyRead> results = new ArrayList<>();
    assertThat(batch(db).batchRead(TABLE, List.of("d", "a", "b", "zz"), null, results))
        .isEqualTo(Status.OK);

    assertThat(results)
        .extracting(KeyRead::status)
        .containsExactly(Status.OK, Status.NOT_FOUND, Status.OK, Status.NOT_FOUND);
    assertThat(strings(results.get(0).record())).containsEntry("field0", "D");
    assertThat(strings(results.get(2).record())).containsEntry("field0", "B");
  }

  @Test
  default void batchReadAnswersDuplicateKeysEachTime() throws DBException {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "v"));
    db.insert(TABLE, "j", record("field0", "u"));

    List<KeyRead> results = new ArrayList<>();
    batch(db).batchRead(TABLE, List.of("k", "j", "k", "k"), null, results);

    assertThat(results)
        .extracting(r -> strings(r.record()).get("field0"))
        .containsExactly("v", "u", "v", "v");
  }

  @Test
  default void batchLargerThanTheTableFindsWhatExists() throws DBException {
    DB db = open();
    for (int i = 0; i < 10; i++) {
      db.insert(TABLE, key(i), record("field0", "v" + i));
    }
    List<String> keys = new ArrayList<>();
    for (int i = 300; i >= 0; i--) {
      keys.add(key(i));
    }

    List<KeyRead> results = new ArrayList<>();
    assertThat(batch(db).batchRead(TABLE, keys, null, results)).isEqualTo(Status.OK);

    assertThat(results).hasSize(301);
    assertThat(results.stream().filter(KeyRead::isFound).count()).isEqualTo(10);
    assertThat(strings(results.get(300).record())).containsEntry("field0", "v0");
    assertThat(strings(results.get(291).record())).containsEntry("field0", "v9");
    assertThat(results.get(0).status()).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  default void batchReadReturnsOnlyTheRequestedFieldsAndOnlyItsTable() throws DBException {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "a", "field1", "b", "field2", "c"));
    db.insert("othertable", "o", record("field0", "x"));

    List<KeyRead> results = new ArrayList<>();
    batch(db).batchRead(TABLE, List.of("k", "o"), Set.of("field2"), results);

    assertThat(strings(results.get(0).record())).containsExactlyEntriesOf(Map.of("field2", "c"));
    assertThat(results.get(1).status()).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  default void emptyBatchIsOkAndEmpty() throws DBException {
    DB db = open();
    List<KeyRead> results = new ArrayList<>(List.of(KeyRead.missing()));
    assertThat(batch(db).batchRead(TABLE, List.of(), null, results)).isEqualTo(Status.OK);
    assertThat(results).isEmpty();
  }
}
