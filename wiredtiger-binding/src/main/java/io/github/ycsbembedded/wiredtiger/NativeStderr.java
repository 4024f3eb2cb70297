package io.github.ycsbembedded.wiredtiger;

import com.sun.jna.Library;
import com.sun.jna.Native;
import io.github.ycsbembedded.core.ErrorLog;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

/**
 * WiredTiger's own messages, kept out of the user's stderr. The library writes every error to the
 * process's stderr (file descriptor 2) before it returns the error code the binding turns into its
 * one line, and its Java API takes no event handler that would say otherwise. So while an engine is
 * open, descriptor 2 is a pipe: a thread reads it, hands WiredTiger's lines (they begin {@code
 * [seconds:microseconds][pid:thread], }) to {@link ErrorLog#engineMessage}, and passes every other
 * line through to the stderr the process had, at once and in order. The process's stderr is its own
 * again when the last engine closes, before the run's last lines, or at exit.
 *
 * <p>Through JNA's libc: dup, dup2, pipe, read, write, close. Where they cannot be loaded nothing
 * is diverted, and WiredTiger's lines come before ours as they used to.
 */
final class NativeStderr {
  /** The libc calls this class makes. */
  interface LibC extends Library {
    int dup(int fd);

    int dup2(int from, int to);

    int pipe(int[] fds);

    long read(int fd, byte[] buffer, long count);

    long write(int fd, byte[] buffer, long count);

    int close(int fd);
  }

  private static final Pattern ENGINE_LINE =
      Pattern.compile("^\\[\\d+:\\d+\\]\\[\\d+:0x[0-9a-f]+\\], .*");
  private static final String MARK = "\u0000ycsb-embedded-stderr-mark\u0000";
  private static final Object LOCK = new Object();
  private static LibC libc;
  private static int users;
  private static int saved = -1;
  private static Thread reader;
  private static long marksAsked;
  private static long marksSeen;
  private static boolean hooked;
  private static final Runnable RESTORE = NativeStderr::restore;

  /** The first WiredTiger line read since the last {@link #firstSinceMark}. */
  private static final AtomicReference<String> FIRST = new AtomicReference<>();

  /** WiredTiger lines read since the last {@link #firstSinceMark}. */
  private static final java.util.concurrent.atomic.AtomicLong SINCE_MARK =
      new java.util.concurrent.atomic.AtomicLong();

  private NativeStderr() {}

  /** An engine opens: the first diverts descriptor 2 (when libc can be reached). */
  static void acquire() {
    synchronized (LOCK) {
      if (users++ > 0 || saved >= 0) {
        return;
      }
      try {
        if (libc == null) {
          libc = Native.load("c", LibC.class);
        }
        int[] pipe = new int[2];
        if (libc.pipe(pipe) != 0) {
          return;
        }
        System.err.flush();
        int original = libc.dup(2);
        if (original < 0 || libc.dup2(pipe[1], 2) < 0) {
          libc.close(pipe[0]);
          libc.close(pipe[1]);
          if (original >= 0) {
            libc.close(original);
          }
          return;
        }
        libc.close(pipe[1]);
        saved = original;
        int readEnd = pipe[0];
        reader = new Thread(() -> pump(readEnd, original), "wiredtiger-stderr");
        reader.setDaemon(true);
        reader.start();
        if (!hooked) {
          hooked = true;
          ErrorLog.beforeLastLines(RESTORE);
          Runtime.getRuntime().addShutdownHook(new Thread(RESTORE, "stderr-restore"));
        }
      } catch (LinkageError | RuntimeException e) {
        // no libc through JNA: WiredTiger's lines stay where it writes them
      }
    }
  }

  /** An engine has closed: the last gives the process its stderr back. */
  static void release() {
    synchronized (LOCK) {
      if (users > 0 && --users == 0) {
        restore();
      }
    }
  }

  /**
   * The first line WiredTiger wrote since the previous call, once every line written before this
   * call has been read (the pipe is read in order up to a mark written now); null when none, or
   * when nothing is diverted.
   */
  static String firstSinceMark() {
    long mark;
    synchronized (LOCK) {
      if (saved < 0) {
        return null;
      }
      mark = ++marksAsked;
      byte[] bytes = (MARK + "\n").getBytes(StandardCharsets.UTF_8);
      libc.write(2, bytes, bytes.length);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    synchronized (FIRST) {
      while (marksSeen < mark && System.nanoTime() < deadline) {
        try {
          FIRST.wait(50);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
    }
    String first = FIRST.getAndSet(null);
    long quoted = SINCE_MARK.getAndSet(0);
    if (first != null) {
      // the caller quotes it in its own line: the run's summary need not repeat it
      ErrorLog.engineLinesQuoted(quoted);
    }
    return first;
  }

  /**
   * A WiredTiger line as the tail of our one line: {@code (WiredTiger: <message>)} without its
   * timestamp and thread, or nothing for null.
   */
  static String quoted(String line) {
    if (line == null) {
      return "";
    }
    return " (WiredTiger: " + withoutStamp(line) + ")";
  }

  /** A WiredTiger line without its {@code [seconds:microseconds][pid:thread], } prefix. */
  private static String withoutStamp(String line) {
    return line.replaceFirst("^\\[[^]]*\\]\\[[^]]*\\], ", "");
  }

  /** Puts the original stderr back on descriptor 2 and forwards what the pipe still held. */
  private static void restore() {
    Thread pumping;
    synchronized (LOCK) {
      if (saved < 0) {
        return;
      }
      System.err.flush();
      // the pipe's last writer is gone: the reader forwards what is left, reads EOF, and closes
      // the pipe and its copy of the original descriptor
      libc.dup2(saved, 2);
      saved = -1;
      users = 0;
      pumping = reader;
      reader = null;
    }
    try {
      pumping.join(TimeUnit.SECONDS.toMillis(2));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Reads the pipe to its end, line by line: WiredTiger's lines kept, the others passed on. */
  private static void pump(int readEnd, int original) {
    byte[] buffer = new byte[8192];
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    while (true) {
      long n = libc.read(readEnd, buffer, buffer.length);
      if (n <= 0) {
        break;
      }
      for (int i = 0; i < n; i++) {
        line.write(buffer[i]);
        if (buffer[i] == '\n') {
          handle(line.toByteArray(), original);
          line.reset();
        }
      }
    }
    if (line.size() > 0) {
      handle(line.toByteArray(), original);
    }
    libc.close(readEnd);
    libc.close(original);
  }

  private static void handle(byte[] bytes, int original) {
    try {
      sort(bytes, original);
    } catch (RuntimeException | Error e) {
      // whatever went wrong, the line is not lost
      libc.write(original, bytes, bytes.length);
    }
  }

  private static void sort(byte[] bytes, int original) {
    String text = new String(bytes, StandardCharsets.UTF_8).stripTrailing();
    if (text.equals(MARK)) {
      synchronized (FIRST) {
        marksSeen++;
        FIRST.notifyAll();
      }
    } else if (ENGINE_LINE.matcher(text).matches()) {
      FIRST.compareAndSet(null, text);
      SINCE_MARK.incrementAndGet();
      ErrorLog.engineMessage("wiredtiger", withoutStamp(text));
    } else {
      libc.write(original, bytes, bytes.length);
    }
  }
}
