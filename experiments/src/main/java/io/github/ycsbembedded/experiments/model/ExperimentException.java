package io.github.ycsbembedded.experiments.model;

/** A bad experiment file or a bad choice of the user's; the message is one line for the user. */
public final class ExperimentException extends Exception {
  private static final long serialVersionUID = 1L;

  public ExperimentException(String message) {
    super(message);
  }

  public ExperimentException(String message, Throwable cause) {
    super(message, cause);
  }
}
