/**
 * The experiment runner's commands ({@code bin/experiment}: run, resume, list, report, compare),
 * parsed by picocli: the {@code RunPlanner} that decides what a run will do without touching the
 * machine, the {@code RunConsole} that says it as it goes, and the {@code Runner} that locks its
 * data, handles signals and hands each phase to the campaign. The top layer of the module
 * (DESIGN.md, Experiments; {@code LayersTest} enforces the rule): it may use every package below it
 * — {@code report}, {@code analysis} and {@code writeups}, {@code measure}, {@code plan} and {@code
 * run}, {@code results}, {@code model} — and {@code io.github.ycsbembedded.core}; no package of the
 * module may use it.
 */
package io.github.ycsbembedded.experiments;
