package io.github.ycsbembedded.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.workloads.FriendFeedWorkload.FriendDigg;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

class FriendFeedWorkloadTest {
  private static final int USERS = 60;
  private static final int EDGES = 900;
  private static final int ITEMS = 25;
  private static final int DIGGS = 800;

  @BeforeAll
  static void measurements() {
    Measurements.setProperties(new Properties());
  }

  private static FriendFeedWorkload workload(String layout, String... more)
      throws WorkloadException {
    Properties p = new Properties();
    p.setProperty("friendfeed.layout", layout);
    p.setProperty("friendfeed.users", Integer.toString(USERS));
    p.setProperty("friendfeed.edges", Integer.toString(EDGES));
    p.setProperty("friendfeed.items", Integer.toString(ITEMS));
    p.setProperty("friendfeed.diggs", Integer.toString(DIGGS));
    p.setProperty("recordcount", Integer.toString(USERS + DIGGS));
    for (int i = 0; i < more.length; i += 2) {
      p.setProperty(more[i], more[i + 1]);
    }
    FriendFeedWorkload workload = new FriendFeedWorkload();
    workload.init(p);
    return workload;
  }

  private static MemoryDb loaded(FriendFeedWorkload workload) {
    MemoryDb db = new MemoryDb();
    for (int i = 0; i < USERS + DIGGS; i++) {
      assertThat(workload.doInsert(db, null)).as("insert %d", i).isTrue();
    }
    assertThat(workload.doInsert(db, null)).as("all written").isFalse();
    return db;
  }

  private static List<FriendDigg> query(
      FriendFeedWorkload workload, MemoryDb db, int user, int item) {
    List<FriendDigg> found = new ArrayList<>();
    assertThat(workload.friendDiggs(db, user, item, found)).isEqualTo(Status.OK);
    return found;
  }

  @Test
  void graphHasTheEdgesAskedForNoLoopsNoRepeatsAndFollowersInvertFriends() {
    FriendGraph graph = FriendGraph.generate(200, 3000, 0.6, 7);
    assertThat(graph.edges()).isEqualTo(3000);
    long followerEdges = 0;
    for (int u = 0; u < 200; u++) {
      int[] friends = graph.friends(u);
      assertThat(friends).as("user %d", u).doesNotContain(u).isSorted();
      assertThat(new HashSet<>(java.util.Arrays.stream(friends).boxed().toList()))
          .hasSize(friends.length);
      for (int f : friends) {
        assertThat(graph.followers(f)).as("%d follows %d", u, f).contains(u);
      }
      followerEdges += graph.followerCount(u);
    }
    assertThat(followerEdges).isEqualTo(3000);
    // a power law, not a uniform graph: user 0 has the most friends, far above the average of 15
    assertThat(graph.friends(0).length).isGreaterThan(60);
    assertThat(graph.maxFollowers()).isGreaterThan(45);
    assertThat(graph.friends(199).length).isLessThan(15);
  }

  @Test
  void graphIsTheSameForTheSameSeedAndDifferentForAnother() {
    FriendGraph a = FriendGraph.generate(100, 1000, 0.6, 1);
    FriendGraph b = FriendGraph.generate(100, 1000, 0.6, 1);
    FriendGraph c = FriendGraph.generate(100, 1000, 0.6, 2);
    boolean differs = false;
    for (int u = 0; u < 100; u++) {
      assertThat(b.friends(u)).isEqualTo(a.friends(u));
      differs |= !java.util.Arrays.equals(a.friends(u), c.friends(u));
    }
    assertThat(differs).isTrue();
  }

  @Test
  void nearlyCompleteGraphsAreBuilt() {
    FriendGraph graph = FriendGraph.generate(10, 85, 1.0, 3);
    assertThat(graph.edges()).isEqualTo(85);
    for (int u = 0; u < 10; u++) {
      assertThat(graph.friends(u)).doesNotContain(u).hasSizeLessThanOrEqualTo(9);
    }
  }

  @Test
  void loadedDiggsAreDistinctPairsWithinFourYearsAndFoundAgainByPair() throws Exception {
    FriendFeedWorkload workload = workload("normalized");
    Set<Long> pairs = new HashSet<>();
    for (long k = 0; k < DIGGS; k++) {
      long[] digg = workload.digg(k);
      assertThat(pairs.add(digg[0] * ITEMS + digg[1])).as("digg %d repeats a pair", k).isTrue();
      assertThat(digg[2])
          .isBetween(
              FriendFeedWorkload.FIRST_DATE,
              FriendFeedWorkload.FIRST_DATE + FriendFeedWorkload.FOUR_YEARS - 1);
      assertThat(workload.loadedDate((int) digg[0], (int) digg[1])).isEqualTo(digg[2]);
    }
    int absent = 0;
    for (int u = 0; u < USERS; u++) {
      for (int i = 0; i < ITEMS; i++) {
        absent += workload.loadedDate(u, i) < 0 ? 1 : 0;
      }
    }
    assertThat(absent).isEqualTo(USERS * ITEMS - DIGGS);
  }

  @Test
  void bothLayoutsReturnTheSameFriendsNewestFirstForEveryUserAndItem() throws Exception {
    FriendFeedWorkload normalized = workload("normalized");
    FriendFeedWorkload fanout = workload("fanout");
    MemoryDb n = loaded(normalized);
    MemoryDb f = loaded(fanout);
    int nonEmpty = 0;
    for (int user = 0; user < USERS; user++) {
      for (int item = 0; item < ITEMS; item++) {
        List<FriendDigg> expected = normalized.expected(user, item);
        List<FriendDigg> viaJoin = query(normalized, n, user, item);
        assertThat(viaJoin).as("normalized (%d, %d)", user, item).isEqualTo(expected);
        assertThat(query(fanout, f, user, item))
            .as("fanout (%d, %d)", user, item)
            .isEqualTo(expected);
        for (int i = 1; i < viaJoin.size(); i++) {
          assertThat(viaJoin.get(i).date()).isLessThanOrEqualTo(viaJoin.get(i - 1).date());
        }
        for (FriendDigg digg : viaJoin) {
          assertThat(normalized.graph().friends(user)).contains(digg.friend());
        }
        nonEmpty += viaJoin.isEmpty() ? 0 : 1;
      }
    }
    assertThat(nonEmpty).as("queries with an answer").isGreaterThan(USERS * ITEMS / 4);
  }

  @Test
  void fanOutWritesOneRowPerFollowerAndTheNormalizedLayoutOneRowPerDigg() throws Exception {
    FriendFeedWorkload normalized = workload("normalized");
    FriendFeedWorkload fanout = workload("fanout");
    MemoryDb n = loaded(normalized);
    MemoryDb f = loaded(fanout);
    assertThat(n.tables.get(FriendFeedWorkload.DIGGS_BY_ITEM)).hasSize(DIGGS);
    long fanned = 0;
    for (long k = 0; k < DIGGS; k++) {
      fanned += fanout.graph().followerCount((int) fanout.digg(k)[0]);
    }
    assertThat(f.tables.get(FriendFeedWorkload.FRIEND_DIGGS)).hasSize((int) fanned);
    assertThat(fanned).isGreaterThan(DIGGS * 5L);
    assertThat(n.tables.get(FriendFeedWorkload.FRIENDS)).hasSize(USERS);
    assertThat(f.tables.get(FriendFeedWorkload.FOLLOWERS)).hasSize(USERS);
  }

  @Test
  void newDiggsShowUpInBothLayoutsAlike() throws Exception {
    FriendFeedWorkload normalized = workload("normalized");
    FriendFeedWorkload fanout = workload("fanout");
    MemoryDb n = loaded(normalized);
    MemoryDb f = loaded(fanout);
    int user = 3;
    int item = 7;
    int[] friends = normalized.graph().friends(user);
    assertThat(friends).isNotEmpty();
    long date = FriendFeedWorkload.FIRST_DATE + FriendFeedWorkload.FOUR_YEARS + 100;
    for (int i = 0; i < friends.length; i++) {
      assertThat(normalized.digg(n, friends[i], item, date + i, null)).isEqualTo(Status.OK);
      assertThat(fanout.digg(f, friends[i], item, date + i, null)).isEqualTo(Status.OK);
    }
    List<FriendDigg> viaJoin = query(normalized, n, user, item);
    assertThat(query(fanout, f, user, item)).isEqualTo(viaJoin);
    assertThat(viaJoin).hasSize(friends.length);
    assertThat(viaJoin.get(0))
        .isEqualTo(new FriendDigg(friends[friends.length - 1], date + friends.length - 1));
  }

  @Test
  void aRunOfQueriesAndDiggsReportsEveryOperation() throws Exception {
    FriendFeedWorkload fanout =
        workload(
            "fanout", "friendfeed.query_proportion", "0.5", "friendfeed.digg_proportion", "0.5");
    MemoryDb f = loaded(fanout);
    int before = f.tables.get(FriendFeedWorkload.FRIEND_DIGGS).size();
    for (int i = 0; i < 200; i++) {
      assertThat(fanout.doTransaction(f, null)).isTrue();
    }
    assertThat(f.tables.get(FriendFeedWorkload.FRIEND_DIGGS).size()).isGreaterThan(before);
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (TextMeasurementsExporter exporter = new TextMeasurementsExporter(out)) {
      Measurements.getMeasurements().exportMeasurements(exporter);
    }
    assertThat(out.toString(java.nio.charset.StandardCharsets.UTF_8))
        .contains("[FRIEND_DIGGS], Return=OK")
        .contains("[FRIEND_DIGGS_ROWS], Operations")
        .contains("[DIGG], Return=OK")
        .contains("[DIGG_WRITES], Operations")
        .doesNotContain("Return=ERROR")
        .doesNotContain("Return=UNEXPECTED_STATE");
  }

  @Test
  void aQueryOfAUserWithoutAListIsAnUnexpectedState() throws Exception {
    FriendFeedWorkload normalized = workload("normalized");
    assertThat(normalized.friendDiggs(new MemoryDb(), 1, 1, new ArrayList<>()))
        .isEqualTo(Status.UNEXPECTED_STATE);
  }

  @Test
  void friendsPerUserSetsTheFriendshipsAsAMultipleOfTheUsersInPlaceOfEdges() throws Exception {
    Properties p = new Properties();
    p.setProperty("friendfeed.users", Integer.toString(USERS));
    p.setProperty("friendfeed.friends_per_user", "7");
    p.setProperty("friendfeed.items", Integer.toString(ITEMS));
    p.setProperty("friendfeed.diggs", Integer.toString(DIGGS));
    p.setProperty("recordcount", Integer.toString(USERS + DIGGS));
    FriendFeedWorkload workload = new FriendFeedWorkload();
    workload.init(p);
    assertThat(workload.graph().edges()).isEqualTo(USERS * 7);

    p.setProperty("friendfeed.edges", "100");
    FriendFeedWorkload over = new FriendFeedWorkload();
    over.init(p);
    assertThat(over.graph().edges()).as("friends_per_user takes the place of edges").isEqualTo(420);
    p.setProperty("friendfeed.friends_per_user", "many");
    assertThatThrownBy(() -> new FriendFeedWorkload().init(p))
        .hasMessageContaining("friendfeed.friends_per_user: 'many'");
    p.setProperty("friendfeed.friends_per_user", "60");
    assertThatThrownBy(() -> new FriendFeedWorkload().init(p))
        .hasMessage(
            "friendfeed.friends_per_user: '60' is more than 60 users can each have (at most users"
                + " - 1 = 59)");
  }

  @Test
  void badPropertiesFailNamingTheProperty() {
    assertThatThrownBy(() -> workload("sideways"))
        .hasMessageContaining("friendfeed.layout")
        .hasMessageContaining("sideways");
    assertThatThrownBy(() -> workload("normalized", "recordcount", "10"))
        .hasMessageContaining("recordcount: '10'")
        .hasMessageContaining(Integer.toString(USERS + DIGGS));
    assertThatThrownBy(
            () -> workload("normalized", "friendfeed.diggs", "5000", "recordcount", "5060"))
        .hasMessageContaining("friendfeed.diggs: '5000'")
        .hasMessageContaining("1500");
    assertThatThrownBy(() -> workload("normalized", "friendfeed.edges", "4000"))
        .hasMessageContaining("friendfeed.edges: '4000'")
        .hasMessageContaining("3540");
    assertThatThrownBy(() -> workload("normalized", "friendfeed.skew", "2"))
        .hasMessageContaining("friendfeed.skew: '2'");
  }
}
