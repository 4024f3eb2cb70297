package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What each engine's operations cost, beside their speed: per operation of the measured window, the
 * device's reads (each 4 KiB read from the device counted as one: an upper bound on the reads a
 * request waits for) and the bytes read, and the CPU time of the phase's process; for a load, the
 * bytes the process wrote per byte of records it loaded; and the disk the data took per byte of
 * data. Speed on a shared machine follows the day's device and neighbours; these follow the
 * engine's work, so how far each moved between trials (and the runs pooled) is said beside how far
 * speed moved.
 */
public final class Costs {
  /** The device read each 4 KiB read counts as. */
  static final double PAGE = 4096;

  private Costs() {}

  /** The costs measured, by name. */
  enum Cost {
    SPEED("speed"),
    DEVICE_READS("device reads per operation"),
    READ_BYTES("KiB read per operation"),
    CPU("CPU µs per operation"),
    WRITTEN("bytes written per byte loaded"),
    DISK("disk ÷ data"),
    MEMORY_WAITS("share of the window waiting for memory");

    final String label;

    Cost(String label) {
      this.label = label;
    }

    /** This cost of a run of a phase, its data {@code dataBytes} large; NaN where unknown. */
    double of(Results.Repetition r, double dataBytes) {
      Results.Figures f = r.figures();
      return switch (this) {
        case SPEED -> f.speed().speed();
        case DEVICE_READS -> perOperation(r, f.io().read() / PAGE);
        case READ_BYTES -> perOperation(r, f.io().read() / 1024.0);
        case CPU -> cpuPerOperationUs(r);
        case WRITTEN -> written(r);
        case DISK ->
            f.disk().allocated() > 0 && dataBytes > 0
                ? f.disk().allocated() / dataBytes
                : Double.NaN;
        case MEMORY_WAITS -> memoryWaits(r);
      };
    }
  }

  /** One engine × phase's costs, by trial. */
  public record Row(String engine, String phase, Map<Cost, Spread> costs) {
    public Row {
      costs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(costs));
    }
  }

  /** The rows of every engine × phase of the write-up's (or the file's) own phases that ran. */
  static List<Row> of(Context c) {
    List<Row> rows = new ArrayList<>();
    double data = c.run().scale().dataBytes();
    for (Description.Phase phase : c.experiment().phases()) {
      if (phase.beyondWriteUp()) {
        continue;
      }
      for (Results.EngineRun engine : c.engines()) {
        if (c.ok(engine.engine(), phase.id()) == null) {
          continue;
        }
        Map<Cost, Spread> costs = new LinkedHashMap<>();
        for (Cost cost : Cost.values()) {
          costs.put(cost, c.spread(engine.engine(), phase.id(), r -> cost.of(r, data)));
        }
        if (!phase.isLoad()) {
          costs.put(Cost.WRITTEN, Spread.NONE);
        }
        rows.add(new Row(engine.engine(), phase.id(), costs));
      }
    }
    return rows;
  }

  /** How far a figure moved between its trials: the largest ÷ the least (1 for one trial). */
  static double movement(Spread s) {
    List<Double> trials = s.trials().stream().filter(v -> v > 0).toList();
    if (trials.size() < 2) {
      return Double.NaN;
    }
    double max = trials.stream().mapToDouble(v -> v).max().orElse(1);
    double min = trials.stream().mapToDouble(v -> v).min().orElse(1);
    return max / min;
  }

  /**
   * The costs as a report section, or null when no phase ran or no run measured two trials: the
   * base's, and where the run holds variants that are no ablation (another memory, other threads),
   * each one's after it, in a first column naming the variant.
   */
  static Section section(Context c) {
    List<Row> rows = new ArrayList<>();
    List<String> variantOf = new ArrayList<>();
    List<Results.VariantRun> variants =
        c.run().variants().stream().filter(v -> v.ablation() == null).toList();
    for (Results.VariantRun variant : variants) {
      for (Row row : of(c.of(variant))) {
        rows.add(row);
        variantOf.add(variant.name());
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    boolean several = variants.size() > 1;
    List<String> header = new ArrayList<>(List.of("engine", "phase"));
    if (several) {
      header.add(0, "variant");
    }
    for (Cost cost : Cost.values()) {
      header.add(cost.label);
    }
    List<List<Cell>> table = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      List<Cell> cells =
          new ArrayList<>(List.of(Cell.text(row.engine()), Cell.text(c.label(row.phase()))));
      if (several) {
        cells.add(0, Cell.text(variantOf.get(i)));
      }
      for (Cost cost : Cost.values()) {
        Spread s = row.costs().get(cost);
        cells.add(
            s.isEmpty()
                ? Cell.missing(
                    cost == Cost.WRITTEN ? Cell.Why.NOT_APPLICABLE : Cell.Why.NOT_MEASURED)
                : Cell.of(s, format(cost)));
      }
      table.add(cells);
    }
    return new Section.Builder(2, "Costs per operation, and how far they moved")
        .note(
            "Beside each engine's speed, what its operations cost over the measured window, median"
                + " [range] over the trials"
                + (c.pool().any() ? " of every run pooled" : "")
                + ": the device's reads per operation (each 4 KiB read from the device counted as"
                + " one read: an upper bound on the reads a request waits for) and the KiB read,"
                + " the CPU time of the phase's process per operation (the JVM's own threads and the"
                + " engine's background work included; stolen time left out), for a load the bytes"
                + " the process wrote per byte of records loaded (its final flush included), and"
                + " the disk the data took ÷ the data's bytes; and the share of the window in which"
                + " some task of the machine waited for memory (the kernel's pressure stall"
                + " information, /proc/pressure/memory: reclaim under the memory limit, and pages"
                + " read again after reclaim took them). Speed follows the day's device and"
                + " neighbours; the costs follow the engine's work. "
                + movementSentence(rows)
                + machine(c))
        .table(header, table)
        .build();
  }

  /**
   * How far speed and each cost moved between trials, the median over the engine × phase cells that
   * measured two trials or more, and the most.
   */
  static String movementSentence(List<Row> rows) {
    List<String> parts = new ArrayList<>();
    for (Cost cost : Cost.values()) {
      List<Double> moved = new ArrayList<>();
      for (Row row : rows) {
        double m = movement(row.costs().get(cost));
        if (Double.isFinite(m)) {
          moved.add(m);
        }
      }
      if (moved.isEmpty()) {
        continue;
      }
      Spread s = Spread.of(moved);
      parts.add(
          String.format(
              Locale.ROOT,
              "%s ×%s (at most ×%s)",
              cost.label,
              Units.ratio(s.median()),
              Units.ratio(s.max())));
    }
    return parts.isEmpty()
        ? "One trial measured each: how far they move between trials is not known from this run."
        : "Between trials they moved, the median over the cells (the most): "
            + String.join("; ", parts)
            + ".";
  }

  /**
   * How much of the machine's CPU time the hypervisor stole over the windows ({@code /proc/stat}'s
   * steal), and how much other work took (the machine's busy time beyond the phase's process): each
   * the median and the most over every run, the most with its place; empty where the runs read
   * neither.
   */
  static String machine(Context c) {
    int cores = c.run().machines().isEmpty() ? 0 : c.run().machines().get(0).cores();
    List<Double> stolen = new ArrayList<>();
    List<Double> others = new ArrayList<>();
    String busiest = "";
    double most = -1;
    for (Results.EngineRun engine : c.engines()) {
      for (Results.PhaseRun phase : engine.phases()) {
        for (Results.Repetition r : phase.ok()) {
          Results.Figures f = r.figures();
          double capacity = f.window().seconds() * cores;
          double steal = share(f.cpu().steal(), capacity);
          double other = share(f.cpu().others(), capacity);
          if (!Double.isNaN(steal)) {
            stolen.add(steal);
          }
          if (!Double.isNaN(other)) {
            others.add(other);
            if (other > most) {
              most = other;
              busiest = engine.engine() + "'s " + phase.label() + ", trial " + r.trial();
            }
          }
        }
      }
    }
    StringBuilder said = new StringBuilder();
    if (!stolen.isEmpty()) {
      Spread s = Spread.of(stolen);
      said.append(
          String.format(
              Locale.ROOT,
              " The hypervisor stole %.1f%% of the machine's CPU time over the median window (at"
                  + " most %.1f%%, /proc/stat's steal); the CPU per operation above leaves it out.",
              100 * s.median(),
              100 * s.max()));
    }
    if (!others.isEmpty()) {
      said.append(
          String.format(
              Locale.ROOT,
              " Other work on this machine (other processes, this runner's own, interrupts) took"
                  + " %.1f%% of its CPU time over the median window, and %.1f%% at the most (%s):"
                  + " a window that shared the machine can read slower, and its process spend more"
                  + " CPU per operation, than the engine alone would.",
              100 * Spread.of(others).median(),
              100 * most,
              busiest));
    }
    return said.toString();
  }

  /** {@code seconds} of CPU time as a share of {@code capacity}; NaN where either is unknown. */
  private static double share(Double seconds, double capacity) {
    return seconds != null && Double.isFinite(seconds) && capacity > 0
        ? seconds / capacity
        : Double.NaN;
  }

  private static Cell.Format format(Cost cost) {
    return switch (cost) {
      case SPEED -> Cell.Format.NUMBER;
      case MEMORY_WAITS -> Cell.Format.PERCENT;
      default -> Cell.Format.RATIO;
    };
  }

  /**
   * The share of the run's window in which some task of the machine waited for memory (the kernel's
   * pressure stall information: reclaim under the cgroup's limit, pages read again after reclaim
   * took them); NaN where the run did not read it.
   */
  static double memoryWaits(Results.Repetition r) {
    Double stall = r.figures().window().memoryStall();
    double seconds = r.figures().window().seconds();
    return stall != null && stall >= 0 && seconds > 0 ? stall / seconds : Double.NaN;
  }

  /** The run's CPU time (user and system) per operation over its window, in µs; NaN if unknown. */
  static double cpuPerOperationUs(Results.Repetition r) {
    return perOperation(r, r.figures().cpu().total() * 1e6);
  }

  private static double perOperation(Results.Repetition r, double amount) {
    long ops = r.figures().window().operations();
    return amount >= 0 && ops > 0 ? amount / ops : Double.NaN;
  }

  private static double written(Results.Repetition r) {
    Double w = r.figures().amplification().write();
    return w == null ? Double.NaN : w;
  }
}
