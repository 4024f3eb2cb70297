package io.github.ycsbembedded.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** The benchmark's keys: {@code user} and the index as ten digits, so key order is index order. */
public final class Keys {
  public static final String TABLE = "usertable";
  public static final int LENGTH = 14;

  private Keys() {}

  public static String key(int index) {
    return new String(bytes(index), StandardCharsets.US_ASCII);
  }

  public static byte[] bytes(int index) {
    byte[] key = new byte[LENGTH];
    write(index, key, 0);
    return key;
  }

  /** Writes the key of {@code index} into {@code buffer} at {@code offset} (no allocation). */
  public static void write(int index, byte[] buffer, int offset) {
    buffer[offset] = 'u';
    buffer[offset + 1] = 's';
    buffer[offset + 2] = 'e';
    buffer[offset + 3] = 'r';
    int value = index;
    for (int i = offset + LENGTH - 1; i >= offset + 4; i--) {
      buffer[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
  }

  /** Sorted copy of a batch's indexes: key order, the order engines store. */
  public static int[] sorted(int[] indexes) {
    int[] copy = indexes.clone();
    Arrays.sort(copy);
    return copy;
  }
}
