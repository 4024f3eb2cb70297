package io.github.ycsbembedded.core;

import java.util.Map;
import java.util.Objects;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * What one key of a {@link BatchReadDB#batchRead} returned: its record ({@code OK}), that it is
 * missing ({@code NOT_FOUND}), or why it could not be read ({@code ERROR}, with a message naming
 * the key).
 */
public record KeyRead(Status status, Map<String, ByteIterator> record, String error) {
  private static final KeyRead MISSING = new KeyRead(Status.NOT_FOUND, null, null);

  public KeyRead {
    Objects.requireNonNull(status, "status");
  }

  public static KeyRead found(Map<String, ByteIterator> record) {
    return new KeyRead(Status.OK, Objects.requireNonNull(record, "record"), null);
  }

  public static KeyRead missing() {
    return MISSING;
  }

  public static KeyRead failed(String key, String message) {
    return new KeyRead(Status.ERROR, null, key + ": " + message);
  }

  public boolean isFound() {
    return status.isOk();
  }
}
