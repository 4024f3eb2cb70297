package io.github.ycsbembedded.dist;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;

/**
 * bin/experiment as a user runs it, at the test-only tiny scale, and the checks of what it writes
 * that the experiment tests share.
 */
final class ExperimentRuns {
  private ExperimentRuns() {}

  /**
   * {@code bin/experiment} with {@code args}, its JVMs compiling with C1 alone and collecting with
   * the serial collector: JAVA_OPTS, which the runner's JVM takes and, through bin/ycsb, each
   * phase's. A tiny phase lasts a second or two, over which C2's compiler threads take a third of
   * its CPU and change nothing these tests check (none asserts a speed); on two cores that is
   * minutes of bin/test.
   */
  static List<String> experimentCommand(String... args) {
    List<String> command =
        new ArrayList<>(
            List.of(
                "env",
                "JAVA_OPTS=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC",
                YcsbProcess.root().resolve("bin/experiment").toString()));
    command.addAll(List.of(args));
    return command;
  }

  static YcsbProcess experiment(String... args) throws Exception {
    return YcsbProcess.run(experimentCommand(args), YcsbProcess.root());
  }

  /**
   * Runs {@code experiment} at the tiny scale with {@code more} options, its results under {@code
   * out} and its data under {@code data}; checks that it ran and returns its results folder.
   */
  static Path tiny(Path out, Path data, String experiment, String... more) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                experiment, "--scale", "tiny", "--out", out.toString(), "--dir", data.toString()));
    args.addAll(List.of(more));
    YcsbProcess result = experiment(args.toArray(String[]::new));
    assertThat(result.exitCode()).as(result.toString()).isZero();
    assertThat(result.stdout()).contains("$ bin/ycsb load ", "Claims, checked here:", "report: ");
    try (Stream<Path> runs = Files.list(out)) {
      return runs.filter(p -> p.getFileName().toString().startsWith(experiment + "-tiny-"))
          .findFirst()
          .orElseThrow();
    }
  }

  /** The engines of this build: WiredTiger only where bin/setup could provide it. */
  static List<String> engines(List<String> wanted) {
    List<String> engines = new ArrayList<>(wanted);
    if (!Files.exists(YcsbProcess.root().resolve(".deps/wiredtiger/ready"))) {
      engines.remove("wiredtiger");
    }
    return engines;
  }

  static JsonNode results(Path report) throws Exception {
    return new ObjectMapper().readTree(report.resolve("results.json").toFile());
  }

  /** The engines of the run's first variant: the experiment as its file sets it. */
  static JsonNode engines(JsonNode results) {
    return results.get("variants").get(0).get("engines");
  }

  /** A repetition's figure group ({@code speed}, {@code cpu}, {@code disk}, ...). */
  static JsonNode figure(JsonNode repetition, String group) {
    return repetition.get("figures").get(group);
  }

  static void assertEveryEngineAndPhaseMeasured(
      JsonNode results, List<String> engines, List<String> phases) {
    assertThat(results.get("schema").asInt()).isEqualTo(3);
    assertThat(results.get("completion").get("complete").asBoolean()).isTrue();
    assertThat(engines(results)).extracting(e -> e.get("engine").asText()).containsAll(engines);
    for (JsonNode engine : engines(results)) {
      if (!engines.contains(engine.get("engine").asText())) {
        continue;
      }
      assertThat(engine.get("error").isNull()).as(engine.toString()).isTrue();
      assertThat(engine.get("phases"))
          .extracting(p -> p.get("phase").asText())
          .containsExactlyElementsOf(phases);
      for (JsonNode phase : engine.get("phases")) {
        for (JsonNode rep : phase.get("repetitions")) {
          String what = engine.get("engine").asText() + " " + phase.get("phase").asText();
          assertThat(rep.get("outcome").get("error").isNull()).as(what).isTrue();
          assertThat(figure(rep, "speed").get("speed").asDouble()).as(what + " speed").isPositive();
          assertThat(
                  figure(rep, "cpu").get("user").asDouble()
                      + figure(rep, "cpu").get("system").asDouble())
              .as(what + " CPU")
              .isPositive();
          assertThat(figure(rep, "disk").get("allocated").asLong()).as(what + " disk").isPositive();
          assertThat(rep.get("outcome").get("command").asText()).startsWith("bin/ycsb ");
          assertThat(rep.get("operations").size()).as(what + " operation types").isPositive();
          assertThat(rep.get("latency").size()).as(what + " latency").isPositive();
          rep.get("latency")
              .forEach(
                  l -> {
                    assertThat(l.get("count").asLong()).as(what).isPositive();
                    assertThat(l.get("p99Us").asDouble())
                        .as(what)
                        .isGreaterThanOrEqualTo(l.get("p50Us").asDouble());
                  });
        }
      }
    }
  }

  static void assertPngs(Path report, int atLeast) throws Exception {
    List<Path> charts;
    try (Stream<Path> files = Files.list(report.resolve("charts"))) {
      charts = files.filter(p -> p.toString().endsWith(".png")).toList();
    }
    assertThat(charts).hasSizeGreaterThanOrEqualTo(atLeast);
    for (Path chart : charts) {
      BufferedImage image = ImageIO.read(chart.toFile());
      assertThat(image).as(chart + " is a PNG image").isNotNull();
      assertThat(image.getWidth()).isGreaterThan(100);
    }
  }

  /**
   * The report opens with its summary and contents, then its claims, each with a verdict word: the
   * write-up's ({@code tallied}, counted in the summary's verdicts) and ours beside them.
   */
  static void assertClaimsFirst(String md, int claims) {
    List<String> headings = md.lines().filter(l -> l.startsWith("## ")).toList();
    assertThat(headings.get(0)).isEqualTo("## Claims");
    assertThat(md.substring(0, md.indexOf("## Claims")))
        .contains("- **Verdicts**: " + claims + " claim")
        .contains("- **Data**: ")
        .contains("- [Claims](#claims)");
    assertThat(md)
        .contains(
            "| # | claim | published | here: median [range] (samples) | 90% interval (independent"
                + " samples) | verdict | direction |");
    long verdicts =
        md.lines()
            .filter(
                l ->
                    l.matches(
                        "\\| \\d+ \\| .* \\| (reproduced|not reproduced|inconclusive|regime differs|not measured|beyond the write-up) \\| .*\\|"))
            .count();
    assertThat(verdicts).isEqualTo(claims);
  }
}
