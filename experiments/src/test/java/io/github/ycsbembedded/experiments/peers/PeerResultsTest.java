package io.github.ycsbembedded.experiments.peers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** peers.json reads back as written, a failed run's unknown figures among them. */
class PeerResultsTest {
  @TempDir Path tmp;

  @Test
  void resultsReadBackAsWritten() throws Exception {
    PeerResults written =
        new PeerResults(
            new PeerScale("quick", 10, 20, 30, 3, 2, 12.5),
            List.of("rocksdb"),
            List.of(1, 2),
            Map.of("ours", "bin/ycsb", "YCSB-cpp", "/p at 723fff7868ec"),
            null,
            List.of(
                new PeerResults.Measurement(
                    1,
                    "rocksdb",
                    2,
                    Phase.A,
                    Side.YCSB_CPP,
                    "cmd",
                    null,
                    new PeerResults.Figures(
                        300,
                        3.0,
                        1.5,
                        true,
                        99,
                        Map.of("client and engine", 1.25, "engine background", 0.25)),
                    null),
                new PeerResults.Measurement(
                    1, "rocksdb", 2, Phase.A, Side.OURS, "", null, null, "RocksDB 7.8.3"),
                new PeerResults.Measurement(
                    1, "rocksdb", 2, Phase.C, Side.YCSB, "", "exit status 1: boom", null, null)));

    written.write(tmp);
    PeerResults read = PeerResults.read(tmp);

    assertThat(read).isEqualTo(written);
    assertThat(read.runs().get(0).cpuPerOperationUs()).isEqualTo(5000.0);
    assertThat(read.runs().get(1).library()).isEqualTo("RocksDB 7.8.3");
    assertThat(read.runs().get(2).failed()).isTrue();

    Path file = tmp.resolve(PeerResults.NAME);
    String json = Files.readString(file);
    Files.writeString(
        file,
        json.replace("\"secondsPerRun\" : 12.5", "\"estimate\" : \"about 40 minutes\"")
            .replace(",\n    \"library\" : \"RocksDB 7.8.3\"", "")
            .replace(",\n    \"library\" : null", ""));
    assertThat(PeerResults.read(tmp).scale())
        .as("an older file's fixed estimate is read and left out")
        .isEqualTo(new PeerScale("quick", 10, 20, 30, 3, 2, 0));
    assertThat(PeerResults.read(tmp).runs().get(1).library())
        .as("an older file's runs name no library")
        .isNull();
  }
}
