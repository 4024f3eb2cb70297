package io.github.ycsbembedded.workloads;

import io.github.ycsbembedded.core.CorruptRecordException;
import io.github.ycsbembedded.core.RecordCodec;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/**
 * The HarperDB write-up's data, generated deterministically from a seed: users, each holding {@code
 * perUser} entitlements drawn from a pool of {@code poolSize}; an entitlement has an id, active and
 * inactive dates, a use limit and count, a feature and a package type (4 characters each) and an
 * active flag. Any run can recompute which entitlements a user holds.
 */
final class Entitlements {
  static final List<String> FIELDS =
      List.of(
          "id",
          "activeDate",
          "inactiveDate",
          "useLimit",
          "useCount",
          "featureType",
          "packageType",
          "activeFlag");
  private static final String[] FEATURES = {"GAME", "SKIN", "ITEM", "PASS", "COIN", "MAPS"};
  private static final String[] PACKAGES = {"BASE", "GOLD", "PLUS", "FREE"};
  private static final LocalDate EPOCH = LocalDate.of(2020, 1, 1);

  /** A user assembled with its entitlements, as both models must return it. */
  record User(String name, List<Map<String, String>> entitlements) {}

  private final long seed;
  private final int perUser;
  private final int poolSize;

  Entitlements(long seed, int perUser, int poolSize) {
    this.seed = seed;
    this.perUser = perUser;
    this.poolSize = poolSize;
  }

  int poolSize() {
    return poolSize;
  }

  static String userKey(long user) {
    return String.format("user%010d", user);
  }

  static String entitlementKey(long id) {
    return String.format("ent%010d", id);
  }

  static String userName(long user) {
    return "user-" + user;
  }

  /**
   * The entitlement ids user {@code user} holds: unique while the pool allows it, in draw order.
   */
  int[] idsOf(long user) {
    SplittableRandom random = new SplittableRandom(seed * 1_000_003L + user);
    Set<Integer> ids = new LinkedHashSet<>();
    int[] out = new int[perUser];
    for (int i = 0; i < perUser; i++) {
      int id = random.nextInt(poolSize);
      if (perUser <= poolSize) {
        while (!ids.add(id)) {
          id = random.nextInt(poolSize);
        }
      }
      out[i] = id;
    }
    return out;
  }

  /** The fields of pool entitlement {@code id}. */
  Map<String, String> entitlement(int id) {
    SplittableRandom random = new SplittableRandom(seed * 7_919L + id);
    LocalDate active = EPOCH.plusDays(random.nextInt(1_000));
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("id", Integer.toString(id));
    fields.put("activeDate", active.toString());
    fields.put("inactiveDate", active.plusDays(30 + random.nextInt(700)).toString());
    int limit = 1 + random.nextInt(100);
    fields.put("useLimit", Integer.toString(limit));
    fields.put("useCount", Integer.toString(random.nextInt(limit + 1)));
    fields.put("featureType", FEATURES[random.nextInt(FEATURES.length)]);
    fields.put("packageType", PACKAGES[random.nextInt(PACKAGES.length)]);
    fields.put("activeFlag", Boolean.toString(random.nextInt(4) != 0));
    return fields;
  }

  /** What a read of {@code user} must assemble, from the generator alone. */
  User expected(long user) {
    List<Map<String, String>> list = new ArrayList<>();
    for (int id : idsOf(user)) {
      list.add(entitlement(id));
    }
    return new User(userName(user), list);
  }

  // ---- the two models' records ----

  /** Normalized user: its name and its entitlement ids (4-byte big-endian each). */
  Map<String, ByteIterator> normalizedUser(long user) {
    Map<String, ByteIterator> record = new LinkedHashMap<>();
    record.put("name", new StringByteIterator(userName(user)));
    record.put("entitlementIds", PackedIds.pack(idsOf(user)));
    return record;
  }

  /** Denormalized user: its name and every entitlement record embedded, each length-prefixed. */
  Map<String, ByteIterator> denormalizedUser(long user) {
    ByteArrayOutputStream embedded = new ByteArrayOutputStream();
    for (int id : idsOf(user)) {
      byte[] encoded = RecordCodec.encode(StringByteIterator.getByteIteratorMap(entitlement(id)));
      embedded.writeBytes(ByteBuffer.allocate(4).putInt(encoded.length).array());
      embedded.writeBytes(encoded);
    }
    Map<String, ByteIterator> record = new LinkedHashMap<>();
    record.put("name", new StringByteIterator(userName(user)));
    record.put("entitlements", new site.ycsb.ByteArrayByteIterator(embedded.toByteArray()));
    return record;
  }

  /** Pool entitlement {@code id} as a row of the entitlements table. */
  Map<String, ByteIterator> entitlementRow(int id) {
    return StringByteIterator.getByteIteratorMap(entitlement(id));
  }

  /** The embedded entitlements of a denormalized user record. */
  static List<Map<String, String>> embeddedFrom(byte[] packed) throws CorruptRecordException {
    ByteBuffer buffer = ByteBuffer.wrap(packed);
    List<Map<String, String>> list = new ArrayList<>();
    while (buffer.remaining() >= 4) {
      int length = buffer.getInt();
      if (length < 0 || length > buffer.remaining()) {
        throw new CorruptRecordException("corrupt embedded entitlement: length " + length);
      }
      byte[] encoded = new byte[length];
      buffer.get(encoded);
      list.add(strings(RecordCodec.decode(encoded)));
    }
    return list;
  }

  /** A decoded row's fields as strings, in the entitlement's field order. */
  static Map<String, String> strings(Map<String, ByteIterator> row) {
    Map<String, String> fields = new LinkedHashMap<>();
    for (String field : FIELDS) {
      ByteIterator value = row.get(field);
      fields.put(field, value == null ? null : new String(value.toArray(), StandardCharsets.UTF_8));
    }
    return fields;
  }
}
