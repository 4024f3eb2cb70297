package io.github.ycsbembedded.experiments.plan;

import io.github.ycsbembedded.experiments.model.Description.Phase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * A hash of what decides a run's figures, so that runs of the same settings can be pooled and
 * others told apart: every phase's command as each variant would run it on each engine (its
 * workload file's bytes, every YCSB and binding property, threads, the time bound, the JVM's
 * options), the memory each phase is held to, the repetitions per trial and the warm-up; not the
 * trials, which only add samples, nor the folders, which only say where, nor what the experiment
 * file says beside them (its comments, sources, published figures, variants the run leaves out).
 */
public final class SettingsHash {
  /** Where every hashed command pretends its files go: the hash says what, not where. */
  private static final Path NOWHERE = Path.of("/settings");

  private SettingsHash() {}

  /** The first 16 hex digits of the SHA-256 of what {@code plans} run. */
  public static String of(List<RunPlan> plans) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (RunPlan plan : plans) {
        add(sha, "variant", plan.variant().name());
        add(sha, "memory", String.valueOf(plan.memory().limitBytes()));
        add(sha, "page cache", String.valueOf(plan.pageCacheShares()));
        add(sha, "warm-up", String.valueOf(plan.scale().warmup()));
        for (Phase phase : plan.experiment().phases()) {
          add(sha, "repetitions", Integer.toString(plan.repetitions(phase)));
          Path workload = plan.experiment().workloadFile(phase);
          if (workload != null) {
            add(sha, "workload", Files.readString(workload, StandardCharsets.UTF_8));
          }
          for (String engine : plan.engines()) {
            List<String> command =
                PhaseCommand.of(
                    plan,
                    phase,
                    engine,
                    NOWHERE.resolve(engine),
                    false,
                    plan.threads(phase),
                    plan.duration(phase),
                    NOWHERE.resolve("raw"),
                    null);
            add(sha, "command", String.join("\u0000", command));
          }
        }
      }
      return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is in every JDK", e);
    }
  }

  private static void add(MessageDigest sha, String name, String value) {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    sha.update(name.getBytes(StandardCharsets.UTF_8));
    sha.update((byte) 0);
    sha.update(Integer.toString(bytes.length).getBytes(StandardCharsets.UTF_8));
    sha.update((byte) 0);
    sha.update(bytes);
  }
}
