package io.github.ycsbembedded.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.BatchWriteDB;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.Callable;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Records, keys and small helpers the conformance tests and the bindings' own tests share. */
public final class ConformanceRecords {
  private ConformanceRecords() {}

  public static Map<String, ByteIterator> record(String... namesAndValues) {
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      values.put(namesAndValues[i], namesAndValues[i + 1]);
    }
    return StringByteIterator.getByteIteratorMap(values);
  }

  public static Map<String, String> strings(Map<String, ByteIterator> values) {
    return StringByteIterator.getStringMap(values);
  }

  public static Map<String, String> read(DB db, String table, String key, Set<String> fields) {
    Map<String, ByteIterator> result = new HashMap<>();
    assertThat(db.read(table, key, fields, result))
        .as("read %s/%s", table, key)
        .isEqualTo(Status.OK);
    return strings(result);
  }

  public static String key(int i) {
    return String.format("user%06d", i);
  }

  /** Records {@code from} to {@code to - 1}, each with field n = its key, in a shuffled order. */
  public static List<BatchWriteDB.Insert> inserts(int from, int to, long seed) {
    List<BatchWriteDB.Insert> records = new ArrayList<>();
    for (int i = from; i < to; i++) {
      records.add(new BatchWriteDB.Insert(key(i), record("n", key(i), "pad", "v".repeat(i % 50))));
    }
    Collections.shuffle(records, new java.util.Random(seed));
    return records;
  }

  /** Every record's field n from the start of the table, in the order the scan returns them. */
  public static List<String> scanAll(DB db, int limit) {
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertThat(db.scan(Conformance.TABLE, key(0), limit, Set.of("n"), rows)).isEqualTo(Status.OK);
    return rows.stream().map(row -> row.get("n").toString()).toList();
  }

  public static List<String> keys(int from, int to) {
    List<String> keys = new ArrayList<>();
    for (int i = from; i < to; i++) {
      keys.add(key(i));
    }
    return keys;
  }

  /** What the binding printed on stderr while {@code body} ran. */
  public static String stderrOf(Callable<?> body) throws Exception {
    java.io.PrintStream saved = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      body.call();
    } finally {
      System.setErr(saved);
    }
    return captured.toString(StandardCharsets.UTF_8);
  }

  public static void deleteRecursively(Path dir) throws java.io.IOException {
    try (var walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** A record value of 4,000 bytes that names its key, so a wrong one cannot pass. */
  public static String bulkyValue(int i) {
    return (key(i) + ":").repeat(4000 / 11 + 1).substring(0, 4000);
  }
}
