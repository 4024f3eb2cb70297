package io.github.ycsbembedded.leveldb;

import io.github.ycsbembedded.core.NativeLibrary;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Google's LevelDB 1.23 through this module's own JNI library ({@code src/main/native}, linked
 * statically with Debian's {@code libleveldb.a} and {@code libsnappy.a} and carried in the jar):
 * open with options, get / put / delete, write batches, snapshots, iterators, compact range, close.
 * Values are copied once between LevelDB and Java (a read returns a fresh array; a write takes the
 * caller's array and a length). Errors are {@link LevelDbException} subclasses that tell the
 * conditions apart.
 *
 * <p>Thread safety is LevelDB's: a database is safe for concurrent use; a {@link Batch} or a {@link
 * Cursor} belongs to one thread. Nothing may be used after {@link #close}.
 */
public final class LevelDb implements AutoCloseable {
  /**
   * What {@link #open} configures; sizes in bytes. {@code mmapReads}: LevelDB's own way of reading
   * table files (memory maps); false reads them with pread, advised as random access.
   */
  public record Options(
      long cacheSize,
      long writeBufferSize,
      long maxFileSize,
      int blockSize,
      int maxOpenFiles,
      boolean snappy,
      int filterBits,
      boolean paranoidChecks,
      boolean verifyChecksums,
      boolean createIfMissing,
      boolean mmapReads) {
    /**
     * LevelDB's own defaults, but with verified checksums on reads and compactions (paranoid
     * checks), creating a missing database.
     */
    public static Options defaults() {
      return new Options(
          8L << 20, 4L << 20, 2L << 20, 4096, 1000, false, 0, true, true, true, true);
    }

    /** These options with paranoid checks on or off. */
    public Options withParanoidChecks(boolean on) {
      return new Options(
          cacheSize,
          writeBufferSize,
          maxFileSize,
          blockSize,
          maxOpenFiles,
          snappy,
          filterBits,
          on,
          verifyChecksums,
          createIfMissing,
          mmapReads);
    }
  }

  private final Path directory;
  private long handle;

  private LevelDb(Path directory, long handle) {
    this.directory = directory;
    this.handle = handle;
  }

  /**
   * Opens (or creates) the database in {@code directory}.
   *
   * @throws LevelDbException.Locked when another process has it open
   * @throws IOException when the JNI library cannot be loaded
   */
  public static LevelDb open(Path directory, Options options) throws IOException {
    Native.ensureLoaded();
    long handle = Native.open(directory.toString(), options);
    return new LevelDb(directory, handle);
  }

  /** The LevelDB version the JNI library was built with, e.g. {@code 1.23}. */
  public static String version() throws IOException {
    Native.ensureLoaded();
    return Native.version();
  }

  /** The CRC32C LevelDB computes its checksums with in this library (for tests). */
  static int crc32c(byte[] data) throws IOException {
    Native.ensureLoaded();
    return Native.crc32c(data);
  }

  public Path directory() {
    return directory;
  }

  /** The value of {@code key}, or null when absent. */
  public byte[] get(byte[] key) {
    return Native.get(handle(), 0, key);
  }

  /** The value of {@code key} as of {@code snapshot}, or null when absent. */
  public byte[] get(byte[] key, Snapshot snapshot) {
    return Native.get(handle(), snapshot.pointer(), key);
  }

  /** Stores {@code value[0, length)} under {@code key}; {@code sync} waits for the log's fsync. */
  public void put(byte[] key, byte[] value, int length, boolean sync) {
    checkLength(value, length);
    Native.put(handle(), sync, key, value, length);
  }

  public void delete(byte[] key, boolean sync) {
    Native.delete(handle(), sync, key);
  }

  /** Applies every put and delete of {@code batch} atomically. */
  public void write(Batch batch, boolean sync) {
    Native.write(handle(), sync, batch.pointer());
  }

  public Snapshot snapshot() {
    return new Snapshot(Native.newSnapshot(handle()));
  }

  /** An iterator over the whole key space, as of {@code snapshot} when not null. */
  public Cursor cursor(Snapshot snapshot) {
    long h = handle();
    return new Cursor(h, Native.newIterator(h, snapshot == null ? 0 : snapshot.pointer()));
  }

  /**
   * Compacts the keys in {@code [begin, end]} (null: unbounded). It first writes the memtable to a
   * table file, so a range that holds no table file only does that.
   */
  public void compactRange(byte[] begin, byte[] end) {
    Native.compactRange(handle(), begin, end);
  }

  /**
   * Throws the error LevelDB keeps from a failed background flush or compaction (a full disk), if
   * any; LevelDB then refuses every write until reopened. Without one, the memtable is switched.
   */
  public void checkBackgroundError() {
    Native.checkBackgroundError(handle());
  }

  /** A LevelDB property such as {@code leveldb.stats}, or null when LevelDB does not know it. */
  public String property(String name) {
    return Native.property(handle(), name);
  }

  /** Closes the database (waiting for background compaction). Idempotent. */
  @Override
  public synchronized void close() {
    if (handle != 0) {
      long h = handle;
      handle = 0;
      Native.close(h);
    }
  }

  private long handle() {
    long h = handle;
    if (h == 0) {
      throw new IllegalStateException("LevelDB " + directory + " is closed");
    }
    return h;
  }

  private static void checkLength(byte[] value, int length) {
    if (length < 0 || length > value.length) {
      throw new IndexOutOfBoundsException("length " + length + " of an array of " + value.length);
    }
  }

  /** An object of the library's, freed once by {@link #close}; unusable after it. */
  abstract static class NativeObject implements AutoCloseable {
    private final String what;
    private long pointer;

    NativeObject(String what, long pointer) {
      this.what = what;
      this.pointer = pointer;
    }

    final long pointer() {
      if (pointer == 0) {
        throw new IllegalStateException(what + " is closed");
      }
      return pointer;
    }

    /** Frees the library's object. */
    abstract void free(long pointer);

    @Override
    public final void close() {
      if (pointer != 0) {
        free(pointer);
        pointer = 0;
      }
    }
  }

  /** A consistent view of the database; release it with {@link #close}. */
  public final class Snapshot extends NativeObject {
    private Snapshot(long pointer) {
      super("snapshot", pointer);
    }

    @Override
    void free(long pointer) {
      Native.releaseSnapshot(handle(), pointer);
    }
  }

  /** Puts and deletes applied together by {@link LevelDb#write}; reusable after {@link #clear}. */
  public static final class Batch extends NativeObject {
    public Batch() throws IOException {
      super("write batch", newBatch());
    }

    private static long newBatch() throws IOException {
      Native.ensureLoaded();
      return Native.newBatch();
    }

    public Batch put(byte[] key, byte[] value, int length) {
      checkLength(value, length);
      Native.batchPut(pointer(), key, value, length);
      return this;
    }

    public Batch delete(byte[] key) {
      Native.batchDelete(pointer(), key);
      return this;
    }

    public void clear() {
      Native.batchClear(pointer());
    }

    @Override
    void free(long pointer) {
      Native.freeBatch(pointer);
    }
  }

  /**
   * An iterator in key order. {@link #seek} and {@link #next} say whether it is on an entry, and
   * throw the error that stopped it (a corrupt block, a failed read) rather than just stopping.
   */
  public static final class Cursor extends NativeObject {
    private final long database;

    private Cursor(long database, long pointer) {
      super("cursor", pointer);
      this.database = database;
    }

    /** Moves to the first key at or after {@code key} (the first key when null). */
    public boolean seek(byte[] key) {
      return Native.iteratorSeek(database, pointer(), key);
    }

    public boolean next() {
      return Native.iteratorNext(database, pointer());
    }

    public byte[] key() {
      return Native.iteratorKey(pointer());
    }

    public byte[] value() {
      return Native.iteratorValue(pointer());
    }

    @Override
    void free(long pointer) {
      Native.freeIterator(pointer);
    }
  }

  /** The JNI methods, registered by the library's {@code JNI_OnLoad}. */
  private static final class Native {
    private static final String FOLDER = "/io/github/ycsbembedded/leveldb/native";
    private static final String FILE = "libycsbe_leveldb.so";

    /** Why the library could not be loaded, once tried (it is not tried again). */
    private static String loadFailure;

    private static boolean loaded;

    private Native() {}

    static synchronized void ensureLoaded() throws IOException {
      if (loaded) {
        return;
      }
      if (loadFailure == null) {
        try {
          NativeLibrary.load(LevelDb.class, FOLDER, FILE);
          loaded = true;
          return;
        } catch (IOException e) {
          loadFailure = e.getMessage();
        }
      }
      throw new IOException("LevelDB's JNI library: " + loadFailure);
    }

    /** Opens with every component of {@code options}, which the library reads by name. */
    static native long open(String path, Options options);

    static native void close(long handle);

    static native byte[] get(long handle, long snapshot, byte[] key);

    static native void put(long handle, boolean sync, byte[] key, byte[] value, int length);

    static native void delete(long handle, boolean sync, byte[] key);

    static native long newBatch();

    static native void freeBatch(long batch);

    static native void batchPut(long batch, byte[] key, byte[] value, int length);

    static native void batchDelete(long batch, byte[] key);

    static native void batchClear(long batch);

    static native void write(long handle, boolean sync, long batch);

    static native long newSnapshot(long handle);

    static native void releaseSnapshot(long handle, long snapshot);

    static native long newIterator(long handle, long snapshot);

    static native boolean iteratorSeek(long handle, long iterator, byte[] key);

    static native boolean iteratorNext(long handle, long iterator);

    static native byte[] iteratorKey(long iterator);

    static native byte[] iteratorValue(long iterator);

    static native void freeIterator(long iterator);

    static native void compactRange(long handle, byte[] begin, byte[] end);

    static native void checkBackgroundError(long handle);

    static native String property(long handle, String name);

    static native String version();

    static native int crc32c(byte[] data);
  }
}
