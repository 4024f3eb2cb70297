package io.github.ycsbembedded.benchmarks;

import io.github.ycsbembedded.core.TablePrefix;
import io.github.ycsbembedded.leveldb.LevelDb;
import java.nio.file.Path;

/**
 * LevelDB 1.23 through the binding module's JNI library ({@link LevelDb}), with the binding's table
 * prefix (length varint + name) and the binding's defaults (Bloom filter of 10 bits, verified
 * checksums).
 */
final class RawLevelDb implements RawEngine {
  private static final byte[] PREFIX = TablePrefix.of(Keys.TABLE);

  private final LevelDb db;

  private RawLevelDb(LevelDb db) {
    this.db = db;
  }

  static RawLevelDb open(Path dir, java.util.Properties binding) throws Exception {
    LevelDb.Options defaults = LevelDb.Options.defaults();
    return new RawLevelDb(
        LevelDb.open(
            dir,
            new LevelDb.Options(
                defaults.cacheSize(),
                defaults.writeBufferSize(),
                defaults.maxFileSize(),
                defaults.blockSize(),
                defaults.maxOpenFiles(),
                false,
                10,
                false,
                true,
                false,
                true)));
  }

  @Override
  public RawSession session() {
    return new Session();
  }

  @Override
  public void close() throws Exception {
    db.close();
  }

  private final class Session implements RawSession {
    private final byte[] key = new byte[PREFIX.length + Keys.LENGTH];

    Session() {
      System.arraycopy(PREFIX, 0, key, 0, PREFIX.length);
    }

    private byte[] key(int index) {
      Keys.write(index, key, PREFIX.length);
      return key;
    }

    @Override
    public int read(int index) {
      byte[] value = db.get(key(index));
      return value == null ? -1 : value.length;
    }

    @Override
    public void update(int index) {
      byte[] value = db.get(key(index));
      value[value.length - 1]++;
      db.put(key, value, value.length, false);
    }

    private byte[] record;

    @Override
    public void insert(int index) {
      if (record == null) {
        record = db.get(key(0));
      }
      db.put(key(index), record, record.length, false);
    }

    @Override
    public int scan(int index, int count) {
      try (LevelDb.Cursor cursor = db.cursor(null)) {
        int n = 0;
        for (boolean on = cursor.seek(key(index)); on && n < count; on = cursor.next()) {
          if (cursor.key()[0] != PREFIX[0]) {
            break;
          }
          cursor.value();
          n++;
        }
        return n;
      }
    }

    @Override
    public int batchRead(int[] indexes) {
      try (LevelDb.Snapshot snapshot = db.snapshot()) {
        int found = 0;
        for (int index : Keys.sorted(indexes)) {
          found += db.get(key(index), snapshot) == null ? 0 : 1;
        }
        return found;
      }
    }

    @Override
    public void close() {}
  }
}
