package io.github.ycsbembedded.workloads;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import site.ycsb.measurements.Measurements;

/**
 * When YCSB meant an operation to start (with {@code -target}, its intended start, for the
 * intended-latency measurements): {@code Measurements.getIntendedtartTimeNs()} in YCSB 0.17.0,
 * renamed {@code getIntendedStartTimeNs()} in master (0.18.0-SNAPSHOT). Found once, so that one jar
 * of these workloads runs on both.
 */
final class IntendedStart {
  private static final MethodHandle GETTER = getter();

  private IntendedStart() {}

  private static MethodHandle getter() {
    MethodType type = MethodType.methodType(long.class);
    for (String name : new String[] {"getIntendedStartTimeNs", "getIntendedtartTimeNs"}) {
      try {
        return MethodHandles.publicLookup().findVirtual(Measurements.class, name, type);
      } catch (NoSuchMethodException | IllegalAccessException e) {
        // the other version's name
      }
    }
    throw new IllegalStateException(
        "this YCSB core's Measurements has neither getIntendedStartTimeNs nor getIntendedtartTimeNs");
  }

  /** The intended start of the operation under way, in ns (0 when YCSB set none). */
  static long nanos(Measurements measurements) {
    try {
      return (long) GETTER.invokeExact(measurements);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }
}
