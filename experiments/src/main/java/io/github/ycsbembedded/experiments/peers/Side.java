package io.github.ycsbembedded.experiments.peers;

/**
 * Who runs a measurement: this project's {@code bin/ycsb}, or a peer harness a user built and
 * pointed to. Each side drives its engine through its own client code, with the engine options of
 * {@link PeerSettings} on both, so that a difference between two sides is the harness's and the
 * binding's, not the engine's configuration.
 */
public enum Side {
  /** This project: {@code bin/ycsb} with its bindings. */
  OURS("ours", null),
  /** YCSB-cpp ({@code ls4154/YCSB-cpp}), built with every binding it has. */
  YCSB_CPP("YCSB-cpp", null),
  /** Upstream YCSB 0.17.0's Java client with its RocksDB binding. */
  YCSB("YCSB 0.17.0", "rocksdb");

  private final String label;

  /** The one engine the side drives, or null for every engine of {@code peers}. */
  private final String only;

  Side(String label, String only) {
    this.label = label;
    this.only = only;
  }

  /** The side's name in the report. */
  public String label() {
    return label;
  }

  /** Whether the side can drive {@code engine}. */
  public boolean drives(String engine) {
    return only == null || only.equals(engine);
  }
}
