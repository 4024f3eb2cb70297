package io.github.ycsbembedded.core;

import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A binding that scans a key range, {@code start <= key < end} in the engine's byte order of the
 * UTF-8 keys, returning each record with its key: what a prefix lookup on a composite key needs
 * (YCSB's {@code scan} has only a start and a count, and no keys).
 */
public interface RangeScanDB {
  /** A record found by a range scan, with its key. */
  record KeyedRecord(String key, Map<String, ByteIterator> record) {}

  /**
   * Reads the records from {@code start} (inclusive) to {@code end} (exclusive) in key order.
   *
   * @param results cleared, then filled in key order with at most {@code limit} records
   * @return {@code OK} (also when the range is empty), or {@code ERROR}
   */
  Status scanRange(
      String table,
      String start,
      String end,
      int limit,
      Set<String> fields,
      List<KeyedRecord> results);

  /**
   * The smallest key greater than every key that starts with {@code prefix}: a range's end for a
   * prefix lookup. UTF-8 byte order is code point order, so the last code point plus one bounds it.
   */
  static String prefixEnd(String prefix) {
    if (prefix.isEmpty()) {
      throw new IllegalArgumentException("an empty prefix has no end; scan without one");
    }
    int last = prefix.codePointBefore(prefix.length());
    int next = last == 0xD7FF ? 0xE000 : last + 1; // skip the surrogate range
    if (next > Character.MAX_CODE_POINT) {
      throw new IllegalArgumentException("prefix ends with the largest code point; it has no end");
    }
    return prefix.substring(0, prefix.length() - Character.charCount(last))
        + new String(Character.toChars(next));
  }
}
