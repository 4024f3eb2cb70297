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
   * Whether LevelDB 1.23 would compact the tree {@code levels} describes ({@code
   * VersionSet::Finalize}): level 0 holds 4 files or more ({@code kL0_CompactionTrigger}), or a
   * level from 1 to 5 holds more bytes than its target, 10 MiB at level 1 and ten times more at
   * each level below (the targets do not follow {@code max_file_size}). Seek-triggered compactions
   * are not debt and are not counted.
   */
  static boolean needsCompaction(List<EngineStats.Level> levels) {
    for (EngineStats.Level level : levels) {
      if (level.level() == 0 && level.files() >= L0_COMPACTION_TRIGGER) {
        return true;
      }
      if (level.level() >= 1
          && level.level() < LAST_LEVEL
          && level.bytes() > maxBytesForLevel(level.level())) {
        return true;
      }
    }
    return false;
  }

  /** LevelDB's {@code kL0_CompactionTrigger}. */
  static final int L0_COMPACTION_TRIGGER = 4;

  /** LevelDB's last level ({@code kNumLevels - 1}), which has no target. */
  static final int LAST_LEVEL = 6;

  /** LevelDB's {@code MaxBytesForLevel}: 10 MiB at level 1, ten times more at each level below. */
  static double maxBytesForLevel(int level) {
    double bytes = 10 * 1048576.0;
    for (int l = level; l > 1; l--) {
      bytes *= 10;
    }
    return bytes;
  }

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
