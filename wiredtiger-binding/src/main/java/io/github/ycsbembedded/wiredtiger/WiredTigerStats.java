package io.github.ycsbembedded.wiredtiger;

import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerException;
import io.github.ycsbembedded.core.EngineStats;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One WiredTiger statistics cursor read whole: each statistic's description ({@code cache: bytes
 * currently in the cache}) and value. WiredTiger keeps none unless the connection was opened with
 * {@code statistics=}; the cursor then fails to open, and the statistics are empty.
 */
final class WiredTigerStats {
  private final Map<String, Long> values;

  private WiredTigerStats(Map<String, Long> values) {
    this.values = values;
  }

  /** The statistics of {@code uri} ({@code statistics:} or {@code statistics:table:<name>}). */
  static WiredTigerStats read(Session session, String uri, String config) {
    Map<String, Long> values = new LinkedHashMap<>();
    Cursor cursor;
    try {
      cursor = session.open_cursor(uri, null, config);
    } catch (WiredTigerException e) {
      return new WiredTigerStats(values); // statistics off
    }
    try {
      while (cursor.next() == 0) {
        String description = cursor.getValueString();
        cursor.getValueString(); // the value as WiredTiger prints it
        values.put(description, cursor.getValueLong());
      }
    } finally {
      cursor.close();
    }
    return new WiredTigerStats(values);
  }

  Long get(String description) {
    return values.get(description);
  }

  /** This connection's figures with the trees of {@code tables}, summed over them. */
  EngineStats.Figures figures(List<WiredTigerStats> tables) {
    long depth = 0;
    long internal = 0;
    long leaf = 0;
    long overflow = 0;
    long entries = 0;
    long fileBytes = 0;
    long reusable = 0;
    for (WiredTigerStats table : tables) {
      depth = Math.max(depth, orZero(table.get("btree: maximum tree depth")));
      internal += orZero(table.get("btree: row-store internal pages"));
      leaf += orZero(table.get("btree: row-store leaf pages"));
      overflow += orZero(table.get("btree: overflow pages"));
      entries += orZero(table.get("btree: number of key/value pairs"));
      fileBytes += orZero(table.get("block-manager: file size in bytes"));
      reusable += orZero(table.get("block-manager: file bytes available for reuse"));
    }
    Map<String, Object> own = new LinkedHashMap<>();
    for (String description : OWN) {
      Long value = get(description);
      if (value != null) {
        own.put(description, value);
      }
    }
    own.put("block-manager: file size in bytes", fileBytes);
    own.put("block-manager: file bytes available for reuse", reusable);
    Long requested = get("cache: pages requested from the cache");
    Long readIn = get("cache: pages read into cache");
    return EngineStats.Figures.of(
            EngineStats.Tree.btree(depth, internal, leaf, overflow, entries, null))
        .liveDataBytes(tables.isEmpty() ? null : fileBytes - reusable)
        .memoryBytes(get("cache: bytes currently in the cache"))
        .cache(requested == null || readIn == null ? null : requested - readIn, readIn)
        .stallMicros(get("thread-yield: application thread time waiting for cache (usecs)"))
        .engine(own)
        .build();
  }

  private static long orZero(Long value) {
    return value == null ? 0 : value;
  }

  /** The connection's statistics written under their own names beside the common figures. */
  private static final List<String> OWN =
      List.of(
          "cache: bytes currently in the cache",
          "cache: maximum bytes configured",
          "cache: tracked dirty bytes in the cache",
          "cache: bytes read into cache",
          "cache: bytes written from cache",
          "cache: pages requested from the cache",
          "cache: pages read into cache",
          "cache: pages evicted by application threads",
          "cache: modified pages evicted",
          "cache: unmodified pages evicted",
          "cache: application threads page read from disk to cache time (usecs)",
          "thread-yield: application thread time evicting (usecs)",
          "thread-yield: application thread time waiting for cache (usecs)",
          "block-manager: bytes read",
          "block-manager: bytes written",
          "log: log bytes written",
          "log: log sync operations",
          "transaction: transaction checkpoints",
          "transaction: transaction checkpoint total time (msecs)",
          "transaction: transactions committed",
          "transaction: transactions rolled back");
}
