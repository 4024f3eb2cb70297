/**
 * Measurement of one phase: its process (one JVM through {@code bin/ycsb}) and its memory cgroup,
 * the window with the warm-up cut and the close outside, the kernel's CPU, memory and I/O counters,
 * YCSB's output and HdrHistogram logs, the device probe and the machine's fingerprint. The
 * measurement layer with {@code plan} and {@code run} ({@code LayersTest} enforces the rule): it
 * may use {@code results} and {@code model}; only {@code plan}, {@code run} and the commands may
 * use it, never the analysis or the report.
 */
package io.github.ycsbembedded.experiments.measure;
