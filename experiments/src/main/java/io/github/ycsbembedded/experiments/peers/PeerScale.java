package io.github.ycsbembedded.experiments.peers;

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
 */
public record PeerScale(
    String name,
    long records,
    long operationsA,
    long operationsC,
    int rounds,
    int warmupSeconds,
    String estimate) {
  /** The scales, smallest first. */
  public static final List<PeerScale> ALL =
      List.of(
          new PeerScale("tiny", 2_000, 2_000, 4_000, 1, 0, "about 2 minutes"),
          new PeerScale("quick", 300_000, 300_000, 1_000_000, 3, 2, "about 40 minutes"),
          new PeerScale("small", 1_000_000, 1_000_000, 3_000_000, 3, 2, "about 2 hours"));

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
