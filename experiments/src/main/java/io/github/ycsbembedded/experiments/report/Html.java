package io.github.ycsbembedded.experiments.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Image;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.AttributeProvider;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * Markdown to one self-contained HTML page with commonmark-java (tables from its GFM extension),
 * the charts embedded as data URIs so the page can be mailed or archived alone.
 */
public final class Html {
  private static final String STYLE =
      "body{font-family:sans-serif;max-width:1200px;margin:2em auto;padding:0 1em}"
          + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}"
          + "td:first-child,th:first-child{text-align:left}pre{background:#f4f4f4;padding:1em;overflow-x:auto}"
          + "img{max-width:100%}";

  private Html() {}

  /** The page for {@code markdown}, whose images are files relative to {@code folder}. */
  public static String page(String title, String markdown, Path folder) {
    List<org.commonmark.Extension> extensions = List.of(TablesExtension.create());
    Parser parser = Parser.builder().extensions(extensions).build();
    AttributeProvider embedImages =
        (node, tag, attributes) -> {
          if (node instanceof Image && attributes.containsKey("src")) {
            attributes.put("src", dataUri(folder.resolve(attributes.get("src"))));
          }
        };
    HtmlRenderer renderer =
        HtmlRenderer.builder()
            .extensions(extensions)
            .escapeHtml(true)
            .attributeProviderFactory(context -> embedImages)
            .build();
    String body = renderer.render(parser.parse(markdown));
    return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>"
        + escape(title)
        + "</title><style>"
        + STYLE
        + "</style></head><body>\n"
        + body
        + "</body></html>\n";
  }

  private static String dataUri(Path png) {
    try {
      return "data:image/png;base64," + Base64.getEncoder().encodeToString(Files.readAllBytes(png));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot embed " + png, e);
    }
  }

  private static String escape(String text) {
    Map<Character, String> entities = Map.of('&', "&amp;", '<', "&lt;", '>', "&gt;", '"', "&quot;");
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      out.append(entities.getOrDefault(c, String.valueOf(c)));
    }
    return out.toString();
  }
}
