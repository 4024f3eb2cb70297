package io.github.ycsbembedded.benchmarks;

/**
 * An engine opened directly through its Java API, on the data a binding loaded (same table, same
 * stored bytes), for the raw side of the benchmarks. One per trial; one session per thread.
 */
public interface RawEngine extends AutoCloseable {
  RawSession session() throws Exception;

  /**
   * One thread's raw calls, each in the engine's fastest honest form: keys as bytes in reused
   * buffers, values copied out into a reused buffer (a caller needs the bytes after the call).
   */
  interface RawSession extends AutoCloseable {
    /** Point read; the value's length, or -1 when absent. */
    int read(int index) throws Exception;

    /**
     * Read-modify-write of one value, the engine calls an update needs (atomic where the binding
     * is).
     */
    void update(int index) throws Exception;

    /**
     * A whole record written at a key, as a load's insert writes one, with no read before it: the
     * stored bytes of the key's record as the binding wrote them, from a reused buffer (the key
     * exists, so the data set keeps its size). The engine's own transaction and write options as
     * the binding's.
     */
    void insert(int index) throws Exception;

    /** Up to {@code count} records from a key in key order; how many were read. */
    int scan(int index, int count) throws Exception;

    /** A batch of keys in one call, the engine's batch form; how many were found. */
    int batchRead(int[] indexes) throws Exception;
  }
}
