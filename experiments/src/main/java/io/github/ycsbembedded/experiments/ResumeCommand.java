package io.github.ycsbembedded.experiments;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/experiment resume RESULTS}: continues an interrupted run in its own results folder,
 * from the first trial it did not finish (that trial's data is loaded again), and ends with the
 * report an uninterrupted run would give.
 */
@Command(
    name = "resume",
    mixinStandardHelpOptions = true,
    description = "Continues an interrupted run from the first trial it did not finish.")
final class ResumeCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "RESULTS", description = "the interrupted run's folder")
  Path folder;

  @Override
  public Integer call() throws Exception {
    Runner runner = new Runner();
    runner.handleSignals();
    return runner.resume(folder);
  }
}
