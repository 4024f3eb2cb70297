package io.github.ycsbembedded.experiments.peers;

/**
 * One cell of the comparison as one side ran it: {@code engine} with {@code threads} client threads
 * in {@code phase}, on {@code side}.
 */
public record Cell(String engine, int threads, Phase phase, Side side) {
  /** The same engine, threads and phase on {@code other}. */
  public Cell on(Side other) {
    return new Cell(engine, threads, phase, other);
  }
}
