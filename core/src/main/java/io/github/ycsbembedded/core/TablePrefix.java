package io.github.ycsbembedded.core;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * How an engine with one key space (LevelDB, LMDB's main database) keeps YCSB tables apart: each
 * key is stored behind its table's prefix, the table name's UTF-8 length as an unsigned LEB128
 * varint, then the name (as {@link RecordCodec} writes a field's name). No table's prefix starts
 * with another's (the length comes first), so a table's keys are one contiguous range of the
 * engine's byte order, from {@link #of} up to (not including) {@link #end}.
 */
public final class TablePrefix {
  private TablePrefix() {}

  /** The prefix of {@code table}'s keys: varint(UTF-8 length of the name), then the name. */
  public static byte[] of(String table) {
    byte[] name = table.getBytes(StandardCharsets.UTF_8);
    byte[] prefix = new byte[5 + name.length];
    return Arrays.copyOf(prefix, RecordCodec.writeLengthPrefixed(name, prefix, 0));
  }

  /** {@code prefix} followed by {@code key}. */
  public static byte[] join(byte[] prefix, byte[] key) {
    byte[] stored = Arrays.copyOf(prefix, prefix.length + key.length);
    System.arraycopy(key, 0, stored, prefix.length, key.length);
    return stored;
  }

  /** Whether {@code key} lies in the table whose prefix is {@code prefix}. */
  public static boolean startsWith(byte[] key, byte[] prefix) {
    return key.length >= prefix.length
        && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
  }

  /**
   * The smallest key above every key of the table: the prefix with its last byte raised by one.
   * That byte is the name's last UTF-8 byte (never 0xFF) or, for the empty name, the length 0.
   */
  public static byte[] end(byte[] prefix) {
    byte[] end = prefix.clone();
    end[end.length - 1]++;
    return end;
  }
}
