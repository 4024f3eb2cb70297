package io.github.ycsbembedded.experiments.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * Reads an experiment file into a {@link Description} with Jackson's YAML data format: an unknown
 * key, a value of the wrong type or a word that is none of the file's keywords fails as one line
 * naming the file, the line and the path of keys to the place.
 */
final class ExperimentFile {
  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .registerModule(Description.Keyword.module());

  private ExperimentFile() {}

  /** The file at {@code path} as written; a malformed one is one line naming the place. */
  static Description read(Path path) throws ExperimentException {
    String shown = path.getFileName().toString();
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ExperimentException("cannot read " + path + ": " + e.getMessage(), e);
    }
    try (Reader in = new java.io.StringReader(text)) {
      Description file = YAML.readValue(in, Description.class);
      if (file == null) {
        throw new ExperimentException(shown + ": the file is empty");
      }
      return file;
    } catch (UnrecognizedPropertyException e) {
      throw new ExperimentException(
          shown
              + lineOf(text, e.getPropertyName())
              + ": unknown key '"
              + e.getPropertyName()
              + "'; known here: "
              + e.getKnownPropertyIds().stream()
                  .map(String::valueOf)
                  .sorted()
                  .collect(Collectors.joining(", ")),
          e);
    } catch (JsonMappingException e) {
      Throwable cause = e.getCause() instanceof IllegalArgumentException ? e.getCause() : e;
      String message =
          cause == e ? e.getOriginalMessage().lines().findFirst().orElse("") : cause.getMessage();
      throw new ExperimentException(shown + where(e) + ": " + message, e);
    } catch (JsonProcessingException e) {
      throw new ExperimentException(
          shown + where(e) + ": not YAML: " + e.getOriginalMessage().lines().findFirst().orElse(""),
          e);
    } catch (IOException e) {
      throw new ExperimentException("cannot read " + path + ": " + e.getMessage(), e);
    }
  }

  /** The line a key is first written on, as {@code " line N"}; empty when it cannot be found. */
  private static String lineOf(String text, String key) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "(?m)^(?:.*[ \\t{,-])?" + java.util.regex.Pattern.quote(key) + "\\s*:")
            .matcher(text);
    return m.find()
        ? " line " + (text.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1)
        : "";
  }

  /** Where in the file a mapping failed: its line and the path of keys to it. */
  private static String where(JsonProcessingException e) {
    String line = e.getLocation() == null ? "" : " line " + e.getLocation().getLineNr();
    if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
      StringBuilder path = new StringBuilder();
      for (JsonMappingException.Reference r : m.getPath()) {
        if (r.getFieldName() != null) {
          path.append(path.length() == 0 ? "" : ".").append(r.getFieldName());
        } else if (r.getIndex() >= 0) {
          path.append('[').append(r.getIndex()).append(']');
        }
      }
      return line + ", " + path;
    }
    return line;
  }
}
