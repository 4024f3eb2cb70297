package io.github.ycsbembedded.workloads;

import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.Extensions;
import io.github.ycsbembedded.core.KeyRead;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.Utils;
import site.ycsb.WorkloadException;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.workloads.CoreWorkload;

/**
 * Unum's Workload Z: each transaction reads a batch of keys in one request, handed to the store at
 * once so that it can order the work. Keys are drawn from the workload's request distribution,
 * unique within a batch by default, and handed over in the order drawn. Everything else is {@link
 * CoreWorkload}: loading is identical (data loaded by workloada can be read by workloadz and vice
 * versa), and the transactions that are not batch reads follow CoreWorkload's proportions.
 *
 * <p>Properties (besides CoreWorkload's): {@code batchsize} (keys per batch, default 256), {@code
 * batchproportion} (share of transactions that are batch reads, default 1), {@code batch.unique}
 * (no key twice in a batch, default true).
 *
 * <p>Each batch is measured as operation {@code BATCH_READ} (latency per batch, {@code Return=}
 * counts); keys read and keys per second appear as {@code [BATCH_READ_KEYS]} lines. YCSB's {@code
 * [OVERALL], Throughput} counts transactions, so a batch counts once there. A binding without
 * {@link BatchReadDB} gets the keys as single reads, said once on stderr.
 */
public class BatchedReadWorkload extends BatchWorkload {
  public static final String BATCH_PROPORTION_PROPERTY = "batchproportion";
  public static final String BATCH_UNIQUE_PROPERTY = "batch.unique";
  public static final String OPERATION = "BATCH_READ";

  private double batchProportion;
  private boolean unique;
  private boolean verify;
  private String fieldNamePrefix;

  public BatchedReadWorkload() {
    super(KeysMeasurement.READ);
  }

  @Override
  void initBatches(Properties p, BindingProperties properties)
      throws DBException, WorkloadException {
    batchProportion = properties.fraction(BATCH_PROPORTION_PROPERTY, 1.0);
    unique = properties.bool(BATCH_UNIQUE_PROPERTY, true);
    if (unique && batchSize > recordcount) {
      throw new WorkloadException(
          BATCH_SIZE_PROPERTY
              + ": '"
              + batchSize
              + "' is larger than recordcount ("
              + recordcount
              + "), so a batch cannot have unique keys; lower it or set "
              + BATCH_UNIQUE_PROPERTY
              + "=false");
    }
    verify =
        Boolean.parseBoolean(
            p.getProperty(DATA_INTEGRITY_PROPERTY, DATA_INTEGRITY_PROPERTY_DEFAULT));
    fieldNamePrefix = p.getProperty(FIELD_NAME_PREFIX, FIELD_NAME_PREFIX_DEFAULT);
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    if (batchProportion >= 1.0 || ThreadLocalRandom.current().nextDouble() < batchProportion) {
      doTransactionBatchRead(db);
      return true;
    }
    return super.doTransaction(db, threadstate);
  }

  /** One batch: draw the keys, read them in one call, measure, verify when asked. */
  public void doTransactionBatchRead(DB db) {
    List<String> keys = drawKeys();
    Set<String> fields =
        readallfields ? null : Set.of(fieldNamePrefix + fieldchooser.nextValue().intValue());
    Optional<BatchReadDB> batchDb = Extensions.find(db, BatchReadDB.class);
    List<KeyRead> results = new ArrayList<>(keys.size());

    long intendedStartNs = IntendedStart.nanos(measurements);
    long startNs = System.nanoTime();
    Status status =
        batchDb.isPresent()
            ? batchDb.get().batchRead(table, keys, fields, results)
            : SingleReads.read(
                db,
                table,
                keys,
                fields,
                results,
                "workloadz",
                "reading each batch as single reads");
    long endNs = Timed.record(measurements, OPERATION, startNs, intendedStartNs, status);
    int found = 0;
    for (int i = 0; i < results.size(); i++) {
      KeyRead read = results.get(i);
      if (read.isFound()) {
        found++;
        if (verify) {
          verifyRow(keys.get(i), new HashMap<>(read.record()));
        }
      }
    }
    batchKeys.record(keys.size(), found, startNs, endNs);
  }

  /** The batch's keys from the request distribution, unique unless batch.unique=false. */
  private List<String> drawKeys() {
    List<String> keys = new ArrayList<>(batchSize);
    Set<Long> seen = unique ? new HashSet<>(batchSize * 2) : null;
    while (keys.size() < batchSize) {
      long keynum = nextKeynumber();
      if (seen == null || seen.add(keynum)) {
        keys.add(keyName(keynum));
      }
    }
    return keys;
  }

  /**
   * CoreWorkload's name of key number {@code keynum}: hashed unless inserts are ordered, "user" and
   * the number zero-padded to {@code zeropadding}. Written here because YCSB 0.17.0 has it as an
   * instance method and master (0.18.0-SNAPSHOT) as a static one of three arguments, so that one
   * jar runs on both.
   */
  private String keyName(long keynum) {
    String value = Long.toString(orderedinserts ? keynum : Utils.hash(keynum));
    StringBuilder key = new StringBuilder("user");
    for (int i = value.length(); i < zeropadding; i++) {
      key.append('0');
    }
    return key.append(value).toString();
  }

  /** CoreWorkload's choice of an existing key (its own method is package-private). */
  private long nextKeynumber() {
    long keynum;
    if (keychooser instanceof ExponentialGenerator) {
      do {
        keynum = transactioninsertkeysequence.lastValue() - keychooser.nextValue().longValue();
      } while (keynum < 0);
    } else {
      do {
        keynum = keychooser.nextValue().longValue();
      } while (keynum > transactioninsertkeysequence.lastValue());
    }
    return keynum;
  }
}
