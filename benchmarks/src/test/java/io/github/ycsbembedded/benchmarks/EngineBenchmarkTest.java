package io.github.ycsbembedded.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.KeyRead;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * Every benchmark method once per engine on a small data set, so the module cannot rot (no timing).
 */
class EngineBenchmarkTest {
  private static final int RECORDS = 2000;
  private static final int VALUE_SIZE = 100;

  private static Dataset dataset(Engine engine) throws Exception {
    if (engine == Engine.WIREDTIGER) {
      Assumptions.assumeTrue(
          Files.exists(
              Paths.get(System.getProperty("ycsbembedded.root"), ".deps/wiredtiger/ready")),
          "WiredTiger is not set up on this machine");
    }
    Dataset dataset = new Dataset();
    dataset.engine = engine;
    dataset.valueSize = VALUE_SIZE;
    dataset.recordCount = RECORDS;
    dataset.load();
    return dataset;
  }

  private static States.RandomKeys keys() {
    States.RandomKeys keys = new States.RandomKeys();
    keys.recordCount = RECORDS;
    return keys;
  }

  @ParameterizedTest
  @EnumSource(Engine.class)
  void rawMethodsReadWhatTheBindingLoaded(Engine engine) throws Exception {
    Dataset dataset = dataset(engine);
    EngineBenchmark benchmark = new EngineBenchmark();
    States.RawEngineState state = new States.RawEngineState();
    state.open(dataset);
    States.RawThread raw = new States.RawThread();
    raw.open(state);
    try {
      States.RandomKeys keys = keys();
      assertThat(benchmark.rawRead(raw, keys))
          .as("encoded record length")
          .isGreaterThan(VALUE_SIZE);
      assertThat(raw.session.read(RECORDS + 5)).as("absent key").isEqualTo(-1);
      assertThat(benchmark.rawUpdate(raw, keys)).isBetween(0, RECORDS - 1);
      assertThat(benchmark.rawInsert(raw, keys)).isBetween(0, RECORDS - 1);
      assertThat(raw.session.scan(0, States.SCAN_LENGTH)).isEqualTo(States.SCAN_LENGTH);
      assertThat(raw.session.scan(RECORDS - 10, States.SCAN_LENGTH))
          .as("fewer at the end")
          .isEqualTo(10);
      assertThat(benchmark.rawScan(raw, keys)).isBetween(1, States.SCAN_LENGTH);
      assertThat(benchmark.rawBatchRead(raw, keys)).isEqualTo(States.BATCH_SIZE);
      int stored = raw.session.read(0);
      raw.session.insert(RECORDS + 5);
      assertThat(raw.session.read(RECORDS + 5)).as("a key inserted").isEqualTo(stored);
    } finally {
      raw.close();
      state.close();
      dataset.delete();
    }
  }

  @ParameterizedTest
  @EnumSource(Engine.class)
  void bindingMethodsReturnTheRecords(Engine engine) throws Exception {
    Dataset dataset = dataset(engine);
    EngineBenchmark benchmark = new EngineBenchmark();
    States.BindingThread binding = new States.BindingThread();
    binding.open(dataset);
    try {
      States.RandomKeys keys = keys();
      Map<String, ByteIterator> record = benchmark.bindingRead(binding, keys);
      assertThat(record).containsOnlyKeys("field0");
      assertThat(record.get("field0").toArray()).hasSize(VALUE_SIZE);

      assertThat(benchmark.bindingUpdate(binding, keys)).isEqualTo(Status.OK);
      assertThat(benchmark.bindingInsert(binding, keys)).isEqualTo(Status.OK);
      assertThat(benchmark.bindingScan(binding, keys)).hasSizeBetween(1, States.SCAN_LENGTH);
      List<KeyRead> batch = benchmark.bindingBatchRead(binding, keys);
      assertThat(batch).hasSize(States.BATCH_SIZE).allMatch(KeyRead::isFound);

      Map<String, ByteIterator> updated = new HashMap<>();
      int index = 17;
      binding.db.update(
          Keys.TABLE,
          Keys.key(index),
          Map.of("field0", new site.ycsb.ByteArrayByteIterator(binding.updateValue)));
      binding.db.read(Keys.TABLE, Keys.key(index), null, updated);
      assertThat(updated.get("field0").toArray()).containsExactly(binding.updateValue);
    } finally {
      binding.close();
      dataset.delete();
    }
  }

  @org.junit.jupiter.api.Test
  void baselineBuildsKeysInTheDataSet() {
    String key = new EngineBenchmark().baselineKey(keys());
    assertThat(key).matches("user\\d{10}");
    assertThat(Integer.parseInt(key.substring(4))).isBetween(0, RECORDS - 1);
    assertThat(Keys.key(42)).isEqualTo("user0000000042");
  }
}
