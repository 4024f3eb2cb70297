/**
 * {@code install-into}: adds a distribution's bindings to an existing YCSB install, journals every
 * change, and undoes them. It may use the JDK and picocli, and no other package of the project: it
 * works on files, never on an engine.
 */
package io.github.ycsbembedded.installer;
