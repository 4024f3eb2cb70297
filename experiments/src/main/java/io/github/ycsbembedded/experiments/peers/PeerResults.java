package io.github.ycsbembedded.experiments.peers;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.results.AtomicFile;
import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What {@code bin/experiment peers} measured, kept as {@code peers.json} in its folder and written
 * again after every run: the setup, the machine, and every run's figures.
 *
 * @param scale the scale's name and sizes
 * @param engines the engines measured, in order
 * @param threads the client thread counts, in order
 * @param peers each side's label and what it ran ({@code bin/ycsb}, a peer's folder and commit)
 * @param machine the machine, as an experiment's results describe it
 * @param runs every run, in the order it ran
 */
public record PeerResults(
    PeerScale scale,
    List<String> engines,
    List<Integer> threads,
    Map<String, String> peers,
    Results.Machine machine,
    List<Measurement> runs) {
  /** The file's name in the folder. */
  public static final String NAME = "peers.json";

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

  public PeerResults {
    engines = List.copyOf(engines);
    threads = List.copyOf(threads);
    peers = Map.copyOf(peers);
    runs = List.copyOf(runs);
  }

  /**
   * One run of one side: its place ({@code round}, engine, threads, phase), the command, and what
   * was measured ({@code figures}; null when it failed). {@code error} is null when it worked.
   * {@code library}: the engine library the run loaded as our side's startup line names it (e.g.
   * {@code RocksDB 7.8.3}); null for a peer's run, one that failed, or a file older than it.
   */
  public record Measurement(
      int round,
      String engine,
      int threads,
      Phase phase,
      Side side,
      String command,
      String error,
      Figures figures,
      String library) {
    /** Operations per second over the window; NaN when the run failed. */
    @JsonIgnore
    public double speed() {
      return figures == null || !(figures.seconds() > 0)
          ? Double.NaN
          : figures.operations() / figures.seconds();
    }

    /** CPU time (user and system, every thread of the client's process) per operation, in µs. */
    @JsonIgnore
    public double cpuPerOperationUs() {
      return figures == null || figures.operations() <= 0 || !(figures.cpuSeconds() >= 0)
          ? Double.NaN
          : figures.cpuSeconds() * 1e6 / figures.operations();
    }

    @JsonIgnore
    public boolean failed() {
      return error != null;
    }
  }

  /**
   * What a run measured over its window (the warm-up left out where status lines allow: {@code
   * windowed}): operations, seconds, the client process's CPU seconds, the throughput its client
   * reported of the whole run, and the window's CPU seconds by kind of thread ({@link ThreadKind}'s
   * names; empty where the threads could not be read).
   */
  public record Figures(
      long operations,
      double seconds,
      double cpuSeconds,
      boolean windowed,
      double reportedThroughput,
      Map<String, Double> cpuByThreads) {
    public Figures {
      cpuByThreads = cpuByThreads == null ? Map.of() : Map.copyOf(cpuByThreads);
    }
  }

  /** Writes the results into {@code folder}, whole. */
  public void write(Path folder) throws IOException {
    AtomicFile.write(folder.resolve(NAME), JSON.writeValueAsBytes(this));
  }

  /** Reads {@code folder/peers.json}; a folder without one is one line naming it. */
  public static PeerResults read(Path folder) throws ExperimentException {
    Path file = folder.resolve(NAME);
    if (!Files.isRegularFile(file)) {
      throw new ExperimentException(folder + " is not a peers folder: it has no " + NAME);
    }
    try {
      return JSON.readValue(file.toFile(), PeerResults.class);
    } catch (IOException e) {
      throw new ExperimentException(
          file + " cannot be read: " + e.getMessage().lines().findFirst().orElse(""));
    }
  }
}
