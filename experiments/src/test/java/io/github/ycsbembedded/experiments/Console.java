package io.github.ycsbembedded.experiments;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * {@code bin/experiment}'s command line run in the test's JVM, as a test's extension
 * ({@code @RegisterExtension}): its standard output and error captured for each test, the checkout
 * its home ({@code ycsbembedded.home}), both put back after the test.
 */
final class Console implements BeforeEachCallback, AfterEachCallback {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream originalOut;
  private PrintStream originalErr;
  private String originalHome;

  @Override
  public void beforeEach(ExtensionContext context) {
    originalHome = System.getProperty("ycsbembedded.home");
    System.setProperty("ycsbembedded.home", System.getProperty("ycsbembedded.root"));
    originalOut = System.out;
    originalErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Override
  public void afterEach(ExtensionContext context) {
    System.setOut(originalOut);
    System.setErr(originalErr);
    if (originalHome == null) {
      System.clearProperty("ycsbembedded.home");
    } else {
      System.setProperty("ycsbembedded.home", originalHome);
    }
  }

  /** Runs {@code bin/experiment args}; returns its exit status. */
  int run(String... args) {
    return ExperimentRunner.commandLine(args).execute(args);
  }

  /** What it printed on standard output so far, whole. */
  String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  /** What it printed on standard error since the last {@link #reset}, stripped. */
  String stderr() {
    return err.toString(StandardCharsets.UTF_8).strip();
  }

  /** Forgets what was printed so far. */
  void reset() {
    out.reset();
    err.reset();
  }
}
