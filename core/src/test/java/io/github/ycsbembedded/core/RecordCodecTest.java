package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

class RecordCodecTest {
  private static Map<String, ByteIterator> values(String... namesAndValues) {
    Map<String, ByteIterator> map = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      map.put(namesAndValues[i], new ByteArrayByteIterator(namesAndValues[i + 1].getBytes(StandardCharsets.UTF_8)));
    }
    return map;
  }

  private static Map<String, String> strings(Map<String, ByteIterator> decoded) {
    Map<String, String> out = new TreeMap<>();
    decoded.forEach((k, v) -> out.put(k, new String(v.toArray(), StandardCharsets.UTF_8)));
    return out;
  }

  @Test
  void layoutIsVersionThenLengthPrefixedFieldsInNameOrder() {
    byte[] encoded = RecordCodec.encode(values("b", "xy", "a", ""));

    assertThat(encoded).containsExactly(1, 1, 'a', 0, 1, 'b', 2, 'x', 'y');
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
    assertThatThrownBy(() -> RecordCodec.decodeOwned(new byte[] {1, 3, 'a'}, null, new HashMap<>()))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessage("corrupt record: field name claims 3 bytes, 1 remain");
  }

  @Test
  void mergeReplacesGivenFieldsAndKeepsOthers() throws Exception {
    byte[] encoded = RecordCodec.encode(values("a", "1", "b", "2"));
    Map<String, byte[]> updates = Map.of("b", "B".getBytes(StandardCharsets.UTF_8), "c", "C".getBytes(StandardCharsets.UTF_8));

    RecordCodec.Encoder encoder = new RecordCodec.Encoder();
    int length = encoder.encodeFields(RecordCodec.merge(encoded, 0, encoded.length, updates));

    assertThat(strings(RecordCodec.decode(Arrays.copyOf(encoder.buffer(), length))))
        .containsExactlyInAnyOrderEntriesOf(Map.of("a", "1", "b", "B", "c", "C"));
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
        .hasMessage("corrupt record: format version 9, expected 1");
  }

  @Test
  void lengthBeyondTheEndIsReportedAsCorrupt() {
    byte[] encoded = RecordCodec.encode(values("name", "value"));
    byte[] truncated = Arrays.copyOf(encoded, encoded.length - 2);

    assertThatThrownBy(() -> RecordCodec.decode(truncated))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessage("corrupt record: value of field 'name' claims 5 bytes, 3 remain");
  }

  @Test
  void truncatedVarintIsReportedAsCorrupt() {
    assertThatThrownBy(() -> RecordCodec.decode(new byte[] {1, (byte) 0x80}))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessage("corrupt record: truncated length of field name");
  }

  @Test
  void overlongVarintIsReportedAsCorrupt() {
    byte[] data = {1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 1};
    assertThatThrownBy(() -> RecordCodec.decode(data))
        .isInstanceOf(CorruptRecordException.class)
        .hasMessageStartingWith("corrupt record:");
  }
}
