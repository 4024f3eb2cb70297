package io.github.ycsbembedded.dist;

import static io.github.ycsbembedded.dist.ExperimentRuns.experiment;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/experiment peers} run as a user runs it, at the tiny scale on LMDB, against a stand-in
 * for a YCSB-cpp checkout: a script that answers YCSB-cpp's command line with YCSB-cpp's output
 * (status lines on standard output, its "Run throughput" lines), writes a file into the folder it
 * is given when it loads and refuses to run where that file is missing — so that the test sees the
 * side's tree copied for every run.
 */
@Tag("process")
class PeersTinyIT {
  @TempDir Path work;

  /** YCSB-cpp's command line, answered in its output format; its arguments kept in args.log. */
  private static final String STAND_IN =
      String.join(
          "\n",
          "#!/usr/bin/env bash",
          "echo \"$*\" >> \"$(dirname \"$0\")/../args.log\"",
          "dir=; mode=; ops=",
          "while [ $# -gt 0 ]; do",
          "  case \"$1\" in",
          "    -load) mode=Load ;; -run) mode=Run ;;",
          "    -p) case \"$2\" in lmdb.dbpath=*) dir=${2#*=} ;; recordcount=*) [ \"$mode\" = Load ]"
              + " && ops=${2#*=} ;; operationcount=*) [ \"$mode\" = Run ] && ops=${2#*=} ;; esac;"
              + " shift ;;",
          "  esac; shift",
          "done",
          "[ -d \"$dir\" ] || { echo \"no folder $dir\" >&2; exit 1; }",
          "if [ \"$mode\" = Load ]; then echo tree > \"$dir/data\";"
              + " elif [ ! -f \"$dir/data\" ]; then echo \"no tree in $dir\" >&2; exit 1; fi",
          "echo \"2026-12-02 18:09:06 0 sec: 0 operations;\"",
          "echo \"2026-12-02 18:09:06 0 sec: $ops operations; [READ: Count=$ops Max=9.00 Min=1.00"
              + " Avg=2.00 90=3.00 99=4.00 99.9=5.00 99.99=6.00]\"",
          "echo \"$mode runtime(sec): 0.5\"",
          "echo \"$mode operations(ops): $ops\"",
          "echo \"$mode throughput(ops/sec): $((ops * 2))\"",
          "");

  private Path standIn() throws Exception {
    Path checkout = work.resolve("YCSB-cpp");
    Files.createDirectories(checkout.resolve("build"));
    Files.createDirectories(checkout.resolve("workloads"));
    Files.createDirectories(checkout.resolve("lmdb"));
    Path binary = checkout.resolve("build/ycsb");
    Files.writeString(binary, STAND_IN);
    Files.setPosixFilePermissions(binary, PosixFilePermissions.fromString("rwxr-xr-x"));
    return checkout;
  }

  @Test
  void bothSidesRunEveryPhaseEachOnItsOwnTreeAndTheReportSetsThemSideBySide() throws Exception {
    Path checkout = standIn();
    Path out = work.resolve("out");

    YcsbProcess run =
        experiment(
            "peers",
            "--scale",
            "tiny",
            "--ycsb-cpp",
            checkout.toString(),
            "--engines",
            "lmdb",
            "--threads",
            "1",
            "--out",
            out.toString(),
            "--dir",
            work.resolve("data").toString());

    assertThat(run.exitCode()).as(run.toString()).isZero();
    Path folder;
    try (Stream<Path> folders = Files.list(out)) {
      folder = folders.findFirst().orElseThrow();
    }
    JsonNode results = new ObjectMapper().readTree(folder.resolve("peers.json").toFile());
    assertThat(results.get("runs")).hasSize(6);
    for (JsonNode r : results.get("runs")) {
      assertThat(r.get("error").isNull()).as(r.toString()).isTrue();
    }
    JsonNode cppRun = results.get("runs").get(3);
    assertThat(cppRun.get("side").asText()).isEqualTo("YCSB_CPP");
    assertThat(cppRun.get("phase").asText()).isEqualTo("A");
    // LMDB's A runs three times the scale's operations
    assertThat(cppRun.get("figures").get("operations").asLong()).isEqualTo(6000);
    assertThat(cppRun.get("figures").get("reportedThroughput").asDouble()).isEqualTo(12000);

    List<String> args = Files.readAllLines(checkout.resolve("args.log"));
    assertThat(args).hasSize(3);
    assertThat(args.get(0))
        .startsWith("-load -db lmdb -P " + checkout.resolve("workloads/workloada"))
        .contains("-P " + checkout.resolve("lmdb/lmdb.properties"), "-p lmdb.nosync=true");
    assertThat(args.get(2))
        .startsWith("-run -db lmdb -P " + checkout.resolve("workloads/workloadc"));

    String md = Files.readString(folder.resolve("report.md"));
    assertThat(md)
        .contains("## Claims", "| lmdb | 1 | C (100% read) | ")
        .contains("one round (")
        .doesNotContain("## Failed runs");
    assertThat(work.resolve("data/peers-tiny")).as("the trees are removed").doesNotExist();
  }
}
