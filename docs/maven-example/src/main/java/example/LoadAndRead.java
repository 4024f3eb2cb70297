package example;

import io.github.ycsbembedded.lmdb.LmdbClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Loads 1,000 records into LMDB through the binding, reads each back and checks its value. */
public final class LoadAndRead {
  public static void main(String[] args) throws Exception {
    Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("lmdb-example");
    Properties properties = new Properties();
    properties.setProperty("lmdb.dir", dir.toString());
    DB db = new LmdbClient();
    db.setProperties(properties);
    db.init();
    try {
      for (int i = 0; i < 1000; i++) {
        Status status = db.insert("usertable", "user" + i, record("value " + i));
        if (!status.isOk()) {
          throw new IllegalStateException("insert of user" + i + ": " + status);
        }
      }
      for (int i = 0; i < 1000; i++) {
        Map<String, ByteIterator> read = new HashMap<>();
        Status status = db.read("usertable", "user" + i, null, read);
        String value = status.isOk() ? read.get("field0").toString() : null;
        if (!("value " + i).equals(value)) {
          throw new IllegalStateException("user" + i + " read back " + status + " " + value);
        }
      }
    } finally {
      db.cleanup();
    }
    System.out.println("loaded 1000 records into " + dir + " and read each back");
  }

  private static Map<String, ByteIterator> record(String value) {
    Map<String, String> fields = new HashMap<>();
    fields.put("field0", value);
    return StringByteIterator.getByteIteratorMap(fields);
  }
}
