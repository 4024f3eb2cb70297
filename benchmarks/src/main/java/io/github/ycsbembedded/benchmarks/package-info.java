/**
 * The JMH microbenchmarks: raw engine calls through each engine's own Java API against the same
 * calls through the bindings, and the record codec alone. It may use {@code
 * io.github.ycsbembedded.core}, the bindings (by their YCSB client classes, and {@code
 * io.github.ycsbembedded.leveldb}'s JNI class as LevelDB's raw API), YCSB's core, JMH and the
 * engines' libraries; nothing depends on it.
 */
package io.github.ycsbembedded.benchmarks;
