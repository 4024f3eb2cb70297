/**
 * The MVStore binding: H2's MVStore (pure Java, one file, its page cache in the JVM's heap) behind
 * the per-thread YCSB client, the shared engine handle of one directory, and the descriptor that
 * registers the binding. It may use {@code io.github.ycsbembedded.core}, YCSB's core and H2's
 * {@code org.h2.mvstore}, and no other binding.
 */
package io.github.ycsbembedded.mvstore;
