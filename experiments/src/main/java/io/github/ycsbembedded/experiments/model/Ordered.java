package io.github.ycsbembedded.experiments.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Unmodifiable copies of maps that keep their order: the experiment file's order, YCSB's output
 * order, results.json's order. {@code Map.copyOf} would do but for its iteration order, which
 * changes from one JVM to the next, so a report rendered twice from one results file would differ.
 */
public final class Ordered {
  private Ordered() {}

  /** An unmodifiable copy in {@code map}'s order; an empty map for null. */
  public static <K, V> Map<K, V> copy(Map<K, V> map) {
    return map == null || map.isEmpty()
        ? Map.of()
        : Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }
}
