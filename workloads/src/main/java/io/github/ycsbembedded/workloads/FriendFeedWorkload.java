package io.github.ycsbembedded.workloads;

import io.github.ycsbembedded.core.BatchReadDB;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.Extensions;
import io.github.ycsbembedded.core.KeyRead;
import io.github.ycsbembedded.core.RangeScanDB;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.Client;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.measurements.Measurements;

/**
 * Digg's "friends' diggs": {@code friendfeed.users} users with about {@code friendfeed.edges}
 * friendships (or {@code friendfeed.friends_per_user} a user) drawn from a power law ({@link
 * FriendGraph}), and {@code friendfeed.diggs} diggs — (user, item, date), each (user, item) at most
 * once, spread evenly over {@code friendfeed.items} items and four years (2006–2009) —
 * deterministic from {@code friendfeed.seed}.
 *
 * <p>{@code FRIEND_DIGGS}: for a random (user, item), the user's friends who dugg the item, newest
 * first (ties by friend id). Two layouts, {@code friendfeed.layout}:
 *
 * <ul>
 *   <li>{@code normalized}: table {@code friends} (a user's friend ids, one record) and table
 *       {@code diggs_by_item} keyed {@code <item>:<user>}. The query reads the friend list, then
 *       batch-reads the key {@code <item>:<friend>} of every friend ({@link BatchReadDB}; single
 *       reads for a binding without it): the join as index probes.
 *   <li>{@code fanout}: Digg's Cassandra design. Table {@code followers} (who sees a user's diggs)
 *       and table {@code friend_diggs} keyed {@code <follower>:<item>:<digger>}: every digg is
 *       written into the bucket of every follower, and the query is one range read of the bucket
 *       {@code <user>:<item>:} ({@link RangeScanDB}).
 * </ul>
 *
 * <p>Load: {@code recordcount} must be {@code friendfeed.users + friendfeed.diggs}: the first
 * {@code users} inserts write each user's list (friends or followers), the rest one digg each,
 * measured as {@code DIGG} (the whole digg) with its rows written as {@code DIGG_WRITES} (whose
 * "latency" columns are row counts). The load takes followers from the generated graph.
 *
 * <p>Run, with proportions {@code friendfeed.query_proportion} (default 1) and {@code
 * friendfeed.digg_proportion} (default 0): {@code FRIEND_DIGGS} (rows returned measured as {@code
 * FRIEND_DIGGS_ROWS}) and {@code DIGG} — a random user diggs a random item now: normalized one
 * write; fan-out reads the user's followers from the store, then one write per follower. With
 * {@code friendfeed.verify=true} every query's answer is compared with the generator's (valid while
 * the run adds no diggs), reported as {@code VERIFY}.
 */
public class FriendFeedWorkload extends Workload {
  public static final String QUERY = "FRIEND_DIGGS";
  public static final String DIGG = "DIGG";
  static final String FRIENDS = "friends";
  static final String DIGGS_BY_ITEM = "diggs_by_item";
  static final String FOLLOWERS = "followers";
  static final String FRIEND_DIGGS = "friend_diggs";

  /** 2006-01-01T00:00:00Z and four years of seconds: the write-up's date range. */
  static final long FIRST_DATE = 1_136_073_600L;

  static final long FOUR_YEARS = 4 * 36_525L * 864;

  /** The two layouts. */
  public enum Layout {
    NORMALIZED,
    FANOUT
  }

  /** A friend's digg of the queried item. */
  public record FriendDigg(int friend, long date) {}

  private static final Comparator<FriendDigg> NEWEST_FIRST =
      Comparator.comparingLong(FriendDigg::date).reversed().thenComparingInt(FriendDigg::friend);
  private Layout layout;
  private int users;
  private int items;
  private long diggs;
  private long seed;
  private boolean verify;
  private FriendGraph graph;
  private long multiplier;
  private long offset;
  private BigInteger inverse;
  private DiscreteGenerator operations;
  private Measurements measurements;
  private final AtomicLong nextInsert = new AtomicLong();

  @Override
  public void init(Properties p) throws WorkloadException {
    BindingProperties properties = new BindingProperties(p);
    int edges;
    double skew;
    try {
      layout = properties.choice("friendfeed.layout", Layout.NORMALIZED);
      users = properties.integer("friendfeed.users", 1000, 1, Integer.MAX_VALUE);
      edges = friendships(p, properties);
      items = properties.integer("friendfeed.items", 1000, 1, Integer.MAX_VALUE);
      diggs = properties.integer("friendfeed.diggs", 100_000, 0, Integer.MAX_VALUE);
      skew = properties.fraction("friendfeed.skew", 0.6);
      seed = properties.integer("friendfeed.seed", 42, Integer.MIN_VALUE, Integer.MAX_VALUE);
      verify = properties.bool("friendfeed.verify", false);
      operations = new DiscreteGenerator();
      add(QUERY, properties.fraction("friendfeed.query_proportion", 1.0));
      add(DIGG, properties.fraction("friendfeed.digg_proportion", 0));
    } catch (DBException e) {
      throw new WorkloadException(e.getMessage(), e);
    }
    if (edges > (long) users * (users - 1)) {
      throw new WorkloadException(
          "friendfeed.edges: '"
              + edges
              + "' is more than "
              + users
              + " users can have (at most users x (users - 1) = "
              + (long) users * (users - 1)
              + ")");
    }
    long pairs = (long) users * items;
    if (diggs > pairs) {
      throw new WorkloadException(
          "friendfeed.diggs: '"
              + diggs
              + "' is more than one digg per (user, item): at most "
              + pairs
              + " for friendfeed.users="
              + users
              + " and friendfeed.items="
              + items);
    }
    String recordcount = p.getProperty(Client.RECORD_COUNT_PROPERTY);
    if (recordcount == null || !recordcount.trim().equals(Long.toString(users + diggs))) {
      throw new WorkloadException(
          "recordcount: '"
              + recordcount
              + "' must be friendfeed.users + friendfeed.diggs = "
              + (users + diggs)
              + " (the load writes each user's list, then each digg)");
    }
    graph = FriendGraph.generate(users, edges, skew, seed);
    multiplier = 2_654_435_761L % pairs;
    while (BigInteger.valueOf(multiplier).gcd(BigInteger.valueOf(pairs)).intValue() != 1) {
      multiplier++;
    }
    offset = Math.floorMod(mix(seed), pairs);
    inverse = BigInteger.valueOf(multiplier).modInverse(BigInteger.valueOf(pairs));
    nextInsert.set(Long.parseLong(p.getProperty("insertstart", "0")));
    measurements = Measurements.getMeasurements();
  }

  private void add(String operation, double proportion) {
    if (proportion > 0) {
      operations.addValue(proportion, operation);
    }
  }

  /**
   * {@code friendfeed.friends_per_user} times the users where it is given (it takes the place of
   * {@code friendfeed.edges}, so that one value serves every number of users), else {@code
   * friendfeed.edges}.
   */
  private int friendships(Properties p, BindingProperties properties)
      throws DBException, WorkloadException {
    if (p.getProperty("friendfeed.friends_per_user") == null) {
      return properties.integer("friendfeed.edges", 20_000, 0, Integer.MAX_VALUE - 8);
    }
    long perUser = properties.integer("friendfeed.friends_per_user", 20, 0, Integer.MAX_VALUE - 8);
    if (perUser > users - 1L) {
      throw new WorkloadException(
          "friendfeed.friends_per_user: '"
              + perUser
              + "' is more than "
              + users
              + " users can each have (at most users - 1 = "
              + (users - 1L)
              + ")");
    }
    if (users * perUser > Integer.MAX_VALUE - 8) {
      throw new WorkloadException(
          "friendfeed.friends_per_user: '"
              + perUser
              + "' makes "
              + users * perUser
              + " friendships for "
              + users
              + " users, more than this workload can hold");
    }
    return (int) (users * perUser);
  }

  FriendGraph graph() {
    return graph;
  }

  // ---- the generated diggs: digg k is the k-th pair of a fixed permutation of (user, item) ----

  /**
   * The (user, item, date) of loaded digg {@code k}. The multiplier (below 2^32) times k (below
   * 2^31) and the offset (below users × items, at most 2^62) stay within a long.
   */
  long[] digg(long k) {
    long pairs = (long) users * items;
    long pair = Math.floorMod(Math.floorMod(multiplier * k, pairs) + offset, pairs);
    return new long[] {
      pair / items, pair % items, FIRST_DATE + Math.floorMod(mix(seed + k), FOUR_YEARS)
    };
  }

  /** The date of the loaded digg of (user, item), or -1 when the load has none. */
  long loadedDate(int user, int item) {
    long pairs = (long) users * items;
    long k =
        BigInteger.valueOf((long) user * items + item - offset)
            .multiply(inverse)
            .mod(BigInteger.valueOf(pairs))
            .longValueExact();
    return k < diggs ? FIRST_DATE + Math.floorMod(mix(seed + k), FOUR_YEARS) : -1;
  }

  /** What {@code FRIEND_DIGGS} must return for (user, item) after the load alone. */
  List<FriendDigg> expected(int user, int item) {
    List<FriendDigg> expected = new ArrayList<>();
    for (int friend : graph.friends(user)) {
      long date = loadedDate(friend, item);
      if (date >= 0) {
        expected.add(new FriendDigg(friend, date));
      }
    }
    expected.sort(NEWEST_FIRST);
    return expected;
  }

  /** SplitMix64's finalizer: a well-spread hash of a counter. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  // ---- load ----

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    long n = nextInsert.getAndIncrement();
    if (n < users) {
      int user = (int) n;
      return layout == Layout.NORMALIZED
          ? db.insert(FRIENDS, id(user), list(graph.friends(user))).isOk()
          : db.insert(FOLLOWERS, id(user), list(graph.followers(user))).isOk();
    }
    if (n >= users + diggs) {
      return false;
    }
    long[] digg = digg(n - users);
    int user = (int) digg[0];
    long startNs = System.nanoTime();
    Status status =
        digg(
            db,
            user,
            (int) digg[1],
            digg[2],
            layout == Layout.FANOUT ? graph.followers(user) : null);
    Timed.record(measurements, DIGG, startNs, status);
    return status.isOk();
  }

  // ---- run ----

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    String operation = operations.nextString();
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int user = random.nextInt(users);
    int item = random.nextInt(items);
    long intendedStartNs = IntendedStart.nanos(measurements);
    long startNs = System.nanoTime();
    Status status;
    List<FriendDigg> found = null;
    if (operation.equals(QUERY)) {
      found = new ArrayList<>();
      status = friendDiggs(db, user, item, found);
    } else {
      status = digg(db, user, item, System.currentTimeMillis() / 1000, null);
    }
    Timed.record(measurements, operation, startNs, intendedStartNs, status);
    if (found != null && status.isOk()) {
      measurements.measure(QUERY + "_ROWS", found.size());
      if (verify) {
        measurements.reportStatus(
            "VERIFY", found.equals(expected(user, item)) ? Status.OK : Status.UNEXPECTED_STATE);
      }
    }
    return true;
  }

  /**
   * Records a digg in this layout: normalized one write; fan-out one write per follower, the
   * followers given (load) or read from the store (run). Measures the rows written as {@code
   * DIGG_WRITES}.
   */
  Status digg(DB db, int user, int item, long date, int[] knownFollowers) {
    if (layout == Layout.NORMALIZED) {
      Status status = db.insert(DIGGS_BY_ITEM, id(item) + ":" + id(user), date(date));
      measurements.measure(DIGG + "_WRITES", 1);
      return status;
    }
    int[] followers = knownFollowers;
    if (followers == null) {
      Map<String, ByteIterator> record = new HashMap<>();
      Status read = db.read(FOLLOWERS, id(user), null, record);
      if (!read.isOk()) {
        return read.equals(Status.NOT_FOUND) ? Status.UNEXPECTED_STATE : read;
      }
      try {
        followers = ids(record);
      } catch (IllegalArgumentException e) {
        return Status.ERROR;
      }
    }
    String suffix = ":" + id(item) + ":" + id(user);
    for (int follower : followers) {
      Status status = db.insert(FRIEND_DIGGS, id(follower) + suffix, date(date));
      if (!status.isOk()) {
        return status;
      }
    }
    measurements.measure(DIGG + "_WRITES", followers.length);
    return Status.OK;
  }

  /**
   * The user's friends who dugg the item, newest first, into {@code found}: the layout's reads.
   *
   * @return {@code OK}; {@code UNEXPECTED_STATE} when the user has no list (not loaded); the
   *     engine's error otherwise
   */
  Status friendDiggs(DB db, int user, int item, List<FriendDigg> found) {
    found.clear();
    Status status =
        layout == Layout.FANOUT
            ? fanOutDiggs(db, user, item, found)
            : normalizedDiggs(db, user, item, found);
    if (!status.isOk()) {
      return status;
    }
    found.sort(NEWEST_FIRST);
    return Status.OK;
  }

  /** The fan-out layout: one range read of the user's bucket for the item. */
  private static Status fanOutDiggs(DB db, int user, int item, List<FriendDigg> found) {
    String prefix = id(user) + ":" + id(item) + ":";
    List<RangeScanDB.KeyedRecord> rows = new ArrayList<>();
    Optional<RangeScanDB> ranges = Extensions.find(db, RangeScanDB.class);
    if (ranges.isEmpty()) {
      return Status.NOT_IMPLEMENTED;
    }
    Status status =
        ranges
            .get()
            .scanRange(
                FRIEND_DIGGS, prefix, RangeScanDB.prefixEnd(prefix), Integer.MAX_VALUE, null, rows);
    if (!status.isOk()) {
      return status;
    }
    for (RangeScanDB.KeyedRecord row : rows) {
      Optional<Long> date = date(row.record());
      if (date.isEmpty()) {
        return Status.ERROR;
      }
      found.add(new FriendDigg(Integer.parseInt(row.key().substring(prefix.length())), date.get()));
    }
    return Status.OK;
  }

  /** The normalized layout: the user's friend list, then one batch read of the digg index. */
  private static Status normalizedDiggs(DB db, int user, int item, List<FriendDigg> found) {
    Map<String, ByteIterator> record = new HashMap<>();
    Status read = db.read(FRIENDS, id(user), null, record);
    if (!read.isOk()) {
      return read.equals(Status.NOT_FOUND) ? Status.UNEXPECTED_STATE : read;
    }
    int[] friends;
    try {
      friends = ids(record);
    } catch (IllegalArgumentException e) {
      return Status.ERROR;
    }
    List<String> keys = new ArrayList<>(friends.length);
    for (int friend : friends) {
      keys.add(id(item) + ":" + id(friend));
    }
    List<KeyRead> rows = new ArrayList<>(friends.length);
    Status status = readAll(db, keys, rows);
    if (!status.isOk()) {
      return status;
    }
    for (int i = 0; i < friends.length; i++) {
      if (rows.get(i).isFound()) {
        Optional<Long> date = date(rows.get(i).record());
        if (date.isEmpty()) {
          return Status.ERROR;
        }
        found.add(new FriendDigg(friends[i], date.get()));
      }
    }
    return Status.OK;
  }

  private static Status readAll(DB db, List<String> keys, List<KeyRead> rows) {
    Optional<BatchReadDB> batch = Extensions.find(db, BatchReadDB.class);
    return batch.isPresent()
        ? batch.get().batchRead(DIGGS_BY_ITEM, keys, null, rows)
        : SingleReads.read(
            db,
            DIGGS_BY_ITEM,
            keys,
            null,
            rows,
            "friendfeed",
            "probing each friend's digg as a single read");
  }

  static String id(long id) {
    return String.format("%010d", id);
  }

  private static Map<String, ByteIterator> list(int[] ids) {
    Map<String, ByteIterator> record = new HashMap<>();
    record.put("ids", PackedIds.pack(ids));
    return record;
  }

  private static int[] ids(Map<String, ByteIterator> record) {
    ByteIterator ids = record.get("ids");
    if (ids == null) {
      throw new IllegalArgumentException("a list record without its field 'ids'");
    }
    return PackedIds.unpack(ids.toArray());
  }

  /** A fresh value map: YCSB's ByteIterators can be read only once. */
  private static Map<String, ByteIterator> date(long date) {
    return StringByteIterator.getByteIteratorMap(Map.of("dt", Long.toString(date)));
  }

  private static Optional<Long> date(Map<String, ByteIterator> record) {
    ByteIterator dt = record.get("dt");
    if (dt == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(Long.parseLong(new String(dt.toArray(), StandardCharsets.UTF_8)));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
