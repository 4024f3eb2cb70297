/**
 * Running the plan: the campaign that interleaves trials of engines and variants, stops and
 * resumes, and writes the results after every phase; the phase runner behind an interface (so the
 * campaign is tested with a fake), the run's lock, failures and disk usage. The measurement layer
 * with {@code measure} and {@code plan} ({@code LayersTest} enforces the rule): it may use {@code
 * plan}, {@code measure}, {@code results}, {@code model} and {@code io.github.ycsbembedded.core};
 * only the commands may use it.
 */
package io.github.ycsbembedded.experiments.run;
