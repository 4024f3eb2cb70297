package io.github.ycsbembedded.core.testing;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.MultiWriteDB;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Atomic groups of writes across tables ({@link MultiWriteDB}): all applied or none, never half
 * seen by a reader, nothing lost to concurrent updates.
 */
public interface AtomicWriteConformance extends Conformance {
  @Test
  default void atomicWriteAcrossTablesAppliesEveryPutAndDelete() throws DBException {
    DB db = open();
    db.insert("likes_by_user", "old", record("dt", "1"));

    assertThat(
            multi(db)
                .writeAtomically(
                    List.of(
                        MultiWriteDB.Write.put("likes_by_user", "u1:p2", record("dt", "2026")),
                        MultiWriteDB.Write.put("likes_by_post", "p2:u1", record("dt", "2026")),
                        MultiWriteDB.Write.delete("likes_by_user", "old"),
                        MultiWriteDB.Write.delete("likes_by_post", "never-there"))))
        .isEqualTo(Status.OK);

    assertThat(read(db, "likes_by_user", "u1:p2", null)).containsEntry("dt", "2026");
    assertThat(read(db, "likes_by_post", "p2:u1", null)).containsEntry("dt", "2026");
    assertThat(db.read("likes_by_user", "old", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  default void atomicWriteWithAKeyTheEngineCannotStoreWritesNothing() throws DBException {
    DB db = open();
    db.insert(TABLE, "kept", record("field0", "before"));

    assertThat(
            multi(db)
                .writeAtomically(
                    List.of(
                        MultiWriteDB.Write.put(TABLE, "a", record("field0", "x")),
                        MultiWriteDB.Write.delete(TABLE, "kept"),
                        MultiWriteDB.Write.put("othertable", "", record("field0", "empty key")))))
        .isEqualTo(Status.BAD_REQUEST);

    assertThat(db.read(TABLE, "a", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(read(db, TABLE, "kept", null)).containsEntry("field0", "before");
  }

  @Test
  default void atomicWritesAndUpdatesOfTheSameKeysFromManyThreadsLoseNothing() throws Exception {
    DB setup = open();
    setup.insert(TABLE, "shared", record("base", "b"));
    int threads = 4;
    int rounds = 100;
    runConcurrently(
        threads,
        t -> {
          DB db = open();
          for (int r = 0; r < rounds; r++) {
            assertThat(
                    multi(db)
                        .writeAtomically(
                            List.of(
                                MultiWriteDB.Write.put(
                                    "pairs", "left" + t, record("round", Integer.toString(r))),
                                MultiWriteDB.Write.put(
                                    "pairs", "right" + t, record("round", Integer.toString(r))))))
                .isEqualTo(Status.OK);
            assertThat(db.update(TABLE, "shared", record("field" + t, Integer.toString(r))))
                .isEqualTo(Status.OK);
          }
          close(db);
          return null;
        });
    for (int t = 0; t < threads; t++) {
      assertThat(read(setup, "pairs", "left" + t, null))
          .containsEntry("round", Integer.toString(rounds - 1));
      assertThat(read(setup, "pairs", "right" + t, null))
          .containsEntry("round", Integer.toString(rounds - 1));
      assertThat(read(setup, TABLE, "shared", null))
          .containsEntry("field" + t, Integer.toString(rounds - 1));
    }
  }

  /**
   * A reader probing a pair while it is written sees both halves or neither: once the first key
   * (written first) is visible, the second must be too. Two separate writes would show the gap.
   */
  @Test
  default void aConcurrentReaderSeesAnAtomicPairWholeOrNotAtAll() throws Exception {
    DB setup = open();
    int pairs = 300;
    java.util.concurrent.atomic.AtomicInteger halfSeen =
        new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicInteger probed =
        new java.util.concurrent.atomic.AtomicInteger();
    runConcurrently(
        2,
        t -> {
          DB db = open();
          if (t == 0) {
            for (int i = 0; i < pairs; i++) {
              assertThat(
                      multi(db)
                          .writeAtomically(
                              List.of(
                                  MultiWriteDB.Write.put(
                                      "likes_by_user", "u" + i, record("dt", "1")),
                                  MultiWriteDB.Write.put(
                                      "likes_by_post", "p" + i, record("dt", "1")))))
                  .isEqualTo(Status.OK);
            }
          } else {
            for (int i = 0; i < pairs; i++) {
              while (db.read("likes_by_user", "u" + i, null, new HashMap<>()) == Status.NOT_FOUND) {
                Thread.onSpinWait();
              }
              if (db.read("likes_by_post", "p" + i, null, new HashMap<>()) != Status.OK) {
                halfSeen.incrementAndGet();
              }
              probed.incrementAndGet();
            }
          }
          close(db);
          return null;
        });
    assertThat(probed.get()).isEqualTo(pairs);
    assertThat(halfSeen.get()).as("pairs seen with one index entry only").isZero();
    assertThat(read(setup, "likes_by_post", "p" + (pairs - 1), null)).containsEntry("dt", "1");
  }
}
