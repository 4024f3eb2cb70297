package io.github.ycsbembedded.leveldb;

import io.github.ycsbembedded.core.EngineStats;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads LevelDB's text properties ({@code leveldb.sstables}, {@code leveldb.stats}). */
final class LevelDbStats {
  /** {@code --- level 1 ---} opening each level of {@code leveldb.sstables}. */
  private static final Pattern LEVEL = Pattern.compile("^--- level (\\d+) ---$");

  /** {@code 12:40960['key' @ 1 : 1 .. 'key' @ 9 : 1]}: a file's number and bytes. */
  private static final Pattern FILE = Pattern.compile("^\\s*\\d+:(\\d+)\\[");

  /**
   * A row of {@code leveldb.stats}: level, files, size, time (s), read and written (all MiB,
   * rounded to whole MiB by LevelDB).
   */
  private static final Pattern ROW =
      Pattern.compile("^\\s*(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s*$");

  private static final long MIB = 1L << 20;

  private LevelDbStats() {}

  /** The bytes compactions read and wrote, summed over the levels; null without the property. */
  record Compactions(Long readBytes, Long writtenBytes) {}

  /**
   * Each level that holds a file, with its files and their bytes, from {@code leveldb.sstables}.
   */
  static List<EngineStats.Level> levels(String sstables) {
    List<EngineStats.Level> levels = new ArrayList<>();
    if (sstables == null) {
      return levels;
    }
    int level = -1;
    long files = 0;
    long bytes = 0;
    for (String line : sstables.lines().toList()) {
      Matcher header = LEVEL.matcher(line);
      if (header.matches()) {
        if (level >= 0 && files > 0) {
          levels.add(new EngineStats.Level(level, files, bytes));
        }
        level = Integer.parseInt(header.group(1));
        files = 0;
        bytes = 0;
        continue;
      }
      Matcher file = FILE.matcher(line);
      if (level >= 0 && file.find()) {
        files++;
        bytes += Long.parseLong(file.group(1));
      }
    }
    if (level >= 0 && files > 0) {
      levels.add(new EngineStats.Level(level, files, bytes));
    }
    return levels;
  }

  /**
   * The MiB compactions read and wrote, summed over the rows of {@code leveldb.stats}, in bytes.
   */
  static Compactions compactions(String stats) {
    if (stats == null) {
      return new Compactions(null, null);
    }
    long read = 0;
    long written = 0;
    for (String line : stats.lines().toList()) {
      Matcher row = ROW.matcher(line);
      if (row.matches()) {
        read += Long.parseLong(row.group(5));
        written += Long.parseLong(row.group(6));
      }
    }
    return new Compactions(read * MIB, written * MIB);
  }
}
