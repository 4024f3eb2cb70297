package io.github.ycsbembedded.core.testing;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.RangeScanDB;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Scans: YCSB's scan from a start key in key order, and the range scan between two keys, each
 * within its own table; and what a scan, a read or a batch sees of another client's writes.
 */
public interface ScanConformance extends Conformance {
  @Test
  default void scanReturnsRecordsInKeyOrderFromTheStartKey() throws DBException {
    DB db = open();
    for (int i : new int[] {7, 3, 9, 1, 5, 2, 8, 4, 6, 0}) {
      db.insert(TABLE, key(i), record("field0", "v" + i, "field1", "w" + i));
    }

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan(TABLE, key(3), 4, null, result)).isEqualTo(Status.OK);

    assertThat(result).hasSize(4);
    for (int i = 0; i < 4; i++) {
      assertThat(strings(result.get(i)))
          .containsExactlyInAnyOrderEntriesOf(
              Map.of("field0", "v" + (i + 3), "field1", "w" + (i + 3)));
    }
  }

  /**
   * A client reads what another committed since its own last read, scan and batch: none of them
   * keeps a snapshot (or a positioned cursor) past its call.
   */
  @Test
  default void readsScansAndBatchesSeeWhatAnotherClientWroteSinceTheirLastCall()
      throws DBException {
    DB reader = open();
    DB writer = open();
    reader.insert(TABLE, key(1), record("field0", "old"));
    reader.insert(TABLE, key(2), record("field0", "old"));
    assertThat(read(reader, TABLE, key(1), null)).containsEntry("field0", "old");
    Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
    assertThat(reader.scan(TABLE, key(1), 10, null, scanned)).isEqualTo(Status.OK);
    assertThat(scanned).hasSize(2);
    List<KeyRead> batch = new ArrayList<>();
    assertThat(batch(reader).batchRead(TABLE, List.of(key(1), key(2)), null, batch))
        .isEqualTo(Status.OK);

    assertThat(writer.update(TABLE, key(1), record("field0", "new"))).isEqualTo(Status.OK);
    assertThat(writer.insert(TABLE, key(3), record("field0", "added"))).isEqualTo(Status.OK);

    assertThat(read(reader, TABLE, key(1), null)).containsEntry("field0", "new");
    scanned.clear();
    assertThat(reader.scan(TABLE, key(1), 10, null, scanned)).isEqualTo(Status.OK);
    assertThat(scanned)
        .extracting(r -> r.get("field0").toString())
        .containsExactly("new", "old", "added");
    batch.clear();
    assertThat(batch(reader).batchRead(TABLE, List.of(key(3), key(1)), null, batch))
        .isEqualTo(Status.OK);
    assertThat(batch)
        .extracting(r -> strings(r.record()).get("field0"))
        .containsExactly("added", "new");
  }

  @Test
  default void scanStartsAtTheNextKeyWhenTheStartKeyIsAbsent() throws DBException {
    DB db = open();
    db.insert(TABLE, "b", record("field0", "b"));
    db.insert(TABLE, "d", record("field0", "d"));

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan(TABLE, "c", 5, null, result)).isEqualTo(Status.OK);

    assertThat(result).extracting(r -> r.get("field0").toString()).containsExactly("d");
  }

  @Test
  default void scanReturnsFewerAtTheEndOfTheTableAndOnlyRequestedFields() throws DBException {
    DB db = open();
    for (int i = 0; i < 10; i++) {
      db.insert(TABLE, key(i), record("field0", "v" + i, "field1", "w" + i));
    }

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan(TABLE, key(7), 100, Set.of("field1"), result)).isEqualTo(Status.OK);

    assertThat(result).hasSize(3);
    assertThat(result)
        .extracting(r -> strings(r))
        .containsExactly(Map.of("field1", "w7"), Map.of("field1", "w8"), Map.of("field1", "w9"));
  }

  @Test
  default void tablesDoNotSeeEachOthersKeys() throws DBException {
    DB db = open();
    db.insert("alpha", "k1", record("field0", "in alpha"));
    db.insert("alpha", "k3", record("field0", "in alpha"));
    db.insert("beta", "k2", record("field0", "in beta"));

    assertThat(db.read("beta", "k1", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(read(db, "beta", "k2", null)).containsEntry("field0", "in beta");

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan("alpha", "", 10, null, result)).isEqualTo(Status.OK);
    assertThat(result)
        .hasSize(2)
        .allSatisfy(r -> assertThat(r.get("field0").toString()).isEqualTo("in alpha"));

    result.clear();
    assertThat(db.scan("beta", "", 10, null, result)).isEqualTo(Status.OK);
    assertThat(result).hasSize(1);
  }

  @Test
  default void rangeScanReturnsKeysInOrderFromStartUntilBeforeEnd() throws DBException {
    DB db = open();
    for (String key : new String[] {"b:3", "a:1", "a:9", "b:1", "a:5", "c:0", "b:2"}) {
      db.insert(TABLE, key, record("field0", "v" + key, "field1", "w"));
    }

    List<RangeScanDB.KeyedRecord> results = new ArrayList<>();
    assertThat(ranges(db).scanRange(TABLE, "b:", RangeScanDB.prefixEnd("b:"), 100, null, results))
        .isEqualTo(Status.OK);
    assertThat(results)
        .extracting(RangeScanDB.KeyedRecord::key)
        .containsExactly("b:1", "b:2", "b:3");
    assertThat(strings(results.get(1).record()))
        .containsExactlyInAnyOrderEntriesOf(Map.of("field0", "vb:2", "field1", "w"));

    assertThat(ranges(db).scanRange(TABLE, "a:5", "b:2", 100, Set.of("field0"), results))
        .isEqualTo(Status.OK);
    assertThat(results)
        .extracting(RangeScanDB.KeyedRecord::key)
        .containsExactly("a:5", "a:9", "b:1");
    assertThat(results).allSatisfy(r -> assertThat(r.record()).containsOnlyKeys("field0"));

    assertThat(ranges(db).scanRange(TABLE, "a:", "c", 2, null, results)).isEqualTo(Status.OK);
    assertThat(results).extracting(RangeScanDB.KeyedRecord::key).containsExactly("a:1", "a:5");

    assertThat(ranges(db).scanRange(TABLE, "d:", RangeScanDB.prefixEnd("d:"), 10, null, results))
        .isEqualTo(Status.OK);
    assertThat(results).isEmpty();
  }

  @Test
  default void rangeScanStaysInItsTable() throws DBException {
    DB db = open();
    db.insert("t1", "k1", record("field0", "one"));
    db.insert("t2", "k2", record("field0", "two"));
    db.insert("t3", "k3", record("field0", "three"));

    List<RangeScanDB.KeyedRecord> results = new ArrayList<>();
    assertThat(ranges(db).scanRange("t2", "k", RangeScanDB.prefixEnd("k"), 10, null, results))
        .isEqualTo(Status.OK);
    assertThat(results).extracting(RangeScanDB.KeyedRecord::key).containsExactly("k2");
  }
}
