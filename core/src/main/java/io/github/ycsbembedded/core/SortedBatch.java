package io.github.ycsbembedded.core;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A batch of records for a bulk insert, encoded once: keys as UTF-8, values by {@link RecordCodec},
 * and the order to store them in (ascending keys, a key given twice kept with its last values).
 */
public final class SortedBatch {
  private final byte[][] keys;
  private final byte[][] values;
  private final int[] order;

  private SortedBatch(byte[][] keys, byte[][] values) {
    this.keys = keys;
    this.values = values;
    this.order = KeyOrder.ascendingLastOfEach(keys);
  }

  public static SortedBatch of(List<BatchWriteDB.Insert> records) {
    byte[][] keys = new byte[records.size()][];
    byte[][] values = new byte[records.size()][];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = records.get(i).key().getBytes(StandardCharsets.UTF_8);
      values[i] = RecordCodec.encode(records.get(i).values());
    }
    return new SortedBatch(keys, values);
  }

  /** The first key of the batch that is empty or longer than {@code maxKeyBytes}, or -1. */
  public int invalidKey(int maxKeyBytes) {
    for (int i = 0; i < keys.length; i++) {
      if (keys[i].length == 0 || keys[i].length > maxKeyBytes) {
        return i;
      }
    }
    return -1;
  }

  /** Records to store, after duplicates are dropped. */
  public int size() {
    return order.length;
  }

  /** The {@code j}-th key in ascending order. */
  public byte[] key(int j) {
    return keys[order[j]];
  }

  /** The encoded record of the {@code j}-th key in ascending order. */
  public byte[] value(int j) {
    return values[order[j]];
  }

  /** The position in the caller's list of the {@code j}-th key in ascending order. */
  public int index(int j) {
    return order[j];
  }

  /** Whether {@code a} sorts before {@code b} as the engines order keys (unsigned bytes). */
  public static boolean below(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b) < 0;
  }
}
