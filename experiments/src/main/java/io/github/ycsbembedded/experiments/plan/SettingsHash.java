package io.github.ycsbembedded.experiments.plan;

import io.github.ycsbembedded.experiments.model.Description.Phase;
import io.github.ycsbembedded.experiments.model.Experiment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A hash of what decides a run's figures, so that runs of the same settings can be pooled and
 * others told apart: the experiment file's bytes, each phase's workload file's bytes and the run's
 * options (scale, engines, variants, memory limit, runs per trial, threads); not the trials, which
 * only add samples, nor the folders, which only say where.
 */
public final class SettingsHash {
  /** The options that say where or how many times, not what: left out of the hash. */
  static final Set<String> NOT_SETTINGS = Set.of("trials", "data directory");

  private SettingsHash() {}

  /**
   * The first 16 hex digits of the SHA-256 of {@code experiment}'s settings and {@code options}.
   */
  public static String of(Experiment experiment, Map<String, String> options) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      add(sha, "file", Files.readAllBytes(experiment.file()));
      for (Phase phase : experiment.description().phases()) {
        Path workload = experiment.workloadFile(phase);
        if (workload != null) {
          add(sha, "workload " + phase.workload(), Files.readAllBytes(workload));
        }
      }
      new TreeMap<>(options)
          .forEach(
              (name, value) -> {
                if (!NOT_SETTINGS.contains(name)) {
                  add(sha, name, value.getBytes(StandardCharsets.UTF_8));
                }
              });
      return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is in every JDK", e);
    }
  }

  private static void add(MessageDigest sha, String name, byte[] value) {
    sha.update(name.getBytes(StandardCharsets.UTF_8));
    sha.update((byte) 0);
    sha.update(Integer.toString(value.length).getBytes(StandardCharsets.UTF_8));
    sha.update((byte) 0);
    sha.update(value);
  }
}
