package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/experiment report} over the shards of a captured run (fixtures/unum-quick.json, one
 * trial, made shard 1 and shard 2 of a run of 2): like machines pooled into one report of both
 * trials, a machine of another kind judged apart.
 */
class ShardReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @RegisterExtension final Console console = new Console();
  @TempDir Path tmp;

  /** The captured run as shard {@code k} of 2 on {@code host} with {@code cpu}. */
  private Path shard(int k, String host, String cpu) throws Exception {
    ObjectNode run =
        (ObjectNode)
            JSON.readTree(
                Path.of(System.getProperty("ycsbembedded.root"))
                    .resolve("experiments/src/test/resources/fixtures/unum-quick.json")
                    .toFile());
    ObjectNode shard = ((ObjectNode) run.get("protocol")).putObject("shard");
    shard.put("index", k).put("count", 2).put("ofTrials", 2);
    shard.putArray("trials").add(k);
    ObjectNode machine = (ObjectNode) run.get("machines").get(0);
    machine.put("host", host).put("cpu", cpu);
    ((ArrayNode) run.get("claims")).removeAll();
    Path dir = Files.createDirectories(tmp.resolve("unum-quick-shard-" + k + "-" + host));
    JSON.writeValue(dir.resolve("results.json").toFile(), run);
    return dir;
  }

  private String report(Path... folders) throws Exception {
    Path reports =
        Files.createDirectories(tmp.resolve("reports-" + folders.length + "-" + System.nanoTime()));
    String[] args = new String[folders.length + 3];
    args[0] = "report";
    args[1] = "--out";
    args[2] = reports.toString();
    for (int i = 0; i < folders.length; i++) {
      args[i + 3] = folders[i].toString();
    }
    assertThat(console.run(args)).as(console.stderr()).isZero();
    try (Stream<Path> made = Files.list(reports)) {
      Path folder = made.findFirst().orElseThrow();
      return Files.readString(folder.resolve("report.md"));
    }
  }

  @Test
  void shardsOfLikeMachinesMergeIntoOneReportOfEveryTrial() throws Exception {
    String md = report(shard(1, "node1", "AMD EPYC"), shard(2, "node2", "AMD EPYC"));

    assertThat(md).contains("2 trials").doesNotContain("judged apart");
    assertThat(md).contains("| node1 |").contains("| node2 |");
  }

  @Test
  void aShardOnAnotherKindOfMachineIsJudgedApartNotPooled() throws Exception {
    String md = report(shard(1, "node1", "AMD EPYC"), shard(2, "node2", "Intel Xeon"));

    assertThat(md)
        .contains("## Machines of different kinds, judged apart")
        .contains(
            "which differ in the CPU and its count (2 × AMD EPYC vs 2 × Intel Xeon). Their trials"
                + " are not pooled")
        .contains("The verdicts above rest on node1 (1 trial, the most of any kind)")
        .contains(
            "| claim | node1 (1 trial) | verdict there | node2 (1 trial) | verdict there |"
                + " between kinds |");
    String row =
        md.substring(md.indexOf("## Machines of different kinds"))
            .lines()
            .filter(l -> l.startsWith("| RocksDB's speed ÷ LevelDB's, C (100% read) |"))
            .findFirst()
            .orElseThrow();
    String[] cells = row.split(" \\| ");
    assertThat(row).as("the same trial on both: ×1.00 apart").endsWith("| ×1.00 |");
    assertThat(cells[1]).as("each kind's own figure").isEqualTo(cells[3]).isNotEqualTo("n/a");
  }

  @Test
  void kindsWhoseHostsShareANameAreToldApartByWhatDiffers() throws Exception {
    String md = report(shard(1, "vm", "AMD EPYC"), shard(2, "vm", "Intel Xeon"));

    assertThat(md)
        .contains("The verdicts above rest on vm, 2 × AMD EPYC (1 trial, the most of any kind)")
        .contains(
            "| claim | vm, 2 × AMD EPYC (1 trial) | verdict there | vm, 2 × Intel Xeon (1 trial) |"
                + " verdict there | between kinds |");
  }
}
