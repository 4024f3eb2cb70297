package io.github.ycsbembedded.core.testing;

import static io.github.ycsbembedded.core.testing.ConformanceRecords.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB's point operations: a record inserted, read (all or some fields), updated field by field,
 * overwritten and deleted, read back value by value.
 */
public interface PointOperationsConformance extends Conformance {
  @Test
  default void insertThenReadReturnsEveryField() throws DBException {
    DB db = open();
    assertThat(
            db.insert(
                TABLE, "k1", record("field0", "alpha", "field1", "", "field2", "x".repeat(5000))))
        .isEqualTo(Status.OK);

    assertThat(read(db, TABLE, "k1", null))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("field0", "alpha", "field1", "", "field2", "x".repeat(5000)));
  }

  @Test
  default void binaryValuesAndNonAsciiNamesRoundTrip() throws DBException {
    DB db = open();
    byte[] binary = {0, -1, 127, -128, 10, 0, 13};
    Map<String, ByteIterator> values = new HashMap<>();
    values.put("γράμμα", new ByteArrayByteIterator(binary));
    assertThat(db.insert(TABLE, "k1", values)).isEqualTo(Status.OK);

    Map<String, ByteIterator> result = new HashMap<>();
    assertThat(db.read(TABLE, "k1", null, result)).isEqualTo(Status.OK);
    assertThat(result).containsOnlyKeys("γράμμα");
    assertThat(result.get("γράμμα").toArray()).containsExactly(binary);
  }

  @Test
  default void readOfSomeFieldsReturnsOnlyThose() throws DBException {
    DB db = open();
    db.insert(TABLE, "k1", record("field0", "a", "field1", "b", "field2", "c"));

    assertThat(read(db, TABLE, "k1", Set.of("field2", "field0")))
        .containsExactlyInAnyOrderEntriesOf(Map.of("field0", "a", "field2", "c"));
    assertThat(read(db, TABLE, "k1", Set.of("nosuchfield"))).isEmpty();
  }

  @Test
  default void readOfMissingKeyIsNotFound() throws DBException {
    DB db = open();
    db.insert(TABLE, "k1", record("field0", "a"));

    Map<String, ByteIterator> result = new HashMap<>();
    assertThat(db.read(TABLE, "k2", null, result)).isEqualTo(Status.NOT_FOUND);
    assertThat(result).isEmpty();
  }

  @Test
  default void updateReplacesGivenFieldsAndKeepsTheOthers() throws DBException {
    DB db = open();
    db.insert(TABLE, "k1", record("field0", "a", "field1", "b", "field2", "c"));

    assertThat(db.update(TABLE, "k1", record("field1", "B", "field3", "new"))).isEqualTo(Status.OK);

    assertThat(read(db, TABLE, "k1", null))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("field0", "a", "field1", "B", "field2", "c", "field3", "new"));
  }

  @Test
  default void updateOfMissingKeyIsNotFoundAndCreatesNothing() throws DBException {
    DB db = open();
    assertThat(db.update(TABLE, "absent", record("field0", "x"))).isEqualTo(Status.NOT_FOUND);
    assertThat(db.read(TABLE, "absent", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  default void insertOverwritesTheWholeRecord() throws DBException {
    DB db = open();
    db.insert(TABLE, "k1", record("field0", "a", "field1", "b"));
    db.insert(TABLE, "k1", record("field1", "c"));

    assertThat(read(db, TABLE, "k1", null)).containsExactlyEntriesOf(Map.of("field1", "c"));
  }

  @Test
  default void deleteRemovesTheRecord() throws DBException {
    DB db = open();
    db.insert(TABLE, "k1", record("field0", "a"));
    db.insert(TABLE, "k2", record("field0", "b"));

    assertThat(db.delete(TABLE, "k1")).isEqualTo(Status.OK);

    assertThat(db.read(TABLE, "k1", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
    assertThat(read(db, TABLE, "k2", null)).containsEntry("field0", "b");
  }
}
