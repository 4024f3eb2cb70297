package io.github.ycsbembedded.core;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The one place bindings report engine errors that become {@code Status.ERROR}: each is printed
 * once to stderr with the engine's own message, up to a limit per process, after which they are
 * only counted (a failing run must not drown YCSB's output).
 */
public final class ErrorLog {
  static final int PRINT_LIMIT = 20;
  private static final AtomicLong COUNT = new AtomicLong();

  private ErrorLog() {}

  public static void report(
      String binding, String operation, String table, String key, String message) {
    long n = COUNT.incrementAndGet();
    if (n <= PRINT_LIMIT) {
      String shownKey = key.length() > 64 ? key.substring(0, 64) + "..." : key;
      System.err.println(
          binding + ": " + operation + " " + table + "/" + shownKey + " failed: " + message);
    } else if (n == PRINT_LIMIT + 1) {
      System.err.println(binding + ": further errors are counted in YCSB's Return= lines only");
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

  /** Errors reported so far in this process. */
  public static long count() {
    return COUNT.get();
  }
}
