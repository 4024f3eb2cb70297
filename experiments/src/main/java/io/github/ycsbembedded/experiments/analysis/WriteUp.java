package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One published write-up: the tables that set our figures beside its own, in its shape, and its
 * claims with verdicts. A subclass holds no figure and no name the experiment file could hold: the
 * published figures come from the file, ours from the results, and the engines, phases, data sets
 * and operations it works with are {@link #roles} the file maps to its own names ({@code
 * writeup.roles}). An experiment file names its class ({@code writeup.class}), so adding a write-up
 * is one file and one class.
 */
public abstract class WriteUp {
  /** The package of the write-up classes an experiment file names by their simple name. */
  public static final String PACKAGE = "io.github.ycsbembedded.experiments.writeups";

  /** What a role names in the experiment file. */
  public enum RoleKind {
    ENGINE,
    PHASE,
    DATASET,
    OPERATION
  }

  /** The roles this class works with, by name; the file must give each. */
  public abstract Map<String, RoleKind> roles();

  /** The write-up's claims, each with our figure and a verdict. */
  public abstract List<Claim> claims(Context c);

  /**
   * The published column that holds each engine's speed per phase (for the conclusion: how far each
   * engine ran from its published speed), or null when the write-up publishes none.
   */
  public String publishedSpeedColumn() {
    return null;
  }

  /**
   * The write-up's tables in its own shape, with charts of its own as data; the report renders them
   * and adds the note on the published figures after them.
   */
  public abstract List<Section> tables(Context c);

  /**
   * The write-up class an experiment file names (a simple name in this package, or a fully
   * qualified one), with its roles checked against the file: each given, each naming an engine,
   * phase, data set or operation the file has.
   */
  public static WriteUp of(Experiment experiment) throws ExperimentException {
    String name = experiment.description().origin().writeup().className();
    String className = name.contains(".") ? name : PACKAGE + "." + name;
    WriteUp writeUp;
    try {
      writeUp =
          Class.forName(className).asSubclass(WriteUp.class).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new ExperimentException(
          experiment.fileName()
              + ": writeup.class: '"
              + name
              + "' is not a write-up class ("
              + e.getClass().getSimpleName()
              + ")");
    }
    checkRoles(experiment, writeUp);
    return writeUp;
  }

  private static void checkRoles(Experiment experiment, WriteUp writeUp)
      throws ExperimentException {
    Map<String, String> given = experiment.description().origin().writeup().roles();
    String file = experiment.fileName();
    for (Map.Entry<String, RoleKind> role : new java.util.TreeMap<>(writeUp.roles()).entrySet()) {
      String value = given.get(role.getKey());
      if (value == null) {
        throw new ExperimentException(
            file
                + ": writeup.roles: "
                + role.getKey()
                + " is required by "
                + writeUp.getClass().getSimpleName()
                + " (a "
                + role.getValue().name().toLowerCase(java.util.Locale.ROOT)
                + ")");
      }
      List<String> known = known(experiment, role.getValue());
      String wrong;
      if (known != null) {
        wrong = known.contains(value) ? null : "is not one of " + String.join(", ", known);
      } else {
        wrong =
            value.matches("[A-Z][A-Z0-9_]*")
                ? null
                : "is not an operation name (capitals, as YCSB reports it)";
      }
      if (wrong != null) {
        throw new ExperimentException(
            file + ": writeup.roles." + role.getKey() + ": '" + value + "' " + wrong);
      }
    }
    for (String role : given.keySet()) {
      if (!writeUp.roles().containsKey(role)) {
        throw new ExperimentException(
            file
                + ": writeup.roles: '"
                + role
                + "' is not a role of "
                + writeUp.getClass().getSimpleName()
                + "; its roles: "
                + String.join(", ", new java.util.TreeSet<>(writeUp.roles().keySet())));
      }
    }
  }

  /** The names a role of {@code kind} may take; null for operations (any YCSB name). */
  private static List<String> known(Experiment experiment, RoleKind kind) {
    return switch (kind) {
      case ENGINE -> {
        List<String> engines = new ArrayList<>(experiment.engines());
        engines.addAll(experiment.description().origin().published().naming().subjects());
        yield engines;
      }
      case PHASE -> experiment.phases().stream().map(Description.Phase::id).toList();
      case DATASET -> experiment.datasets().stream().filter(d -> !d.isEmpty()).toList();
      case OPERATION -> null;
    };
  }
}
