package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.List;

/**
 * The write-up's ratio claims beside the ratios its authors' own harness published at other sizes
 * (the experiment file's {@code published.harness}): at each of the harness's sizes, the same two
 * engines' speeds on the same phase; and ours ÷ the harness's at the size nearest ours, so that a
 * gap can be read against a figure measured at about our size, not only against the write-up's.
 */
public final class HarnessRatios {
  private HarnessRatios() {}

  /**
   * One claim beside the harness: its ratio at each of the harness's points (NaN where the harness
   * lacks a figure), the nearest point to our data, and ours ÷ the harness's ratio there.
   */
  public record Row(
      Claim claim, List<Double> atPoints, Description.HarnessPoint nearest, Spread gap) {}

  /** The rows of {@code c}'s write-up claims that compare two engines on one phase. */
  public static List<Row> of(Context c, List<Claim> claims) {
    Description.Harness harness = c.experiment().description().published().harness();
    List<Row> rows = new ArrayList<>();
    if (harness == null || harness.points().isEmpty()) {
      return rows;
    }
    Description.HarnessPoint nearest = harness.nearest(c.run().scale().records());
    for (Claim claim : claims) {
      List<Double> at = ratios(harness, claim);
      if (at == null) {
        continue;
      }
      Claim.Subject s = claim.subject();
      String phase = s.phases().get(0);
      String a = s.engines().get(0);
      String b = s.engines().get(1);
      double theirs = nearest.ratio(phase, a, b);
      Spread gap =
          claim.ours().isEmpty() || Double.isNaN(theirs)
              ? Spread.NONE
              : Spread.of(claim.ours().values().stream().map(v -> v / theirs).toList());
      rows.add(new Row(claim, at, nearest, gap));
    }
    return rows;
  }

  /**
   * A claim's ratio at each of the harness's points (NaN where it lacks a figure), or null where
   * the claim is not the write-up's ratio of two engines on one phase or the harness has none of
   * it.
   */
  public static List<Double> ratios(Description.Harness harness, Claim claim) {
    Claim.Subject s = claim.subject();
    if (harness == null
        || !claim.tallied()
        || !claim.ratio()
        || s.engines().size() != 2
        || s.phases().size() != 1
        || !s.variants().isEmpty()) {
      return null;
    }
    List<Double> at = new ArrayList<>();
    harness
        .points()
        .forEach(p -> at.add(p.ratio(s.phases().get(0), s.engines().get(0), s.engines().get(1))));
    return at.stream().allMatch(v -> v.isNaN()) ? null : at;
  }

  /** The rows as a section of the report, or null when the file names no harness results. */
  static Section section(Context c, List<Claim> claims) {
    List<Row> rows = of(c, claims);
    if (rows.isEmpty()) {
      return null;
    }
    Description.Harness harness = c.experiment().description().published().harness();
    Long recordBytes = c.experiment().description().published().recordBytes();
    List<String> header = new ArrayList<>(List.of("claim", "write-up"));
    for (Description.HarnessPoint p : harness.points()) {
      header.add(harness.name() + ", " + size(p.records(), recordBytes));
    }
    header.add("here (" + Units.bytes(c.run().scale().dataBytes()) + ")");
    Description.HarnessPoint nearest = rows.get(0).nearest();
    header.add("here ÷ " + harness.name() + " at " + size(nearest.records(), recordBytes));
    List<List<Cell>> table = new ArrayList<>();
    for (Row row : rows) {
      List<Cell> cells = new ArrayList<>();
      cells.add(Cell.text(row.claim().statement()));
      cells.add(Cell.one(row.claim().expected(), Cell.Format.RATIO));
      for (double ratio : row.atPoints()) {
        cells.add(
            Double.isNaN(ratio)
                ? Cell.missing(Cell.Why.NOT_MEASURED)
                : Cell.one(ratio, Cell.Format.RATIO));
      }
      cells.add(
          row.claim().ours().isEmpty()
              ? Cell.missing(Cell.Why.FAILED)
              : Cell.ratio(row.claim().ours()));
      cells.add(row.gap().isEmpty() ? Cell.missing(Cell.Why.NOT_MEASURED) : Cell.ratio(row.gap()));
      table.add(cells);
    }
    return new Section.Builder(2, "The authors' own harness at sizes beside ours")
        .note(
            "Each claim's ratio as "
                + harness.name()
                + " measured it at each of its sizes ("
                + harness.source().trim()
                + "), beside the write-up's and ours, and ours ÷ "
                + harness.name()
                + "'s at the size nearest our data. "
                + harness.note().trim())
        .table(header, table)
        .build();
  }

  private static String size(long records, Long recordBytes) {
    return recordBytes == null
        ? String.format(java.util.Locale.ROOT, "%,d records", records)
        : Units.bytes(records * recordBytes);
  }
}
