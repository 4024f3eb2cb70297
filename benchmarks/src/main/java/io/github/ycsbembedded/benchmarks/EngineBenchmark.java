package io.github.ycsbembedded.benchmarks;

import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.KeyRead;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * What an engine call costs from Java ({@code raw*}: the engine's own Java API) and what the
 * binding adds ({@code binding*}: the same operation through our {@code DB} classes with YCSB's
 * {@code ByteIterator} values), for each engine and value size over a pre-loaded data set.
 *
 * <p>How to run: {@code bin/jmh} (a short default, then a table of raw ops/s, binding ops/s and
 * their ratio), or {@code java -jar benchmarks/target/benchmarks.jar -f 1 -wi 2 -i 3 -w 1s -r 1s -p
 * valueSize=1000}; add {@code -prof gc} for bytes allocated per operation.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class EngineBenchmark {
  /** The cost of choosing a random key and building its name, in every binding benchmark. */
  @Benchmark
  public String baselineKey(States.RandomKeys keys) {
    return Keys.key(keys.next());
  }

  @Benchmark
  public int rawRead(States.RawThread raw, States.RandomKeys keys) throws Exception {
    return raw.session.read(keys.next());
  }

  @Benchmark
  public Map<String, ByteIterator> bindingRead(
      States.BindingThread binding, States.RandomKeys keys) {
    Map<String, ByteIterator> result = new HashMap<>();
    check(binding.db.read(Keys.TABLE, Keys.key(keys.next()), null, result));
    return result;
  }

  @Benchmark
  public int rawUpdate(States.RawThread raw, States.RandomKeys keys) throws Exception {
    int index = keys.next();
    raw.session.update(index);
    return index;
  }

  @Benchmark
  public Status bindingUpdate(States.BindingThread binding, States.RandomKeys keys) {
    return check(binding.db.update(Keys.TABLE, Keys.key(keys.next()), record(binding)));
  }

  @Benchmark
  public int rawInsert(States.RawThread raw, States.RandomKeys keys) throws Exception {
    int index = keys.next();
    raw.session.insert(index);
    return index;
  }

  /** A load's insert: the whole record written, over an existing key so the data keeps its size. */
  @Benchmark
  public Status bindingInsert(States.BindingThread binding, States.RandomKeys keys) {
    return check(binding.db.insert(Keys.TABLE, Keys.key(keys.next()), record(binding)));
  }

  @Benchmark
  public int rawScan(States.RawThread raw, States.RandomKeys keys) throws Exception {
    return raw.session.scan(keys.next(), States.SCAN_LENGTH);
  }

  @Benchmark
  public Vector<HashMap<String, ByteIterator>> bindingScan(
      States.BindingThread binding, States.RandomKeys keys) {
    // YCSB's scan takes a Vector
    @SuppressWarnings("JdkObsolete")
    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    check(binding.db.scan(Keys.TABLE, Keys.key(keys.next()), States.SCAN_LENGTH, null, result));
    return result;
  }

  @Benchmark
  public int rawBatchRead(States.RawThread raw, States.RandomKeys keys) throws Exception {
    return raw.session.batchRead(keys.batch());
  }

  @Benchmark
  public List<KeyRead> bindingBatchRead(States.BindingThread binding, States.RandomKeys keys) {
    List<KeyRead> results = new ArrayList<>(States.BATCH_SIZE);
    check(((BatchReadDB) binding.db).batchRead(Keys.TABLE, keys.batchKeys(), null, results));
    return results;
  }

  /** The one field YCSB's workload writes, as it builds it for every write. */
  private static Map<String, ByteIterator> record(States.BindingThread binding) {
    Map<String, ByteIterator> values = new HashMap<>();
    values.put("field0", new ByteArrayByteIterator(binding.updateValue));
    return values;
  }

  private static Status check(Status status) {
    if (!status.isOk()) {
      throw new IllegalStateException("binding returned " + status);
    }
    return status;
  }
}
