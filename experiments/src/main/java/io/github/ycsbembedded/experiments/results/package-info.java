/**
 * The results schema: versioned records of a run (its settings, machine, trials, phases and their
 * figures) written atomically after every phase, read back, merged across folders and pooled with
 * earlier runs; and {@link io.github.ycsbembedded.experiments.results.Spread}, a figure's median
 * and range. The layer above the model ({@code LayersTest} enforces the rule): it may use {@code
 * model} only; {@code measure}, {@code plan}, {@code run}, {@code analysis}, {@code writeups},
 * {@code report} and the commands may use it.
 */
package io.github.ycsbembedded.experiments.results;
