/**
 * The experiment file's model: what an experiment measures (phases, engines, scales, memory regime,
 * engine settings, variants and sweeps, published figures and claims), read from YAML and checked
 * in one place, each error naming where in the file it is. The bottom layer of the module ({@code
 * LayersTest} enforces the rule): it may use {@code io.github.ycsbembedded.core} (the engines'
 * descriptors) and no other package of the module; every other package may use it.
 */
package io.github.ycsbembedded.experiments.model;
