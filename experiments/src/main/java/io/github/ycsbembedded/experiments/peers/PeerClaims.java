package io.github.ycsbembedded.experiments.peers;

import io.github.ycsbembedded.experiments.analysis.ConfidenceInterval;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The claims {@code bin/experiment peers} judges, each on the ratios taken round by round (the two
 * sides of a round ran back to back, so the machine's drift between rounds cancels in them):
 *
 * <ul>
 *   <li>per engine, thread count and phase, our CPU time per operation is at most YCSB-cpp's (ours
 *       ÷ YCSB-cpp ≤ 1.0);
 *   <li>per thread count, our RocksDB load is at least 1.2 times as fast as upstream YCSB 0.17.0's.
 * </ul>
 *
 * <p>A claim holds when the whole {@link ConfidenceInterval} of its round ratios (a t-interval on
 * their logarithms, at {@value ConfidenceInterval#LEVEL}) lies on its side of the line, does not
 * hold when the whole interval lies beyond, and is undecided otherwise, with the rounds the
 * measured spread would need to decide it. One round bounds nothing: undecided.
 */
public final class PeerClaims {
  /** The line of the CPU claim: ours ÷ YCSB-cpp at most this. */
  public static final double CPU_LINE = 1.0;

  /** The line of the load claim: ours ÷ upstream at least this. */
  public static final double LOAD_LINE = 1.2;

  private PeerClaims() {}

  /** What a claim's interval says. */
  public enum Verdict {
    HOLDS,
    DOES_NOT_HOLD,
    UNDECIDED;

    /** How the report says it: the constant's name in lower case, "holds", "does not hold", ... */
    public String words() {
      return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
  }

  /**
   * One claim judged: what it says, its round ratios and their interval, the verdict and why.
   *
   * @param rounds the rounds the measured spread would need to decide it (0: not known, or decided)
   * @param where where a CPU claim's cell beyond its line spends more than the peer ({@link
   *     CpuByThreads#beyondTheLine}); null for any other claim
   */
  public record Judged(
      String claim,
      Spread ratios,
      ConfidenceInterval interval,
      Verdict verdict,
      int rounds,
      String where) {
    /** The verdict's reason, in a sentence, then where the CPU goes when that is known. */
    public String why() {
      String reason = reason();
      return where == null ? reason : reason + "; " + where;
    }

    private String reason() {
      String center = String.format(Locale.ROOT, "%.2f", interval.center());
      if (!interval.measured()) {
        return ratios.isEmpty()
            ? "not measured: a side failed or did not run"
            : "one round (" + center + ") bounds nothing: run --rounds 3 or more";
      }
      String range =
          String.format(
              Locale.ROOT,
              "interval %s [%.2f–%.2f] at %.0f%%",
              center,
              interval.low(),
              interval.high(),
              ConfidenceInterval.LEVEL * 100);
      return switch (verdict) {
        case HOLDS -> range + ": the whole interval is on the claim's side";
        case DOES_NOT_HOLD -> range + ": the whole interval is beyond the claim's line";
        case UNDECIDED ->
            range
                + ": the interval spans the line; "
                + (rounds > ConfidenceInterval.MOST_TRIALS
                    ? "more than " + ConfidenceInterval.MOST_TRIALS + " rounds"
                    : rounds == 0 ? "no number of rounds" : rounds + " rounds")
                + " of this spread would decide it";
      };
    }
  }

  /** Every claim of {@code results}, in the report's order. */
  public static List<Judged> of(PeerResults results) {
    List<Judged> claims = new ArrayList<>();
    for (String engine : results.engines()) {
      for (int t : results.threads()) {
        for (Phase phase : Phase.values()) {
          if (results.runs().stream().anyMatch(r -> r.side() == Side.YCSB_CPP)) {
            claims.add(
                cpuClaim(
                    String.format(
                        Locale.ROOT,
                        "%s %s, %d thread%s: CPU per operation, ours ÷ YCSB-cpp ≤ %.1f",
                        engine,
                        phase.label(),
                        t,
                        t == 1 ? "" : "s",
                        CPU_LINE),
                    results,
                    new Cell(engine, t, phase, Side.YCSB_CPP)));
          }
        }
      }
    }
    if (results.engines().contains("rocksdb")
        && results.runs().stream().anyMatch(r -> r.side() == Side.YCSB)) {
      for (int t : results.threads()) {
        claims.add(
            atLeast(
                String.format(
                    Locale.ROOT,
                    "rocksdb Load, %d thread%s: speed, ours ÷ YCSB 0.17.0 ≥ %.1f",
                    t,
                    t == 1 ? "" : "s",
                    LOAD_LINE),
                ratios(
                    results,
                    new Cell("rocksdb", t, Phase.LOAD, Side.YCSB),
                    PeerResults.Measurement::speed),
                LOAD_LINE));
      }
    }
    return claims;
  }

  /**
   * The ratios ours ÷ {@code peer}'s side of one figure, one per round where both sides measured
   * it.
   */
  public static Spread ratios(
      PeerResults results, Cell peer, ToDoubleFunction<PeerResults.Measurement> figure) {
    return Spread.ofRatios(
        Yardsticks.perRound(results, peer.on(Side.OURS), figure),
        Yardsticks.perRound(results, peer, figure));
  }

  /** The working run of one cell in one round; null when it failed or did not run. */
  static PeerResults.Measurement find(PeerResults results, int round, Cell cell) {
    return results.runs().stream()
        .filter(
            r ->
                r.round() == round
                    && r.engine().equals(cell.engine())
                    && r.threads() == cell.threads()
                    && r.phase() == cell.phase()
                    && r.side() == cell.side()
                    && !r.failed())
        .findFirst()
        .orElse(null);
  }

  /**
   * The CPU claim of one cell: ours ÷ the peer's CPU time per operation at most {@link #CPU_LINE};
   * where it is not met and the ratio's median lies beyond the line, with where the CPU goes.
   */
  static Judged cpuClaim(String claim, PeerResults results, Cell peer) {
    Judged judged =
        atMost(claim, ratios(results, peer, PeerResults.Measurement::cpuPerOperationUs), CPU_LINE);
    if (judged.verdict() == Verdict.HOLDS || !(judged.ratios().median() > CPU_LINE)) {
      return judged;
    }
    return new Judged(
        judged.claim(),
        judged.ratios(),
        judged.interval(),
        judged.verdict(),
        judged.rounds(),
        CpuByThreads.beyondTheLine(results, peer));
  }

  /** A claim that the ratio is at most {@code line}. */
  static Judged atMost(String claim, Spread ratios, double line) {
    ConfidenceInterval ci = ConfidenceInterval.of(ratios);
    Verdict verdict =
        !ci.measured()
            ? Verdict.UNDECIDED
            : ci.high() <= line
                ? Verdict.HOLDS
                : ci.low() > line ? Verdict.DOES_NOT_HOLD : Verdict.UNDECIDED;
    return judged(claim, ratios, ci, verdict, line);
  }

  /** A claim that the ratio is at least {@code line}. */
  static Judged atLeast(String claim, Spread ratios, double line) {
    ConfidenceInterval ci = ConfidenceInterval.of(ratios);
    Verdict verdict =
        !ci.measured()
            ? Verdict.UNDECIDED
            : ci.low() >= line
                ? Verdict.HOLDS
                : ci.high() < line ? Verdict.DOES_NOT_HOLD : Verdict.UNDECIDED;
    return judged(claim, ratios, ci, verdict, line);
  }

  private static Judged judged(
      String claim, Spread ratios, ConfidenceInterval ci, Verdict verdict, double line) {
    int rounds = 0;
    if (verdict == Verdict.UNDECIDED && ci.measured()) {
      double distance = Math.max(ci.center() / line, line / ci.center());
      rounds = ci.samplesWithin(distance);
    }
    return new Judged(claim, ratios, ci, verdict, rounds, null);
  }
}
