package io.github.ycsbembedded.workloads;

import io.github.ycsbembedded.core.BindingProperties;
import java.util.Properties;
import site.ycsb.DBException;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * What Workload Z's batched reads and Workload Y's batched inserts share: the {@code batchsize}
 * property, YCSB's measurements the batches are timed into, and the keys-per-second lines ({@link
 * KeysMeasurement}) printed at the end when YCSB's exporter has not.
 */
abstract class BatchWorkload extends CoreWorkload {
  public static final String BATCH_SIZE_PROPERTY = "batchsize";

  private final KeysMeasurement.Kind kind;

  /** Keys (or records) per batch. */
  int batchSize;

  Measurements measurements;
  KeysMeasurement batchKeys;

  BatchWorkload(KeysMeasurement.Kind kind) {
    this.kind = kind;
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    BindingProperties properties = new BindingProperties(p);
    try {
      batchSize = properties.integer(BATCH_SIZE_PROPERTY, 256, 1, 1 << 20);
      initBatches(p, properties);
    } catch (DBException e) {
      throw new WorkloadException(e.getMessage(), e);
    }
    measurements = Measurements.getMeasurements();
    batchKeys = KeysMeasurement.get(kind);
  }

  /** Reads the subclass's own properties ({@code p}, as {@code properties} checks them). */
  abstract void initBatches(Properties p, BindingProperties properties)
      throws DBException, WorkloadException;

  @Override
  public void cleanup() throws WorkloadException {
    batchKeys.printIfUnregistered();
  }
}
