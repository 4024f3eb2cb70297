/**
 * The SQLite binding: the per-thread YCSB client, the shared engine handle of one directory, and
 * the descriptor that registers the binding. It may use {@code io.github.ycsbembedded.core}, YCSB's
 * core and sqlite-jdbc, and no other binding.
 */
package io.github.ycsbembedded.sqlite;
