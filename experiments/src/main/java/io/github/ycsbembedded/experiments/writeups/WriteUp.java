package io.github.ycsbembedded.experiments.writeups;

import io.github.ycsbembedded.experiments.Experiment;
import io.github.ycsbembedded.experiments.Experiment.ExperimentException;
import io.github.ycsbembedded.experiments.report.Document;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One published write-up: the tables that set our figures beside its own, in its shape, and its
 * headline claims with verdicts. A subclass holds no figures: the published ones come from the
 * experiment file, ours from the results. An experiment file names its class ({@code writeup=}), so
 * adding a write-up is one file of figures and one class.
 */
public abstract class WriteUp {
  /** The write-up's headline claims, each with our figure and a verdict. */
  public abstract List<Claim> claims(Context c);

  /** The write-up's tables (and charts of its own, drawn into {@code charts}). */
  public abstract void tables(Context c, Document doc, Path charts) throws IOException;

  /** The write-up class an experiment file names. */
  public static WriteUp of(Experiment experiment) throws ExperimentException {
    String name = experiment.writeUp();
    if (name.isEmpty()) {
      throw new ExperimentException(
          experiment.name()
              + ": writeup is required (the class that shapes the report,"
              + " e.g. "
              + Unum.class.getName()
              + ")");
    }
    try {
      return Class.forName(name).asSubclass(WriteUp.class).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new ExperimentException(
          experiment.name()
              + ": writeup: '"
              + name
              + "' is not a write-up class ("
              + e.getClass().getSimpleName()
              + ")");
    }
  }
}
