package io.github.ycsbembedded.experiments.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.report.KeptResults;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/performance.md's tables of kept results are those the kept results give: regenerated from
 * docs/results here, and any difference fails. {@code -Dycsbembedded.regenerate=true} writes the
 * regenerated page instead (after a results folder is added or removed).
 */
class PerformancePageTest {
  private static final Path ROOT = ExperimentTest.EXPERIMENTS.getParent();

  @Test
  void thePagesKeptResultsTablesAreThoseTheResultsFoldersGive() throws Exception {
    Path page = ROOT.resolve("docs/performance.md");
    String written = Files.readString(page, StandardCharsets.UTF_8);
    String regenerated =
        KeptResults.replaced(written, KeptResults.markdown(ROOT.resolve("docs/results"), ROOT));
    if (Boolean.getBoolean("ycsbembedded.regenerate")) {
      Files.writeString(page, regenerated, StandardCharsets.UTF_8);
      written = regenerated;
    }
    assertThat(written)
        .as(
            "docs/performance.md differs from its kept results; regenerate it: mvn -pl experiments"
                + " test -Dtest=PerformancePageTest -Dycsbembedded.regenerate=true")
        .isEqualTo(regenerated);
    assertThat(written.lines().count()).as("the page stays short").isLessThan(600);
  }
}
