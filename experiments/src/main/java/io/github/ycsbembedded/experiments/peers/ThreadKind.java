package io.github.ycsbembedded.experiments.peers;

/**
 * What a thread of a client's process does, told by the name the kernel keeps for it ({@code
 * /proc/<pid>/task/<tid>/comm}, at most 15 characters): the JVM names its own threads, RocksDB
 * names its background threads; every other thread is a client thread or an engine thread that took
 * its creator's name.
 */
public enum ThreadKind {
  CLIENT("client and engine"),
  ENGINE_BACKGROUND("engine background"),
  JIT("JIT compiler"),
  GC("garbage collector"),
  JVM("other JVM threads");

  private final String label;

  ThreadKind(String label) {
    this.label = label;
  }

  /** The kind's name in results and reports. */
  public String label() {
    return label;
  }

  /** The kind of a thread named {@code comm}. */
  public static ThreadKind of(String comm) {
    String name = comm.strip();
    if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
      return JIT;
    }
    if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread")) {
      return GC;
    }
    if (name.startsWith("rocksdb:")) {
      return ENGINE_BACKGROUND;
    }
    if (name.startsWith("VM Periodic")
        || name.equals("Common-Cleaner")
        || name.equals("Finalizer")
        || name.startsWith("Reference Handl")
        || name.startsWith("Signal Dispatch")
        || name.equals("Service Thread")
        || name.startsWith("Monitor Deflati")
        || name.startsWith("Notification Th")
        || name.equals("Attach Listener")
        || name.equals("Sweeper thread")) {
      return JVM;
    }
    return CLIENT;
  }
}
