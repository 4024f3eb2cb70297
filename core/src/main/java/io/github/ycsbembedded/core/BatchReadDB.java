package io.github.ycsbembedded.core;

import java.util.List;
import java.util.Set;
import site.ycsb.Status;

/**
 * A binding that reads many keys of one table in one call, so that the engine can order the work
 * (Unum's Workload Z). Workloads reach it through {@link Extensions#find}.
 */
public interface BatchReadDB {
  /**
   * Reads {@code keys} (in any order, duplicates allowed) from {@code table}.
   *
   * @param fields the fields to return, or {@code null} for all
   * @param results cleared, then filled with one {@link KeyRead} per key, in the order of {@code
   *     keys}: a missing key is {@link KeyRead#missing()}, not an error of the batch
   * @return {@code OK} when every key was read or found missing; {@code ERROR} when any key could
   *     not be read (its entry says why) or the engine failed the whole batch
   */
  Status batchRead(String table, List<String> keys, Set<String> fields, List<KeyRead> results);

  /** The status of a whole batch from its per-key results. */
  static Status overall(List<KeyRead> results) {
    for (KeyRead read : results) {
      if (read.status().equals(Status.ERROR)) {
        return Status.ERROR;
      }
    }
    return Status.OK;
  }
}
