package io.github.ycsbembedded.benchmarks;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteOptions;

/** RocksDB through rocksdbjni, on the binding's column family. */
final class RawRocksDb implements RawEngine {
  private final DBOptions options;
  private final RocksDB db;
  private final List<ColumnFamilyHandle> handles;
  private final ColumnFamilyHandle table;
  private final WriteOptions writeOptions = new WriteOptions();

  private RawRocksDb(DBOptions options, RocksDB db, List<ColumnFamilyHandle> handles) {
    this.options = options;
    this.db = db;
    this.handles = handles;
    this.table =
        handles.stream()
            .filter(
                h -> {
                  try {
                    return new String(h.getName(), StandardCharsets.UTF_8).equals(Keys.TABLE);
                  } catch (Exception e) {
                    return false;
                  }
                })
            .findFirst()
            .orElseThrow();
  }

  static RawRocksDb open(Path dir, java.util.Properties binding) throws Exception {
    RocksDB.loadLibrary();
    List<ColumnFamilyDescriptor> families = new ArrayList<>();
    try (Options listing = new Options()) {
      for (byte[] name : RocksDB.listColumnFamilies(listing, dir.toString())) {
        families.add(new ColumnFamilyDescriptor(name));
      }
    }
    DBOptions options = new DBOptions();
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    return new RawRocksDb(
        options, RocksDB.open(options, dir.toString(), families, handles), handles);
  }

  @Override
  public RawSession session() {
    return new Session();
  }

  @Override
  public void close() throws Exception {
    writeOptions.close();
    handles.forEach(ColumnFamilyHandle::close);
    db.closeE();
    options.close();
  }

  private final class Session implements RawSession {
    private final byte[] key = new byte[Keys.LENGTH];
    private final ReadOptions readOptions = new ReadOptions();
    private final List<ColumnFamilyHandle> batchFamilies = new ArrayList<>();
    private final List<byte[]> batchKeys = new ArrayList<>();
    private byte[] value = new byte[8192];

    @Override
    public int read(int index) throws Exception {
      Keys.write(index, key, 0);
      int length = db.get(table, readOptions, key, value);
      if (length > value.length) {
        value = new byte[length * 2];
        length = db.get(table, readOptions, key, value);
      }
      return length;
    }

    @Override
    public void update(int index) throws Exception {
      int length = read(index);
      value[length - 1]++;
      db.put(table, writeOptions, key, 0, key.length, value, 0, length);
    }

    private byte[] record;

    @Override
    public void insert(int index) throws Exception {
      if (record == null) {
        int length = read(0);
        record = java.util.Arrays.copyOf(value, length);
      }
      Keys.write(index, key, 0);
      db.put(table, writeOptions, key, 0, key.length, record, 0, record.length);
    }

    @Override
    public int scan(int index, int count) {
      Keys.write(index, key, 0);
      try (RocksIterator it = db.newIterator(table, readOptions)) {
        int n = 0;
        for (it.seek(key); it.isValid() && n < count; it.next()) {
          n += it.value().length > 0 ? 1 : 0;
        }
        return n;
      }
    }

    @Override
    public int batchRead(int[] indexes) throws Exception {
      batchFamilies.clear();
      batchKeys.clear();
      for (int index : indexes) {
        batchFamilies.add(table);
        batchKeys.add(Keys.bytes(index));
      }
      int found = 0;
      for (byte[] v : db.multiGetAsList(readOptions, batchFamilies, batchKeys)) {
        found += v == null ? 0 : 1;
      }
      return found;
    }

    @Override
    public void close() {
      readOptions.close();
    }
  }
}
