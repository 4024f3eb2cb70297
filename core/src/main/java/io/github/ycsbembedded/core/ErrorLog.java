package io.github.ycsbembedded.core;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one place bindings report engine errors that become {@code Status.ERROR}: each is counted,
 * and the process says so once, at its end, quoting the first with the engine's own message (a
 * failing run must not drown YCSB's output in one line per failed operation). {@code bin/ycsb}
 * prints the summary before its own last line; in a stock YCSB install a shutdown hook prints it.
 */
public final class ErrorLog {
  private static final AtomicLong COUNT = new AtomicLong();
  private static final AtomicReference<String> FIRST = new AtomicReference<>();
  private static final AtomicReference<String> LATEST = new AtomicReference<>();
  private static final AtomicBoolean SUMMARIZED = new AtomicBoolean();
  private static final AtomicBoolean HOOKED = new AtomicBoolean();

  private ErrorLog() {}

  public static void report(
      String binding, String operation, String table, String key, String message) {
    String shownKey = key.length() > 64 ? key.substring(0, 64) + "..." : key;
    String line = binding + ": " + operation + " " + table + "/" + shownKey + " failed: " + message;
    FIRST.compareAndSet(null, line);
    LATEST.set(line);
    COUNT.incrementAndGet();
    if (HOOKED.compareAndSet(false, true)) {
      Runtime.getRuntime().addShutdownHook(new Thread(ErrorLog::printSummary, "engine-errors"));
    }
  }

  public static void report(
      String binding, String operation, String table, String key, Throwable e) {
    report(binding, operation, table, key, BindingProperties.describe(e));
  }

  /** A condition of the whole engine rather than of one operation (printed always, not counted). */
  public static void warn(String binding, String message) {
    System.err.println(binding + ": " + message);
  }

  /** The last error reported, as the summary would quote it; null before any. */
  public static String latest() {
    return LATEST.get();
  }

  /** Errors reported so far in this process. */
  public static long count() {
    return COUNT.get();
  }

  /**
   * The errors in one line: the first, quoted whole, and how many more there were; null when there
   * were none.
   */
  public static String summary() {
    long count = COUNT.get();
    String first = FIRST.get();
    if (count == 0 || first == null) {
      return null;
    }
    return count == 1
        ? first
        : String.format(
            java.util.Locale.ROOT,
            "%s (the first of %,d operations that failed in the engine; YCSB's Return= lines count"
                + " them by operation)",
            first,
            count);
  }

  /** Prints {@link #summary} on stderr, once per process whoever asks first. */
  public static void printSummary() {
    String summary = summary();
    if (summary != null && SUMMARIZED.compareAndSet(false, true)) {
      System.out.flush();
      System.err.println(summary);
      System.err.flush();
    }
  }
}
