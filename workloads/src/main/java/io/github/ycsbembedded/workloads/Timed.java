package io.github.ycsbembedded.workloads;

import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * Records an operation a workload timed itself (several calls, or calls past YCSB's DB wrapper):
 * its latency, its latency from the intended start (for a target throughput), and its status — what
 * YCSB's wrapper records for a single call.
 */
final class Timed {
  private Timed() {}

  /** Records one call; returns its end time, {@link System#nanoTime()}. */
  static long record(
      Measurements measurements,
      String operation,
      long startNs,
      long intendedStartNs,
      Status status) {
    long endNs = System.nanoTime();
    measurements.measure(operation, (int) ((endNs - startNs) / 1000));
    measurements.measureIntended(operation, (int) ((endNs - intendedStartNs) / 1000));
    measurements.reportStatus(operation, status);
    return endNs;
  }

  /**
   * Records one call of a load, which YCSB paces by no target: its latency and status, no latency
   * from an intended start.
   */
  static void record(Measurements measurements, String operation, long startNs, Status status) {
    measurements.measure(operation, (int) ((System.nanoTime() - startNs) / 1000));
    measurements.reportStatus(operation, status);
  }
}
