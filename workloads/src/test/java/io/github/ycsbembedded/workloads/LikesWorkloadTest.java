package io.github.ycsbembedded.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

class LikesWorkloadTest {
  @BeforeAll
  static void measurements() {
    Measurements.setProperties(new Properties());
  }

  private static LikesWorkload workload(long users, long posts, String... more)
      throws WorkloadException {
    Properties p = new Properties();
    p.setProperty("likes.users", Long.toString(users));
    p.setProperty("likes.posts", Long.toString(posts));
    p.setProperty("recordcount", Long.toString(LikesWorkload.likeCount(users, posts)));
    for (int i = 0; i < more.length; i += 2) {
      p.setProperty(more[i], more[i + 1]);
    }
    LikesWorkload workload = new LikesWorkload();
    workload.init(p);
    return workload;
  }

  /** Every by-user entry has its by-post mirror and the other way round. */
  static void assertIndexesMirrorEachOther(MemoryDb db) {
    Set<String> byUser = new TreeSet<>();
    db.tables
        .getOrDefault(LikesWorkload.BY_USER, new java.util.TreeMap<>())
        .keySet()
        .forEach(k -> byUser.add(k));
    Set<String> byPostFlipped = new TreeSet<>();
    db.tables
        .getOrDefault(LikesWorkload.BY_POST, new java.util.TreeMap<>())
        .keySet()
        .forEach(k -> byPostFlipped.add(k.substring(11) + ":" + k.substring(0, 10)));
    assertThat(byPostFlipped).isEqualTo(byUser);
  }

  @Test
  void likeCountIsThePairsWhoseSumIsAMultipleOfThree() {
    for (long users : new long[] {1, 2, 3, 7, 10, 31}) {
      for (long posts : new long[] {1, 2, 3, 5, 9, 100}) {
        long brute = 0;
        for (long u = 0; u < users; u++) {
          for (long p = 0; p < posts; p++) {
            brute += (u + p) % 3 == 0 ? 1 : 0;
          }
        }
        assertThat(LikesWorkload.likeCount(users, posts))
            .as("%d users, %d posts", users, posts)
            .isEqualTo(brute);
      }
    }
  }

  @Test
  void loadWritesEveryLikeThroughBothIndexesAndNothingMore() throws Exception {
    LikesWorkload workload = workload(7, 10);
    MemoryDb db = new MemoryDb();
    long count = LikesWorkload.likeCount(7, 10);
    for (long i = 0; i < count; i++) {
      assertThat(workload.doInsert(db, null)).isTrue();
    }
    assertThat(workload.doInsert(db, null)).as("all written").isFalse();

    assertThat(db.tables.get(LikesWorkload.BY_USER))
        .hasSize((int) count)
        .containsKey("0000000000:0000000000")
        .containsKey("0000000001:0000000002")
        .doesNotContainKey("0000000001:0000000001");
    assertIndexesMirrorEachOther(db);
    assertThat(db.tables.get(LikesWorkload.BY_POST).get("0000000002:0000000001")).isNotEmpty();
  }

  @Test
  void likesKeepBothIndexesInStepAndLookupsRun() throws Exception {
    LikesWorkload workload =
        workload(
            20,
            20,
            "likes.like_proportion",
            "0.4",
            "likes.posts_of_user_proportion",
            "0.2",
            "likes.users_of_post_proportion",
            "0.2",
            "likes.like_exists_proportion",
            "0.2");
    MemoryDb db = new MemoryDb();
    for (long i = 0; i < LikesWorkload.likeCount(20, 20); i++) {
      workload.doInsert(db, null);
    }
    for (int i = 0; i < 500; i++) {
      assertThat(workload.doTransaction(db, null)).isTrue();
    }
    assertThat(db.tables.get(LikesWorkload.BY_USER).size())
        .isGreaterThan((int) LikesWorkload.likeCount(20, 20));
    assertIndexesMirrorEachOther(db);
  }

  @Test
  void recordcountMustBeTheNumberOfLikes() {
    Properties p = new Properties();
    p.setProperty("likes.users", "10");
    p.setProperty("likes.posts", "10");
    p.setProperty("recordcount", "100");
    assertThatThrownBy(() -> new LikesWorkload().init(p))
        .isInstanceOf(WorkloadException.class)
        .hasMessage(
            "recordcount: '100' must be the number of likes the load writes, 34 for likes.users=10 and likes.posts=10");
  }

  @Test
  void badProportionIsNamed() {
    assertThatThrownBy(() -> workload(3, 3, "likes.like_exists_proportion", "1.5"))
        .hasMessage(
            "likes.like_exists_proportion: '1.5' is not a proportion; use a number from 0 to 1");
  }
}
