package io.github.ycsbembedded.benchmarks;

import java.nio.file.Path;
import java.util.Arrays;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.Page;
import org.h2.mvstore.type.ByteArrayDataType;

/**
 * H2's MVStore through its own API, as the binding opens it: MVStore's auto-commit off, the table's
 * map of byte keys and values, its 16 MiB cache, and every write committed before it returns (the
 * binding's durability at {@code mvstore.sync=false}).
 */
final class RawMvStore implements RawEngine {
  private final MVStore store;
  private final MVMap<byte[], byte[]> map;

  private RawMvStore(MVStore store) {
    this.store = store;
    this.map =
        store.openMap(
            Keys.TABLE,
            new MVMap.Builder<byte[], byte[]>()
                .keyType(ByteArrayDataType.INSTANCE)
                .valueType(ByteArrayDataType.INSTANCE));
  }

  static RawMvStore open(Path dir, java.util.Properties binding) {
    return new RawMvStore(
        new MVStore.Builder()
            .fileName(dir.resolve("data.mv.db").toString())
            .cacheSize(16)
            .autoCommitDisabled()
            .autoCommitBufferSize(0)
            .open());
  }

  @Override
  public RawSession session() {
    return new Session();
  }

  @Override
  public void close() {
    store.close();
  }

  private final class Session implements RawSession {
    private final byte[] key = new byte[Keys.LENGTH];

    private byte[] key(int index) {
      Keys.write(index, key, 0);
      return key;
    }

    @Override
    public int read(int index) {
      byte[] value = map.get(key(index));
      return value == null ? -1 : value.length;
    }

    /** A new array for the map (it keeps the one it is given); the key too. */
    @Override
    public void update(int index) {
      byte[] value = map.get(key(index));
      byte[] updated = Arrays.copyOf(value, value.length);
      updated[updated.length - 1]++;
      map.put(key.clone(), updated);
      store.commit();
    }

    private byte[] record;

    @Override
    public void insert(int index) {
      if (record == null) {
        record = map.get(key(0));
      }
      map.put(key(index).clone(), record);
      store.commit();
    }

    @Override
    public int scan(int index, int count) {
      Cursor<byte[], byte[]> cursor = map.cursor(key(index));
      int n = 0;
      while (n < count && cursor.hasNext()) {
        cursor.next();
        cursor.getValue();
        n++;
      }
      return n;
    }

    /** No batch read in MVStore: lookups in one root of the map, keys in key order. */
    @Override
    public int batchRead(int[] indexes) {
      Page<byte[], byte[]> root = map.getRootPage();
      int found = 0;
      for (int index : Keys.sorted(indexes)) {
        found += map.get(root, key(index)) == null ? 0 : 1;
      }
      return found;
    }

    @Override
    public void close() {}
  }
}
