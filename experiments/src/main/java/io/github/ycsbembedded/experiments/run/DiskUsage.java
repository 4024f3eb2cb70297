package io.github.ycsbembedded.experiments.run;

import io.github.ycsbembedded.core.Engines;
import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** What a data set takes on disk, and its deletion. */
public final class DiskUsage {
  private DiskUsage() {}

  /**
   * Apparent bytes (file sizes) and allocated bytes ({@code du}) under {@code dir}, leaving out its
   * subfolders named in {@code excluded} (other phases' data sets) and the engine's write-ahead log
   * (counted on its own: the write-ups' figures are the data's, and a log's size follows its
   * checkpoints, not the data).
   */
  static Results.Disk of(Path dir, String engine, Set<String> excluded)
      throws IOException, InterruptedException {
    if (!Files.isDirectory(dir)) {
      return new Results.Disk(0, 0, 0);
    }
    Predicate<String> isLog =
        Engines.named(engine).<Predicate<String>>map(e -> e::isLog).orElse(name -> false);
    List<Path> children = new ArrayList<>();
    try (Stream<Path> list = Files.list(dir)) {
      list.filter(p -> !(excluded.contains(p.getFileName().toString()) && Files.isDirectory(p)))
          .sorted()
          .forEach(children::add);
    }
    long apparent = 0;
    long logApparent = 0;
    List<Path> logs = new ArrayList<>();
    for (Path child : children) {
      try (Stream<Path> files = Files.walk(child)) {
        for (Path file : files.filter(Files::isRegularFile).toList()) {
          if (isLog.test(file.getFileName().toString())) {
            logApparent += Files.size(file);
            logs.add(file);
          } else {
            apparent += Files.size(file);
          }
        }
      }
    }
    if (children.isEmpty()) {
      return new Results.Disk(0, 0, 0);
    }
    long all = allocated(children, apparent + logApparent);
    long logAllocated = logs.isEmpty() ? 0 : allocated(logs, logApparent);
    return new Results.Disk(apparent, Math.max(0, all - logAllocated), logApparent);
  }

  /** The bytes {@code du} says {@code paths} take, or {@code fallback} when it cannot say. */
  private static long allocated(List<Path> paths, long fallback)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("du", "-s", "-c", "-B1"));
    paths.forEach(c -> command.add(c.toString()));
    Process du = new ProcessBuilder(command).redirectErrorStream(true).start();
    List<String> out =
        new String(du.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    String total = out.isEmpty() ? "" : out.get(out.size() - 1).trim();
    if (du.waitFor() == 0 && total.matches("\\d+\\s+total")) {
      return Long.parseLong(total.split("\\s+", -1)[0]);
    }
    return fallback;
  }

  /** Deletes {@code dir} and everything under it; nothing when it does not exist. */
  public static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> tree = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) tree.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }
}
