package io.github.ycsbembedded.benchmarks;

import io.github.ycsbembedded.core.CorruptRecordException;
import io.github.ycsbembedded.core.RecordCodec;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.RandomByteIterator;

/**
 * What the record codec costs per record, and how much of it is the end-to-end CRC32C: encoding and
 * decoding a YCSB record of {@code fields} × {@code fieldLength} bytes, beside the CRC32C of the
 * same bytes alone ({@code checksumOnly}), which both encoding and decoding include, and an
 * update's merge of one field's new value into the record ({@code mergeOneField}), and an insert's
 * encoding from YCSB's values ({@code encodeYcsbValues}), with YCSB's random values generated on
 * the way ({@code encodeRandomValues}).
 *
 * <p>How to run: {@code java -jar benchmarks/target/benchmarks.jar CodecBenchmark -f 1 -wi 3 -w 1s
 * -i 5 -r 1s}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class CodecBenchmark {
  /** YCSB's default record (10 × 100 B) and Unum's (1 × 1 KB). */
  @Param({"10x100", "1x1000"})
  public String shape;

  private final RecordCodec.Encoder encoder = new RecordCodec.Encoder();
  private TreeMap<String, byte[]> fields;
  private byte[] encoded;

  /** A YCSB update's new value for the record's middle field. */
  private TreeMap<String, byte[]> update;

  private final CRC32C crc = new CRC32C();

  @Setup
  public void setUp() {
    String[] parts = shape.split("x", -1);
    int count = Integer.parseInt(parts[0]);
    int length = Integer.parseInt(parts[1]);
    Random random = new Random(42);
    fields = new TreeMap<>();
    for (int i = 0; i < count; i++) {
      byte[] value = new byte[length];
      random.nextBytes(value);
      fields.put("field" + i, value);
    }
    encoder.encodeFields(fields);
    encoded = encoder.encoded();
    byte[] value = new byte[length];
    random.nextBytes(value);
    update = new TreeMap<>(Map.of("field" + count / 2, value));
  }

  @Benchmark
  public int encode() {
    return encoder.encodeFields(fields);
  }

  /**
   * An insert's encoding as a binding makes it from YCSB's map of {@code ByteIterator}s (a new
   * {@code HashMap} per insert, as {@code CoreWorkload} gives one): each value's bytes taken out,
   * sorted by name, encoded.
   */
  @Benchmark
  public int encodeYcsbValues() {
    Map<String, ByteIterator> values = new HashMap<>();
    fields.forEach((name, value) -> values.put(name, new ByteArrayByteIterator(value)));
    return encoder.encode(values);
  }

  /**
   * A load's insert as YCSB's {@code CoreWorkload} makes it: a {@code RandomByteIterator} per
   * field, its bytes generated as the encoder takes them (the generation is YCSB's, not the
   * codec's; beside {@code encodeYcsbValues} it shows what each costs).
   */
  @Benchmark
  public int encodeRandomValues() {
    Map<String, ByteIterator> values = new HashMap<>();
    fields.forEach((name, value) -> values.put(name, new RandomByteIterator(value.length)));
    return encoder.encode(values);
  }

  @Benchmark
  public Map<String, ByteIterator> decodeAllFields() throws CorruptRecordException {
    Map<String, ByteIterator> out = new HashMap<>();
    RecordCodec.decodeOwned(encoded, null, out);
    return out;
  }

  @Benchmark
  public Map<String, ByteIterator> decodeOneField() throws CorruptRecordException {
    Map<String, ByteIterator> out = new HashMap<>();
    RecordCodec.decodeOwned(encoded, Set.of("field0"), out);
    return out;
  }

  /**
   * An update's merge: the old record's checksum checked, the new record written with one field
   * replaced.
   */
  @Benchmark
  public int mergeOneField() throws CorruptRecordException {
    return encoder.encodeMerged(encoded, 0, encoded.length, update);
  }

  @Benchmark
  public long checksumOnly() {
    crc.reset();
    crc.update(encoded, 5, encoded.length - 5);
    return crc.getValue();
  }
}
