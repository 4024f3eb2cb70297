package io.github.ycsbembedded.core.testing;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.BatchWriteDB;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Batch inserts and bulk loads ({@link BatchWriteDB}): every record stored, all or nothing, a bulk
 * load only into an empty table and in key order where the engine needs it, each refusal one line.
 */
public interface BatchWriteConformance extends Conformance {
  @Test
  default void batchInsertStoresEveryRecordGivenInAnyOrder() throws DBException {
    DB db = open();
    List<String> failed = new ArrayList<>(List.of("stale"));

    assertThat(batches(db).batchInsert(TABLE, inserts(0, 300, 7), failed)).isEqualTo(Status.OK);

    assertThat(failed).isEmpty();
    for (int i = 0; i < 300; i++) {
      assertThat(read(db, TABLE, key(i), null))
          .isEqualTo(Map.of("n", key(i), "pad", "v".repeat(i % 50)));
    }
    assertThat(scanAll(db, 1000)).isEqualTo(keys(0, 300));
  }

  @Test
  default void batchInsertReplacesExistingRecordsAndKeepsTheLastOfAKeyGivenTwice()
      throws DBException {
    DB db = open();
    db.insert(TABLE, "a", record("field0", "old", "field1", "gone"));
    List<String> failed = new ArrayList<>();

    assertThat(
            batches(db)
                .batchInsert(
                    TABLE,
                    List.of(
                        new BatchWriteDB.Insert("a", record("field0", "new")),
                        new BatchWriteDB.Insert("b", record("field0", "first")),
                        new BatchWriteDB.Insert("b", record("field0", "second"))),
                    failed))
        .isEqualTo(Status.OK);

    assertThat(read(db, TABLE, "a", null)).isEqualTo(Map.of("field0", "new"));
    assertThat(read(db, TABLE, "b", null)).isEqualTo(Map.of("field0", "second"));
  }

  @Test
  default void aFailedBatchInsertNamesTheKeysItDidNotStore() throws DBException {
    DB db = open();
    List<String> failed = new ArrayList<>();
    List<BatchWriteDB.Insert> records =
        List.of(
            new BatchWriteDB.Insert("a", record("field0", "x")),
            new BatchWriteDB.Insert("", record("field0", "empty key")),
            new BatchWriteDB.Insert("b", record("field0", "y")));

    assertThat(batches(db).batchInsert(TABLE, records, failed)).isEqualTo(Status.BAD_REQUEST);

    for (String key : List.of("a", "b")) {
      boolean stored = db.read(TABLE, key, null, new HashMap<>()) == Status.OK;
      assertThat(failed.contains(key))
          .as("%s named as failed exactly when not stored", key)
          .isEqualTo(!stored);
    }
    assertThat(failed).contains("");
    if (batches(db).batchAtomic()) {
      assertThat(failed).containsExactly("a", "", "b");
    }
  }

  @Test
  default void bulkLoadIntoAnEmptyTableReadsEveryRecordBackInKeyOrderAfterReopening()
      throws DBException {
    DB db = open();
    List<String> failed = new ArrayList<>();
    for (int b = 0; b < 3; b++) {
      List<BatchWriteDB.Insert> batch = new ArrayList<>(inserts(b * 200, (b + 1) * 200, b));
      if (b == 1) {
        batch.add(0, new BatchWriteDB.Insert(key(250), record("n", "overwritten")));
      }
      assertThat(batches(db).bulkInsert(TABLE, batch, failed))
          .as("batch %d", b)
          .isEqualTo(Status.OK);
      assertThat(failed).isEmpty();
    }
    close(db);

    DB reopened = open();
    for (int i = 0; i < 600; i++) {
      assertThat(read(reopened, TABLE, key(i), null))
          .isEqualTo(Map.of("n", key(i), "pad", "v".repeat(i % 50)));
    }
    assertThat(scanAll(reopened, 1000)).isEqualTo(keys(0, 600));
  }

  @Test
  default void bulkLoadIntoATableThatHoldsRecordsIsRefusedInOneLineAndStoresNothing()
      throws Exception {
    DB db = open();
    db.insert(TABLE, "kept", record("field0", "before"));
    List<String> failed = new ArrayList<>();
    List<BatchWriteDB.Insert> batch = inserts(0, 10, 1);

    String stderr =
        stderrOf(
            () ->
                assertThat(batches(db).bulkInsert(TABLE, batch, failed))
                    .isEqualTo(Status.BAD_REQUEST));

    assertThat(stderr).as("counted, said once at the process's end").isEmpty();
    assertThat(io.github.ycsbembedded.core.ErrorLog.latest())
        .contains(name() + ": bulk insert " + TABLE + "/")
        .contains("a bulk load fills an empty table, and " + TABLE + " already holds records");
    assertThat(failed).containsExactlyInAnyOrderElementsOf(keys(0, 10));
    close(db);
    DB reopened = open();
    assertThat(scanAll(reopened, 100)).isEmpty();
    assertThat(read(reopened, TABLE, "kept", null)).containsEntry("field0", "before");
    assertThat(reopened.read(TABLE, key(0), null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  default void aBulkBatchBelowTheKeysLoadedBeforeIsRefusedWhereTheEngineNeedsKeyOrder()
      throws Exception {
    DB db = open();
    List<String> failed = new ArrayList<>();
    assertThat(batches(db).bulkInsert(TABLE, inserts(100, 200, 1), failed)).isEqualTo(Status.OK);
    boolean inOrder = batches(db).bulkInKeyOrder();

    String stderr =
        stderrOf(
            () ->
                assertThat(batches(db).bulkInsert(TABLE, inserts(0, 100, 2), failed))
                    .isEqualTo(inOrder ? Status.BAD_REQUEST : Status.OK));

    assertThat(stderr).as("counted, said once at the process's end").isEmpty();
    if (inOrder) {
      assertThat(io.github.ycsbembedded.core.ErrorLog.latest())
          .contains(
              "takes batches in ascending key order, and this batch's first key "
                  + key(0)
                  + " is not above "
                  + key(199));
      assertThat(failed).containsExactlyInAnyOrderElementsOf(keys(0, 100));
    } else {
      assertThat(failed).isEmpty();
    }
    close(db);
    DB reopened = open();
    assertThat(scanAll(reopened, 1000)).isEqualTo(inOrder ? keys(100, 200) : keys(0, 200));
  }

  /**
   * Tables whose keys an engine with one key space stores before and after this one's (LevelDB,
   * LMDB: each key behind its table's name) hold records: the bulk load still sees its table as
   * empty, stores every batch, and leaves the neighbours alone.
   */
  @Test
  default void bulkLoadBesideTablesHoldingRecordsFillsItsOwnTableOnly() throws DBException {
    DB db = open();
    String before = "a";
    String after = "a-table-with-a-longer-name";
    assertThat(db.insert(before, key(5), record("n", "before"))).isEqualTo(Status.OK);
    assertThat(db.insert(after, key(0), record("n", "after"))).isEqualTo(Status.OK);
    List<String> failed = new ArrayList<>();
    for (int b = 0; b < 2; b++) {
      assertThat(batches(db).bulkInsert(TABLE, inserts(b * 100, (b + 1) * 100, b), failed))
          .as("batch %d", b)
          .isEqualTo(Status.OK);
      assertThat(failed).isEmpty();
    }
    close(db);

    DB reopened = open();
    assertThat(scanAll(reopened, 1000)).isEqualTo(keys(0, 200));
    assertThat(read(reopened, TABLE, key(173), null))
        .isEqualTo(Map.of("n", key(173), "pad", "v".repeat(23)));
    for (String[] neighbour :
        new String[][] {{before, key(5), "before"}, {after, key(0), "after"}}) {
      Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
      assertThat(reopened.scan(neighbour[0], "", 1000, null, rows)).isEqualTo(Status.OK);
      assertThat(rows)
          .as(neighbour[0])
          .extracting(row -> row.get("n").toString())
          .containsExactly(neighbour[2]);
      assertThat(read(reopened, neighbour[0], neighbour[1], null)).containsEntry("n", neighbour[2]);
    }
  }
}
