/**
 * What a run will do before it starts: each variant's plan of trials, engines and phases, the YCSB
 * command line of each phase, the memory regime's plan (the cgroup limit, the JVM's heap, the
 * engines' caches) and the settings hash that tells like runs apart. The measurement layer with
 * {@code measure} and {@code run} ({@code LayersTest} enforces the rule): it may use {@code
 * measure}, {@code results}, {@code model} and {@code io.github.ycsbembedded.core}; only {@code
 * run} and the commands may use it.
 */
package io.github.ycsbembedded.experiments.plan;
