package io.github.ycsbembedded.core;

/**
 * A stored value could not be decoded as a record written by {@link RecordCodec}. Bindings map it
 * to {@code Status.ERROR} with the message; it never escapes to YCSB.
 */
public final class CorruptRecordException extends Exception {
  private static final long serialVersionUID = 1L;

  public CorruptRecordException(String message) {
    super(message);
  }
}
