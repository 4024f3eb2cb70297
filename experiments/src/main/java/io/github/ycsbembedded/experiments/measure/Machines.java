package io.github.ycsbembedded.experiments.measure;

import io.github.ycsbembedded.experiments.Units;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

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
        fileSystem(dataDir));
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
}
