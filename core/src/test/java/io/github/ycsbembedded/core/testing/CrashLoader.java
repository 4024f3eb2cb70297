package io.github.ycsbembedded.core.testing;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.StringByteIterator;

/**
 * The child JVM of {@link CrashConformanceTest}: inserts {@code user000000}, {@code user000001}, …
 * with values that follow from their key ({@link #record}), and after each OK writes the count of
 * acknowledged inserts into a file (a write to the operating system, which outlives this process);
 * every 200 it also prints {@code acked <n>}. It runs until it is killed.
 *
 * <p>Arguments: the binding class, the acknowledgement file, then {@code name=value} properties.
 */
public final class CrashLoader {
  private CrashLoader() {}

  public static void main(String[] args) throws Exception {
    DB db = YcsbProcess.binding(args, 2);
    db.init();
    try (RandomAccessFile acked = new RandomAccessFile(args[1], "rw")) {
      for (int i = 0; i < 10_000_000; i++) {
        if (!db.insert(CrashConformanceTest.TABLE, key(i), record(key(i))).isOk()) {
          throw new IOException("insert of " + key(i) + " failed");
        }
        acknowledge(acked, i + 1);
        if ((i + 1) % 200 == 0) {
          System.out.println("acked " + (i + 1));
          System.out.flush();
        }
      }
    }
  }

  private static void acknowledge(RandomAccessFile file, long count) throws IOException {
    file.seek(0);
    file.writeLong(count);
  }

  /** The count the loader last wrote. */
  static long acknowledged(java.nio.file.Path file) throws IOException {
    try (RandomAccessFile acked = new RandomAccessFile(file.toFile(), "r")) {
      return acked.length() < Long.BYTES ? 0 : acked.readLong();
    }
  }

  static String key(long i) {
    return String.format("user%09d", i);
  }

  /** Three fields whose values follow from the key and the field's name. */
  static Map<String, ByteIterator> record(String key) {
    Map<String, String> values = new HashMap<>();
    for (int f = 0; f < 3; f++) {
      values.put("field" + f, value(key, "field" + f));
    }
    return StringByteIterator.getByteIteratorMap(values);
  }

  static String value(String key, String field) {
    byte[] seed = (key + "/" + field + "/").getBytes(StandardCharsets.UTF_8);
    StringBuilder value = new StringBuilder();
    while (value.length() < 100) {
      value.append(new String(seed, StandardCharsets.UTF_8));
    }
    return value.substring(0, 100);
  }
}
