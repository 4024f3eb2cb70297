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
  private static final AtomicLong ENGINE_LINES = new AtomicLong();
  private static final AtomicReference<String> FIRST_ENGINE_LINE = new AtomicReference<>();
  private static final java.util.List<Runnable> BEFORE_LAST_LINES =
      new java.util.concurrent.CopyOnWriteArrayList<>();

  private ErrorLog() {}

  public static void report(
      String binding, String operation, String table, String key, String message) {
    String shownKey = key.length() > 64 ? key.substring(0, 64) + "..." : key;
    String line = binding + ": " + operation + " " + table + "/" + shownKey + " failed: " + message;
    FIRST.compareAndSet(null, line);
    LATEST.set(line);
    COUNT.incrementAndGet();
    hook();
  }

  private static void hook() {
    if (HOOKED.compareAndSet(false, true)) {
      Runtime.getRuntime().addShutdownHook(new Thread(ErrorLog::printSummary, "engine-errors"));
    }
  }

  /**
   * A line an engine wrote to stderr itself (WiredTiger: its error handler's), kept out of the
   * user's stderr: counted, the first quoted in the summary.
   */
  public static synchronized void engineMessage(String binding, String line) {
    FIRST_ENGINE_LINE.compareAndSet(null, binding + " said: " + line.strip());
    ENGINE_LINES.incrementAndGet();
    hook();
  }

  /**
   * Runs before the process writes its last lines and halts: a binding that diverted the process's
   * stderr (WiredTiger's {@code NativeStderr}) gives it back there, once every engine line it holds
   * has been read, so that the summary counts them and the last lines are not lost in a pipe no one
   * reads after the halt.
   */
  public static void beforeLastLines(Runnable action) {
    if (!BEFORE_LAST_LINES.contains(action)) {
      BEFORE_LAST_LINES.add(action);
    }
  }

  /** Runs what {@link #beforeLastLines} registered; each action must be safe to run twice. */
  public static void lastLines() {
    for (Runnable action : BEFORE_LAST_LINES) {
      try {
        action.run();
      } catch (RuntimeException e) {
        // the last lines matter more than what could not be given back
      }
    }
  }

  /** Forgets what was counted, for tests that read the summary of their own errors. */
  static void forget() {
    COUNT.set(0);
    FIRST.set(null);
    LATEST.set(null);
    ENGINE_LINES.set(0);
    FIRST_ENGINE_LINE.set(null);
  }

  /**
   * The engine's last {@code lines} lines were quoted in a failure's own line (an open that
   * failed): the summary leaves them out.
   */
  public static synchronized void engineLinesQuoted(long lines) {
    if (ENGINE_LINES.addAndGet(-lines) <= 0) {
      ENGINE_LINES.set(0);
      FIRST_ENGINE_LINE.set(null);
    }
  }

  /** Lines engines wrote to stderr themselves, so far in this process. */
  public static long engineLines() {
    return ENGINE_LINES.get();
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
    long lines = ENGINE_LINES.get();
    String engine =
        lines == 0
            ? ""
            : String.format(
                java.util.Locale.ROOT,
                "%s%s%s",
                count == 0 ? "" : "; ",
                FIRST_ENGINE_LINE.get(),
                lines == 1
                    ? ""
                    : String.format(java.util.Locale.ROOT, " (and %,d lines more)", lines - 1));
    if (count == 0 || first == null) {
      return lines == 0 ? null : engine;
    }
    return (count == 1
            ? first
            : String.format(
                java.util.Locale.ROOT,
                "%s (the first of %,d operations that failed in the engine; YCSB's Return= lines"
                    + " count them by operation)",
                first,
                count))
        + engine;
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
