package io.github.ycsbembedded.dist;

import static io.github.ycsbembedded.dist.ExperimentRuns.experimentCommand;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tutorial of experiments/README.md ("Your own experiment") followed as written: its file,
 * taken from the README itself, run at its tiny scale from a folder outside the project, twice, and
 * the two runs compared.
 */
@Tag("process")
class OwnExperimentIT {
  @TempDir Path work;

  /** The first YAML block after the README's "## Your own experiment" heading. */
  static String tutorialFile() throws Exception {
    String readme = Files.readString(YcsbProcess.root().resolve("experiments/README.md"));
    int section = readme.indexOf("\n## Your own experiment\n");
    assertThat(section).as("the README's tutorial section").isPositive();
    int start = readme.indexOf("```yaml\n", section) + "```yaml\n".length();
    return readme.substring(start, readme.indexOf("```", start));
  }

  private YcsbProcess experiment(Path directory, String... args) throws Exception {
    return YcsbProcess.run(experimentCommand(args), directory);
  }

  private Path onlyRun(Path out) throws Exception {
    try (Stream<Path> runs = Files.list(out)) {
      return runs.filter(p -> p.getFileName().toString().startsWith("mine-tiny-"))
          .findFirst()
          .orElseThrow();
    }
  }

  @Test
  void theTutorialsFileRunsAtTinyFromAnywhereAndTwoRunsCompare() throws Exception {
    Path mine = work.resolve("mine.yaml");
    Files.writeString(mine, tutorialFile());
    Path data = work.resolve("data");

    List<Path> runs = new ArrayList<>();
    for (String name : List.of("first", "second")) {
      Path out = work.resolve(name);
      YcsbProcess run =
          experiment(
              work,
              "run",
              "mine.yaml",
              "--scale",
              "tiny",
              "--out",
              out.toString(),
              "--dir",
              data.toString());
      assertThat(run.exitCode()).as(run.toString()).isZero();
      assertThat(run.stdout()).contains("variants: base (threads=1), threads=2");
      runs.add(onlyRun(out));
    }

    Path first = runs.get(0);
    JsonNode results = new ObjectMapper().readTree(first.resolve("results.json").toFile());
    assertThat(results.get("variants"))
        .extracting(v -> v.get("name").asText())
        .containsExactly("base", "threads=2");
    assertThat(results.get("claims")).extracting(c -> c.get("origin").asText()).containsOnly("own");
    assertThat(results.get("claims").get(0).get("samples").size())
        .as("tiny: one trial × two runs of b")
        .isEqualTo(2);
    assertThat(first.resolve("experiment/mine.yaml")).hasContent(tutorialFile());
    String md = Files.readString(first.resolve("report.md"));
    assertThat(md)
        .contains(
            "Experiment file: `mine.yaml`.",
            "- **Expectations of the file**: 2: ",
            "| # | claim | expected | here: median [range] (samples) | 90% interval (independent"
                + " samples) | verdict | direction |",
            "## Variants",
            "| phase | engine | threads=2 ÷ base |",
            "### Against threads",
            "## Engine settings\n")
        .doesNotContain("write-up's RAM", "Why the figures differ");
    try (Stream<Path> charts = Files.list(first.resolve("charts"))) {
      assertThat(charts.map(p -> p.getFileName().toString()))
          .contains("sweep-2-speed.png", "sweep-2-p99.png");
    }

    YcsbProcess compare =
        experiment(
            work,
            "compare",
            runs.get(0).toString(),
            runs.get(1).toString(),
            "--out",
            work.resolve("compared").toString());
    assertThat(compare.exitCode()).as(compare.toString()).isZero();
    assertThat(compare.stdout())
        .contains("variant", "threads=2", "lmdb", "leveldb", "speed", "p99 (µs)")
        .contains("~: no change told from noise by Welch's t-test");
  }
}
