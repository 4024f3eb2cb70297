/**
 * Rendering: one document model of sections, tables and charts, written as Markdown and HTML with
 * PNG charts; all the report's prose is here, and it only formats what the analysis hands it. The
 * rendering layer ({@code LayersTest} enforces the rule): it may use {@code analysis}, {@code
 * results}, {@code model} and {@code io.github.ycsbembedded.core} (the engines' descriptors, for
 * names and colours), never the measurement; only the commands may use it.
 */
package io.github.ycsbembedded.experiments.report;
