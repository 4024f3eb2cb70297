package io.github.ycsbembedded.workloads;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Keys handled by batch operations, and keys per second — the figure Unum's Workload Z table
 * reports — written in YCSB's own {@code [NAME], metric, value} form among the other measurements.
 * For batch reads ({@link #READ}):
 *
 * <pre>
 * [BATCH_READ_KEYS], Keys, 51200
 * [BATCH_READ_KEYS], KeysFound, 51200
 * [BATCH_READ_KEYS], RunTime(ms), 812
 * [BATCH_READ_KEYS], Throughput(keys/sec), 63054.18
 * </pre>
 *
 * and for batch inserts ({@link #INSERT}) the same with {@code KeysStored} for {@code KeysFound}.
 *
 * <p>RunTime spans the first batch's start to the last batch's end. YCSB 0.17.0 has no public way
 * to add a measurement of another kind, so it is put into {@link Measurements}' map by reflection;
 * should that fail, {@link #printIfUnregistered} writes the same lines to stdout at cleanup.
 */
final class KeysMeasurement extends OneMeasurement {
  /** Batch reads: keys asked for, and found. */
  static final Kind READ = new Kind("BATCH_READ_KEYS", "KeysFound");

  /** Batch inserts: keys given, and stored. */
  static final Kind INSERT = new Kind("BATCH_INSERT_KEYS", "KeysStored");

  /** The measurement's name and the name of its second count. */
  record Kind(String name, String doneLabel) {}

  private final Kind kind;

  private final LongAdder keys = new LongAdder();
  private final LongAdder found = new LongAdder();
  private final AtomicLong firstStartNs = new AtomicLong(Long.MAX_VALUE);
  private final AtomicLong lastEndNs = new AtomicLong(Long.MIN_VALUE);
  private boolean registered;

  private KeysMeasurement(Kind kind) {
    super(kind.name());
    this.kind = kind;
  }

  /**
   * The process's measurement of {@code kind}, registered with YCSB's measurements on first use.
   */
  static synchronized KeysMeasurement get(Kind kind) {
    Map<String, OneMeasurement> map = measurementMap();
    if (map == null) {
      return new KeysMeasurement(kind);
    }
    OneMeasurement existing =
        map.computeIfAbsent(
            kind.name(),
            n -> {
              KeysMeasurement created = new KeysMeasurement(kind);
              created.registered = true;
              return created;
            });
    return (KeysMeasurement) existing;
  }

  /**
   * One batch: {@code requested} keys, of which {@code present} were found (read) or stored
   * (insert).
   */
  void record(int requested, int present, long startNs, long endNs) {
    keys.add(requested);
    found.add(present);
    firstStartNs.accumulateAndGet(startNs, Math::min);
    lastEndNs.accumulateAndGet(endNs, Math::max);
  }

  long keys() {
    return keys.sum();
  }

  long found() {
    return found.sum();
  }

  double keysPerSecond() {
    long spanNs = lastEndNs.get() - firstStartNs.get();
    return spanNs > 0 ? keys.sum() * 1e9 / spanNs : 0;
  }

  @Override
  public void measure(int latency) {
    // fed by record(), not by latencies
  }

  @Override
  public String getSummary() {
    return "[" + kind.name() + ": Keys=" + keys.sum() + "]";
  }

  @Override
  public void exportMeasurements(MeasurementsExporter exporter) throws IOException {
    long spanNs = Math.max(0, lastEndNs.get() - firstStartNs.get());
    exporter.write(kind.name(), "Keys", keys.sum());
    exporter.write(kind.name(), kind.doneLabel(), found.sum());
    exporter.write(kind.name(), "RunTime(ms)", spanNs / 1_000_000);
    exporter.write(kind.name(), "Throughput(keys/sec)", keysPerSecond());
  }

  /**
   * The fallback when reflection could not register this measurement: the same lines, on stdout;
   * called from a workload's cleanup.
   */
  void printIfUnregistered() throws WorkloadException {
    if (registered || keys.sum() == 0) {
      return;
    }
    try {
      exportMeasurements(
          new MeasurementsExporter() {
            @Override
            public void write(String metric, String measurement, int i) {
              System.out.println("[" + metric + "], " + measurement + ", " + i);
            }

            @Override
            public void write(String metric, String measurement, long i) {
              System.out.println("[" + metric + "], " + measurement + ", " + i);
            }

            @Override
            public void write(String metric, String measurement, double d) {
              System.out.println("[" + metric + "], " + measurement + ", " + d);
            }

            @Override
            public void close() {}
          });
    } catch (IOException e) {
      throw new WorkloadException("cannot print " + kind.name() + ": " + e.getMessage(), e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, OneMeasurement> measurementMap() {
    try {
      Field field = Measurements.class.getDeclaredField("opToMesurementMap");
      field.setAccessible(true);
      return (Map<String, OneMeasurement>) field.get(Measurements.getMeasurements());
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
