package io.github.ycsbembedded.benchmarks;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.fusesource.leveldbjni.JniDBFactory;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.DBIterator;
import org.iq80.leveldb.Options;
import org.iq80.leveldb.ReadOptions;
import org.iq80.leveldb.Snapshot;

/** LevelDB through leveldbjni, with the binding's table prefix (length varint + name). */
final class RawLevelDb implements RawEngine {
  private static final byte[] PREFIX = prefix();

  private final DB db;

  private RawLevelDb(DB db) {
    this.db = db;
  }

  static RawLevelDb open(Path dir) throws Exception {
    return new RawLevelDb(JniDBFactory.factory.open(dir.toFile(), new Options()));
  }

  private static byte[] prefix() {
    byte[] name = Keys.TABLE.getBytes(StandardCharsets.UTF_8);
    byte[] prefix = new byte[1 + name.length];
    prefix[0] = (byte) name.length;
    System.arraycopy(name, 0, prefix, 1, name.length);
    return prefix;
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
      db.put(key, value);
    }

    @Override
    public int scan(int index, int count) throws Exception {
      try (DBIterator it = db.iterator()) {
        it.seek(key(index));
        int n = 0;
        while (n < count && it.hasNext()) {
          Map.Entry<byte[], byte[]> entry = it.next();
          if (entry.getKey()[0] != PREFIX[0]) {
            break;
          }
          n++;
        }
        return n;
      }
    }

    @Override
    public int batchRead(int[] indexes) throws Exception {
      try (Snapshot snapshot = db.getSnapshot()) {
        ReadOptions options = new ReadOptions().snapshot(snapshot);
        int found = 0;
        for (int index : Keys.sorted(indexes)) {
          found += db.get(key(index), options) == null ? 0 : 1;
        }
        return found;
      }
    }

    @Override
    public void close() {}
  }
}
