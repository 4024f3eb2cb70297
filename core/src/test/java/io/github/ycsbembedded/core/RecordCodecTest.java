package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

class RecordCodecTest {
  private static Map<String, ByteIterator> values(String... namesAndValues) {
    Map<String, ByteIterator> map = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      map.put(
          namesAndValues[i],
          new ByteArrayByteIterator(namesAndValues[i + 1].getBytes(StandardCharsets.UTF_8)));
    }
    return map;
  }

  private static Map<String, String> strings(Map<String, ByteIterator> decoded) {
    Map<String, String> out = new TreeMap<>();
    decoded.forEach((k, v) -> out.put(k, new String(v.toArray(), StandardCharsets.UTF_8)));
    return out;
  }

  /** A record of this version with the given field bytes and their right checksum. */
  private static byte[] record(int... fieldBytes) {
    byte[] fields = new byte[fieldBytes.length];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = (byte) fieldBytes[i];
    }
    CRC32C crc = new CRC32C();
    crc.update(fields);
    int value = (int) crc.getValue();
    byte[] record = new byte[5 + fields.length];
    record[0] = RecordCodec.FORMAT_VERSION;
    for (int i = 0; i < 4; i++) {
      record[1 + i] = (byte) (value >>> (8 * i));
    }
    System.arraycopy(fields, 0, record, 5, fields.length);
    return record;
  }

  @Test
  void layoutIsVersionChecksumThenLengthPrefixedFieldsInNameOrder() {
    byte[] encoded = RecordCodec.encode(values("b", "xy", "a", ""));

    assertThat(encoded).containsExactly(record(1, 'a', 0, 1, 'b', 2, 'x', 'y'));
    assertThat(encoded[0]).isEqualTo((byte) 2);
  }

  @Test
  void anyFlippedByteIsACorruptRecordNeverData() {
    byte[] encoded =
        RecordCodec.encode(values("field0", "a value of some length", "field1", "another"));
    for (int at = 1; at < encoded.length; at++) {
      for (int bit = 0; bit < 8; bit++) {
        byte[] corrupt = encoded.clone();
        corrupt[at] ^= (byte) (1 << bit);
        int position = at;
        assertThatThrownBy(() -> RecordCodec.decode(corrupt))
            .as("bit %d of byte %d", bit, position)
            .isInstanceOf(CorruptRecordException.class)
            .hasMessageStartingWith("corrupt record: checksum mismatch");
      }
    }
  }

  @Test
  void aRecordWithoutChecksumIsRefusedNamingItsVersion() {
    byte[] versionOne = {1, 1, 'a', 1, 'x'};
    assertThatThrownBy(() -> RecordCodec.decode(versionOne))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessage(
            "record of format version 1 (written by an earlier ycsb-embedded, without a checksum)"
                + " is not read by this version (2); load the data again");
  }

  @Test
  void aRecordShorterThanItsHeaderIsCorrupt() {
    assertThatThrownBy(() -> RecordCodec.decode(new byte[] {2, 0, 0}))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessage("corrupt record: 3 bytes, shorter than its header");
  }

  @Test
  void sameFieldsEncodeToTheSameBytesWhateverTheMapOrder() {
    byte[] one = RecordCodec.encode(values("f1", "1", "f2", "2", "f3", "3"));
    byte[] other = RecordCodec.encode(values("f3", "3", "f1", "1", "f2", "2"));

    assertThat(one).isEqualTo(other);
  }

  @Test
  void roundTripsLongValuesAndUtf8Names() throws Exception {
    String big = "v".repeat(70000); // three-byte varint length
    byte[] encoded = RecordCodec.encode(values("ünïcødé", big, "f", "small"));

    assertThat(strings(RecordCodec.decode(encoded)))
        .containsExactlyInAnyOrderEntriesOf(Map.of("ünïcødé", big, "f", "small"));
  }

  @Test
  void aRepeatedFieldNameIsDecodedAsTheSameStringNotANewOne() throws Exception {
    byte[] first = RecordCodec.encode(values("field0", "a", "field1", "b"));
    byte[] second = RecordCodec.encode(values("field0", "c", "field1", "d"));
    Map<String, ByteIterator> one = new HashMap<>();
    Map<String, ByteIterator> other = new HashMap<>();
    RecordCodec.decodeOwned(first, null, one);
    RecordCodec.decodeOwned(second, null, other);

    String nameInOne = one.keySet().stream().filter("field1"::equals).findFirst().orElseThrow();
    String nameInOther = other.keySet().stream().filter("field1"::equals).findFirst().orElseThrow();
    assertThat(nameInOther).isSameAs(nameInOne);
    assertThat(strings(other))
        .containsExactlyInAnyOrderEntriesOf(Map.of("field0", "c", "field1", "d"));
  }

  @Test
  void manyDistinctNamesLongNamesAndNonAsciiNamesDecodeToThemselves() throws Exception {
    // more distinct names than the name cache has slots, so slots are overwritten on the way
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < 1000; i++) {
        String name = "f" + i;
        Map<String, ByteIterator> out = new HashMap<>();
        RecordCodec.decodeOwned(RecordCodec.encode(values(name, "v" + i)), null, out);
        assertThat(strings(out)).containsExactlyEntriesOf(Map.of(name, "v" + i));
      }
    }
    String longName = "n".repeat(40);
    Map<String, ByteIterator> out = new HashMap<>();
    RecordCodec.decodeOwned(
        RecordCodec.encode(values(longName, "1", "ü", "2", "u", "3")), null, out);
    assertThat(strings(out))
        .containsExactlyInAnyOrderEntriesOf(Map.of(longName, "1", "ü", "2", "u", "3"));
  }

  @Test
  void decodesOnlyTheRequestedFieldsFromAnOffset() throws Exception {
    byte[] encoded = RecordCodec.encode(values("a", "1", "b", "2", "c", "3"));
    byte[] padded = new byte[encoded.length + 10];
    System.arraycopy(encoded, 0, padded, 5, encoded.length);

    Map<String, ByteIterator> out = new HashMap<>();
    RecordCodec.decode(padded, 5, encoded.length, Set.of("c", "a", "zz"), out);

    assertThat(strings(out)).containsExactlyInAnyOrderEntriesOf(Map.of("a", "1", "c", "3"));
  }

  @Test
  void decodedValuesDoNotShareTheInputBuffer() throws Exception {
    byte[] encoded = RecordCodec.encode(values("a", "abc"));
    Map<String, ByteIterator> out = RecordCodec.decode(encoded);
    Arrays.fill(encoded, (byte) 0);

    assertThat(strings(out)).containsEntry("a", "abc");
  }

  @Test
  void decodeOwnedReturnsSlicesOfTheGivenArray() throws Exception {
    byte[] encoded = RecordCodec.encode(values("a", "xyz", "b", "12"));
    Map<String, ByteIterator> out = new HashMap<>();
    RecordCodec.decodeOwned(encoded, Set.of("b", "a"), out);

    assertThat(strings(out)).containsExactlyInAnyOrderEntriesOf(Map.of("a", "xyz", "b", "12"));
    Map<String, ByteIterator> subset = new HashMap<>();
    RecordCodec.decodeOwned(encoded, Set.of("b"), subset);
    assertThat(strings(subset)).containsExactlyEntriesOf(Map.of("b", "12"));
  }

  @Test
  void decodeOwnedReportsCorruption() {
    assertThatThrownBy(() -> RecordCodec.decodeOwned(record(3, 'a'), null, new HashMap<>()))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessage("corrupt record: field name claims 3 bytes, 1 remain");
  }

  @Test
  void mergeReplacesGivenFieldsAndKeepsOthers() throws Exception {
    byte[] encoded = RecordCodec.encode(values("a", "1", "b", "2"));
    TreeMap<String, byte[]> updates =
        new TreeMap<>(
            Map.of(
                "b",
                "B".getBytes(StandardCharsets.UTF_8),
                "c",
                "C".getBytes(StandardCharsets.UTF_8)));

    RecordCodec.Encoder encoder = new RecordCodec.Encoder();
    int length = encoder.encodeMerged(encoded, 0, encoded.length, updates);

    assertThat(strings(RecordCodec.decode(Arrays.copyOf(encoder.buffer(), length))))
        .containsExactlyInAnyOrderEntriesOf(Map.of("a", "1", "b", "B", "c", "C"));
  }

  /**
   * Random records and updates (names of one to six bytes, some not ASCII; values up to 300 bytes,
   * so some lengths take two varint bytes; updates of fields there and not there, before, between
   * and after them): the merge gives exactly the record of the merged map, so a record updated in
   * place reads and sizes the same as one written whole.
   */
  @Test
  void mergeGivesTheBytesOfTheMergedFieldsEncodedWhole() throws Exception {
    Random random = new Random(20261126);
    String[] names = {"a", "b", "c", "field0", "field5", "field9", "z", "é", "ß", "日"};
    RecordCodec.Encoder encoder = new RecordCodec.Encoder();
    for (int round = 0; round < 2000; round++) {
      TreeMap<String, byte[]> old = randomFields(random, names);
      TreeMap<String, byte[]> updates = randomFields(random, names);
      TreeMap<String, byte[]> merged = new TreeMap<>(old);
      merged.putAll(updates);
      byte[] encoded = encoded(encoder, old);
      byte[] atOffset = new byte[encoded.length + 7];
      System.arraycopy(encoded, 0, atOffset, 3, encoded.length);

      int length = encoder.encodeMerged(atOffset, 3, encoded.length, updates);

      assertThat(Arrays.copyOf(encoder.buffer(), length))
          .as("round %d", round)
          .isEqualTo(encoded(new RecordCodec.Encoder(), merged));
    }
  }

  @Test
  void mergeOfARecordWithNamesOutOfOrderKeepsEveryFieldOnce() throws Exception {
    // fields "b" = "2", then "a" = "1": a record this codec does not write, with a right checksum
    byte[] unordered = record(1, 'b', 1, '2', 1, 'a', 1, '1');
    TreeMap<String, byte[]> updates =
        new TreeMap<>(
            Map.of(
                "a",
                "A".getBytes(StandardCharsets.UTF_8),
                "c",
                "C".getBytes(StandardCharsets.UTF_8)));

    RecordCodec.Encoder encoder = new RecordCodec.Encoder();
    int length = encoder.encodeMerged(unordered, 0, unordered.length, updates);

    assertThat(Arrays.copyOf(encoder.buffer(), length))
        .isEqualTo(RecordCodec.encode(values("a", "A", "b", "2", "c", "C")));
  }

  @Test
  void mergeRefusesACorruptRecord() {
    byte[] encoded = RecordCodec.encode(values("a", "1", "b", "2"));
    encoded[encoded.length - 1] ^= 0x01;
    TreeMap<String, byte[]> updates =
        new TreeMap<>(Map.of("a", "A".getBytes(StandardCharsets.UTF_8)));

    assertThatThrownBy(
            () -> new RecordCodec.Encoder().encodeMerged(encoded, 0, encoded.length, updates))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessageStartingWith("corrupt record: checksum mismatch");
  }

  private static TreeMap<String, byte[]> randomFields(Random random, String[] names) {
    TreeMap<String, byte[]> fields = new TreeMap<>();
    for (String name : names) {
      if (random.nextInt(3) == 0) {
        byte[] value = new byte[random.nextInt(300)];
        random.nextBytes(value);
        fields.put(name, value);
      }
    }
    return fields;
  }

  private static byte[] encoded(RecordCodec.Encoder encoder, TreeMap<String, byte[]> fields) {
    int length = encoder.encodeFields(fields);
    return Arrays.copyOf(encoder.buffer(), length);
  }

  @Test
  void encodedIsTheLastRecordAtItsOwnLengthAfterALongerOne() throws Exception {
    RecordCodec.Encoder encoder = new RecordCodec.Encoder();
    encoder.encode(values("a", "y".repeat(1000)));
    int length = encoder.encode(values("b", "z"));

    byte[] encoded = encoder.encoded();
    assertThat(encoded).hasSize(length).isEqualTo(RecordCodec.encode(values("b", "z")));
    assertThat(strings(RecordCodec.decode(encoded))).containsExactly(Map.entry("b", "z"));
  }

  @Test
  void encoderReuseGrowsItsBuffer() throws Exception {
    RecordCodec.Encoder encoder = new RecordCodec.Encoder();
    encoder.encode(values("a", "x"));
    int length = encoder.encode(values("a", "y".repeat(10000)));

    assertThat(strings(RecordCodec.decode(Arrays.copyOf(encoder.buffer(), length))))
        .containsEntry("a", "y".repeat(10000));
  }

  @Test
  void emptyValueIsReportedAsCorrupt() {
    assertThatThrownBy(() -> RecordCodec.decode(new byte[0]))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessage("corrupt record: empty value");
  }

  @Test
  void unknownFormatVersionIsReportedAsCorrupt() {
    assertThatThrownBy(() -> RecordCodec.decode(new byte[] {9, 1, 'a', 0}))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessage("corrupt record: format version 9, expected 2");
  }

  @Test
  void lengthBeyondTheEndIsReportedAsCorrupt() {
    byte[] truncated = record(4, 'n', 'a', 'm', 'e', 5, 'v', 'a', 'l');

    assertThatThrownBy(() -> RecordCodec.decode(truncated))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessage("corrupt record: value of field 'name' claims 5 bytes, 3 remain");
  }

  @Test
  void truncatedVarintIsReportedAsCorrupt() {
    assertThatThrownBy(() -> RecordCodec.decode(record(0x80)))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessage("corrupt record: truncated length of field name");
  }

  @Test
  void overlongVarintIsReportedAsCorrupt() {
    byte[] data = record(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 1);
    assertThatThrownBy(() -> RecordCodec.decode(data))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessageStartingWith("corrupt record:");
  }
}
