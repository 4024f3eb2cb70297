package io.github.ycsbembedded.core;

/**
 * A clean stop on SIGTERM or SIGINT (Ctrl-C): the first signal asks the workload to stop ({@link
 * StoppableWorkload}); YCSB's threads finish their operation, run their {@code cleanup()} (the last
 * one closes the engine, with its final flush where one was asked for), YCSB writes its report, and
 * the run exits with {@code 128 + signal} and one line ({@link CheckedClient}). A second signal
 * ends the process at once: what was acknowledged is kept all the same (the durability contract).
 */
final class Stop {
  private static volatile String received;
  private static volatile int number;

  private Stop() {}

  /** Handles SIGTERM and SIGINT from now on ({@link Signals}). */
  static void install() {
    Signals.handle(Stop::handle);
  }

  private static void handle(String name, int signalNumber) {
    if (received != null) {
      System.err.println(
          "ycsb: stopped at once by a second SIG"
              + name
              + ", without closing the engine; every acknowledged write is kept");
      System.err.flush();
      Runtime.getRuntime().halt(128 + signalNumber);
    }
    number = signalNumber;
    received = "SIG" + name;
    StoppableWorkload.stopAll();
  }

  /** The signal that stopped the run, as {@code SIGTERM}, or null. */
  static String signal() {
    return received;
  }

  /** The exit status of a run the signal stopped. */
  static int exitStatus() {
    return 128 + number;
  }
}
