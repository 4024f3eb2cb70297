package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.results.Spread;
import java.util.List;

/**
 * One claim: the figure it rests on as expected (published by the write-up, or stated in the
 * experiment file) with the values that agree with it ({@link Band}), as measured here (every
 * sample, over trials and repetitions), the verdict drawn from its interval by {@link Verdicts},
 * whether its direction holds, what differs between this run and the write-up's ({@link WhyList}:
 * the data, machine, versions and declared differences), its own evidence (the engines' figures
 * that differ most between its engines, {@link EngineMechanics}) and what the run's ablations did
 * to it ({@link Ablations}). A claim holds numbers; the report writes them.
 *
 * @param label a short name for charts
 * @param kind a ratio between two figures, or a figure that must reach a floor
 * @param origin whose claim it is: the write-up's, ours beside it, or the experiment file's own
 * @param band the figure expected and the values that agree with it
 * @param ours every sample measured here
 * @param judgement the verdict, the direction and the interval they were judged on
 * @param subject the engines, phases and variants it compares
 * @param why what differs between this run and the write-up's for it
 * @param evidence the engines' own figures that differ most between its engines
 * @param ablations what each ablation that concerns it did to its figure
 */
public record Claim(
    String statement,
    String label,
    Kind kind,
    Origin origin,
    Band band,
    Spread ours,
    Verdicts.Judgement judgement,
    Subject subject,
    List<String> why,
    List<String> evidence,
    List<Ablations.Effect> ablations) {

  public Claim {
    why = List.copyOf(why);
    evidence = List.copyOf(evidence);
    ablations = List.copyOf(ablations);
  }

  /**
   * The figure a claim expects and the values that agree with it.
   *
   * @param expected the published ratio or figure (NaN for an expectation of one's own stated as an
   *     interval only)
   * @param unit the unit of an {@link Kind#AT_LEAST} claim's figure (empty for a ratio)
   * @param tolerance how far ours may be from the published figure (a factor; 0 for one's own)
   * @param low the least value that agrees (may be -∞)
   * @param high the greatest value that agrees (may be +∞)
   */
  public record Band(double expected, String unit, double tolerance, double low, double high) {}

  /** The same claim with what the run's ablations did to it. */
  public Claim withAblations(List<Ablations.Effect> value) {
    return new Claim(
        statement, label, kind, origin, band, ours, judgement, subject, why, evidence, value);
  }

  public double expected() {
    return band.expected();
  }

  public String unit() {
    return band.unit();
  }

  public double tolerance() {
    return band.tolerance();
  }

  public double low() {
    return band.low();
  }

  public double high() {
    return band.high();
  }

  public Verdict verdict() {
    return judgement.verdict();
  }

  public Direction direction() {
    return judgement.direction();
  }

  /** The interval of ours the verdict was judged on. */
  public ConfidenceInterval interval() {
    return judgement.interval();
  }

  /** What a claim compares. */
  public enum Kind {
    RATIO,
    AT_LEAST
  }

  /** Whose claim it is. */
  public enum Origin {
    /** The write-up's: counted in its tally. */
    WRITE_UP,
    /** Ours, measured our way beside one of the write-up's phases: no verdict, not tallied. */
    BEYOND,
    /** An expectation the experiment file states of its own (no published figure). */
    OWN
  }

  /** The verdicts a claim can get. */
  public enum Verdict {
    REPRODUCED("reproduced"),
    NOT_REPRODUCED("not reproduced"),
    INCONCLUSIVE("inconclusive"),
    BEYOND("beyond the write-up"),
    NOT_COMPARABLE("not comparable"),
    REGIME_DIFFERS("regime differs"),
    NOT_MEASURED("not measured");

    private final String word;

    Verdict(String word) {
      this.word = word;
    }

    public String word() {
      return word;
    }
  }

  /** Whether a ratio's direction (its side of 1) holds here, whatever its size. */
  public enum Direction {
    HOLDS,
    REVERSED,
    /** Ours lies wholly about even (within ×1.1 of 1): on neither side. */
    EVEN,
    UNCLEAR,
    NOT_APPLICABLE;

    /**
     * The word the report prints: the name in lower case, {@code about even} for {@code EVEN};
     * nothing for {@code NOT_APPLICABLE}.
     */
    public String word() {
      return switch (this) {
        case NOT_APPLICABLE -> "";
        case EVEN -> "about even";
        default -> name().toLowerCase(java.util.Locale.ROOT);
      };
    }
  }

  /**
   * What a claim is about: the engines and phases it compares (for its why-list), the variants
   * where it compares two of them (empty: the base), and the figure it compares ({@code speed}
   * unless said otherwise: {@code disk}, a latency, CPU time), so that evidence about speed is
   * given only to claims about speed.
   */
  public record Subject(
      List<String> engines, List<String> phases, List<String> variants, String figure) {
    public Subject {
      engines = List.copyOf(engines);
      phases = List.copyOf(phases);
      variants = List.copyOf(variants);
      figure = figure == null ? SPEED : figure;
    }

    public Subject(List<String> engines, List<String> phases, List<String> variants) {
      this(engines, phases, variants, SPEED);
    }

    public static Subject of(List<String> engines, String... phases) {
      return new Subject(engines, List.of(phases), List.of());
    }

    /** The same engines and phases, comparing {@code value} instead. */
    public Subject comparing(String value) {
      return new Subject(engines, phases, variants, value);
    }

    /** Whether the claim compares speeds. */
    public boolean aboutSpeed() {
      return figure.equals(SPEED);
    }
  }

  /** The figure a claim compares unless its subject says otherwise. */
  public static final String SPEED = "speed";

  /**
   * A ratio claim of the write-up: reproduced when the interval of ours agrees with the published
   * ratio within {@code tolerance} and on its side of 1 (see {@link Verdicts}).
   *
   * @param regimeMatters whether the figure depends on the memory regime (no verdict when the run
   *     did not reproduce it)
   */
  public static Claim ratio(
      Context c,
      Subject subject,
      String statement,
      String label,
      double published,
      Spread ours,
      double tolerance,
      boolean regimeMatters) {
    double[] band = Verdicts.band(published, tolerance);
    return new Claim(
        statement,
        label,
        Kind.RATIO,
        Origin.WRITE_UP,
        new Band(published, "", tolerance, band[0], band[1]),
        ours,
        judge(c, ours, regimeMatters, () -> Verdicts.ratio(published, ours, tolerance)),
        subject,
        WhyList.of(c, subject),
        evidence(c, subject),
        List.of());
  }

  /**
   * A claim of the write-up that a figure reaches at least the published one ÷ {@code tolerance}.
   */
  public static Claim atLeast(
      Context c,
      Subject subject,
      String statement,
      String label,
      double published,
      String unit,
      Spread ours,
      double tolerance,
      boolean regimeMatters) {
    return new Claim(
        statement,
        label,
        Kind.AT_LEAST,
        Origin.WRITE_UP,
        new Band(published, unit, tolerance, published / tolerance, Double.POSITIVE_INFINITY),
        ours,
        judge(c, ours, regimeMatters, () -> Verdicts.atLeast(published, ours, tolerance)),
        subject,
        WhyList.of(c, subject),
        evidence(c, subject),
        List.of());
  }

  /**
   * An expectation of the experiment file's own: the ratio agrees with it from {@code low} to
   * {@code high}; judged by the same rule as the write-ups' claims ({@code regime differs} where it
   * is about data out of memory and the run did not hold the file's regime).
   */
  public static Claim own(
      Context c,
      Subject subject,
      String statement,
      String label,
      double low,
      double high,
      Spread ours,
      boolean regimeMatters) {
    return new Claim(
        statement,
        label,
        Kind.RATIO,
        Origin.OWN,
        new Band(Double.NaN, "", 0, low, high),
        ours,
        judge(c, ours, regimeMatters, () -> Verdicts.within(low, high, ours)),
        subject,
        List.of(),
        List.of(),
        List.of());
  }

  /**
   * A claim's own evidence: the engines' figures that differ most between its engines, and what the
   * data device's speed predicts for it.
   */
  private static List<String> evidence(Context c, Subject subject) {
    List<String> lines = new java.util.ArrayList<>(EngineMechanics.differences(c, subject));
    lines.addAll(DeviceWaits.evidence(c, subject));
    return lines;
  }

  /**
   * The judgement {@code verdict} draws, unless the claim cannot be judged: nothing measured, or a
   * figure that depends on a memory regime the run did not reproduce.
   */
  private static Verdicts.Judgement judge(
      Context c,
      Spread ours,
      boolean regimeMatters,
      java.util.function.Supplier<Verdicts.Judgement> verdict) {
    if (ours.isEmpty()) {
      return undecided(Verdict.NOT_MEASURED, ours);
    }
    if (regimeMatters && !c.regimeReproduced()) {
      return undecided(Verdict.REGIME_DIFFERS, ours);
    }
    return verdict.get();
  }

  /** A verdict that judges no interval: nothing measured, another regime, beyond the write-up. */
  private static Verdicts.Judgement undecided(Verdict verdict, Spread ours) {
    return new Verdicts.Judgement(
        verdict, Direction.NOT_APPLICABLE, ConfidenceInterval.of(ours), 0, false);
  }

  /**
   * This claim's figure measured our way beside the write-up's own phase: shown for comparison,
   * with no verdict and outside the write-up's tally (the write-up did not run it so).
   */
  public Claim beyond() {
    return beyond("beyond the write-up", Verdict.BEYOND);
  }

  /**
   * This claim's figure where ours measures something other than the write-up's ({@code why}, said
   * in the statement): shown beside the published figure, with no verdict ({@code not comparable})
   * and outside the tally, as {@link #beyond()}.
   */
  public Claim notComparable(String why) {
    return beyond(why, Verdict.NOT_COMPARABLE);
  }

  private Claim beyond(String words, Verdict verdict) {
    return new Claim(
        statement + " (" + words + ")",
        label + " (ours)",
        kind,
        Origin.BEYOND,
        band,
        ours,
        undecided(verdict, ours),
        subject,
        why,
        evidence,
        ablations);
  }

  /** Whether the figure is a ratio (charted on the ratio axis beside the published one). */
  public boolean ratio() {
    return kind == Kind.RATIO;
  }

  /** Whether it counts in the tally of the write-up's claims. */
  public boolean tallied() {
    return origin == Origin.WRITE_UP;
  }
}
