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

  /**
   * What the authors' harness says of the write-up's claims, for the conclusion: at its size
   * nearest the write-up's data, how many of the claims it measured lie outside their bands; and
   * the claim whose ratio moved most across the harness's sizes, with its ratio at each.
   *
   * @param harness the harness's name
   * @param records its size nearest the write-up's (records loaded)
   * @param outside the claims whose harness ratio there lies outside their band (their numbers
   *     among {@code claims}, from 1)
   * @param measured how many claims the harness measured there
   * @param widest the claim whose ratio moved most across the harness's sizes (null with fewer than
   *     two sizes)
   * @param widestRatios its ratio at each size, in the file's order (NaN where unmeasured)
   * @param sizes the harness's sizes, records loaded, in the file's order
   */
  public record Summary(
      String harness,
      long records,
      List<Integer> outside,
      int measured,
      Claim widest,
      List<Double> widestRatios,
      List<Long> sizes) {
    public Summary {
      outside = List.copyOf(outside);
      widestRatios = List.copyOf(widestRatios);
      sizes = List.copyOf(sizes);
    }

    /** How far the widest claim's ratio moved across the sizes, as a factor (max ÷ min). */
    public double swing() {
      double max = widestRatios.stream().filter(v -> v > 0).mapToDouble(v -> v).max().orElse(1);
      double min = widestRatios.stream().filter(v -> v > 0).mapToDouble(v -> v).min().orElse(1);
      return max / min;
    }
  }

  /**
   * The summary of the harness against {@code claims} (numbered from 1 in their order), or null
   * when the file names no harness results or the write-up no data size.
   */
  public static Summary summary(Context c, List<Claim> claims) {
    Description.Harness harness = c.experiment().description().origin().published().harness();
    Long theirs = c.experiment().description().origin().published().setup().records();
    if (harness == null || harness.points().isEmpty() || theirs == null) {
      return null;
    }
    Description.HarnessPoint at = harness.nearest(theirs);
    List<Integer> outside = new ArrayList<>();
    int measured = 0;
    Claim widest = null;
    List<Double> widestRatios = List.of();
    double widestSwing = 1;
    for (int i = 0; i < claims.size(); i++) {
      Claim claim = claims.get(i);
      List<Double> ratios = ratios(harness, claim);
      if (ratios == null) {
        continue;
      }
      Claim.Subject s = claim.subject();
      double there = at.ratio(s.phases().get(0), s.engines().get(0), s.engines().get(1));
      if (!Double.isNaN(there)) {
        measured++;
        if (there < claim.low() || there > claim.high()) {
          outside.add(i + 1);
        }
      }
      double max = ratios.stream().filter(v -> v > 0).mapToDouble(v -> v).max().orElse(1);
      double min = ratios.stream().filter(v -> v > 0).mapToDouble(v -> v).min().orElse(1);
      if (max / min > widestSwing) {
        widestSwing = max / min;
        widest = claim;
        widestRatios = ratios;
      }
    }
    if (measured == 0) {
      return null;
    }
    return new Summary(
        harness.name(),
        at.records(),
        outside,
        measured,
        harness.points().size() < 2 ? null : widest,
        widestRatios,
        harness.points().stream().map(Description.HarnessPoint::records).toList());
  }

  /** The rows of {@code c}'s write-up claims that compare two engines on one phase. */
  public static List<Row> of(Context c, List<Claim> claims) {
    Description.Harness harness = c.experiment().description().origin().published().harness();
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
        || !s.aboutSpeed()
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
    Description.Harness harness = c.experiment().description().origin().published().harness();
    Long recordBytes = c.experiment().description().origin().published().setup().recordBytes();
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
              ? Cell.missing(whyMissing(c, row.claim()))
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

  /** Why a claim has no figure of ours: an engine or phase of it did not run, or one failed. */
  static Cell.Why whyMissing(Context c, Claim claim) {
    for (String engine : claim.subject().engines()) {
      for (String phase : claim.subject().phases()) {
        if (c.whyMissing(engine, phase) == Cell.Why.NOT_RUN) {
          return Cell.Why.NOT_RUN;
        }
      }
    }
    return Cell.Why.FAILED;
  }

  private static String size(long records, Long recordBytes) {
    return recordBytes == null
        ? String.format(java.util.Locale.ROOT, "%,d records", records)
        : Units.bytes(records * recordBytes);
  }
}
