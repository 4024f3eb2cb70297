package io.github.ycsbembedded.core.testing;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The child JVM of {@link DiskFaultConformanceTest}'s failing-disk cases: opens the binding and
 * runs the commands it reads on stdin, answering each operation on stdout, so that the disk can
 * fail between two of them. Records are {@link CrashLoader}'s.
 *
 * <ul>
 *   <li>{@code insert <from> <to>}: inserts keys {@code from} to {@code to - 1}, one line each:
 *       {@code <i> OK}, {@code <i> ERROR} (any other status), or {@code <i> THROWN <exception>};
 *   <li>{@code read <from> <to>}: reads them back: {@code <i> OK} (its values), {@code <i> WRONG}
 *       (other values), {@code <i> NOT_FOUND}, {@code <i> ERROR} or {@code <i> THROWN ...};
 *   <li>{@code close}: closes the binding: {@code closed}, {@code close failed: <message>} or
 *       {@code THROWN <exception>}, then ends.
 * </ul>
 *
 * Each command ends with the line {@code done}. Arguments: the binding class, then {@code
 * name=value} properties. It prints {@code ready} once open, or {@code init failed: <message>}.
 * Each answer begins with {@link #ANSWER}; other lines are the binding's own.
 */
public final class FaultProbe {
  /** What begins each of its answers, telling them apart from the binding's own lines. */
  static final String ANSWER = "probe: ";

  private FaultProbe() {}

  public static void main(String[] args) throws Exception {
    DB db = YcsbProcess.binding(args, 1);
    try {
      db.init();
    } catch (DBException | RuntimeException e) {
      System.out.println(ANSWER + "init failed: " + e.getMessage());
      return;
    }
    System.out.println(ANSWER + "ready");
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      String[] words = line.split(" ");
      if (words[0].equals("close")) {
        System.out.println(ANSWER + close(db));
        System.out.println(ANSWER + "done");
        return;
      }
      int from = Integer.parseInt(words[1]);
      int to = Integer.parseInt(words[2]);
      for (int i = from; i < to; i++) {
        System.out.println(
            ANSWER + i + " " + (words[0].equals("insert") ? insert(db, i) : read(db, i)));
      }
      System.out.println(ANSWER + "done");
    }
  }

  private static String insert(DB db, int i) {
    try {
      String key = CrashLoader.key(i);
      return db.insert(CrashConformanceTest.TABLE, key, CrashLoader.record(key)).isOk()
          ? "OK"
          : "ERROR";
    } catch (RuntimeException e) {
      return "THROWN " + e;
    }
  }

  private static String read(DB db, int i) {
    try {
      String key = CrashLoader.key(i);
      Map<String, ByteIterator> result = new HashMap<>();
      Status status = db.read(CrashConformanceTest.TABLE, key, null, result);
      if (status == Status.NOT_FOUND) {
        return "NOT_FOUND";
      }
      if (!status.isOk()) {
        return "ERROR";
      }
      return StringByteIterator.getStringMap(result).equals(values(key)) ? "OK" : "WRONG";
    } catch (RuntimeException e) {
      return "THROWN " + e;
    }
  }

  /** The values {@link CrashLoader#record} gives {@code key}. */
  static Map<String, String> values(String key) {
    Map<String, String> values = new HashMap<>();
    CrashLoader.record(key).forEach((field, value) -> values.put(field, value.toString()));
    return values;
  }

  private static String close(DB db) {
    try {
      db.cleanup();
      return "closed";
    } catch (DBException e) {
      return "close failed: " + e.getMessage();
    } catch (RuntimeException e) {
      return "THROWN " + e;
    }
  }
}
