package io.github.ycsbembedded.workloads;

import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.Extensions;
import io.github.ycsbembedded.core.MultiWriteDB;
import io.github.ycsbembedded.core.RangeScanDB;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
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
 * The Oracle write-up's {@code user_likes(user_id, post_id, dt)} with its two indexes, as two
 * ordered key spaces: {@code likes_by_user} keyed {@code <user>:<post>} and {@code likes_by_post}
 * keyed {@code <post>:<user>}, ids fixed-width zero-padded decimal (YCSB keys are strings), so byte
 * order is numeric order and a prefix is a range.
 *
 * <p>Load: every (user, post) with {@code (user + post) mod 3 = 0} for {@code likes.users} × {@code
 * likes.posts}, user by user; {@code recordcount} must be that number of likes ({@link
 * #likeCount}). Each like is one atomic write of both index entries ({@link MultiWriteDB}).
 *
 * <p>Run, with proportions {@code likes.like_proportion} (default 1), {@code
 * likes.posts_of_user_proportion}, {@code likes.users_of_post_proportion}, {@code
 * likes.like_exists_proportion} (default 0): {@code LIKE} (a random user likes a random post: both
 * entries in one atomic write), {@code POSTS_OF_USER} and {@code USERS_OF_POST} (range scans of a
 * random user's or post's prefix, at most {@code likes.scan_limit} rows), {@code LIKE_EXISTS} (a
 * point read). Each is measured by name; the scans' row counts are measured as {@code
 * POSTS_OF_USER_ROWS} / {@code USERS_OF_POST_ROWS}, whose "latency" columns are row counts.
 */
public class LikesWorkload extends Workload {
  static final String BY_USER = "likes_by_user";
  static final String BY_POST = "likes_by_post";
  private long users;
  private long posts;
  private int scanLimit;
  private DiscreteGenerator operations;
  private Measurements measurements;
  private long nextUser;
  private long nextPost = -1;

  @Override
  public void init(Properties p) throws WorkloadException {
    BindingProperties properties = new BindingProperties(p);
    try {
      users = properties.integer("likes.users", 1000, 1, Integer.MAX_VALUE);
      posts = properties.integer("likes.posts", 1000, 1, Integer.MAX_VALUE);
      scanLimit = properties.integer("likes.scan_limit", 100_000, 1, Integer.MAX_VALUE);
      operations = new DiscreteGenerator();
      add("LIKE", properties.fraction("likes.like_proportion", 1.0));
      add("POSTS_OF_USER", properties.fraction("likes.posts_of_user_proportion", 0));
      add("USERS_OF_POST", properties.fraction("likes.users_of_post_proportion", 0));
      add("LIKE_EXISTS", properties.fraction("likes.like_exists_proportion", 0));
    } catch (DBException e) {
      throw new WorkloadException(e.getMessage(), e);
    }
    long expected = likeCount(users, posts);
    String recordcount = p.getProperty(Client.RECORD_COUNT_PROPERTY);
    if (recordcount == null || !recordcount.trim().equals(Long.toString(expected))) {
      throw new WorkloadException(
          "recordcount: '"
              + recordcount
              + "' must be the number of likes the load writes, "
              + expected
              + " for likes.users="
              + users
              + " and likes.posts="
              + posts);
    }
    measurements = Measurements.getMeasurements();
  }

  private void add(String operation, double proportion) {
    if (proportion > 0) {
      operations.addValue(proportion, operation);
    }
  }

  /** The likes the load writes: pairs with (user + post) mod 3 = 0. */
  public static long likeCount(long users, long posts) {
    long count = 0;
    for (int residue = 0; residue < 3; residue++) {
      long usersWithResidue = users / 3 + (residue < users % 3 ? 1 : 0);
      int postResidue = (3 - residue) % 3;
      long postsWithResidue = posts / 3 + (postResidue < posts % 3 ? 1 : 0);
      count += usersWithResidue * postsWithResidue;
    }
    return count;
  }

  static String id(long id) {
    return String.format("%010d", id);
  }

  static String byUser(long user, long post) {
    return id(user) + ":" + id(post);
  }

  static String byPost(long post, long user) {
    return id(post) + ":" + id(user);
  }

  /** The next (user, post) of the load, in user order; null when all are written. */
  private synchronized long[] nextLike() {
    while (nextUser < users) {
      nextPost = nextPost < 0 ? (3 - nextUser % 3) % 3 : nextPost + 3;
      if (nextPost < posts) {
        return new long[] {nextUser, nextPost};
      }
      nextUser++;
      nextPost = -1;
    }
    return null;
  }

  /** The next like of the load, measured as {@code LIKE} (its writes bypass YCSB's wrapper). */
  @Override
  public boolean doInsert(DB db, Object threadstate) {
    long[] like = nextLike();
    if (like == null) {
      return false;
    }
    long startNs = System.nanoTime();
    Status status = like(db, like[0], like[1]);
    Timed.record(measurements, "LIKE", startNs, status);
    return status.isOk();
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    String operation = operations.nextString();
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long user = random.nextLong(users);
    long post = random.nextLong(posts);
    long startNs = System.nanoTime();
    long intendedStartNs = IntendedStart.nanos(measurements);
    Status status;
    int rows = -1;
    switch (operation) {
      case "LIKE" -> status = like(db, user, post);
      case "LIKE_EXISTS" -> status = db.read(BY_USER, byUser(user, post), null, new HashMap<>());
      default -> {
        boolean ofUser = operation.equals("POSTS_OF_USER");
        String prefix = id(ofUser ? user : post) + ":";
        List<RangeScanDB.KeyedRecord> results = new ArrayList<>();
        status =
            ranges(db)
                .map(
                    r ->
                        r.scanRange(
                            ofUser ? BY_USER : BY_POST,
                            prefix,
                            RangeScanDB.prefixEnd(prefix),
                            scanLimit,
                            null,
                            results))
                .orElse(Status.NOT_IMPLEMENTED);
        rows = results.size();
      }
    }
    Timed.record(
        measurements,
        operation,
        startNs,
        intendedStartNs,
        status.equals(Status.NOT_FOUND) && operation.equals("LIKE_EXISTS") ? Status.OK : status);
    if (rows >= 0) {
      measurements.measure(operation + "_ROWS", rows);
    }
    return true;
  }

  /** Both index entries of a like: one atomic write, or two inserts for a binding without one. */
  static Status like(DB db, long user, long post) {
    String dt = Long.toString(System.currentTimeMillis());
    Optional<MultiWriteDB> multi = Extensions.find(db, MultiWriteDB.class);
    if (multi.isPresent()) {
      return multi
          .get()
          .writeAtomically(
              List.of(
                  MultiWriteDB.Write.put(BY_USER, byUser(user, post), value(dt)),
                  MultiWriteDB.Write.put(BY_POST, byPost(post, user), value(dt))));
    }
    Fallbacks.sayOnce(
        "likes",
        db,
        "atomic multi-key write",
        "a like's two index entries are written one after the other (not atomically)");
    Status first = db.insert(BY_USER, byUser(user, post), value(dt));
    if (!first.isOk()) {
      return first;
    }
    Status second = db.insert(BY_POST, byPost(post, user), value(dt));
    if (!second.isOk()) {
      db.delete(BY_USER, byUser(user, post));
    }
    return second;
  }

  /** A fresh value map: YCSB's ByteIterators can be read only once. */
  private static Map<String, ByteIterator> value(String dt) {
    return StringByteIterator.getByteIteratorMap(Map.of("dt", dt));
  }

  private static Optional<RangeScanDB> ranges(DB db) {
    return Extensions.find(db, RangeScanDB.class);
  }
}
