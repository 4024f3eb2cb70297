package io.github.ycsbembedded.experiments.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The results' maps iterate in the order they were given (YCSB's output, results.json), so that a
 * report rendered twice from one results file is the same report: Map.copyOf's order changes from
 * one JVM to the next.
 */
class OrderTest {
  @Test
  void operationCountsAndLatenciesKeepTheOrderTheyWereGiven() {
    Map<String, Long> counts = new LinkedHashMap<>();
    Map<String, Results.Operation> operations = new LinkedHashMap<>();
    List<String> order = new ArrayList<>();
    for (int i = 15; i >= 0; i--) {
      order.add("OP" + i);
      counts.put("OP" + i, (long) i);
      operations.put("OP" + i, new Results.Operation(i, 1, 1, 1, 1, 1, 1, 1, Map.of()));
    }

    Results.WindowFigures window = new Results.WindowFigures(10, 10, true, counts, -1, -1);
    Results.Repetition rep =
        new Results.Repetition(1, 1, null, null, operations, Map.of(), List.of(), null);

    assertThat(window.counts().keySet()).containsExactlyElementsOf(order);
    assertThat(rep.operations().keySet()).containsExactlyElementsOf(order);
  }
}
