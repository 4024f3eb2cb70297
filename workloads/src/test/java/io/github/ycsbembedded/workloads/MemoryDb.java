package io.github.ycsbembedded.workloads;

import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.CorruptRecordException;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.MultiWriteDB;
import io.github.ycsbembedded.core.RangeScanDB;
import io.github.ycsbembedded.core.RecordCodec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/** A test DB: tables of encoded records in memory, with a native batch read it counts. */
class MemoryDb extends DB implements BatchReadDB, MultiWriteDB, RangeScanDB {
  final Map<String, TreeMap<String, byte[]>> tables = new ConcurrentHashMap<>();
  int batchReads;
  int reads;

  private TreeMap<String, byte[]> table(String name) {
    return tables.computeIfAbsent(name, n -> new TreeMap<>());
  }

  @Override
  public synchronized Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    reads++;
    byte[] found = table(table).get(key);
    if (found == null) {
      return Status.NOT_FOUND;
    }
    try {
      RecordCodec.decode(found, 0, found.length, fields, result);
      return Status.OK;
    } catch (CorruptRecordException e) {
      return Status.ERROR;
    }
  }

  @Override
  public synchronized Status batchRead(
      String table, List<String> keys, Set<String> fields, List<KeyRead> results) {
    batchReads++;
    results.clear();
    for (String key : keys) {
      byte[] found = table(table).get(key);
      if (found == null) {
        results.add(KeyRead.missing());
        continue;
      }
      Map<String, ByteIterator> record = new HashMap<>();
      try {
        RecordCodec.decode(found, 0, found.length, fields, record);
        results.add(KeyRead.found(record));
      } catch (CorruptRecordException e) {
        results.add(KeyRead.failed(key, e.getMessage()));
      }
    }
    return BatchReadDB.overall(results);
  }

  @Override
  public synchronized Status insert(String table, String key, Map<String, ByteIterator> values) {
    table(table).put(key, RecordCodec.encode(values));
    return Status.OK;
  }

  @Override
  public synchronized Status writeAtomically(List<Write> writes) {
    for (Write write : writes) {
      if (write.isDelete()) {
        table(write.table()).remove(write.key());
      } else {
        table(write.table()).put(write.key(), RecordCodec.encode(write.values()));
      }
    }
    return Status.OK;
  }

  @Override
  public synchronized Status scanRange(
      String table,
      String start,
      String end,
      int limit,
      Set<String> fields,
      List<KeyedRecord> results) {
    results.clear();
    for (Map.Entry<String, byte[]> e : table(table).subMap(start, end).entrySet()) {
      if (results.size() == limit) {
        break;
      }
      Map<String, ByteIterator> record = new HashMap<>();
      try {
        RecordCodec.decode(e.getValue(), 0, e.getValue().length, fields, record);
      } catch (CorruptRecordException ex) {
        return Status.ERROR;
      }
      results.add(new KeyedRecord(e.getKey(), record));
    }
    return Status.OK;
  }

  @Override
  public Status scan(
      String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.NOT_IMPLEMENTED;
  }
}
