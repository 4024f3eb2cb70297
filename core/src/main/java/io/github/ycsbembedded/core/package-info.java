/**
 * What every binding shares: the record codec, the extension interfaces a workload reaches a
 * binding through ({@link io.github.ycsbembedded.core.BatchReadDB} and its kin), the typed property
 * reader ({@link io.github.ycsbembedded.core.BindingProperties}), the shared, reference-counted
 * engine handle behind every client, the engine registry ({@link
 * io.github.ycsbembedded.core.EngineDescriptor}, read through {@link java.util.ServiceLoader} by
 * {@link io.github.ycsbembedded.core.Engines}), and the checked entry point before YCSB's {@code
 * Client}. It may use the JDK, YCSB's core ({@code site.ycsb}) and Jackson, and no other package of
 * the project: every other module builds on it, never the reverse.
 */
package io.github.ycsbembedded.core;
