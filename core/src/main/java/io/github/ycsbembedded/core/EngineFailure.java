package io.github.ycsbembedded.core;

import java.io.PrintStream;
import java.io.PrintWriter;
import site.ycsb.DBException;

/**
 * A failure of an engine or of its directory, with the condition that caused it. Each binding tells
 * its engine's conditions apart in one place ({@link EngineClient#classify}), by the types and
 * codes the engine gives, never by message text.
 *
 * <p>It carries no stack trace, and prints as its message alone: YCSB prints a binding's cleanup
 * failure with {@code printStackTrace}, on stderr and again on stdout, one line each. The failure a
 * run's last line quotes ({@link CheckedClient}) prints nothing there, so that it is said once.
 */
public final class EngineFailure extends DBException {
  private static final long serialVersionUID = 1L;

  /** What happened, as far as the engine's types and codes tell. */
  public enum Condition {
    IN_USE("in use by another process"),
    CORRUPTION("corrupt data"),
    FOREIGN_FILES("another engine's files"),
    NO_SPACE("no space left on the device"),
    IO_ERROR("I/O error"),
    INVALID_ARGUMENT("invalid argument"),
    ENGINE_STOPPED("the engine stopped after an earlier failure"),
    OTHER("");

    private final String description;

    Condition(String description) {
      this.description = description;
    }

    /** How a message names the condition; empty for {@link #OTHER}. */
    public String description() {
      return description;
    }
  }

  private final Condition condition;

  public EngineFailure(Condition condition, String message) {
    super(message);
    this.condition = condition;
  }

  public Condition condition() {
    return condition;
  }

  /** Whether the run's last line says this failure, which then needs no line of its own. */
  private boolean quotedAtExit() {
    return RunStatus.quotedAtExit(getMessage());
  }

  /** One line, or none where the run's last line quotes this failure. */
  @Override
  public void printStackTrace(PrintStream s) {
    if (!quotedAtExit()) {
      s.println(this);
    }
  }

  /** As {@link #printStackTrace(PrintStream)}. */
  @Override
  public void printStackTrace(PrintWriter s) {
    if (!quotedAtExit()) {
      s.println(this);
    }
  }

  @Override
  public synchronized Throwable fillInStackTrace() {
    return this;
  }

  /**
   * Only the message: YCSB prints a failed cleanup's exception with {@code toString()}, as one
   * line.
   */
  @Override
  @SuppressWarnings("OverrideThrowableToString")
  public String toString() {
    return getMessage();
  }
}
