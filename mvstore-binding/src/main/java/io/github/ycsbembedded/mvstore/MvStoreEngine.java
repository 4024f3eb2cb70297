package io.github.ycsbembedded.mvstore;

import io.github.ycsbembedded.core.BatchWorkers;
import io.github.ycsbembedded.core.BindingProperties;
import io.github.ycsbembedded.core.EngineStats;
import io.github.ycsbembedded.core.KeyLocks;
import io.github.ycsbembedded.core.LockingEngine;
import io.github.ycsbembedded.core.Sizes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.StampedLock;
import java.util.function.Supplier;
import org.h2.engine.Constants;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.Page;
import org.h2.mvstore.RootReference;
import org.h2.mvstore.type.ByteArrayDataType;
import site.ycsb.DBException;

/**
 * One MVStore per data directory ({@value MvStoreDescriptor#FILE}), shared by every {@link
 * MvStoreClient} of the process, with one {@link MVMap} of byte keys and values per YCSB table.
 *
 * <p>Durability: the store's own auto-commit is off (no background writer, no store triggered by
 * unsaved memory), so a chunk is written only when the binding commits. Every write is committed
 * ({@link MVStore#commit}: the changed pages written as a chunk through the file's channel, into
 * the OS's page cache) before it is acknowledged, so it survives the process's death; with {@code
 * mvstore.sync=true} the file is also forced ({@link MVStore#sync}) before the acknowledgement.
 * Writers that commit at once share a chunk: a commit that finds another commit stored its change
 * returns at once (MVStore's own group commit).
 *
 * <p>Atomic groups: a single write holds the {@link #gate}'s read lock from its put to its commit;
 * a group (an atomic write, a batch insert, a bulk batch) holds its write lock from its first put
 * to its commit, so no commit ever stores part of a group, and a failed group is rolled back. Reads
 * validate an optimistic stamp of the gate (a read of one word, no write), so none sees part of a
 * group; batch reads and scans read one root of the map taken between groups.
 */
final class MvStoreEngine implements LockingEngine {
  /** MVStore's own default cache (16 MiB), in the JVM's heap. */
  static final long DEFAULT_CACHE_SIZE = 16L << 20;

  /** How long {@code mvstore.flush_on_close} lets MVStore compact the file, at most. */
  static final int FLUSH_COMPACTION_MILLIS = 10_000;

  private final MVStore store;
  private final Path file;
  private final boolean sync;
  private final ConcurrentHashMap<String, MVMap<byte[], byte[]>> maps = new ConcurrentHashMap<>();
  private final StampedLock gate = new StampedLock();
  private final KeyLocks keyLocks = new KeyLocks(1024);
  private final BatchWorkers workers;
  private final Set<String> bulkTables = ConcurrentHashMap.newKeySet();
  private final LongAdder commits = new LongAdder();
  private final LongAdder syncs = new LongAdder();

  private MvStoreEngine(MVStore store, Path file, boolean sync, BatchWorkers workers) {
    this.store = store;
    this.file = file;
    this.sync = sync;
    this.workers = workers;
  }

  static MvStoreEngine open(Path dir, BindingProperties p) throws DBException {
    // read every property before touching the directory
    boolean sync = p.bool("mvstore.sync", false);
    long cacheSize = p.size("mvstore.cache_size", DEFAULT_CACHE_SIZE, 1L << 20, 1L << 40);
    String compression = p.oneOf("mvstore.compression", "none", "none", "lzf", "deflate");
    int batchParallelism = BatchWorkers.parallelism(p, "mvstore");
    refuseCacheBeyondHeap(cacheSize, Runtime.getRuntime().maxMemory());

    Path file = dir.resolve(MvStoreDescriptor.FILE);
    MVStore.Builder builder =
        new MVStore.Builder()
            .fileName(file.toString())
            // MVStore counts its cache in whole MiB
            .cacheSize((int) (cacheSize >> 20))
            // no background writer and no store started by unsaved memory: a chunk is written only
            // when the binding commits, never part of an atomic group
            .autoCommitDisabled()
            .autoCommitBufferSize(0);
    if (compression.equals("lzf")) {
      builder.compress();
    } else if (compression.equals("deflate")) {
      builder.compressHigh();
    }
    MVStore store = builder.open();
    BatchWorkers workers;
    try {
      workers = new BatchWorkers("mvstore", batchParallelism);
    } catch (RuntimeException | Error e) {
      store.closeImmediately();
      throw e;
    }
    return new MvStoreEngine(store, file, sync, workers);
  }

  /**
   * Refuses a cache the heap cannot hold beside the run's own objects: more than half the heap
   * ({@code -Xmx}), where a full cache would leave YCSB and the collector too little.
   */
  static void refuseCacheBeyondHeap(long cacheSize, long maxHeap) throws DBException {
    if (cacheSize > maxHeap / 2) {
      throw new DBException(
          "mvstore.cache_size: '"
              + Sizes.format(cacheSize)
              + "' is more than half the JVM's heap ("
              + Sizes.human(maxHeap)
              + "); MVStore's cache lives in the heap: raise -Xmx to at least twice the cache,"
              + " or lower mvstore.cache_size");
    }
  }

  @Override
  public KeyLocks keyLocks() {
    return keyLocks;
  }

  /** The reader threads of batch reads. */
  BatchWorkers workers() {
    return workers;
  }

  /** The map of a YCSB table, created on first use (persisted with the next commit). */
  MVMap<byte[], byte[]> map(String table) {
    MVMap<byte[], byte[]> map = maps.get(table);
    if (map != null) {
      return map;
    }
    return maps.computeIfAbsent(
        table,
        t ->
            store.openMap(
                t,
                new MVMap.Builder<byte[], byte[]>()
                    .keyType(ByteArrayDataType.INSTANCE)
                    .valueType(ByteArrayDataType.INSTANCE)));
  }

  /**
   * What {@code read} reads, never in the middle of an atomic group: on an optimistic stamp of the
   * gate, read again under its read lock when a group wrote meanwhile.
   */
  <T> T betweenGroups(Supplier<T> read) {
    long stamp = gate.tryOptimisticRead();
    if (stamp != 0) {
      T value = read.get();
      if (gate.validate(stamp)) {
        return value;
      }
    }
    stamp = gate.readLock();
    try {
      return read.get();
    } finally {
      gate.unlockRead(stamp);
    }
  }

  /** The value under {@code key}, or null; the map's own array, never written to. */
  byte[] get(MVMap<byte[], byte[]> map, byte[] key) {
    return betweenGroups(() -> map.get(key));
  }

  /**
   * A root of the map that holds whole groups only: one snapshot to read many keys from ({@link
   * MVMap#get(Page, Object)}) or to walk ({@link MVMap#cursor(RootReference, Object, Object,
   * boolean)}).
   */
  RootReference<byte[], byte[]> snapshot(MVMap<byte[], byte[]> map) {
    return betweenGroups(map::getRoot);
  }

  /**
   * Keeps the chunks of the store's current version while {@code read} runs (a snapshot's pages not
   * in the cache are read from them), as MVStore's own transactions do.
   */
  <T> T withVersionKept(Supplier<T> read) {
    MVStore.TxCounter counter = store.registerVersionUsage();
    try {
      return read.get();
    } finally {
      store.deregisterVersionUsage(counter);
    }
  }

  /** One change of a group ({@link #writeGroup}): a put, or a delete when the value is null. */
  @SuppressWarnings("ArrayRecordComponent") // handed to the map, never compared
  record Change(MVMap<byte[], byte[]> map, byte[] key, byte[] value) {}

  /** Stores {@code value} (kept by the map: the caller must not reuse it) and commits. */
  void put(MVMap<byte[], byte[]> map, byte[] key, byte[] value) {
    long stamp = gate.readLock();
    try {
      map.put(key, value);
      commit();
    } finally {
      gate.unlockRead(stamp);
    }
    syncIfAsked();
  }

  /** Removes {@code key} and commits. */
  void remove(MVMap<byte[], byte[]> map, byte[] key) {
    long stamp = gate.readLock();
    try {
      map.remove(key);
      commit();
    } finally {
      gate.unlockRead(stamp);
    }
    syncIfAsked();
  }

  /**
   * Applies every change and commits them as one, alone: no other write runs meanwhile, so no
   * commit stores part of the group and no read sees part of it. A change that fails rolls the
   * group back (the store holds no other uncommitted change while the gate is closed).
   */
  void writeGroup(List<Change> changes) {
    long stamp = gate.writeLock();
    try {
      try {
        for (Change change : changes) {
          if (change.value() == null) {
            change.map().remove(change.key());
          } else {
            change.map().put(change.key(), change.value());
          }
        }
        commit();
      } catch (RuntimeException | Error e) {
        if (!store.isClosed()) {
          store.rollback();
        }
        throw e;
      }
    } finally {
      gate.unlockWrite(stamp);
    }
    syncIfAsked();
  }

  private void commit() {
    store.commit();
    commits.increment();
  }

  private void syncIfAsked() {
    if (sync) {
      store.sync();
      syncs.increment();
    }
  }

  /**
   * Whether a bulk load of {@code table} may go on: the first call for a table checks that it holds
   * no record (and remembers the answer); later calls, from any thread, go on.
   */
  synchronized boolean startBulk(String table, MVMap<byte[], byte[]> map) {
    if (bulkTables.contains(table)) {
      return true;
    }
    if (!map.isEmpty()) {
      return false;
    }
    bulkTables.add(table);
    return true;
  }

  /**
   * Compacts the file for up to {@value #FLUSH_COMPACTION_MILLIS} ms (MVStore moves live pages out
   * of sparse chunks and shrinks the file), commits and forces the file to the device ({@code
   * mvstore.flush_on_close}).
   */
  @Override
  public void flush() {
    store.compactFile(FLUSH_COMPACTION_MILLIS);
    store.commit();
    store.sync();
  }

  /**
   * MVStore's own figures: the tables' B-trees (depth of the deepest, entries summed), its cache
   * (in whole MiB, as MVStore counts it), the pages it read from the file (each a cache miss), the
   * fill rates of the file and of its chunks, its size and version, and the binding's commits and
   * syncs.
   */
  @Override
  public EngineStats.Figures statistics() {
    long depth = 0;
    long entries = 0;
    for (MVMap<byte[], byte[]> map : maps.values()) {
      depth = Math.max(depth, depth(map.getRootPage()));
      entries += map.sizeAsLong();
    }
    Map<String, Object> own = new LinkedHashMap<>();
    store.populateInfo((name, value) -> own.put(name, number(value)));
    FileStore<?> files = store.getFileStore();
    own.put("storeVersion", store.getCurrentVersion());
    own.put("commits", commits.sum());
    own.put("syncs", syncs.sum());
    return EngineStats.Figures.of(
            EngineStats.Tree.btree(depth, null, null, null, entries, store.getMaxPageSize()))
        .cache(null, files.getReadCount())
        .memoryBytes((long) store.getCacheSizeUsed() << 20)
        .engine(own)
        .build();
  }

  /** The levels of a map's tree, down its first children. */
  private static long depth(Page<byte[], byte[]> root) {
    long depth = 1;
    for (Page<byte[], byte[]> page = root; !page.isLeaf(); page = page.getChildPage(0)) {
      depth++;
    }
    return depth;
  }

  /** A figure of {@link MVStore#populateInfo} as a number where it is one. */
  private static Object number(String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      return value;
    }
  }

  @Override
  public String version() {
    return "MVStore " + Constants.VERSION;
  }

  /** Less room than a chunk takes is left on the store's device. */
  static final long FULL_BELOW_BYTES = 1L << 20;

  /**
   * Whether the device holding the store has less than {@link #FULL_BELOW_BYTES} free for this
   * process (a full disk, as a failed write found it); false when that cannot be asked.
   */
  boolean deviceFull() {
    try {
      return Files.getFileStore(file.getParent()).getUsableSpace() < FULL_BELOW_BYTES;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * Closes the store without compacting it: every acknowledged write is already in a chunk of the
   * file. A store that stopped after a failed write (MVStore's panic) is closed at once; its
   * failure is thrown. Idempotent.
   */
  @Override
  public void close() throws DBException {
    workers.close();
    if (store.isClosed()) {
      return;
    }
    try {
      // A reader that let go of its version while a commit held MVStore's lock left that version
      // counted as kept: MVStore drops unused versions only when it gets the lock (tryLock in
      // deregisterVersionUsage), and closing checks that none is kept (an AssertionError under
      // -ea, seen once in the suite's batch read beside commits). With every client gone, one
      // registration on this thread lets MVStore drop them first.
      store.deregisterVersionUsage(store.registerVersionUsage());
      store.close();
    } catch (RuntimeException e) {
      store.closeImmediately();
      throw new DBException("mvstore: closing failed: " + e.getMessage(), e);
    }
  }
}
