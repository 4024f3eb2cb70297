package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.results.Spread;

/**
 * One cell of a table as analysis hands it to the report: a text, a figure (with its range when it
 * was measured more than once, or as published), or why there is none. The report alone decides how
 * each is written, so a figure reads the same in every table, chart and text.
 */
public sealed interface Cell permits Cell.Text, Cell.CellFigure, Cell.Missing {
  /** How a figure is written. */
  enum Format {
    /** A count or rate: {@code 12,345}; three significant digits under 100. */
    NUMBER,
    /** A ratio: {@code 1.52}. */
    RATIO,
    /** Bytes: {@code 12.3 MiB}. */
    BYTES,
    /** Seconds: {@code 12.3 s}. */
    SECONDS,
    /** Seconds as minutes and seconds, as a write-up prints CPU time: {@code 1:02.50}. */
    MINUTES,
    /** A share: {@code 42%}. */
    PERCENT,
    /** A published figure as the write-up printed it: every decimal kept, {@code 617.16}. */
    AS_PUBLISHED
  }

  /** Why a cell holds no figure. */
  enum Why {
    /** The engine or phase did not run. */
    NOT_RUN,
    /** It ran and failed. */
    FAILED,
    /** The figure has no meaning here (a read-only phase's write amplification). */
    NOT_APPLICABLE,
    /** It could have been measured and was not (the engine keeps no such figure). */
    NOT_MEASURED
  }

  /** A text, as it is. */
  record Text(String text) implements Cell {}

  /**
   * A figure: the median with its range, in {@code format}, followed by {@code suffix} (a unit, may
   * be empty); {@code uncertain} marks a published figure the write-up's cells ran together.
   */
  record CellFigure(Spread value, Format format, String suffix, boolean uncertain)
      implements Cell {}

  /** No figure, and why. */
  record Missing(Why why) implements Cell {}

  static Cell text(String text) {
    return new Text(text);
  }

  /** An empty cell: nothing belongs there (a table's layout). */
  static Cell blank() {
    return new Text("");
  }

  static Cell of(Spread value, Format format) {
    return value == null || value.isEmpty()
        ? new Missing(Why.NOT_MEASURED)
        : new CellFigure(value, format, "", false);
  }

  static Cell of(Spread value, Format format, String suffix) {
    return value == null || value.isEmpty()
        ? new Missing(Why.NOT_MEASURED)
        : new CellFigure(value, format, suffix, false);
  }

  /** A repeated figure, as a number. */
  static Cell number(Spread value) {
    return of(value, Format.NUMBER);
  }

  /** A repeated ratio. */
  static Cell ratio(Spread value) {
    return of(value, Format.RATIO);
  }

  /** One figure; NaN is not measured. */
  static Cell one(double value, Format format) {
    return Double.isFinite(value)
        ? new CellFigure(Spread.of(java.util.List.of(value)), format, "", false)
        : new Missing(Why.NOT_MEASURED);
  }

  /** One figure with a unit after it; NaN is not measured. */
  static Cell one(double value, Format format, String suffix) {
    return Double.isFinite(value)
        ? new CellFigure(Spread.of(java.util.List.of(value)), format, suffix, false)
        : new Missing(Why.NOT_MEASURED);
  }

  /** A byte count; negative (unknown) is not measured. */
  static Cell bytes(long bytes) {
    return bytes < 0 ? new Missing(Why.NOT_MEASURED) : one((double) bytes, Format.BYTES);
  }

  /** A count of operations or records. */
  static Cell count(long count) {
    return one((double) count, Format.NUMBER);
  }

  /**
   * A published figure (a number keeps every decimal the write-up printed), or a blank cell where
   * the write-up gives none.
   */
  static Cell published(Double value, Format format, boolean uncertain) {
    return published(value, format, "", uncertain);
  }

  /** A published figure with its unit after it, or a blank cell. */
  static Cell published(Double value, Format format, String suffix, boolean uncertain) {
    return value == null
        ? blank()
        : new CellFigure(
            Spread.of(java.util.List.of(value)),
            format == Format.NUMBER ? Format.AS_PUBLISHED : format,
            suffix,
            uncertain);
  }

  static Cell missing(Why why) {
    return new Missing(why);
  }
}
