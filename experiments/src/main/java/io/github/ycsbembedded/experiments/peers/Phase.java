package io.github.ycsbembedded.experiments.peers;

/** The phases measured on every side: YCSB's load, then workloads A and C on the loaded tree. */
public enum Phase {
  LOAD("load", "Load", "workloada", true),
  A("a", "A (50% read, 50% update)", "workloada", false),
  C("c", "C (100% read)", "workloadc", false);

  private final String id;
  private final String label;
  private final String workload;
  private final boolean load;

  Phase(String id, String label, String workload, boolean load) {
    this.id = id;
    this.label = label;
    this.workload = workload;
    this.load = load;
  }

  public String id() {
    return id;
  }

  public String label() {
    return label;
  }

  /** The workload file's name, in each side's own {@code workloads/} folder. */
  public String workload() {
    return workload;
  }

  /** Whether the phase loads the records (else it runs on a copy of the side's loaded tree). */
  public boolean load() {
    return load;
  }
}
