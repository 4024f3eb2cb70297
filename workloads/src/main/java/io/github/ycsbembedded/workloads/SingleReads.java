package io.github.ycsbembedded.workloads;

import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.KeyRead;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/** A batch read for a binding without {@link BatchReadDB}: the keys read one by one. */
final class SingleReads {
  private SingleReads() {}

  /**
   * Reads {@code keys} with single reads into {@code results}, as {@link BatchReadDB#batchRead}
   * would: each key found, missing or failed, and {@code ERROR} when any failed. Says once per
   * {@code workload} on stderr that the binding has no native batch read and what is done instead
   * ({@link Fallbacks}).
   */
  static Status read(
      DB db,
      String table,
      List<String> keys,
      Set<String> fields,
      List<KeyRead> results,
      String workload,
      String instead) {
    Fallbacks.sayOnce(
        workload, db, "native batch read (" + BatchReadDB.class.getSimpleName() + ")", instead);
    results.clear();
    Status overall = Status.OK;
    for (String key : keys) {
      HashMap<String, ByteIterator> record = new HashMap<>();
      Status status = db.read(table, key, fields, record);
      if (status.isOk()) {
        results.add(KeyRead.found(record));
      } else if (status.equals(Status.NOT_FOUND)) {
        results.add(KeyRead.missing());
      } else {
        results.add(KeyRead.failed(key, status.getDescription()));
        overall = Status.ERROR;
      }
    }
    return overall;
  }
}
