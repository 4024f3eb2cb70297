package io.github.ycsbembedded.dist;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/experiment slurm --submit} on a real Slurm (a private one-node cluster): an experiment
 * in two shards, one array task each, and the merge job after them; the merged report has the shape
 * of the same experiment run on one host with the same trials.
 */
@Tag("process")
class SlurmIT {
  /** Two engines, a load and a read phase: a few seconds a trial. */
  private static final String EXPERIMENT =
      """
      title: "LMDB against LevelDB on YCSB's workload C, in shards"
      engines: [lmdb, leveldb]
      ycsb: {fieldcount: 1, fieldlength: 100}
      phases:
        - {id: load, command: load, workload: workloadc}
        - {id: c, label: "C (reads)", workload: workloadc}
      scales:
        - {name: tiny, records: 1000, operations: 2000, repeat: 1}
      claims:
        - {ratio: lmdb / leveldb, phase: c, expect: ">= 1.0"}
      """;

  @TempDir Path work;

  @Test
  void twoShardsOnSlurmMergeIntoTheReportOfOneHostWithTheSameTrials() throws Exception {
    Path file = work.resolve("sharded.yaml");
    Files.writeString(file, EXPERIMENT);
    try (OneNodeSlurm slurm = OneNodeSlurm.start(work.resolve("slurm"))) {
      YcsbProcess submitted =
          experiment(
              slurm.environment(),
              "slurm",
              file.toString(),
              "--scale",
              "tiny",
              "--trials",
              "2",
              "--nodes",
              "2",
              "--dir",
              work.resolve("data").toString(),
              "--results",
              work.resolve("shared").toString(),
              "--submit");
      assertThat(submitted.exitCode()).as(submitted.toString()).isZero();
      String said = submitted.stdout().strip();
      assertThat(said)
          .matches("(?s)script: .*\nshards: job \\d+ \\(2 tasks\\); merge: job \\d+; results: .*");
      String merge = said.replaceAll("(?s).*merge: job (\\d+);.*", "$1");
      Path run = Path.of(said.replaceAll("(?s).*results: (.*)$", "$1"));
      String state = slurm.awaitEnd(merge, 10);
      assertThat(state).as(logsOf(run) + slurm.logs()).isEqualTo("COMPLETED");

      List<Path> shards = folders(run, "-shard-");
      assertThat(shards).hasSize(2);
      Path merged = folders(run, "-report-").get(0);
      YcsbProcess one =
          experiment(
              "SLURM_CONF=/nonexistent",
              "run",
              file.toString(),
              "--scale",
              "tiny",
              "--trials",
              "2",
              "--dir",
              work.resolve("data-one").toString(),
              "--out",
              work.resolve("one").toString());
      assertThat(one.exitCode()).as(one.toString()).isZero();
      Path single = folders(work.resolve("one"), "sharded-tiny-").get(0);

      JsonNode m = new ObjectMapper().readTree(merged.resolve("results.json").toFile());
      JsonNode s = new ObjectMapper().readTree(single.resolve("results.json").toFile());
      assertThat(m.get("protocol").get("trials").asInt()).isEqualTo(2);
      assertThat(shape(m)).isEqualTo(shape(s));
      assertThat(headings(merged)).isEqualTo(headings(single));
      for (Path shard : shards) {
        JsonNode r = new ObjectMapper().readTree(shard.resolve("results.json").toFile());
        assertThat(r.get("protocol").get("shard").get("count").asInt()).isEqualTo(2);
        assertThat(r.get("protocol").get("trials").asInt()).isEqualTo(1);
      }
    }
  }

  private YcsbProcess experiment(String environment, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("env", environment));
    command.addAll(ExperimentRuns.experimentCommand(args));
    return YcsbProcess.run(command, work);
  }

  private static List<Path> folders(Path in, String containing) throws Exception {
    try (Stream<Path> list = Files.list(in)) {
      return list.filter(
              p -> Files.isDirectory(p) && p.getFileName().toString().contains(containing))
          .sorted()
          .toList();
    }
  }

  /**
   * What a run measured, without its figures: variant → engine → phase → its runs' trials, and the
   * claims' statements.
   */
  private static String shape(JsonNode results) {
    TreeMap<String, List<Integer>> runs = new TreeMap<>();
    for (JsonNode variant : results.get("variants")) {
      for (JsonNode engine : variant.get("engines")) {
        for (JsonNode phase : engine.get("phases")) {
          List<Integer> trials = new ArrayList<>();
          phase.get("repetitions").forEach(r -> trials.add(r.get("trial").asInt()));
          trials.sort(Integer::compare);
          runs.put(
              variant.get("name").asText()
                  + "/"
                  + engine.get("engine").asText()
                  + "/"
                  + phase.get("phase").asText(),
              trials);
        }
      }
    }
    List<String> claims = new ArrayList<>();
    results.get("claims").forEach(c -> claims.add(c.get("statement").asText()));
    return runs + " " + claims;
  }

  private static List<String> headings(Path report) throws Exception {
    return Files.readAllLines(report.resolve("report.md")).stream()
        .filter(l -> l.startsWith("#"))
        .toList();
  }

  private static String logsOf(Path run) throws Exception {
    StringBuilder s = new StringBuilder();
    try (Stream<Path> files = Files.list(run)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (f.getFileName().toString().startsWith("slurm-")) {
          s.append("--- ").append(f.getFileName()).append('\n').append(Files.readString(f));
        }
      }
    }
    return s.toString();
  }
}
