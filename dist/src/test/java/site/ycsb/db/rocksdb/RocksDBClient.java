package site.ycsb.db.rocksdb;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Test stand-in for YCSB 0.17.0's own RocksDB binding, under its class name, for the drop-in tests'
 * stock {@code rocksdb-binding/} (beside rocksdbjni 5.11.3): it says which class runs and from
 * which rocksdbjni jar, opens a RocksDB directory and writes the {@code CF_NAMES} file stock's
 * client keeps there, and stores inserts. One client thread.
 */
public class RocksDBClient extends DB {
  private RocksDB db;

  @Override
  public void init() throws DBException {
    String dir = getProperties().getProperty("rocksdb.dir");
    if (dir == null) {
      throw new DBException("rocksdb.dir is required");
    }
    String jar =
        new File(RocksDB.class.getProtectionDomain().getCodeSource().getLocation().getPath())
            .getName();
    System.err.println("stand-in " + getClass().getName() + " on " + jar);
    try {
      Files.createDirectories(Paths.get(dir));
      RocksDB.loadLibrary();
      db = RocksDB.open(new Options().setCreateIfMissing(true), dir);
      Files.write(Paths.get(dir, "CF_NAMES"), "default\n".getBytes(StandardCharsets.UTF_8));
    } catch (RocksDBException | IOException e) {
      throw new DBException(e);
    }
  }

  @Override
  public void cleanup() {
    if (db != null) {
      db.close();
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    StringBuilder value = new StringBuilder();
    values.forEach((field, v) -> value.append(field).append('=').append(v.toString()).append(';'));
    try {
      db.put(
          key.getBytes(StandardCharsets.UTF_8), value.toString().getBytes(StandardCharsets.UTF_8));
      return Status.OK;
    } catch (RocksDBException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      return db.get(key.getBytes(StandardCharsets.UTF_8)) == null ? Status.NOT_FOUND : Status.OK;
    } catch (RocksDBException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return insert(table, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    return Status.NOT_IMPLEMENTED;
  }
}
