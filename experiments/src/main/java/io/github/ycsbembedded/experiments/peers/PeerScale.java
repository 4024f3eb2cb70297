package io.github.ycsbembedded.experiments.peers;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How much {@code bin/experiment peers} measures: records loaded, operations of A and of C, rounds
 * (each round runs every cell on every side once, the sides' order reversed every other round), and
 * the seconds of each run left out of its CPU figure as warm-up.
 *
 * <p>The operation counts are those of RocksDB and WiredTiger, the slowest here; LMDB runs A three
 * times and C four times as many, LevelDB C one and a half times as many, to even out the engines'
 * run lengths (YCSB-cpp has no time bound: every side runs to an operation count). On this
 * project's 2-core machine {@code quick}'s windows lasted 1 to 22 s, {@code small}'s 6 to 88 s
 * (docs/peers.md).
 *
 * <p>{@code secondsPerRun} is what a run took on that machine, on average over a whole measured run
 * of the scale (loads, copies of the tree and every side's start included), from which {@link
 * #estimate} tells a user how long the runs asked for will take. Results of older versions recorded
 * a fixed estimate for every engine and peer instead ({@code estimate}), which is read and left
 * out.
 */
@JsonIgnoreProperties("estimate")
public record PeerScale(
    String name,
    long records,
    long operationsA,
    long operationsC,
    int rounds,
    int warmupSeconds,
    double secondsPerRun) {
  /** The scales, smallest first. */
  public static final List<PeerScale> ALL =
      List.of(
          // measured on this project's AMD host: tiny, every engine and both peers, 54 runs in
          // 68 s; quick, the same, 162 runs in 36 min (2026-12-02); small, LMDB and LevelDB with
          // YCSB-cpp, 72 runs in 34.5 min, and RocksDB and WiredTiger with both peers, 90 runs in
          // 41.4 min after the build (2026-12-03)
          new PeerScale("tiny", 2_000, 2_000, 4_000, 1, 0, 1.3),
          new PeerScale("quick", 300_000, 300_000, 1_000_000, 3, 2, 13.3),
          new PeerScale("small", 1_000_000, 1_000_000, 3_000_000, 3, 2, 28));

  /** The scale named {@code name}; another name is refused in one line listing the scales. */
  public static PeerScale named(String name) throws ExperimentException {
    return ALL.stream()
        .filter(s -> s.name.equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new ExperimentException(
                    "--scale: '"
                        + name
                        + "' is not a scale of peers; use one of "
                        + ALL.stream().map(PeerScale::name).collect(Collectors.joining(", "))));
  }

  /**
   * How long {@code runs} runs of this scale take on this project's machine, as a person says it:
   * "about 7 minutes", "about 45 minutes", "about 2.5 hours".
   */
  public String estimate(int runs) {
    long minutes = Math.max(1, Math.round(runs * secondsPerRun / 60));
    if (minutes == 1) {
      return "about a minute";
    }
    if (minutes < 10) {
      return "about " + minutes + " minutes";
    }
    if (minutes < 120) {
      return "about " + 5 * Math.max(2, Math.round(minutes / 5.0)) + " minutes";
    }
    double hours = Math.round(minutes / 30.0) / 2.0;
    return "about " + (hours == Math.rint(hours) ? Long.toString((long) hours) : hours) + " hours";
  }

  /** The operations of a run of {@code phase} on {@code engine}: the records for the load. */
  public long operations(Phase phase, String engine) {
    return switch (phase) {
      case LOAD -> records;
      case A -> engine.equals("lmdb") ? 3 * operationsA : operationsA;
      case C ->
          switch (engine) {
            case "lmdb" -> 4 * operationsC;
            case "leveldb" -> operationsC * 3 / 2;
            default -> operationsC;
          };
    };
  }
}
