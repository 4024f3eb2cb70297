package io.github.ycsbembedded.experiments.peers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Threads told apart by the names the JVM and RocksDB give them, and the window's split. */
class ThreadKindTest {
  @Test
  void theJvmsAndRocksDbsNamedThreadsAreToldApartFromTheRest() {
    assertThat(ThreadKind.of("C2 CompilerThre")).isEqualTo(ThreadKind.JIT);
    assertThat(ThreadKind.of("C1 CompilerThre")).isEqualTo(ThreadKind.JIT);
    assertThat(ThreadKind.of("GC Thread#0")).isEqualTo(ThreadKind.GC);
    assertThat(ThreadKind.of("G1 Conc#0")).isEqualTo(ThreadKind.GC);
    assertThat(ThreadKind.of("VM Thread")).isEqualTo(ThreadKind.GC);
    assertThat(ThreadKind.of("VM Periodic Tas")).isEqualTo(ThreadKind.JVM);
    assertThat(ThreadKind.of("rocksdb:low")).isEqualTo(ThreadKind.ENGINE_BACKGROUND);
    assertThat(ThreadKind.of("Thread-3")).isEqualTo(ThreadKind.CLIENT);
    assertThat(ThreadKind.of("ycsb")).isEqualTo(ThreadKind.CLIENT);
  }

  @Test
  void theWindowCountsEachThreadToItsLastSightingAndANewThreadFromZero() {
    ThreadSampler.Snapshot first =
        new ThreadSampler.Snapshot(
            2_000, Map.of(1L, 1.0, 2L, 0.5), Map.of(1L, ThreadKind.CLIENT, 2L, ThreadKind.JIT));
    ThreadSampler.Snapshot middle =
        new ThreadSampler.Snapshot(
            8_500,
            Map.of(1L, 4.0, 2L, 0.75, 3L, 0.25),
            Map.of(1L, ThreadKind.CLIENT, 2L, ThreadKind.JIT, 3L, ThreadKind.CLIENT));
    // the client thread (1) has ended by the last sighting; the JIT compiler went on
    ThreadSampler.Snapshot last =
        new ThreadSampler.Snapshot(
            9_000, Map.of(2L, 1.0, 3L, 0.5), Map.of(2L, ThreadKind.JIT, 3L, ThreadKind.CLIENT));

    assertThat(ThreadSampler.byKind(List.of(first, middle, last)))
        .containsExactly(Map.entry("client and engine", 3.5), Map.entry("JIT compiler", 0.5));
  }
}
