package io.github.ycsbembedded.experiments;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/experiment}: parses the command line and hands it on — a run of a shipped write-up by
 * name or of any experiment file ({@link Runner}), or one of the subcommands (list, run, report,
 * compare, resume, slurm, peers). Every bad input is one line and exit status 2.
 */
@Command(
    name = "experiment",
    mixinStandardHelpOptions = true,
    version = "ycsb-embedded experiment runner",
    description =
        "Re-measures a published write-up, or runs an experiment file of your own, and writes a"
            + " report.",
    subcommands = {
      ListCommand.class,
      RunCommand.class,
      ReportCommand.class,
      CompareCommand.class,
      ResumeCommand.class,
      SlurmCommand.class,
      PeersCommand.class
    })
public final class ExperimentRunner implements Callable<Integer> {
  static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "NAME|FILE",
      description = "a shipped experiment (see: list) or an experiment file's path")
  String name;

  @Mixin RunOptions options = new RunOptions();

  /** The arguments as given, for the results folder (which {@code resume} parses again). */
  private List<String> arguments = List.of();

  /** The arguments as given. */
  List<String> arguments() {
    return arguments;
  }

  static Path home() {
    return Paths.get(System.getProperty("ycsbembedded.home", ".")).toAbsolutePath().normalize();
  }

  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    System.exit(execute(commandLine(args), args));
  }

  /**
   * Runs {@code line}; an error the command's handlers never see (picocli hands them exceptions,
   * and an {@link Error} such as {@link OutOfMemoryError} passes by them) is one line and exit
   * status 1 too, never the JVM's silent or stack-traced end.
   */
  static int execute(CommandLine line, String[] args) {
    try {
      return line.execute(args);
    } catch (Error e) {
      System.out.flush();
      System.err.println(line.getCommandName() + ": " + oneLine(e));
      System.err.flush();
      return 1;
    }
  }

  /** The command line, with every bad input answered in one line that points to --help. */
  static CommandLine commandLine(String[] args) {
    ExperimentRunner runner = new ExperimentRunner();
    runner.arguments = List.of(args);
    CommandLine line = new CommandLine(runner);
    line.setParameterExceptionHandler(
        (e, given) -> {
          CommandLine failed = e.getCommandLine();
          String command = failed.getCommandSpec().qualifiedName(" ");
          if (e.getCause() instanceof CountConverter.BadCount bad) {
            // as the runner words its own refusals, run subcommand or not
            failed
                .getErr()
                .println(failed.getCommandSpec().root().name() + ": " + bad.getMessage());
            return 2;
          }
          e.getCommandLine()
              .getErr()
              .println(command + ": " + e.getMessage() + " (see " + "bin/" + command + " --help)");
          return 2;
        });
    line.setExecutionExceptionHandler(
        (e, failed, parsed) -> {
          failed.getErr().println(failed.getCommandSpec().qualifiedName(" ") + ": " + oneLine(e));
          return 1;
        });
    return line;
  }

  /**
   * A failure the commands did not foresee, in one line: a file the run needs that went away or
   * cannot be made (its path and why), else the exception's own message and kind.
   */
  static String oneLine(Throwable e) {
    Throwable cause = e;
    while (!(cause instanceof java.nio.file.FileSystemException)
        && cause.getCause() != null
        && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    if (cause instanceof java.nio.file.NoSuchFileException missing) {
      return missing.getFile()
          + ": no such file or directory (was a results or data folder removed during the run?)";
    }
    if (cause instanceof java.nio.file.FileSystemException fs) {
      return fs.getFile()
          + ": "
          + (fs.getReason() == null ? fs.getClass().getSimpleName() : fs.getReason())
          + (fs.getOtherFile() == null ? "" : " (" + fs.getOtherFile() + ")");
    }
    String message =
        e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("");
    return e.getClass().getSimpleName() + message;
  }

  @Override
  public Integer call() throws Exception {
    if (name == null) {
      System.err.println("experiment: name an experiment or a file, or 'list' to see them");
      return 2;
    }
    Runner runner = new Runner();
    runner.handleSignals();
    return runner.start(name, options, new ArrayList<>(arguments));
  }
}
