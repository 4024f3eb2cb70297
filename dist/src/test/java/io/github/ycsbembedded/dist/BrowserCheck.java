package io.github.ycsbembedded.dist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A report page as headless Chromium lays it out: the page is loaded in a frame of a given width
 * from a small page beside it, whose script measures it once loaded and writes what it found into
 * its own DOM, which Chromium prints ({@code --dump-dom}). The report is not changed.
 */
final class BrowserCheck {
  /** Debian's Chromium, installed by {@code bin/setup --test}. */
  static final String CHROMIUM = "chromium";

  private static final String SCRIPT =
      """
      document.getElementById('f').addEventListener('load', function () {
        var r = {};
        try {
          var d = this.contentDocument;
          var images = Array.from(d.images);
          r.images = images.length;
          r.brokenImages = images.filter(function (i) { return !(i.complete && i.naturalWidth > 0); })
              .map(function (i) { return i.alt || i.src.slice(0, 60); });
          r.pageWidth = d.documentElement.scrollWidth;
          r.viewportWidth = d.documentElement.clientWidth;
          var links = Array.from(d.querySelectorAll('a[href^="#"]'));
          r.links = links.length;
          r.brokenLinks = links
              .filter(function (a) { return !d.getElementById(decodeURIComponent(a.getAttribute('href').slice(1))); })
              .map(function (a) { return a.getAttribute('href'); });
          var numbers = 0, wrapped = [];
          d.querySelectorAll('td').forEach(function (td) {
            var t = td.textContent.trim();
            if (!/\\d/.test(t) || !/^[-+\\d.,\\s\\[\\]\\u2013\\u00d7%()]+$/.test(t)) return;
            numbers++;
            // the figure itself (its range sits on a line of its own below it)
            var first = td.firstChild;
            if (!first) return;
            var range = d.createRange();
            range.selectNodeContents(first.nodeType === 3 ? first : td);
            var tops = new Set(Array.from(range.getClientRects()).map(function (c) { return Math.round(c.top); }));
            if (tops.size > 1) wrapped.push(t);
          });
          r.numberCells = numbers;
          r.wrappedNumbers = wrapped;
          var width = d.documentElement.clientWidth;
          r.hiddenPublished = Array.from(d.querySelectorAll('th'))
              .filter(function (th) { return /^published/.test(th.textContent.trim()); })
              .filter(function (th) { var b = th.getBoundingClientRect(); return b.right > width + 1; })
              .map(function (th) { return th.textContent.trim(); });
          var verdicts = Array.from(d.querySelectorAll('table.cards td[data-label="verdict"]'));
          r.verdicts = verdicts.length;
          r.hiddenVerdicts = verdicts
              .filter(function (td) { var b = td.getBoundingClientRect(); return b.width === 0 || b.right > width + 1; })
              .map(function (td) { return td.textContent.trim(); });
        } catch (e) {
          r.error = String(e);
        }
        document.getElementById('result').textContent = JSON.stringify(r);
      });
      """;

  private static final Pattern RESULT = Pattern.compile("<pre id=\"result\">([^<]*)</pre>");

  private BrowserCheck() {}

  /** What was measured of a page at one width. */
  record Layout(
      int images,
      List<String> brokenImages,
      int pageWidth,
      int viewportWidth,
      int links,
      List<String> brokenLinks,
      int numberCells,
      List<String> wrappedNumbers,
      List<String> hiddenPublished,
      int verdicts,
      List<String> hiddenVerdicts) {}

  /** Whether Chromium can be run here. */
  static boolean available() {
    try {
      Process p = new ProcessBuilder(CHROMIUM, "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** {@code page} laid out in a frame {@code width} pixels wide. */
  static Layout measure(Path page, int width) throws Exception {
    Path probe = page.resolveSibling("browser-check-" + width + ".html");
    Files.writeString(
        probe,
        "<!DOCTYPE html><html><body><pre id=\"result\">pending</pre>"
            + "<iframe id=\"f\" src=\""
            + page.getFileName()
            + "\" style=\"width:"
            + width
            + "px;height:900px;border:0\"></iframe><script>"
            + SCRIPT
            + "</script></body></html>",
        StandardCharsets.UTF_8);
    try {
      String dom = chromium(page.getParent(), "--dump-dom", probe.toUri().toString());
      Matcher m = RESULT.matcher(dom);
      if (!m.find()) {
        throw new IllegalStateException("no result in Chromium's page:\n" + dom);
      }
      JsonNode r = new ObjectMapper().readTree(unescape(m.group(1)));
      if (r.has("error")) {
        throw new IllegalStateException("the check failed in the page: " + r.get("error").asText());
      }
      return new Layout(
          r.get("images").asInt(),
          strings(r.get("brokenImages")),
          r.get("pageWidth").asInt(),
          r.get("viewportWidth").asInt(),
          r.get("links").asInt(),
          strings(r.get("brokenLinks")),
          r.get("numberCells").asInt(),
          strings(r.get("wrappedNumbers")),
          strings(r.get("hiddenPublished")),
          r.get("verdicts").asInt(),
          strings(r.get("hiddenVerdicts")));
    } finally {
      Files.deleteIfExists(probe);
    }
  }

  /**
   * A screenshot of {@code page}, {@code width} pixels wide and {@code height} tall, into {@code
   * png}.
   */
  static void screenshot(Path page, int width, int height, Path png) throws Exception {
    Files.createDirectories(png.getParent());
    chromium(
        page.getParent(),
        "--screenshot=" + png,
        "--window-size=" + width + "," + height,
        page.toUri().toString());
    if (!Files.isRegularFile(png) || Files.size(png) == 0) {
      throw new IllegalStateException("Chromium wrote no screenshot of " + page);
    }
  }

  private static String chromium(Path dir, String... args) throws Exception {
    Path profile = Files.createTempDirectory("browser-check-profile");
    List<String> command =
        new ArrayList<>(
            List.of(
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--allow-file-access-from-files",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--user-data-dir=" + profile,
                "--virtual-time-budget=10000"));
    command.addAll(List.of(args));
    try {
      Process p =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(2, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IllegalStateException("Chromium did not finish: " + command);
      }
      return out;
    } finally {
      try (var files = Files.walk(profile)) {
        for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(f);
        }
      }
    }
  }

  private static String unescape(String html) {
    return html.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
