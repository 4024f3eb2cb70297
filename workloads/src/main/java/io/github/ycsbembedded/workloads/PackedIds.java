package io.github.ycsbembedded.workloads;

import java.nio.ByteBuffer;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * A list of ids stored in one field: 4-byte big-endian each, as the relational workloads keep them.
 */
final class PackedIds {
  private PackedIds() {}

  static ByteIterator pack(int[] ids) {
    ByteBuffer buffer = ByteBuffer.allocate(4 * ids.length);
    for (int id : ids) {
      buffer.putInt(id);
    }
    return new ByteArrayByteIterator(buffer.array());
  }

  /** The ids of a packed field; a length that is not a multiple of 4 is a corrupt field. */
  static int[] unpack(byte[] packed) {
    if (packed.length % 4 != 0) {
      throw new IllegalArgumentException(
          "a packed id list of " + packed.length + " bytes (not a multiple of 4)");
    }
    ByteBuffer buffer = ByteBuffer.wrap(packed);
    int[] ids = new int[packed.length / 4];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = buffer.getInt();
    }
    return ids;
  }
}
