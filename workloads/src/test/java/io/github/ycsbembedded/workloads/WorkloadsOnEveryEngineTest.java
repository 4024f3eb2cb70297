package io.github.ycsbembedded.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.EngineDescriptor;
import io.github.ycsbembedded.core.Engines;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * This module's workloads through stock {@code site.ycsb.Client}, in its own JVM, on every engine
 * of this build (WiredTiger where bin/setup provided it): Workload Z's batched reads, Workload Y's
 * batched inserts and bulk loads, the Oracle likes and Digg's friends' diggs. The assertions read
 * YCSB's own output and the data left behind.
 */
@Tag("process")
class WorkloadsOnEveryEngineTest {
  private static final int RECORDS = 20000;

  @TempDir Path dataDir;

  /** The engines whose binding is on this test's class path. */
  static Stream<String> engines() {
    return Engines.all().stream()
        .filter(
            e -> {
              try {
                Class.forName(e.clientClass());
                return true;
              } catch (ClassNotFoundException | LinkageError missing) {
                return false;
              }
            })
        .map(EngineDescriptor::name);
  }

  private static String dbClass(String name) {
    return Engines.named(name).orElseThrow().clientClass();
  }

  /** Client arguments every phase gets: the binding, its directory, the record count. */
  private List<String> common(String name) {
    return new ArrayList<>(
        List.of(
            "-db", dbClass(name),
            "-p", name + ".dir=" + dataDir,
            "-p", "recordcount=" + RECORDS));
  }

  private static YcsbProcess client(List<String> base, String... more) throws Exception {
    List<String> args = new ArrayList<>(base);
    args.addAll(Arrays.asList(more));
    return YcsbProcess.client(args.toArray(new String[0]));
  }

  /**
   * Data loaded by workloada is read by workloadz in batches of 256 through the binding's native
   * batch read; YCSB's own data-integrity check verifies every key read.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void workloadZReadsWhatWorkloadALoadedInBatches(String name) throws Exception {
    YcsbProcess load =
        client(
            common(name),
            "-load",
            "-P",
            YcsbProcess.workload("workloada").toString(),
            "-p",
            "dataintegrity=true",
            "-threads",
            "2");
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("INSERT", "Return=OK")).as(load.toString()).isEqualTo(RECORDS);

    int batches = 200;
    YcsbProcess run =
        client(
            common(name),
            "-t",
            "-P",
            YcsbProcess.workload("workloadz").toString(),
            "-p",
            "operationcount=" + batches,
            "-p",
            "dataintegrity=true",
            "-threads",
            "2");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.count("BATCH_READ", "Operations")).as(run.toString()).isEqualTo(batches);
    assertThat(run.count("BATCH_READ", "Return=OK")).isEqualTo(batches);
    assertThat(run.count("BATCH_READ_KEYS", "Keys")).isEqualTo(batches * 256L);
    assertThat(run.count("BATCH_READ_KEYS", "KeysFound")).isEqualTo(batches * 256L);
    assertThat(Double.parseDouble(run.metric("BATCH_READ_KEYS", "Throughput(keys/sec)")))
        .isPositive();
    assertThat(run.count("VERIFY", "Return=OK"))
        .as("every key's value checked")
        .isEqualTo(batches * 256L);
    assertThat(run.metric("READ", "Operations"))
        .as("no single reads: the batch is native")
        .isNull();
    assertThat(run.returnLines()).allMatch(line -> line.contains("Return=OK"));
    assertThat(run.stderr()).doesNotContain("has no native batch read");
  }

  /**
   * Workload Y loads in batches of 256 through the binding's native batch insert, two threads
   * sharing the load; workloadc then reads every record back, each value checked.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void workloadYLoadsInBatchesAndWorkloadCReadsEveryRecordBackChecked(String name)
      throws Exception {
    YcsbProcess load =
        client(
            common(name),
            "-load",
            "-P",
            YcsbProcess.workload("workloady").toString(),
            "-threads",
            "2");
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("BATCH_INSERT", "Operations"))
        .as(load.toString())
        .isEqualTo((RECORDS + 255) / 256);
    assertThat(load.count("BATCH_INSERT_KEYS", "KeysStored")).isEqualTo(RECORDS);
    assertThat(load.metric("INSERT", "Operations"))
        .as("no single inserts: the batch is native")
        .isNull();
    assertThat(load.returnLines()).allMatch(line -> line.contains("Return=OK"));

    assertReadsEveryRecordBackChecked(common(name));
  }

  /**
   * A bulk load in key order through the engine's bulk path reads back whole; a second bulk load
   * into the now full table is refused in one line, and the data stays as it was. (Stock Client
   * exits 0 whatever its operations returned; bin/ycsb's CheckedClient makes that exit status 1.)
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void bulkLoadReadsBackWholeAndASecondBulkLoadIsRefusedInOneLine(String name) throws Exception {
    List<String> ordered = common(name);
    ordered.addAll(List.of("-p", "insertorder=ordered", "-p", "zeropadding=12"));
    String workload = YcsbProcess.workload("workloady").toString();
    YcsbProcess load =
        client(ordered, "-load", "-P", workload, "-p", "bulkload=true", "-p", "batchsize=3000");
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("BATCH_INSERT", "Return=OK"))
        .as(load.toString())
        .isEqualTo((RECORDS + 2999) / 3000);
    assertThat(load.count("BATCH_INSERT_KEYS", "KeysStored")).isEqualTo(RECORDS);

    YcsbProcess again = client(ordered, "-load", "-P", workload, "-p", "bulkload=true");
    assertThat(again.stderr().lines().filter(l -> l.startsWith(name + ": ")))
        .as(again.stderr())
        .singleElement()
        .asString()
        .isEqualTo(
            name
                + ": bulk insert usertable/user000000000000 failed: a bulk load"
                + " fills an empty table, and usertable already holds records; load it into a new "
                + name
                + ".dir, or with "
                + name
                + ".destroy=true");
    assertThat(again.count("BATCH_INSERT", "Return=BAD_REQUEST")).isEqualTo(1);

    assertReadsEveryRecordBackChecked(ordered);
  }

  /** workloadc reads every record once (ordered requests over all keys), each value checked. */
  private void assertReadsEveryRecordBackChecked(List<String> base) throws Exception {
    YcsbProcess run =
        client(
            base,
            "-t",
            "-P",
            YcsbProcess.workload("workloadc").toString(),
            "-p",
            "operationcount=" + RECORDS,
            "-p",
            "requestdistribution=sequential",
            "-p",
            "dataintegrity=true");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.count("READ", "Return=OK")).as(run.toString()).isEqualTo(RECORDS);
    assertThat(run.count("VERIFY", "Return=OK")).as("every value checked").isEqualTo(RECORDS);
    assertThat(run.returnLines()).allMatch(line -> line.contains("Return=OK"));
  }

  /**
   * The Oracle likes: two index entries per like in one atomic write, loaded and liked by two
   * threads; afterwards the two indexes hold exactly the same likes, and every lookup kind ran.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void likesKeepBothIndexesInStep(String name) throws Exception {
    String workload = YcsbProcess.workload("likes").toString();
    List<String> likes =
        new ArrayList<>(
            List.of(
                "-db",
                dbClass(name),
                "-p",
                name + ".dir=" + dataDir,
                "-P",
                workload,
                "-p",
                "likes.users=60",
                "-p",
                "likes.posts=60",
                "-p",
                "recordcount=1200"));

    YcsbProcess load = client(likes, "-load", "-threads", "2");
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("LIKE", "Return=OK")).as(load.toString()).isEqualTo(1200);

    YcsbProcess run =
        client(
            likes,
            "-t",
            "-threads",
            "2",
            "-p",
            "operationcount=400",
            "-p",
            "likes.like_proportion=0.4",
            "-p",
            "likes.posts_of_user_proportion=0.2",
            "-p",
            "likes.users_of_post_proportion=0.2",
            "-p",
            "likes.like_exists_proportion=0.2");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    // a LIKE_EXISTS of a pair nobody liked is YCSB's [READ] NOT_FOUND: the right answer, not an
    // error
    assertThat(run.returnLines())
        .as(run.toString())
        .allMatch(
            line -> line.contains("Return=OK") || line.startsWith("[READ], Return=NOT_FOUND"));
    assertThat(run.count("LIKE_EXISTS", "Return=OK"))
        .isEqualTo(run.count("LIKE_EXISTS", "Operations"));
    for (String operation : List.of("LIKE", "POSTS_OF_USER", "USERS_OF_POST", "LIKE_EXISTS")) {
      assertThat(run.count(operation, "Operations")).as(operation).isPositive();
    }
    assertThat(run.count("POSTS_OF_USER_ROWS", "Operations"))
        .isEqualTo(run.count("POSTS_OF_USER", "Operations"));

    site.ycsb.DB db =
        Class.forName(dbClass(name))
            .asSubclass(site.ycsb.DB.class)
            .getDeclaredConstructor()
            .newInstance();
    java.util.Properties properties = new java.util.Properties();
    properties.setProperty(name + ".dir", dataDir.toString());
    db.setProperties(properties);
    db.init();
    try {
      io.github.ycsbembedded.core.RangeScanDB ranges = (io.github.ycsbembedded.core.RangeScanDB) db;
      List<io.github.ycsbembedded.core.RangeScanDB.KeyedRecord> byUser = new ArrayList<>();
      List<io.github.ycsbembedded.core.RangeScanDB.KeyedRecord> byPost = new ArrayList<>();
      assertThat(ranges.scanRange("likes_by_user", "0", ":", Integer.MAX_VALUE, null, byUser))
          .isEqualTo(site.ycsb.Status.OK);
      assertThat(ranges.scanRange("likes_by_post", "0", ":", Integer.MAX_VALUE, null, byPost))
          .isEqualTo(site.ycsb.Status.OK);
      java.util.Set<String> users = new java.util.TreeSet<>();
      byUser.forEach(r -> users.add(r.key()));
      java.util.Set<String> flipped = new java.util.TreeSet<>();
      byPost.forEach(r -> flipped.add(r.key().substring(11) + ":" + r.key().substring(0, 10)));
      assertThat(users).hasSizeGreaterThanOrEqualTo(1200).isEqualTo(flipped);
    } finally {
      db.cleanup();
    }
  }

  /**
   * Digg's friends' diggs in both layouts, each loaded by two threads into its own directory: every
   * query through stock Client is checked against the generator ({@code friendfeed.verify}), so
   * both layouts return the same friends for the same (user, item); the fan-out load writes far
   * more rows.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void friendFeedLayoutsAnswerAlike(String name) throws Exception {
    String workload = YcsbProcess.workload("friendfeed").toString();
    long[] rows = new long[2];
    String[] layouts = {"normalized", "fanout"};
    for (int i = 0; i < layouts.length; i++) {
      Path dir = java.nio.file.Files.createDirectories(dataDir.resolve(layouts[i]));
      List<String> feed =
          new ArrayList<>(
              List.of(
                  "-db",
                  dbClass(name),
                  "-p",
                  name + ".dir=" + dir,
                  "-P",
                  workload,
                  "-p",
                  "friendfeed.layout=" + layouts[i],
                  "-p",
                  "friendfeed.users=200",
                  "-p",
                  "friendfeed.edges=3000",
                  "-p",
                  "friendfeed.items=20",
                  "-p",
                  "friendfeed.diggs=2000",
                  "-p",
                  "recordcount=2200"));
      YcsbProcess load = client(feed, "-load", "-threads", "2");
      assertThat(load.exitCode()).as(load.toString()).isZero();
      assertThat(load.count("DIGG", "Return=OK")).as(load.toString()).isEqualTo(2000);
      assertThat(load.returnLines()).allMatch(line -> line.contains("Return=OK"));
      rows[i] = load.count("INSERT", "Return=OK");

      YcsbProcess run =
          client(
              feed,
              "-t",
              "-threads",
              "2",
              "-p",
              "operationcount=600",
              "-p",
              "friendfeed.verify=true");
      assertThat(run.exitCode()).as(run.toString()).isZero();
      assertThat(run.count("FRIEND_DIGGS", "Return=OK")).as(run.toString()).isEqualTo(600);
      assertThat(run.count("VERIFY", "Return=OK"))
          .as(layouts[i] + ": answers equal to the generator's")
          .isEqualTo(600);
      assertThat(run.returnLines()).allMatch(line -> line.contains("Return=OK"));
      assertThat(Double.parseDouble(run.metric("FRIEND_DIGGS_ROWS", "AverageLatency(us)")))
          .as("rows per answer")
          .isPositive();
    }
    assertThat(rows[0]).as("normalized: a list per user and a row per digg").isEqualTo(2200);
    assertThat(rows[1]).as("fan-out: a row per digg and follower").isGreaterThan(5 * 2000);
  }
}
