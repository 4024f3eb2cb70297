package io.github.ycsbembedded.workloads;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Who follows whom in the Digg workload: {@code users} users and about {@code edges} friendships
 * ("u has friend f": u sees f's diggs), generated from a seed so that the load and every run
 * process build the same graph.
 *
 * <p>Both degrees follow a power law: the user of out-rank r (0-based) has a number of friends
 * proportional to {@code (r + 1)^-skew}, and each friend is drawn with probability proportional to
 * {@code (s + 1)^-skew} of its in-rank s. Out-rank is the user id; in-rank is a fixed permutation
 * of it, so the users with most friends are not the most followed. With 500,000 users, 10,000,000
 * edges and skew 0.6 (the defaults' shape) the most followed user has about 19,000 followers, the
 * order of the write-up's "Kevin Rose, 40,000+".
 */
final class FriendGraph {
  private final int users;
  private final int[] friendStart;
  private final int[] friendIds;
  private final int[] followerStart;
  private final int[] followerIds;

  private FriendGraph(int users, int[] friendStart, int[] friendIds) {
    this.users = users;
    this.friendStart = friendStart;
    this.friendIds = friendIds;
    followerStart = new int[users + 1];
    for (int friend : friendIds) {
      followerStart[friend + 1]++;
    }
    for (int u = 0; u < users; u++) {
      followerStart[u + 1] += followerStart[u];
    }
    followerIds = new int[friendIds.length];
    int[] next = Arrays.copyOf(followerStart, users);
    for (int u = 0; u < users; u++) {
      for (int i = friendStart[u]; i < friendStart[u + 1]; i++) {
        followerIds[next[friendIds[i]]++] = u; // users in ascending order, so each list is sorted
      }
    }
  }

  /**
   * @throws IllegalArgumentException when {@code edges} exceeds what a simple graph of that many
   *     users can hold, {@code users × (users − 1)}
   */
  static FriendGraph generate(int users, long edges, double skew, long seed) {
    if (users < 1 || edges < 0 || edges > (long) users * (users - 1)) {
      throw new IllegalArgumentException(
          "a graph of "
              + users
              + " users holds between 0 and "
              + (long) users * (users - 1)
              + " edges, not "
              + edges);
    }
    if (edges > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(edges + " edges is more than one array can hold");
    }
    int[] degrees = degrees(users, (int) edges, skew);
    Alias ranks = new Alias(users, skew);
    long multiplier = coprimeMultiplier(users);
    int[] start = new int[users + 1];
    for (int u = 0; u < users; u++) {
      start[u + 1] = start[u] + degrees[u];
    }
    int[] ids = new int[(int) edges];
    int[] chosenBy = new int[users]; // chosenBy[f] == u + 1: f is already a friend of u
    SplittableRandom random = new SplittableRandom(seed);
    for (int u = 0; u < users; u++) {
      int degree = degrees[u];
      if (degree > (users - 1) / 2) {
        // nearly everybody: leave out a uniform choice of the others instead of drawing
        int[] others = new int[users - 1];
        for (int v = 0, i = 0; v < users; v++) {
          if (v != u) {
            others[i++] = v;
          }
        }
        for (int i = others.length - 1; i > 0; i--) {
          int j = random.nextInt(i + 1);
          int t = others[i];
          others[i] = others[j];
          others[j] = t;
        }
        System.arraycopy(others, 0, ids, start[u], degree);
      } else {
        int i = start[u];
        while (i < start[u + 1]) {
          int friend = (int) ((ranks.draw(random) * multiplier + 1) % users);
          if (friend != u && chosenBy[friend] != u + 1) {
            chosenBy[friend] = u + 1;
            ids[i++] = friend;
          }
        }
      }
      Arrays.sort(ids, start[u], start[u + 1]);
    }
    return new FriendGraph(users, start, ids);
  }

  /** Walker's alias table of ranks with weight (rank + 1)^-skew: one draw in constant time. */
  private static final class Alias {
    private final double[] probability;
    private final int[] alias;

    Alias(int n, double skew) {
      probability = new double[n];
      alias = new int[n];
      double total = 0;
      for (int r = 0; r < n; r++) {
        total += Math.pow(r + 1, -skew);
      }
      int[] small = new int[n];
      int[] large = new int[n];
      int smalls = 0;
      int larges = 0;
      for (int r = 0; r < n; r++) {
        probability[r] = Math.pow(r + 1, -skew) * n / total;
        if (probability[r] < 1) {
          small[smalls++] = r;
        } else {
          large[larges++] = r;
        }
      }
      while (smalls > 0 && larges > 0) {
        int less = small[--smalls];
        int more = large[--larges];
        alias[less] = more;
        probability[more] -= 1 - probability[less];
        if (probability[more] < 1) {
          small[smalls++] = more;
        } else {
          large[larges++] = more;
        }
      }
      while (larges > 0) {
        probability[large[--larges]] = 1;
      }
      while (smalls > 0) {
        probability[small[--smalls]] = 1; // rounding left these a hair under 1
      }
    }

    int draw(SplittableRandom random) {
      int column = random.nextInt(probability.length);
      return random.nextDouble() < probability[column] ? column : alias[column];
    }
  }

  /** Out-degrees ∝ (rank + 1)^-skew summing to exactly {@code edges}, none above users − 1. */
  private static int[] degrees(int users, int edges, double skew) {
    double total = 0;
    for (int r = 0; r < users; r++) {
      total += Math.pow(r + 1, -skew);
    }
    int[] degrees = new int[users];
    long assigned = 0;
    for (int r = 0; r < users; r++) {
      degrees[r] = (int) Math.min(users - 1, Math.floor(edges * Math.pow(r + 1, -skew) / total));
      assigned += degrees[r];
    }
    for (int r = 0; assigned < edges; r = (r + 1) % users) {
      if (degrees[r] < users - 1) {
        degrees[r]++;
        assigned++;
      }
    }
    return degrees;
  }

  /** A multiplier coprime to {@code users}: rank × it mod users is then a permutation. */
  private static long coprimeMultiplier(int users) {
    long m = 1_000_003L;
    while (gcd(m, users) != 1) {
      m += 2;
    }
    return m;
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  int users() {
    return users;
  }

  long edges() {
    return friendIds.length;
  }

  /** The users whose diggs {@code user} sees, ascending. */
  int[] friends(int user) {
    return Arrays.copyOfRange(friendIds, friendStart[user], friendStart[user + 1]);
  }

  /** The users who see {@code user}'s diggs, ascending. */
  int[] followers(int user) {
    return Arrays.copyOfRange(followerIds, followerStart[user], followerStart[user + 1]);
  }

  int followerCount(int user) {
    return followerStart[user + 1] - followerStart[user];
  }

  int maxFollowers() {
    int max = 0;
    for (int u = 0; u < users; u++) {
      max = Math.max(max, followerCount(u));
    }
    return max;
  }
}
