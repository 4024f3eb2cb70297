package io.github.ycsbembedded.workloads;

import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.CorruptRecordException;
import io.github.ycsbembedded.core.Extensions;
import io.github.ycsbembedded.core.KeyRead;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.Client;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.UniformLongGenerator;
import site.ycsb.measurements.Measurements;

/**
 * HarperDB's users and entitlements, normalized or denormalized ({@code entitlements.model}).
 *
 * <p>Load: users with sequential keys ({@code recordcount} of them). Normalized writes each user
 * with the ids of its entitlements, and the pool of entitlements in their own table (pool entry
 * {@code i} is written by the load of user {@code i}); denormalized writes each user with its
 * entitlements embedded.
 *
 * <p>Run: {@code USER_READ} fetches a user (request distribution {@code uniform} by default, or
 * {@code zipfian}) and assembles it with all its entitlements: denormalized is one read; normalized
 * is one read and one batch read of the entitlements ({@link BatchReadDB}, or single reads for a
 * binding without it). Each assembled read is measured as {@code USER_READ}.
 *
 * <p>Properties: {@code entitlements.model} (normalized | denormalized, default normalized), {@code
 * entitlements.per_user} (150), {@code entitlements.pool_fraction} (0.1), {@code entitlements.seed}
 * (42), {@code entitlements.verify} (false: compare every assembled user with the generator),
 * {@code requestdistribution} (uniform | zipfian).
 */
public class EntitlementsWorkload extends Workload {
  public static final String OPERATION = "USER_READ";
  static final String USERS = "users";
  static final String POOL = "entitlements";

  /** The two data models. */
  public enum Model {
    NORMALIZED,
    DENORMALIZED
  }

  private Model model;
  private Entitlements data;
  private long users;
  private boolean verify;
  private NumberGenerator chooser;
  private final AtomicLong nextInsert = new AtomicLong();
  private Measurements measurements;

  @Override
  public void init(Properties p) throws WorkloadException {
    BindingProperties properties = new BindingProperties(p);
    try {
      model = properties.choice("entitlements.model", Model.NORMALIZED);
      int perUser = properties.integer("entitlements.per_user", 150, 1, 100_000);
      double poolFraction = properties.fraction("entitlements.pool_fraction", 0.1);
      long seed = properties.integer("entitlements.seed", 42, Integer.MIN_VALUE, Integer.MAX_VALUE);
      verify = properties.bool("entitlements.verify", false);
      users = properties.integer(Client.RECORD_COUNT_PROPERTY, 1000, 1, Integer.MAX_VALUE);
      String distribution =
          properties.oneOf("requestdistribution", "uniform", "uniform", "zipfian");
      int pool = (int) Math.max(1, Math.round(users * poolFraction));
      data = new Entitlements(seed, perUser, pool);
      chooser =
          distribution.equals("zipfian")
              ? new ScrambledZipfianGenerator(0, users - 1)
              : new UniformLongGenerator(0, users - 1);
    } catch (DBException e) {
      throw new WorkloadException(e.getMessage(), e);
    }
    nextInsert.set(Long.parseLong(p.getProperty("insertstart", "0")));
    measurements = Measurements.getMeasurements();
  }

  /** Loads the next user (and, normalized, the pool entitlement of the same number). */
  @Override
  public boolean doInsert(DB db, Object threadstate) {
    long user = nextInsert.getAndIncrement();
    if (user >= users) {
      return false;
    }
    if (model == Model.NORMALIZED) {
      if (user < data.poolSize()
          && !db.insert(POOL, Entitlements.entitlementKey(user), data.entitlementRow((int) user))
              .isOk()) {
        return false;
      }
      return db.insert(USERS, Entitlements.userKey(user), data.normalizedUser(user)).isOk();
    }
    return db.insert(USERS, Entitlements.userKey(user), data.denormalizedUser(user)).isOk();
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    long user = chooser.nextValue().longValue();
    long intendedStartNs = IntendedStart.nanos(measurements);
    long startNs = System.nanoTime();
    Optional<Entitlements.User> assembled = readUser(db, user);
    Status status = assembled.isPresent() ? Status.OK : Status.ERROR;
    Timed.record(measurements, OPERATION, startNs, intendedStartNs, status);
    if (verify && assembled.isPresent()) {
      boolean same = assembled.get().equals(data.expected(user));
      measurements.reportStatus("VERIFY", same ? Status.OK : Status.UNEXPECTED_STATE);
    }
    return true;
  }

  /** Assembles a user with its entitlements through the model's reads; empty on any failure. */
  Optional<Entitlements.User> readUser(DB db, long user) {
    Map<String, ByteIterator> record = new HashMap<>();
    if (!db.read(USERS, Entitlements.userKey(user), null, record).isOk()) {
      return Optional.empty();
    }
    String name = string(record.get("name"));
    try {
      if (model == Model.DENORMALIZED) {
        return Optional.of(
            new Entitlements.User(
                name, Entitlements.embeddedFrom(record.get("entitlements").toArray())));
      }
      int[] ids = PackedIds.unpack(record.get("entitlementIds").toArray());
      List<String> keys = new ArrayList<>(ids.length);
      for (int id : ids) {
        keys.add(Entitlements.entitlementKey(id));
      }
      List<KeyRead> rows = new ArrayList<>(ids.length);
      Optional<BatchReadDB> batch = Extensions.find(db, BatchReadDB.class);
      if (batch.isPresent()) {
        if (!batch.get().batchRead(POOL, keys, null, rows).isOk()) {
          return Optional.empty();
        }
      } else if (!SingleReads.read(
              db,
              POOL,
              keys,
              null,
              rows,
              "entitlements",
              "reading each user's entitlements as single reads")
          .isOk()) {
        return Optional.empty();
      }
      List<Map<String, String>> list = new ArrayList<>(rows.size());
      for (KeyRead row : rows) {
        if (!row.isFound()) {
          return Optional.empty();
        }
        list.add(Entitlements.strings(row.record()));
      }
      return Optional.of(new Entitlements.User(name, list));
    } catch (CorruptRecordException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static String string(ByteIterator value) {
    return value == null ? null : new String(value.toArray(), StandardCharsets.UTF_8);
  }
}
