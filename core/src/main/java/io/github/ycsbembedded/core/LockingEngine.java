package io.github.ycsbembedded.core;

/**
 * An engine without transactions (RocksDB, LevelDB): its clients ({@link KeyValueClient}) update a
 * record, or write an atomic group, under striped key locks that every client of the process
 * shares.
 */
public interface LockingEngine extends EngineHandle {
  /** The process's striped locks for this engine's keys. */
  KeyLocks keyLocks();
}
