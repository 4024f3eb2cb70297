package io.github.ycsbembedded.experiments.peers;

import io.github.ycsbembedded.experiments.report.Document;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * Where each side's CPU time per operation goes, by {@link ThreadKind}: a run's window CPU time per
 * operation split in the shares its threads took over the window (read twice a second from {@code
 * /proc}), median of the rounds. On our side the JVM's JIT compiler and garbage collector stand
 * apart from the client's and the engine's threads; on YCSB-cpp's, RocksDB's named background
 * threads.
 */
final class CpuByThreads {
  /** Our JVM's own threads: its JIT compiler, its garbage collector and the rest of its threads. */
  static final List<ThreadKind> JVM_KINDS = List.of(ThreadKind.JIT, ThreadKind.GC, ThreadKind.JVM);

  /** The threads both kinds of client have: the client's and the engine's own. */
  static final List<ThreadKind> NOT_JVM = List.of(ThreadKind.CLIENT, ThreadKind.ENGINE_BACKGROUND);

  private CpuByThreads() {}

  /**
   * µs of CPU time per operation that threads of any of {@code kinds} took in run {@code m}; NaN if
   * unknown.
   */
  static double perOperationUs(PeerResults.Measurement m, Collection<ThreadKind> kinds) {
    double sum = 0;
    for (ThreadKind kind : kinds) {
      sum += perOperationUs(m, kind);
    }
    return sum;
  }

  /**
   * Where a CPU claim's cell spends more than the peer, in a sentence: the share of our CPU time
   * per operation that our JVM's own threads took (median of the rounds), ours ÷ the peer's with
   * them left out, and that ratio for each kind of thread both sides ran (the engine's background
   * threads only where the peer's took some); null where the threads were not read.
   */
  static String beyondTheLine(PeerResults results, Cell peer) {
    Cell ours = peer.on(Side.OURS);
    Spread jvmShare =
        Yardsticks.spread(
            results,
            ours,
            m -> perOperationUs(m, JVM_KINDS) / perOperationUs(m, List.of(ThreadKind.values())));
    Spread without = PeerClaims.ratios(results, peer, m -> perOperationUs(m, NOT_JVM));
    if (jvmShare.isEmpty() || without.isEmpty()) {
      return null;
    }
    StringBuilder s =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "where it goes: our JIT compiler, garbage collector and other JVM threads took"
                    + " %.0f%% of our CPU time per operation; without them, ours ÷ %s is %s",
                jvmShare.median() * 100,
                peer.side().label(),
                Yardsticks.range(without, "%.2f")));
    List<String> kinds = new ArrayList<>();
    for (ThreadKind kind : NOT_JVM) {
      Spread theirs = Yardsticks.spread(results, peer, m -> perOperationUs(m, kind));
      Spread ratios = PeerClaims.ratios(results, peer, m -> perOperationUs(m, kind));
      if (!theirs.isEmpty() && theirs.median() > 0 && !ratios.isEmpty()) {
        kinds.add(kind.label() + " " + Yardsticks.range(ratios, "%.2f"));
      }
    }
    if (kinds.size() > 1) {
      s.append(" (").append(String.join(", ", kinds)).append(')');
    }
    return s.toString();
  }

  /**
   * µs of CPU time per operation that threads of {@code kind} took in run {@code m}; NaN if
   * unknown.
   */
  static double perOperationUs(PeerResults.Measurement m, ThreadKind kind) {
    if (m.figures() == null || m.figures().cpuByThreads().isEmpty()) {
      return Double.NaN;
    }
    double all =
        m.figures().cpuByThreads().values().stream().mapToDouble(Double::doubleValue).sum();
    double mine = m.figures().cpuByThreads().getOrDefault(kind.label(), 0.0);
    return all > 0 ? m.cpuPerOperationUs() * mine / all : Double.NaN;
  }

  /** The section; nothing when no run's threads were read. */
  static void section(Document doc, PeerResults results) {
    List<List<String>> rows = new ArrayList<>();
    Yardsticks.forEachCell(
        results,
        cell -> {
          List<String> row =
              new ArrayList<>(
                  List.of(
                      cell.engine(),
                      Integer.toString(cell.threads()),
                      cell.phase().label(),
                      cell.side().label()));
          boolean any = false;
          for (ThreadKind kind : ThreadKind.values()) {
            Spread s = Yardsticks.spread(results, cell, m -> perOperationUs(m, kind));
            any |= !s.isEmpty();
            row.add(s.isEmpty() ? "—" : String.format(Locale.ROOT, "%.2f", s.median()));
          }
          if (any) {
            rows.add(row);
          }
        });
    if (rows.isEmpty()) {
      return;
    }
    List<String> header = new ArrayList<>(List.of("engine", "threads", "phase", "side"));
    for (ThreadKind kind : ThreadKind.values()) {
      header.add(kind.label());
    }
    doc.heading(2, "Where the CPU time goes");
    doc.paragraph(
        "µs of CPU time per operation by kind of thread, median of the rounds: each run's window"
            + " CPU time per operation split in the shares its threads took, read twice a second"
            + " from /proc/<pid>/task. The JVM names its JIT compiler and garbage collector threads"
            + " (the VM thread, which runs the collector's pauses, counts with them); RocksDB names"
            + " its background threads; every other thread — the client's, and an engine's own"
            + " that took its creator's name (LevelDB's compaction, WiredTiger's eviction) — counts"
            + " as client and engine.");
    doc.table(header, rows);
  }
}
