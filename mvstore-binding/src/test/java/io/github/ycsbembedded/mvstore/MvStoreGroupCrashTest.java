package io.github.ycsbembedded.mvstore;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.Status;

/**
 * An atomic write survives a kill -9 whole or not at all, while single writes commit among the
 * groups: no commit of a single write stores half a pair ({@link MvStoreEngine#writeGroup}).
 */
@Tag("process")
class MvStoreGroupCrashTest {
  @TempDir Path dataDir;

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void everyPairAcknowledgedBeforeAKillIsThereAndNoPairIsHalfThere() throws Exception {
    Path db = dataDir.resolve("db");
    Path acked = dataDir.resolve("acked");
    List<String> command = YcsbProcess.java(GroupLoader.class.getName());
    command.addAll(List.of(acked.toString(), db.toString()));
    Process child =
        new ProcessBuilder(command)
            .redirectError(dataDir.resolve("stderr").toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    long seen = 0;
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith("acked ")) {
          seen = Long.parseLong(line.substring("acked ".length()));
          if (seen >= 1000) {
            child.destroyForcibly(); // SIGKILL
            break;
          }
        }
      }
    } finally {
      child.destroyForcibly();
      child.waitFor(1, TimeUnit.MINUTES);
    }
    assertThat(seen).as("pairs acknowledged before the kill").isGreaterThanOrEqualTo(1000);
    long acknowledged;
    try (RandomAccessFile file = new RandomAccessFile(acked.toFile(), "r")) {
      acknowledged = file.readLong();
    }

    MvStoreClient reopened = new MvStoreClient();
    Properties properties = new Properties();
    properties.setProperty("mvstore.dir", db.toString());
    reopened.setProperties(properties);
    reopened.init();
    try {
      for (long i = 0; i < acknowledged; i++) {
        assertThat(reopened.read("likes_by_user", "u" + i, null, new HashMap<>()))
            .as("u%d of %d acknowledged", i, acknowledged)
            .isEqualTo(Status.OK);
      }
      Vector<HashMap<String, site.ycsb.ByteIterator>> users = new Vector<>();
      Vector<HashMap<String, site.ycsb.ByteIterator>> posts = new Vector<>();
      assertThat(reopened.scan("likes_by_user", "", Integer.MAX_VALUE, null, users))
          .isEqualTo(Status.OK);
      assertThat(reopened.scan("likes_by_post", "", Integer.MAX_VALUE, null, posts))
          .isEqualTo(Status.OK);
      assertThat(posts).as("pairs whole: as many posts as users").hasSameSizeAs(users);
      System.out.printf(
          "durability: mvstore atomic pairs killed after %,d acknowledged: %,d kept whole%n",
          acknowledged, users.size());
    } finally {
      reopened.cleanup();
    }
  }
}
