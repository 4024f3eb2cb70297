package io.github.ycsbembedded.experiments.peers;

import io.github.ycsbembedded.experiments.measure.PhaseProcess;
import io.github.ycsbembedded.experiments.measure.ProcFiles;
import io.github.ycsbembedded.experiments.measure.ProcessWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads the CPU time of every thread of a run's client process twice a second ({@code
 * /proc/<pid>/task/<tid>/stat} and {@code comm}), so that the window's CPU time can be split by
 * {@link ThreadKind}: the JVM's JIT compiler and garbage collector apart from the client's and the
 * engine's threads. Told of the run's process group by {@link ProcessWatch}.
 */
final class ThreadSampler implements ProcessWatch {
  static final int SAMPLE_MS = 500;

  /** The client's threads at one moment: {@code atMs} after the start, CPU seconds by thread id. */
  record Snapshot(long atMs, Map<Long, Double> cpu, Map<Long, ThreadKind> kinds) {}

  private final List<Snapshot> snapshots = new ArrayList<>();
  private volatile boolean running;
  private Thread thread;
  private long startMs;

  @Override
  public void started(long group) {
    startMs = System.currentTimeMillis();
    running = true;
    thread = new Thread(() -> sample(group), "thread-sampler");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void ended() {
    running = false;
    if (thread != null) {
      thread.interrupt();
      try {
        thread.join(2_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void sample(long group) {
    while (running) {
      Optional<ProcessHandle> client = ProcessHandle.of(group).flatMap(PhaseProcess::client);
      client.ifPresent(
          c -> {
            Snapshot s = read(c.pid(), System.currentTimeMillis() - startMs);
            if (s != null) {
              synchronized (snapshots) {
                snapshots.add(s);
              }
            }
          });
      try {
        Thread.sleep(SAMPLE_MS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private static Snapshot read(long pid, long atMs) {
    Map<Long, Double> cpu = new HashMap<>();
    Map<Long, ThreadKind> kinds = new HashMap<>();
    try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
      for (Path task : (Iterable<Path>) tasks::iterator) {
        try {
          long tid = Long.parseLong(task.getFileName().toString());
          String stat = Files.readString(task.resolve("stat"));
          String comm = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          ProcFiles.CpuSeconds seconds = ProcFiles.cpuSeconds(stat);
          cpu.put(tid, seconds.user() + seconds.system());
          kinds.put(tid, ThreadKind.of(comm));
        } catch (IOException | RuntimeException e) {
          // the thread ended between the listing and the read
        }
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return new Snapshot(atMs, cpu, kinds);
  }

  /**
   * The CPU seconds of each kind of thread from the first snapshot at or after {@code
   * warmupSeconds} on; empty when fewer than two snapshots span that. Each thread counts to the
   * last snapshot that saw it (the client's threads end before the process does); a thread started
   * in between counts from zero.
   */
  Map<String, Double> window(int warmupSeconds) {
    List<Snapshot> all;
    synchronized (snapshots) {
      all = List.copyOf(snapshots);
    }
    List<Snapshot> after = all.stream().filter(s -> s.atMs() >= warmupSeconds * 1000L).toList();
    if (after.size() < 2) {
      return Map.of();
    }
    return byKind(after);
  }

  /** The CPU seconds of each kind of thread over {@code snapshots}, by the kind's label. */
  static Map<String, Double> byKind(List<Snapshot> snapshots) {
    Snapshot first = snapshots.get(0);
    Map<Long, Double> lastSeen = new HashMap<>();
    Map<Long, ThreadKind> kinds = new HashMap<>();
    for (Snapshot s : snapshots) {
      lastSeen.putAll(s.cpu());
      kinds.putAll(s.kinds());
    }
    Map<ThreadKind, Double> byKind = new EnumMap<>(ThreadKind.class);
    lastSeen.forEach(
        (tid, seconds) ->
            byKind.merge(
                kinds.get(tid), seconds - first.cpu().getOrDefault(tid, 0.0), Double::sum));
    Map<String, Double> labelled = new java.util.LinkedHashMap<>();
    byKind.forEach((k, v) -> labelled.put(k.label(), v));
    return labelled;
  }
}
