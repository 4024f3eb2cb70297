package io.github.ycsbembedded.experiments.results;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The one reader and writer of {@code results.json}. */
public final class ResultsFile {
  /** The file's name in a results folder. */
  public static final String NAME = "results.json";

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

  private ResultsFile() {}

  /** Writes {@code run} as {@code folder/results.json}, whole ({@link AtomicFile}). */
  public static void write(Results.Run run, Path folder) throws IOException {
    AtomicFile.write(folder.resolve(NAME), JSON.writeValueAsBytes(run));
  }

  /**
   * The results schema of a file's JSON object, told by its fields: its {@code schema} number, or 1
   * for a run of schema 1, written before the field (it names its {@code experiment}). An object
   * with neither, or a {@code schema} that is no whole number, is not a results file of this
   * runner.
   */
  private static int schema(Path file, JsonNode tree) throws ExperimentException {
    JsonNode schema = tree.get("schema");
    if (schema == null && tree.has("experiment")) {
      return 1;
    }
    if (schema == null) {
      throw new ExperimentException(
          file + " has no schema field: not a results file of this runner");
    }
    if (!schema.isInt()) {
      throw new ExperimentException(
          file
              + " has a schema field that is not a whole number: not a results file of this runner");
    }
    return schema.intValue();
  }

  /**
   * Reads {@code folder/results.json}; a folder without one, a file that is not JSON, or one of
   * another schema is one line naming the folder.
   */
  public static Results.Run read(Path folder) throws ExperimentException {
    Path file = folder.resolve(NAME);
    if (!Files.isRegularFile(file)) {
      throw new ExperimentException(folder + " is not a results folder: it has no " + NAME);
    }
    try {
      if (Files.size(file) == 0) {
        throw new ExperimentException(
            file + " is empty: the run that was to write it wrote nothing (not a result)");
      }
      JsonNode tree = JSON.readTree(file.toFile());
      if (tree == null || tree.isMissingNode() || !tree.isObject()) {
        throw new ExperimentException(file + " holds no results (it is not a JSON object)");
      }
      int schema = schema(file, tree);
      if (schema != Results.SCHEMA) {
        throw new ExperimentException(
            file
                + " is of results schema "
                + schema
                + ", written by another version of the runner; this one reads schema "
                + Results.SCHEMA
                + " (run the experiment again to report it)");
      }
      // the claims are the analysis's output, judged anew at every report and never read back: an
      // earlier version's way of recording them is no reason to refuse its measurements
      ((com.fasterxml.jackson.databind.node.ObjectNode) tree).remove("claims");
      return JSON.treeToValue(tree, Results.Run.class);
    } catch (IOException e) {
      throw new ExperimentException(
          "cannot read " + file + ": " + e.getMessage().lines().findFirst().orElse(""), e);
    }
  }
}
