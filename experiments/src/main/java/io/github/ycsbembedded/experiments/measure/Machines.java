package io.github.ycsbembedded.experiments.measure;

import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Results;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Describes the machine a run is measured on. */
public final class Machines {
  private Machines() {}

  public static Results.Machine describe(Path dataDir) {
    return new Results.Machine(
        host(),
        Runtime.getRuntime().availableProcessors(),
        memoryBytes(),
        cpuModel(),
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
        fileSystem(dataDir),
        device(dataDir),
        null);
  }

  private static String host() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static long memoryBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return Runtime.getRuntime().maxMemory();
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return System.getProperty("os.arch");
  }

  private static String fileSystem(Path dir) {
    try {
      Path existing = dir;
      while (existing != null && !Files.exists(existing)) {
        existing = existing.getParent();
      }
      FileStore store = Files.getFileStore(existing == null ? Path.of(".") : existing);
      return store.name()
          + " ("
          + store.type()
          + "), "
          + Units.bytes(store.getUsableSpace())
          + " free of "
          + Units.bytes(store.getTotalSpace());
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /**
   * The block device under {@code dir}'s file system, as the kernel names and describes it: {@code
   * vda (virtio, not rotational)}; null where it cannot tell (an overlay, a RAM disk, not Linux).
   */
  static String device(Path dir) {
    try {
      Path existing = dir;
      while (existing != null && !Files.exists(existing)) {
        existing = existing.getParent();
      }
      String name = Files.getFileStore(existing == null ? Path.of(".") : existing).name();
      if (!name.startsWith("/dev/")) {
        return null;
      }
      Path block = Path.of("/sys/class/block", Path.of(name).getFileName().toString()).toRealPath();
      Path disk = Files.exists(block.resolve("partition")) ? block.getParent() : block;
      List<String> words = new ArrayList<>();
      Path model = disk.resolve("device/model");
      if (Files.isReadable(model)) {
        words.add(Files.readString(model).strip());
      } else if (disk.getFileName().toString().startsWith("vd")) {
        words.add("virtio");
      }
      Path rotational = disk.resolve("queue/rotational");
      if (Files.isReadable(rotational)) {
        words.add(
            Files.readString(rotational).strip().equals("1") ? "rotational" : "not rotational");
      }
      return disk.getFileName() + (words.isEmpty() ? "" : " (" + String.join(", ", words) + ")");
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
