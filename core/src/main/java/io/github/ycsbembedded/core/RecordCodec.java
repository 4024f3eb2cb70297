package io.github.ycsbembedded.core;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.zip.CRC32C;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * The one encoding of a YCSB record that every binding stores, so that sizes and speeds compare
 * engines and not encodings.
 *
 * <pre>
 * record   := FORMAT_VERSION checksum field*
 * checksum := CRC32C of the fields' bytes, 4 bytes little-endian
 * field    := varint(nameLength) name(UTF-8) varint(valueLength) value
 * </pre>
 *
 * Fields are written in ascending name order, so the same map always encodes to the same bytes.
 * Varints are unsigned LEB128. Decoding first checks the checksum (end to end: whatever an engine
 * or a disk did to the bytes, a record that does not match is never read as data; LMDB keeps no
 * checksums of its own), then reads only the requested fields' values and checks every length
 * against the bytes that are there. A record of version 1 (before the checksum) is refused.
 *
 * <p>An {@code Encoder} is reused per thread to avoid allocating a buffer per write.
 */
public final class RecordCodec {
  /** First byte of every encoded record. */
  public static final byte FORMAT_VERSION = 2;

  /** Bytes before the first field: the version and the checksum. */
  static final int HEADER = 5;

  private RecordCodec() {}

  /** Encodes {@code values} into a new array (consumes each {@link ByteIterator} once). */
  public static byte[] encode(Map<String, ? extends ByteIterator> values) {
    Encoder encoder = new Encoder();
    encoder.encode(values);
    return encoder.encoded();
  }

  /** The bytes of each value, in name order (consumes each {@link ByteIterator} once). */
  public static TreeMap<String, byte[]> fields(Map<String, ? extends ByteIterator> values) {
    TreeMap<String, byte[]> fields = new TreeMap<>();
    values.forEach((name, value) -> fields.put(name, value.toArray()));
    return fields;
  }

  /** Decodes all fields of a record. */
  public static Map<String, ByteIterator> decode(byte[] record) throws CorruptRecordException {
    Map<String, ByteIterator> out = new TreeMap<>();
    decode(record, 0, record.length, null, out);
    return out;
  }

  /**
   * Decodes the fields named in {@code fields} (all fields when {@code null}) of the record in
   * {@code data[offset, offset + length)} into {@code out}. Values are copied, so {@code data} may
   * be reused afterwards.
   *
   * @throws CorruptRecordException if the bytes are not a record of this codec
   */
  public static void decode(
      byte[] data, int offset, int length, Set<String> fields, Map<String, ByteIterator> out)
      throws CorruptRecordException {
    visit(data, offset, length, fields, out, COPIED);
  }

  /**
   * Like {@link #decode(byte[], int, int, Set, Map)} for an array the caller owns and will not
   * change (a fresh copy of the engine's value): the values are slices of {@code data}, not copies,
   * so a read copies each value once in all.
   */
  public static void decodeOwned(byte[] data, Set<String> fields, Map<String, ByteIterator> out)
      throws CorruptRecordException {
    visit(data, 0, data.length, fields, out, SLICED);
  }

  /**
   * YCSB's update semantics on an encoded record, field by field: the fields in {@code updates}
   * replace theirs, the others stay. {@link Encoder#encodeMerged} does the same without decoding
   * the fields that stay; this is its way for a record whose names are not in ascending order.
   */
  static TreeMap<String, byte[]> merge(
      byte[] data, int offset, int length, Map<String, byte[]> updates)
      throws CorruptRecordException {
    TreeMap<String, byte[]> merged = new TreeMap<>();
    visit(
        data,
        offset,
        length,
        null,
        merged,
        (into, name, d, from, n) -> into.put(name, copy(d, from, n)));
    merged.putAll(updates);
    return merged;
  }

  /**
   * Receives one field into {@code target}: its name and where its value lies in the record's
   * array. The target is a parameter rather than captured, so that a sink is one shared object and
   * decoding allocates no sink per record.
   */
  private interface FieldSink<T> {
    void accept(T target, String name, byte[] data, int from, int length);
  }

  private static final FieldSink<Map<String, ByteIterator>> COPIED =
      (out, name, d, from, n) -> out.put(name, new ByteArrayByteIterator(copy(d, from, n)));
  private static final FieldSink<Map<String, ByteIterator>> SLICED =
      (out, name, d, from, n) -> out.put(name, new ByteArrayByteIterator(d, from, n));

  /**
   * Field names decoded before, by a hash of their bytes: YCSB's names repeat (field0 to field9),
   * and a read of ten fields would otherwise make ten new Strings (48 bytes each for "field0").
   * Slots are read and written without a lock: a String is immutable and safely published through
   * its final fields, so a thread sees a slot's old name, its new one or null, and a lost write
   * only costs a String made again. Names of more than {@value #NAME_CACHE_MAX_LENGTH} bytes or not
   * ASCII are not kept.
   */
  private static final String[] NAMES = new String[256];

  private static final int NAME_CACHE_MAX_LENGTH = 32;

  /** The field name in {@code data[from, from + length)}: a cached String when one matches. */
  static String name(byte[] data, int from, int length) {
    if (length > NAME_CACHE_MAX_LENGTH) {
      return new String(data, from, length, StandardCharsets.UTF_8);
    }
    int hash = 0;
    for (int i = from; i < from + length; i++) {
      byte b = data[i];
      if (b < 0) {
        return new String(data, from, length, StandardCharsets.UTF_8);
      }
      hash = 31 * hash + b;
    }
    int slot = (hash ^ (hash >>> 8)) & (NAMES.length - 1);
    String cached = NAMES[slot];
    if (cached != null && sameAscii(cached, data, from, length)) {
      return cached;
    }
    String name = new String(data, from, length, StandardCharsets.US_ASCII);
    NAMES[slot] = name;
    return name;
  }

  private static boolean sameAscii(String name, byte[] data, int from, int length) {
    if (name.length() != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (name.charAt(i) != data[from + i]) {
        return false;
      }
    }
    return true;
  }

  private static byte[] copy(byte[] data, int from, int length) {
    return Arrays.copyOfRange(data, from, from + length);
  }

  private static <T> void visit(
      byte[] data, int offset, int length, Set<String> fields, T target, FieldSink<T> sink)
      throws CorruptRecordException {
    Reader reader = new Reader(data, offset, length);
    reader.readHeader();
    int wanted = fields == null ? Integer.MAX_VALUE : fields.size();
    int found = 0;
    while (reader.hasMore() && found < wanted) {
      String name = reader.readName();
      int valueLength = reader.readLength(name);
      if (fields == null || fields.contains(name)) {
        sink.accept(target, name, data, reader.position, valueLength);
        found++;
      }
      reader.position += valueLength;
    }
  }

  private static void putInt(byte[] data, int at, int value) {
    data[at] = (byte) value;
    data[at + 1] = (byte) (value >>> 8);
    data[at + 2] = (byte) (value >>> 16);
    data[at + 3] = (byte) (value >>> 24);
  }

  private static int getInt(byte[] data, int at) {
    return (data[at] & 0xFF)
        | (data[at + 1] & 0xFF) << 8
        | (data[at + 2] & 0xFF) << 16
        | (data[at + 3] & 0xFF) << 24;
  }

  /**
   * Writes {@code bytes} as the codec writes a name or value — varint(length), then the bytes — at
   * {@code at} of {@code into}, which has room for 5 + their length; returns the position after.
   */
  static int writeLengthPrefixed(byte[] bytes, byte[] into, int at) {
    int length = bytes.length;
    while ((length & ~0x7F) != 0) {
      into[at++] = (byte) ((length & 0x7F) | 0x80);
      length >>>= 7;
    }
    into[at++] = (byte) length;
    System.arraycopy(bytes, 0, into, at, bytes.length);
    return at + bytes.length;
  }

  /** A reusable, growing output buffer for encoding records. Not thread safe. */
  public static final class Encoder {
    private final CRC32C checksum = new CRC32C();
    private byte[] buffer = new byte[256];
    private int position;

    /**
     * Encodes {@code values} into this encoder's buffer and returns the encoded length; the bytes
     * are {@code buffer()[0, length)} until the next call.
     */
    public int encode(Map<String, ? extends ByteIterator> values) {
      return encodeFields(fields(values));
    }

    /** Like {@link #encode}, for values already in bytes, in name order. */
    public int encodeFields(SortedMap<String, byte[]> fields) {
      begin(HEADER);
      for (Map.Entry<String, byte[]> field : fields.entrySet()) {
        writeField(field);
      }
      return seal();
    }

    /**
     * Starts a record in a buffer of at least {@code size} bytes: the format byte, room for the
     * checksum.
     */
    private void begin(int size) {
      position = 0;
      ensure(size);
      buffer[0] = FORMAT_VERSION;
      position = HEADER;
    }

    /** Writes the checksum of the fields written and returns the record's length. */
    private int seal() {
      checksum.reset();
      checksum.update(buffer, HEADER, position - HEADER);
      putInt(buffer, 1, (int) checksum.getValue());
      return position;
    }

    private void writeField(Map.Entry<String, byte[]> field) {
      writeBytes(field.getKey().getBytes(StandardCharsets.UTF_8));
      writeBytes(field.getValue());
    }

    /** Copies the old fields in {@code data[from, to)} unless {@code from} is -1; returns -1. */
    private int copyRun(byte[] data, int from, int to) {
      if (from >= 0) {
        ensure(to - from);
        System.arraycopy(data, from, buffer, position, to - from);
        position += to - from;
      }
      return -1;
    }

    /**
     * Encodes YCSB's update of the record in {@code data[offset, offset + length)}: the fields in
     * {@code updates} replace theirs, the others stay, and the result is the bytes {@link
     * #encodeFields} gives for the merged fields. The old record's checksum is checked first; the
     * fields that stay are copied as they are, not decoded and encoded again (an update of one
     * field of YCSB's ten copies the other nine in one or two runs). {@code updates} is in the
     * names' natural order, as {@link RecordCodec#fields} gives it. Returns the encoded length.
     *
     * @throws CorruptRecordException if the old bytes are not a record of this codec
     */
    public int encodeMerged(byte[] data, int offset, int length, SortedMap<String, byte[]> updates)
        throws CorruptRecordException {
      Reader reader = new Reader(data, offset, length);
      reader.readHeader();
      begin(length);
      Iterator<Map.Entry<String, byte[]>> pending = updates.entrySet().iterator();
      Map.Entry<String, byte[]> next = pending.hasNext() ? pending.next() : null;
      String previous = null;
      int kept = -1; // start of the run of old fields not yet copied, -1 when none
      while (reader.hasMore()) {
        int start = reader.position;
        String name = reader.readName();
        int valueLength = reader.readLength(name);
        reader.position += valueLength;
        if (previous != null && previous.compareTo(name) >= 0) {
          // not as encodeFields writes a record (names out of order or repeated): field by field
          return encodeFields(merge(data, offset, length, updates));
        }
        previous = name;
        boolean replaced = false;
        while (next != null && next.getKey().compareTo(name) <= 0) {
          kept = copyRun(data, kept, start);
          replaced |= next.getKey().equals(name);
          writeField(next);
          next = pending.hasNext() ? pending.next() : null;
        }
        if (!replaced && kept < 0) {
          kept = start;
        }
      }
      copyRun(data, kept, reader.position);
      while (next != null) {
        writeField(next);
        next = pending.hasNext() ? pending.next() : null;
      }
      return seal();
    }

    public byte[] buffer() {
      return buffer;
    }

    /**
     * The last record encoded, in a new array of its length (for an engine call that takes whole
     * arrays).
     */
    public byte[] encoded() {
      return Arrays.copyOf(buffer, position);
    }

    private void writeBytes(byte[] bytes) {
      ensure(5 + bytes.length);
      position = writeLengthPrefixed(bytes, buffer, position);
    }

    private void ensure(int more) {
      if (position + more > buffer.length) {
        buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, position + more));
      }
    }
  }

  private static final class Reader {
    private final byte[] data;
    private final int end;
    private int position;

    Reader(byte[] data, int offset, int length) {
      this.data = data;
      this.position = offset;
      this.end = offset + length;
    }

    boolean hasMore() {
      return position < end;
    }

    /** Checks the version and the checksum, and moves to the first field. */
    void readHeader() throws CorruptRecordException {
      if (position >= end) {
        throw new CorruptRecordException("corrupt record: empty value");
      }
      byte version = data[position];
      if (version == 1) {
        throw new CorruptRecordException(
            "record of format version 1 (written by an earlier ycsb-embedded,"
                + " without a checksum) is not read by this version ("
                + FORMAT_VERSION
                + "); load the data again");
      }
      if (version != FORMAT_VERSION) {
        throw new CorruptRecordException(
            "corrupt record: format version " + version + ", expected " + FORMAT_VERSION);
      }
      if (end - position < HEADER) {
        throw new CorruptRecordException(
            "corrupt record: " + (end - position) + " bytes, shorter than its header");
      }
      int stored = getInt(data, position + 1);
      CRC32C crc = new CRC32C();
      crc.update(data, position + HEADER, end - position - HEADER);
      int computed = (int) crc.getValue();
      if (stored != computed) {
        throw new CorruptRecordException(
            String.format(
                "corrupt record: checksum mismatch (stored %08x, computed %08x)",
                stored, computed));
      }
      position += HEADER;
    }

    String readName() throws CorruptRecordException {
      int length = readLength(null);
      String name = RecordCodec.name(data, position, length);
      position += length;
      return name;
    }

    /** A length: of a field name when {@code field} is null, else of that field's value. */
    int readLength(String field) throws CorruptRecordException {
      int result = 0;
      for (int shift = 0; shift < 32; shift += 7) {
        if (position >= end) {
          throw new CorruptRecordException("corrupt record: truncated length of " + what(field));
        }
        byte b = data[position++];
        result |= (b & 0x7F) << shift;
        if ((b & 0x80) == 0) {
          if (result < 0 || result > end - position) {
            throw new CorruptRecordException(
                "corrupt record: "
                    + what(field)
                    + " claims "
                    + Integer.toUnsignedString(result)
                    + " bytes, "
                    + (end - position)
                    + " remain");
          }
          return result;
        }
      }
      throw new CorruptRecordException("corrupt record: malformed length of " + what(field));
    }

    private static String what(String field) {
      return field == null ? "field name" : "value of field '" + field + "'";
    }
  }
}
