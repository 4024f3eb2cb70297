package io.github.ycsbembedded.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code bin/experiment run FILE [options]}: an experiment file anywhere, of one's own or not. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description =
        "Runs an experiment file (anywhere; a shipped experiment's name works too) and writes its"
            + " report.")
final class RunCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "the experiment file")
  String file;

  @Mixin RunOptions options = new RunOptions();

  @ParentCommand ExperimentRunner parent;

  @Override
  public Integer call() throws Exception {
    // the same run as bin/experiment FILE [options], as resume will read it
    List<String> arguments = new ArrayList<>(parent.arguments());
    arguments.remove("run");
    Runner runner = new Runner();
    runner.handleSignals();
    return runner.start(file, options, arguments);
  }
}
