package io.github.ycsbembedded.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.testing.YcsbProcess;
import io.github.ycsbembedded.lmdb.LmdbClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import java.util.Vector;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The Maven example of docs/distribution.md (docs/maven-example) builds as a user's own project
 * would, against the artifacts this build installed into the local repository (bin/test runs mvn
 * install), with stock YCSB 0.17.0's core from the repository, and loads and reads 1,000 records.
 */
@Tag("process")
class MavenExampleIT {
  @TempDir Path tmp;

  @Test
  void theExampleProjectBuildsAgainstTheInstalledBindingAndLoadsAndReadsAThousandRecords()
      throws Exception {
    Path installed =
        Paths.get(
            System.getProperty("ycsbembedded.localrepository"),
            "io/github/ycsbembedded/lmdb-binding/0.1.0-SNAPSHOT/lmdb-binding-0.1.0-SNAPSHOT.jar");
    Path built = YcsbProcess.root().resolve("lmdb-binding/target/lmdb-binding-0.1.0-SNAPSHOT.jar");
    assertThat(installed)
        .as("the local repository holds this build's lmdb-binding (bin/test runs mvn install)")
        .hasSameBinaryContentAs(built);

    Path project = tmp.resolve("example");
    copy(YcsbProcess.root().resolve("docs/maven-example"), project);
    Path data = tmp.resolve("lmdb");
    List<String> command =
        new ArrayList<>(
            List.of(
                System.getenv().getOrDefault("MVN", "mvn"),
                "-B",
                "-q",
                "-o",
                "-Dmaven.repo.local=" + System.getProperty("ycsbembedded.localrepository"),
                "package",
                "exec:java",
                "-Dexec.args=" + data));
    YcsbProcess build = YcsbProcess.run(command, project);

    assertThat(build.exitCode()).as(build.toString()).isZero();
    assertThat(build.stdout()).contains("loaded 1000 records into " + data + " and read each back");
    DB db = new LmdbClient();
    Properties properties = new Properties();
    properties.setProperty("lmdb.dir", data.toString());
    db.setProperties(properties);
    db.init();
    try {
      Vector<HashMap<String, ByteIterator>> all = new Vector<>();
      assertThat(db.scan("usertable", "", 2000, null, all)).isEqualTo(Status.OK);
      assertThat(all).hasSize(1000);
    } finally {
      db.cleanup();
    }
  }

  private static void copy(Path from, Path to) throws Exception {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : all.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else if (!from.relativize(p).startsWith("target")) {
          Files.copy(p, target);
        }
      }
    }
  }
}
