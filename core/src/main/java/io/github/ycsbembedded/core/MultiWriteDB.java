package io.github.ycsbembedded.core;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A binding that commits several writes, across tables, together or not at all: one LMDB write
 * transaction, a RocksDB or LevelDB write batch, a WiredTiger transaction. What relational access
 * paths need to keep secondary indexes in step with their rows.
 */
public interface MultiWriteDB {
  /** One write: a put of a whole record ({@code values}), or a delete ({@code values} null). */
  record Write(String table, String key, Map<String, ? extends ByteIterator> values) {
    public Write {
      Objects.requireNonNull(table, "table");
      Objects.requireNonNull(key, "key");
    }

    public static Write put(String table, String key, Map<String, ? extends ByteIterator> values) {
      return new Write(table, key, Objects.requireNonNull(values, "values"));
    }

    public static Write delete(String table, String key) {
      return new Write(table, key, null);
    }

    public boolean isDelete() {
      return values == null;
    }
  }

  /**
   * Applies every write, in order, as one atomic unit: afterwards all of them are visible or none
   * is. A delete of a missing key is not an error.
   *
   * @return {@code OK} when committed; {@code BAD_REQUEST} (nothing written) when a write cannot be
   *     stored (e.g. a key the engine does not accept); {@code ERROR} when the engine failed
   *     (nothing written)
   */
  Status writeAtomically(List<Write> writes);
}
