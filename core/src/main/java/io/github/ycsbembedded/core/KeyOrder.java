package io.github.ycsbembedded.core;

import java.util.Arrays;

/**
 * The positions of a batch of encoded keys in ascending unsigned byte order — the order of LMDB,
 * LevelDB and WiredTiger — so a binding can visit a batch's keys in the order the engine stores
 * them while answering in the order they were asked.
 */
public final class KeyOrder {
  private KeyOrder() {}

  public static int[] ascending(byte[][] keys) {
    Integer[] boxed = new Integer[keys.length];
    for (int i = 0; i < boxed.length; i++) {
      boxed[i] = i;
    }
    Arrays.sort(boxed, (a, b) -> Arrays.compareUnsigned(keys[a], keys[b]));
    int[] order = new int[boxed.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = boxed[i];
    }
    return order;
  }

  /**
   * The positions of {@code keys} in strictly ascending unsigned byte order, a key given more than
   * once kept at its last position only (the write that wins): the order a sorted table file or an
   * append takes.
   */
  public static int[] ascendingLastOfEach(byte[][] keys) {
    int[] order = ascending(keys); // a stable sort: equal keys keep the order they were given in
    int kept = 0;
    for (int j = 0; j < order.length; j++) {
      if (j + 1 < order.length && Arrays.equals(keys[order[j]], keys[order[j + 1]])) {
        continue;
      }
      order[kept++] = order[j];
    }
    return Arrays.copyOf(order, kept);
  }
}
