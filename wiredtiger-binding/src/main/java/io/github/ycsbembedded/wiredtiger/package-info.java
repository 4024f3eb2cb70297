/**
 * The WiredTiger binding: the per-thread YCSB client, the shared engine handle of one directory,
 * the checks before WiredTiger's own Java API loads its library, its statistics, and the descriptor
 * that registers the binding. It may use {@code io.github.ycsbembedded.core}, YCSB's core and
 * WiredTiger's Java API ({@code com.wiredtiger.db}), and no other binding.
 */
package io.github.ycsbembedded.wiredtiger;
