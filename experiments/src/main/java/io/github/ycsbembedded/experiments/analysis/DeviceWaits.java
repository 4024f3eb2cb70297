package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.model.Description;
import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Results;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the data device's speed predicts for a claim of one client thread. Each engine's reads from
 * the device per operation (the window's bytes read ÷ 4 KiB ÷ its operations, as if every 4 KiB
 * were a random read of its own: an upper bound) times the device's median read one at a time is
 * the part of its time per operation spent waiting for the device; taking that part away gives the
 * ratio on a device that never keeps a read waiting, the bound a faster device (the write-up's
 * NVMe) moves the ratio toward.
 */
public final class DeviceWaits {
  private DeviceWaits() {}

  /** The device's speed in words, as the runner prints it and the why-lists cite it. */
  public static String describe(Results.DeviceSpeed s) {
    return String.format(
        Locale.ROOT,
        "%s random reads around the page cache (O_DIRECT, a %s file): %s µs at queue depth 1"
            + " (%s/s), %s/s at queue depth %d",
        Units.bytes(s.blockBytes()),
        Units.bytes(s.fileBytes()),
        Units.number(s.qd1MedianUs()),
        Units.number(s.qd1PerSecond()),
        Units.number(s.deepPerSecond()),
        s.depth());
  }

  /**
   * A machine's device speed in words: its one probe, or where it probed before every trial, the
   * median trial's probe and how far the read time at depth 1 moved between trials; empty without a
   * probe.
   */
  public static String describe(Results.Machine machine) {
    Results.DeviceSpeed typical = machine.typicalDeviceSpeed();
    if (typical == null) {
      return "";
    }
    List<Results.DeviceSpeed> trials = machine.trialDeviceSpeeds();
    if (trials.size() < 2) {
      return describe(typical);
    }
    double least = trials.stream().mapToDouble(Results.DeviceSpeed::qd1MedianUs).min().orElse(0);
    double most = trials.stream().mapToDouble(Results.DeviceSpeed::qd1MedianUs).max().orElse(0);
    return describe(typical)
        + String.format(
            Locale.ROOT,
            " (the median of %d probes, one before each trial: %s to %s µs at depth 1, ×%s apart)",
            trials.size(),
            Units.number(least),
            Units.number(most),
            Units.ratio(most / least));
  }

  /** One engine's waits on one phase: device reads per operation and the share of its time. */
  record Waits(double readsPerOperation, double share, double secondsPerOperation) {}

  /** The waits of an engine's phase (its median run), or null without the figures. */
  static Waits of(Context c, String engine, String phase, Results.DeviceSpeed device) {
    Results.PhaseRun r = c.ok(engine, phase);
    Results.Repetition median = r == null ? null : r.median();
    if (median == null
        || median.figures().io().read() < 0
        || median.figures().window().operations() <= 0
        || !(median.figures().speed().throughput() > 0)) {
      return null;
    }
    double reads =
        median.figures().io().read()
            / (double) device.blockBytes()
            / median.figures().window().operations();
    double seconds = 1 / median.figures().speed().throughput();
    double waiting = reads * device.qd1MedianUs() / 1e6;
    return new Waits(reads, Math.min(1, waiting / seconds), seconds);
  }

  /**
   * The claim's evidence line: each engine's device reads per operation and the share of its time
   * they take, and the ratio without them; empty unless the run measured its device, the claim
   * compares two engines on one phase of one client thread, and both read from the device.
   */
  static List<String> evidence(Context c, Claim.Subject subject) {
    Results.Machine machine = c.run().machines().isEmpty() ? null : c.run().machines().get(0);
    Results.DeviceSpeed device = machine == null ? null : machine.typicalDeviceSpeed();
    if (device == null
        || !subject.aboutSpeed()
        || subject.engines().size() != 2
        || subject.phases().size() != 1) {
      return List.of();
    }
    String phase = subject.phases().get(0);
    Description.Phase p = c.experiment().phase(phase);
    int threads = p == null || p.threads() == null ? c.run().protocol().threads() : p.threads();
    if (threads != 1) {
      return List.of();
    }
    String a = subject.engines().get(0);
    String b = subject.engines().get(1);
    Waits wa = of(c, a, phase, device);
    Waits wb = of(c, b, phase, device);
    if (wa == null
        || wb == null
        || (wa.readsPerOperation() < 0.01 && wb.readsPerOperation() < 0.01)) {
      return List.of();
    }
    List<String> parts = new ArrayList<>();
    parts.add(engineWaits(a, wa));
    parts.add(engineWaits(b, wb));
    double restA = wa.secondsPerOperation() * (1 - wa.share());
    double restB = wb.secondsPerOperation() * (1 - wb.share());
    String bound =
        wa.share() >= 0.99 || wb.share() >= 0.99
            ? "one of them waits for the device all the time, so a faster device's ratio cannot be"
                + " told from these figures"
            : "without those waits the ratio would be "
                + Units.ratio(restB / restA)
                + " (a device that keeps no read waiting: the bound a faster one moves it toward)";
    return List.of(
        "device waits, "
            + c.label(phase)
            + " (each 4 KiB read from the device taken as a random read of "
            + Units.number(device.qd1MedianUs())
            + " µs, one at a time): "
            + String.join("; ", parts)
            + "; "
            + bound);
  }

  private static String engineWaits(String engine, Waits w) {
    return String.format(
        Locale.ROOT,
        "%s %s reads per operation, %s of its time",
        engine,
        Units.number(w.readsPerOperation()),
        w.share() >= 0.99 ? "all" : String.format(Locale.ROOT, "%.0f%%", 100 * w.share()));
  }
}
