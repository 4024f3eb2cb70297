package io.github.ycsbembedded.core;

import io.github.ycsbembedded.core.EngineFailure.Condition;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a data directory holds, checked before a binding opens its engine there: whose files they
 * are (a marker file each binding writes, or else the engines' own file names), whether an engine
 * is open on it in another process (its lock files, asked of the kernel with a lock probe), whether
 * the engine's own files are whole, and, for {@code <engine>.destroy}, whether it may be wiped.
 */
public final class EngineDirectory {
  /** The file naming the binding whose data the directory holds. */
  public static final String MARKER = "ycsb-embedded.binding";

  /**
   * Lock files that engines hold with fcntl locks while open: RocksDB/LevelDB, WiredTiger, LMDB.
   */
  private static final List<String> LOCK_FILES = List.of("LOCK", "WiredTiger.lock", "lock.mdb");

  private EngineDirectory() {}

  /**
   * The engine whose data {@code dir} holds, or null when it holds none: the marker's binding, else
   * the engine whose own file names are there. An empty marker (a power cut kept its name, not its
   * content) names none.
   */
  public static String holder(Path dir) throws IOException {
    Path marker = dir.resolve(MARKER);
    if (Files.isRegularFile(marker)) {
      String binding = holderOfMarker(marker);
      if (!binding.isEmpty()) {
        return binding;
      }
    }
    return Engines.recognize(names(dir)).map(EngineDescriptor::name).orElse(null);
  }

  /**
   * Checks {@code dir} before {@code binding} opens its engine there, and wipes it first when
   * {@code destroy}: refuses a directory that holds another engine's data (unless it is to be
   * wiped), one whose engine is open in another process (always for a wipe; for an open unless
   * {@code multiProcess}), a wipe of files no engine writes, and a database of this binding whose
   * essential files are gone (the engine would silently start empty).
   */
  public static void prepare(Path dir, String binding, boolean destroy, boolean multiProcess)
      throws EngineFailure {
    try {
      String holder = holder(dir);
      if (destroy) {
        refuseIfInUse(dir, binding);
        String stranger = firstFileNoEngineWrites(dir);
        if (stranger != null) {
          throw new EngineFailure(
              Condition.FOREIGN_FILES,
              binding
                  + ".destroy: "
                  + dir
                  + " holds "
                  + stranger
                  + ", which no engine writes; refusing to wipe it (use an empty directory or one an engine wrote)");
        }
        wipe(dir);
        return;
      }
      if (holder != null && !holder.equals(binding)) {
        throw new EngineFailure(
            Condition.FOREIGN_FILES,
            binding
                + ": "
                + dir
                + " holds a "
                + holder
                + " database; use an empty directory or one "
                + binding
                + " wrote");
      }
      if (!multiProcess) {
        refuseIfInUse(dir, binding);
      }
      if (binding.equals(holder)) {
        for (String essential : essentialFiles(binding)) {
          if (!Files.exists(dir.resolve(essential))) {
            throw new EngineFailure(
                Condition.CORRUPTION,
                binding
                    + ": "
                    + dir
                    + " holds an incomplete "
                    + binding
                    + " database: "
                    + essential
                    + " is missing (the engine would start empty; restore it or use "
                    + binding
                    + ".destroy=true)");
          }
        }
      }
    } catch (IOException e) {
      throw new EngineFailure(
          Condition.IO_ERROR, binding + ": cannot check " + dir + ": " + e.getMessage());
    }
  }

  /** The files without which {@code binding}'s engine would start empty in a directory it wrote. */
  public static List<String> essentialFiles(String binding) {
    return Engines.named(binding).map(EngineDescriptor::essentialFiles).orElse(List.of());
  }

  /**
   * Writes the marker naming {@code binding}, once, after its engine opened the directory, and
   * syncs it and the directory: the marker, and the files the engine created at open, survive a
   * power cut (LMDB, MVStore and LevelDB's CURRENT would otherwise not be durably named).
   */
  public static void mark(Path dir, String binding) throws IOException {
    Path marker = dir.resolve(MARKER);
    if (!Files.exists(marker) || holderOfMarker(marker).isEmpty()) {
      try (FileChannel out =
          FileChannel.open(
              marker,
              StandardOpenOption.CREATE,
              StandardOpenOption.TRUNCATE_EXISTING,
              StandardOpenOption.WRITE)) {
        out.write(java.nio.ByteBuffer.wrap((binding + "\n").getBytes(StandardCharsets.UTF_8)));
        out.force(true);
      }
    }
    DirectorySync.sync(dir);
  }

  private static String holderOfMarker(Path marker) throws IOException {
    return Files.readString(marker, StandardCharsets.UTF_8).strip();
  }

  /** Whether another process (or another handle of this one) holds a lock file of {@code dir}. */
  public static boolean inUse(Path dir) {
    List<String> lockFiles = new ArrayList<>(LOCK_FILES);
    Engines.all().forEach(e -> lockFiles.addAll(e.lockFiles()));
    for (String name : lockFiles) {
      Path file = dir.resolve(name);
      if (Files.isRegularFile(file) && locked(file)) {
        return true;
      }
    }
    return false;
  }

  private static void refuseIfInUse(Path dir, String binding) throws EngineFailure {
    if (inUse(dir)) {
      throw new EngineFailure(
          Condition.IN_USE,
          binding
              + ": "
              + dir
              + " is in use by another process"
              + " (it holds a lock on the directory's lock file)");
    }
  }

  /**
   * Asks the kernel whether a lock on {@code file} conflicts with ours: an exclusive lock probe, or
   * a shared one where the file is not writable. Closing the probe's channel releases every fcntl
   * lock this process holds on the file, so it is only called where no engine of this process has
   * the directory open (the callers run before the open).
   */
  private static boolean locked(Path file) {
    for (boolean shared : new boolean[] {false, true}) {
      try (FileChannel channel =
          shared
              ? FileChannel.open(file, StandardOpenOption.READ)
              : FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
        FileLock lock = channel.tryLock(0, Long.MAX_VALUE, shared);
        if (lock == null) {
          return true;
        }
        lock.release();
        return false;
      } catch (OverlappingFileLockException e) {
        return true;
      } catch (IOException e) {
        // not writable: try the shared probe; not readable either: nothing can be told
      }
    }
    return false;
  }

  /** Deletes everything inside {@code dir}, keeping {@code dir} itself. */
  private static void wipe(Path dir) throws IOException {
    try (Stream<Path> tree = Files.walk(dir)) {
      for (Path path :
          (Iterable<Path>) tree.sorted(java.util.Comparator.reverseOrder())::iterator) {
        if (!path.equals(dir)) {
          Files.delete(path);
        }
      }
    }
  }

  /**
   * The first entry of {@code dir} that is not a file some engine (or a binding) writes, or null.
   */
  private static String firstFileNoEngineWrites(Path dir) throws IOException {
    for (String name : names(dir)) {
      Path path = dir.resolve(name);
      if (Files.isDirectory(path) || !engineFile(name)) {
        return name;
      }
    }
    return null;
  }

  static boolean engineFile(String name) {
    return name.equals(MARKER)
        // LMDB
        || name.equals("data.mdb")
        || name.equals("lock.mdb")
        // RocksDB and LevelDB
        || name.equals("CURRENT")
        || name.equals("IDENTITY")
        || name.equals("LOCK")
        || name.startsWith("LOG")
        || name.startsWith("MANIFEST-")
        || name.startsWith("OPTIONS-")
        || name.endsWith(".log")
        || name.endsWith(".sst")
        || name.endsWith(".ldb")
        || name.endsWith(".blob")
        || name.endsWith(".dbtmp")
        // WiredTiger
        || name.startsWith("WiredTiger")
        || name.endsWith(".wt")
        // the engines whose bindings name their files in their descriptors
        || Engines.all().stream()
            .anyMatch(
                e ->
                    e.ownsFile(name)
                        || e.isLog(name)
                        || e.essentialFiles().contains(name)
                        || e.lockFiles().contains(name));
  }

  private static List<String> names(Path dir) throws IOException {
    List<String> names = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return names;
    }
    try (Stream<Path> entries = Files.list(dir)) {
      entries.map(p -> p.getFileName().toString()).sorted().forEach(names::add);
    }
    return names;
  }
}
