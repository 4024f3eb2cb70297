/**
 * The analysis of a run's results: claims and their verdicts on confidence intervals, why-lists,
 * engine mechanics, costs per operation, ablations, variants and sweeps, comparisons of two runs,
 * handed to the report as sections of cells. The analysis layer with {@code writeups} ({@code
 * LayersTest} enforces the rule): it may use {@code results}, {@code model} and {@code
 * io.github.ycsbembedded.core} (its size parser), and knows the write-ups only by name (never
 * {@code writeups}' classes); only {@code writeups}, {@code report} and the commands may use it,
 * never the measurement.
 */
package io.github.ycsbembedded.experiments.analysis;
