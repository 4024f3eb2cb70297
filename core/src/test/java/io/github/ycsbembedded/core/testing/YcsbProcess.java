package io.github.ycsbembedded.core.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a command (stock {@code site.ycsb.Client} in a child JVM on the test classpath, or a
 * launcher script) and gives back its exit code and output, with accessors for YCSB's {@code
 * [SECTION], metric, value} lines.
 */
public final class YcsbProcess {
  private final int exitCode;
  private final String stdout;
  private final String stderr;

  private YcsbProcess(int exitCode, String stdout, String stderr) {
    this.exitCode = exitCode;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /** The repository root, passed by the build as {@code ycsbembedded.root}. */
  public static Path root() {
    String root = System.getProperty("ycsbembedded.root");
    if (root == null) {
      throw new IllegalStateException(
          "system property ycsbembedded.root is not set (run through Maven)");
    }
    return Paths.get(root);
  }

  /** A workload property file of the repository, e.g. {@code workloada}. */
  public static Path workload(String name) {
    return root().resolve("workloads").resolve(name);
  }

  /**
   * {@code java} running {@code mainClass} with this JVM's classpath, native library path and
   * {@code -XX} options, so that a child JVM finds what the test finds and runs as it runs.
   */
  public static List<String> java(String mainClass) {
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    // the test JVM's own -XX options (the build's test.jvm: C1 alone, the serial collector)
    java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(option -> option.startsWith("-XX:"))
        .forEach(command::add);
    command.add("-Djava.library.path=" + System.getProperty("java.library.path", ""));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass);
    return command;
  }

  /**
   * For a child JVM's main: a new client of the binding class {@code args[0]}, given the {@code
   * name=value} properties of {@code args[first]} on, not yet initialized.
   */
  public static site.ycsb.DB binding(String[] args, int first) throws ReflectiveOperationException {
    java.util.Properties properties = new java.util.Properties();
    for (int i = first; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      properties.setProperty(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    site.ycsb.DB db =
        Class.forName(args[0])
            .asSubclass(site.ycsb.DB.class)
            .getDeclaredConstructor()
            .newInstance();
    db.setProperties(properties);
    return db;
  }

  /** Stock {@code site.ycsb.Client} in a child JVM: {@link #java} plus {@code args}. */
  public static YcsbProcess client(String... args) throws IOException, InterruptedException {
    List<String> command = java("site.ycsb.Client");
    command.addAll(Arrays.asList(args));
    return run(command, null);
  }

  /** Runs {@code command} in {@code workingDir} (the current one when null), 10 minutes at most. */
  public static YcsbProcess run(List<String> command, Path workingDir)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile("ycsb-out", ".txt");
    Path err = Files.createTempFile("ycsb-err", ".txt");
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(Paths.get("/dev/null").toFile()));
      if (workingDir != null) {
        builder.directory(workingDir.toFile());
      }
      Process process = builder.start();
      if (!process.waitFor(10, TimeUnit.MINUTES)) {
        destroyTree(process);
        throw new IllegalStateException("timed out: " + command);
      }
      return new YcsbProcess(
          process.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /**
   * Kills a process and every process it started (a launcher's JVM), and waits up to a minute for
   * it: what a test does with a child that outlived its bound, so that nothing it started runs on.
   */
  public static void destroyTree(Process process) throws InterruptedException {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    process.waitFor(1, TimeUnit.MINUTES);
  }

  /**
   * Kills {@code process} and what it started ({@link #destroyTree}) once {@code minutes} have
   * passed, unless the returned handle is closed first: a bound for a test that reads a child's
   * output, where a read would otherwise wait for as long as a stuck child lives.
   */
  public static Bound bound(Process process, long minutes) {
    java.util.concurrent.ScheduledExecutorService timer =
        java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "bound of pid " + process.pid());
              t.setDaemon(true);
              return t;
            });
    timer.schedule(
        () -> {
          process.descendants().forEach(ProcessHandle::destroyForcibly);
          process.destroyForcibly();
        },
        minutes,
        TimeUnit.MINUTES);
    return timer::shutdownNow;
  }

  /** A bound set by {@link #bound}; closing it lifts it. */
  @FunctionalInterface
  public interface Bound extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * The command that starts {@code command} with SIGINT's default action restored: a process
   * started from a shell script's background job (or under nohup) inherits SIGINT ignored, and a
   * JVM cannot handle a signal it inherited ignored. Empty when this machine's {@code env} cannot
   * restore it (GNU coreutils before 8.31).
   */
  public static java.util.Optional<List<String>> withSigintRestored(List<String> command)
      throws InterruptedException {
    try {
      Process probe =
          new ProcessBuilder("env", "--default-signal=INT", "true")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!probe.waitFor(30, TimeUnit.SECONDS) || probe.exitValue() != 0) {
        probe.destroyForcibly();
        return java.util.Optional.empty();
      }
    } catch (IOException e) {
      return java.util.Optional.empty();
    }
    List<String> restored = new ArrayList<>(List.of("env", "--default-signal=INT"));
    restored.addAll(command);
    return java.util.Optional.of(restored);
  }

  public int exitCode() {
    return exitCode;
  }

  public String stdout() {
    return stdout;
  }

  public String stderr() {
    return stderr;
  }

  /** The value of YCSB's line {@code [section], metric, value}, or null when absent. */
  public String metric(String section, String metric) {
    Matcher m =
        Pattern.compile(
                "^\\[" + Pattern.quote(section) + "\\], " + Pattern.quote(metric) + ", (.+)$",
                Pattern.MULTILINE)
            .matcher(stdout);
    return m.find() ? m.group(1).trim() : null;
  }

  /** {@link #metric} as a long, 0 when absent. */
  public long count(String section, String metric) {
    String value = metric(section, metric);
    return value == null ? 0 : (long) Double.parseDouble(value);
  }

  /** Every {@code Return=} line of the output, e.g. {@code [READ], Return=OK, 100}. */
  public List<String> returnLines() {
    List<String> lines = new ArrayList<>();
    for (String line : stdout.split("\n")) {
      if (line.contains(", Return=")) {
        lines.add(line);
      }
    }
    return lines;
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
  }
}
