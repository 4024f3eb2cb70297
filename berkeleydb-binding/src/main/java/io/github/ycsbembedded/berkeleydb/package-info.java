/**
 * The Berkeley DB Java Edition binding: the per-thread YCSB client, the shared engine handle of one
 * directory (one transactional JE environment), and the descriptor that registers the binding. It
 * may use {@code io.github.ycsbembedded.core}, YCSB's core and JE, and no other binding.
 */
package io.github.ycsbembedded.berkeleydb;
