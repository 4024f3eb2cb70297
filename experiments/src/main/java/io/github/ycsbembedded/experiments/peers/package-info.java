/**
 * {@code bin/experiment peers}: our bindings beside the peer harnesses a user built (YCSB-cpp,
 * upstream YCSB 0.17.0) on the same load, A and C, round by round, in CPU time per operation and
 * speed, with the claims judged on the round ratios and a report. A layer of its own beside the
 * commands: it uses measurement (one process measured), results ({@code Spread}), analysis (the
 * confidence interval) and rendering (the document), and only the commands use it.
 */
package io.github.ycsbembedded.experiments.peers;
