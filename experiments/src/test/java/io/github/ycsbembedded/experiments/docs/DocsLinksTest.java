package io.github.ycsbembedded.experiments.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.model.ExperimentTest;
import io.github.ycsbembedded.experiments.report.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the README, docs/ and experiments/README.md names a file that exists, and
 * a link into a Markdown page's section names a heading that page has (GitHub's anchors); and the
 * reference pages keep no dated lab notes: those live in docs/notes/ and docs/performance.md's
 * generated tables (and the audit is dated by what it audits).
 */
class DocsLinksTest {
  private static final Path ROOT = ExperimentTest.EXPERIMENTS.getParent();
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern DATE = Pattern.compile("\\b20\\d\\d-\\d\\d-\\d\\d\\b");

  private static List<Path> pages() throws IOException {
    List<Path> pages =
        new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("experiments/README.md")));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  /** The reference pages and the notes in docs/notes/, whose links are checked alike. */
  private static List<Path> pagesAndNotes() throws IOException {
    List<Path> pages = pages();
    try (Stream<Path> notes = Files.list(ROOT.resolve("docs/notes"))) {
      notes.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  private static Set<String> anchors(Path page) throws IOException {
    Set<String> anchors = new HashSet<>();
    for (String line : Files.readAllLines(page)) {
      if (line.startsWith("#")) {
        anchors.add(Document.anchor(line.replaceFirst("^#+\\s*", "")));
      }
    }
    return anchors;
  }

  @Test
  void everyRelativeLinkResolvesToAFileAndEverySectionLinkToAHeading() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path page : pagesAndNotes()) {
      Matcher m = LINK.matcher(Files.readString(page));
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("^[a-z]+:.*")) {
          continue; // a web address
        }
        if (target.startsWith("#")) {
          if (!anchors(page).contains(target.substring(1))) {
            broken.add(ROOT.relativize(page) + ": " + target + " (no such heading here)");
          }
          continue;
        }
        int hash = target.indexOf('#');
        Path file =
            page.getParent().resolve(hash < 0 ? target : target.substring(0, hash)).normalize();
        if (!Files.exists(file)) {
          broken.add(ROOT.relativize(page) + ": " + target + " (no such file)");
        } else if (hash >= 0
            && file.toString().endsWith(".md")
            && !anchors(file).contains(target.substring(hash + 1))) {
          broken.add(ROOT.relativize(page) + ": " + target + " (no such heading)");
        }
      }
    }
    assertThat(broken).isEmpty();
  }

  @Test
  void datedNotesLiveInThePerformancePageOnly() throws IOException {
    List<String> dated = new ArrayList<>();
    for (Path page : pages()) {
      String name = page.getFileName().toString();
      if (name.equals("performance.md") || name.equals("audit.md")) {
        continue;
      }
      List<String> lines = Files.readAllLines(page);
      for (int i = 0; i < lines.size(); i++) {
        // a link to a note names its date: a pointer to the note, not a note
        String line = lines.get(i).replaceAll("notes/performance-20\\d\\d-\\d\\d-\\d\\d", "notes/");
        if (DATE.matcher(line).find() && !line.contains("unum.cloud/post/")) {
          dated.add(ROOT.relativize(page) + ":" + (i + 1) + ": " + lines.get(i).strip());
        }
      }
    }
    assertThat(dated).as("dated notes outside docs/performance.md and docs/notes/").isEmpty();
  }
}
