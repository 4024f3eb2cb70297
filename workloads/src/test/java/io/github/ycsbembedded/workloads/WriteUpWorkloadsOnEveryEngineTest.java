package io.github.ycsbembedded.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The write-ups' own workloads through stock {@code site.ycsb.Client}, in its own JVM, on every
 * engine of this build: the Oracle likes and Digg's friends' diggs. The assertions read YCSB's own
 * output and the data left behind.
 */
@Tag("process")
class WriteUpWorkloadsOnEveryEngineTest {
  @TempDir Path dataDir;

  /**
   * The Oracle likes: two index entries per like in one atomic write, loaded and liked by two
   * threads; afterwards the two indexes hold exactly the same likes, and every lookup kind ran.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("io.github.ycsbembedded.workloads.WorkloadsOnEveryEngineTest#engines")
  void likesKeepBothIndexesInStep(String name) throws Exception {
    String workload = YcsbProcess.workload("likes").toString();
    List<String> likes =
        new ArrayList<>(
            List.of(
                "-db",
                WorkloadsOnEveryEngineTest.dbClass(name),
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

    YcsbProcess load = WorkloadsOnEveryEngineTest.client(likes, "-load", "-threads", "2");
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("LIKE", "Return=OK")).as(load.toString()).isEqualTo(1200);

    YcsbProcess run =
        WorkloadsOnEveryEngineTest.client(
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
        Class.forName(WorkloadsOnEveryEngineTest.dbClass(name))
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
  @MethodSource("io.github.ycsbembedded.workloads.WorkloadsOnEveryEngineTest#engines")
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
                  WorkloadsOnEveryEngineTest.dbClass(name),
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
      YcsbProcess load = WorkloadsOnEveryEngineTest.client(feed, "-load", "-threads", "2");
      assertThat(load.exitCode()).as(load.toString()).isZero();
      assertThat(load.count("DIGG", "Return=OK")).as(load.toString()).isEqualTo(2000);
      assertThat(load.returnLines()).allMatch(line -> line.contains("Return=OK"));
      rows[i] = load.count("INSERT", "Return=OK");

      YcsbProcess run =
          WorkloadsOnEveryEngineTest.client(
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
