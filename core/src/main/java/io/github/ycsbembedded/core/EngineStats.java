package io.github.ycsbembedded.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * An engine's own figures at the end of a run, in one schema for every engine: written by the
 * binding at its last cleanup when {@code enginestats=<file>} is set (before the final flush, and
 * again after it when {@code <engine>.flush_on_close} asks for one), as JSON. A figure the engine
 * does not keep is left out; each engine's own figures, under its own names, are in {@code engine}.
 * {@code docs/engine-statistics.md} says what each engine calls every figure and in which unit.
 *
 * @param engine the binding's name
 * @param version the engine and its version, as the binding announced it
 * @param atWindowStart the figures {@code enginestats.from} seconds after the engine opened, where
 *     that was asked for and the run lasted that long (null otherwise): counters from there to
 *     {@code beforeFlush} are the run's past its warm-up
 * @param windowStartMillis when they were taken, in milliseconds after the engine opened
 * @param beforeFlush the figures at the last cleanup, before anything was flushed
 * @param afterFlush the figures after the final flush (null when none was asked for)
 * @param flushMillis how long the final flush took (null when none was asked for)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EngineStats(
    int schema,
    String engine,
    String version,
    Figures atWindowStart,
    Long windowStartMillis,
    Figures beforeFlush,
    Figures afterFlush,
    Long flushMillis) {
  /** The version of this file's schema. */
  public static final int SCHEMA = 1;

  /** The core property naming the file; off (no statistics kept, none written) when unset. */
  public static final String PROPERTY = "enginestats";

  /**
   * The core property asking for the figures also this many seconds after the engine opened (a
   * run's warm-up), so that counters can be taken over the rest of the run.
   */
  public static final String FROM_PROPERTY = "enginestats.from";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /**
   * The figures at one moment. Bytes are bytes, times microseconds; every count is since the engine
   * was opened in this process, unless its entry in the docs says otherwise. In the file, the
   * figures of {@code compaction} and {@code lookups} stand beside the others, under their own
   * names.
   *
   * @param tree the shape of the engine's tree
   * @param liveDataBytes the engine's estimate of its live data
   * @param flushedBytes bytes written by memtable flushes
   * @param compaction what compaction did and still has to do
   * @param stallMicros time writes were stalled or slowed down
   * @param lookups how the engine's cache and filters served reads
   * @param memoryBytes memory the engine says it uses
   * @param engine the engine's own figures under its own names
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Figures(
      Tree tree,
      Long liveDataBytes,
      Long flushedBytes,
      @JsonUnwrapped Compaction compaction,
      Long stallMicros,
      @JsonUnwrapped Lookups lookups,
      Long memoryBytes,
      Map<String, Object> engine) {
    /**
     * Figures with only a tree and the engine's own; the common figures filled by {@link Builder}.
     */
    public static Builder of(Tree tree) {
      return new Builder(tree);
    }
  }

  /**
   * Compaction's work: bytes it read ({@code compactionReadBytes}) and wrote ({@code
   * compactionWrittenBytes}), and the bytes the engine estimates it still has to rewrite ({@code
   * pendingCompactionBytes}).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Compaction(
      @JsonProperty("compactionReadBytes") Long readBytes,
      @JsonProperty("compactionWrittenBytes") Long writtenBytes,
      @JsonProperty("pendingCompactionBytes") Long pendingBytes) {}

  /**
   * How reads were served: from the engine's cache ({@code cacheHits}) or not ({@code
   * cacheMisses}), and how many consulted a filter ({@code filterChecked}) that spared them a table
   * read ({@code filterUseful}).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Lookups(Long cacheHits, Long cacheMisses, Long filterUseful, Long filterChecked) {}

  /** Builds {@link Figures}, each common figure left out unless set. */
  public static final class Builder {
    private final Tree tree;
    private Long liveData;
    private Long flushed;
    private Compaction compaction = new Compaction(null, null, null);
    private Long stallMicros;
    private Lookups lookups = new Lookups(null, null, null, null);
    private Long memory;
    private Map<String, Object> engine = Map.of();

    private Builder(Tree tree) {
      this.tree = tree;
    }

    public Builder liveDataBytes(Long v) {
      liveData = v;
      return this;
    }

    public Builder flushedBytes(Long v) {
      flushed = v;
      return this;
    }

    public Builder compaction(Long readBytes, Long writtenBytes) {
      compaction = new Compaction(readBytes, writtenBytes, compaction.pendingBytes());
      return this;
    }

    public Builder pendingCompactionBytes(Long v) {
      compaction = new Compaction(compaction.readBytes(), compaction.writtenBytes(), v);
      return this;
    }

    public Builder stallMicros(Long v) {
      stallMicros = v;
      return this;
    }

    public Builder cache(Long hits, Long misses) {
      lookups = new Lookups(hits, misses, lookups.filterUseful(), lookups.filterChecked());
      return this;
    }

    public Builder filter(Long useful, Long checked) {
      lookups = new Lookups(lookups.cacheHits(), lookups.cacheMisses(), useful, checked);
      return this;
    }

    public Builder memoryBytes(Long v) {
      memory = v;
      return this;
    }

    public Builder engine(Map<String, Object> figures) {
      engine = Map.copyOf(figures);
      return this;
    }

    public Figures build() {
      return new Figures(tree, liveData, flushed, compaction, stallMicros, lookups, memory, engine);
    }
  }

  /**
   * The tree's shape: an LSM tree's levels ({@code kind} {@code lsm}), or a B-tree's depth and
   * pages ({@code btree}).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Tree(
      String kind,
      List<Level> levels,
      Long depth,
      Long branchPages,
      Long leafPages,
      Long overflowPages,
      Long entries,
      Long pageSize) {
    public static Tree lsm(List<Level> levels) {
      return new Tree("lsm", List.copyOf(levels), null, null, null, null, null, null);
    }

    public static Tree btree(
        long depth,
        Long branchPages,
        Long leafPages,
        Long overflowPages,
        Long entries,
        Long pageSize) {
      return new Tree(
          "btree", null, depth, branchPages, leafPages, overflowPages, entries, pageSize);
    }
  }

  /** One level of an LSM tree: its table files and their bytes. */
  public record Level(int level, long files, long bytes) {}

  /**
   * Whether the run asks for the engine's statistics ({@code enginestats}): an engine that keeps
   * counters only on request (RocksDB's tickers, WiredTiger's statistics) keeps them then.
   */
  public static boolean wanted(BindingProperties properties) {
    return properties.raw(PROPERTY) != null;
  }

  /** Writes these statistics as JSON to {@code file}. */
  public void write(Path file) throws IOException {
    JSON.writeValue(file.toFile(), this);
  }
}
