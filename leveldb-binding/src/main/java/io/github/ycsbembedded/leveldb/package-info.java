/**
 * The LevelDB binding: the per-thread YCSB client, the shared engine handle of one directory, the
 * JNI calls into the LevelDB library this module builds ({@link
 * io.github.ycsbembedded.leveldb.LevelDb}), its errors and statistics, and the descriptor that
 * registers the binding. It may use {@code io.github.ycsbembedded.core} and YCSB's core, and no
 * other binding.
 */
package io.github.ycsbembedded.leveldb;
