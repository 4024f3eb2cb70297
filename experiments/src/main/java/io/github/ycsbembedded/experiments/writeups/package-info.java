/**
 * One small class per published write-up (Unum, HyperDex, HarperDB, Likes, Digg): its claims, the
 * tables shaped like the write-up's, and what its authors' harness measured, found by name from the
 * analysis. The analysis layer with {@code analysis} ({@code LayersTest} enforces the rule): it may
 * use {@code analysis}, {@code results} and {@code model}; only the report and the commands may use
 * it.
 */
package io.github.ycsbembedded.experiments.writeups;
