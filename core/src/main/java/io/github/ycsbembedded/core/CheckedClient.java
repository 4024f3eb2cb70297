package io.github.ycsbembedded.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import site.ycsb.Client;
import site.ycsb.CommandLine;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Runs stock {@link Client} (or, with {@code --shell} first, stock {@link CommandLine}) after
 * checking what stock YCSB does not: YCSB's own properties ({@link CoreProperties}), that the
 * binding initializes and closes with the given properties, and that the workload initializes. Each
 * problem is one line and exit status 1, before any work; stock YCSB prints a stack trace and exits
 * 0 for all of them.
 *
 * <p>It also gives the run an exit status that says whether it worked: non-zero when YCSB ended
 * before its report, when a binding failed to close (a checkpoint or flush not written), when every
 * operation failed, or (with {@code ycsb.fail_on_errors=true}, the default) when any operation
 * returned an error. YCSB's output is untouched: the figures pass through the exporter the user
 * chose, counted on the way.
 *
 * <p>The arguments are exactly {@code site.ycsb.Client}'s (or {@code CommandLine}'s).
 */
public final class CheckedClient {
  /**
   * A system property naming a file for the JVM's memory figures at exit (see {@link
   * #writeJvmReport}).
   */
  public static final String JVM_REPORT = "ycsbembedded.jvm.report";

  /** Whether a run with any failed operation exits non-zero (default true). */
  public static final String FAIL_ON_ERRORS = "ycsb.fail_on_errors";

  /** Answers that are not failures of an operation. */
  private static final List<String> NOT_FAILURES = List.of("OK", "NOT_FOUND");

  private static volatile String userExporter =
      "site.ycsb.measurements.exporter.TextMeasurementsExporter";
  private static final Map<String, Long> FAILED = new TreeMap<>();
  private static long succeeded;
  private static volatile boolean reported;

  private CheckedClient() {}

  public static void main(String[] args) {
    boolean shell = args.length > 0 && args[0].equals("--shell");
    String[] rest = shell ? Arrays.copyOfRange(args, 1, args.length) : args;
    Properties properties;
    try {
      rest = withBindingClasses(rest);
      properties = properties(rest);
      ClassLoader library = libraryLoader(properties);
      if (library != null) {
        runWith(library, args);
        return;
      }
      preflight(properties, !shell);
    } catch (PreflightException e) {
      System.err.println("ycsb: " + e.getMessage());
      System.exit(1);
      return;
    }
    if (shell) {
      CommandLine.main(rest);
      return;
    }
    String slow = CoreProperties.slowValuesWarning(properties);
    if (slow != null) {
      System.err.println("ycsb: warning: " + slow);
    }
    boolean failOnErrors =
        Boolean.parseBoolean(properties.getProperty(FAIL_ON_ERRORS, "true").trim());
    userExporter = properties.getProperty("exporter", userExporter).trim();
    Thread.setDefaultUncaughtExceptionHandler(CheckedClient::uncaught);
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> exitStatus(failOnErrors), "ycsb-exit-status"));
    Stop.install();
    // a binding's failed cleanup is said once, in the last line (exitStatus), not by YCSB before it
    RunStatus.quoteAtExit(true);
    Client.main(counted(rest, properties.getProperty(Client.WORKLOAD_PROPERTY).trim()));
  }

  /**
   * The class loader of a run that asks for another version of its engine's library than the
   * classpath's ({@link EngineLibraries}), or null.
   */
  private static ClassLoader libraryLoader(Properties properties) throws PreflightException {
    try {
      return EngineLibraries.loaderFor(properties);
    } catch (DBException e) {
      throw new PreflightException(e.getMessage(), e);
    }
  }

  /**
   * Runs this class's {@code main} again, loaded by {@code loader} (the classpath with the engine
   * library the run asked for): YCSB, the binding and its engine then all come from there, and
   * nothing of the engine was loaded here.
   */
  private static void runWith(ClassLoader loader, String[] args) {
    Thread.currentThread().setContextClassLoader(loader);
    try {
      loader
          .loadClass(CheckedClient.class.getName())
          .getMethod("main", String[].class)
          .invoke(null, (Object) args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      System.err.println("ycsb: cannot start YCSB with " + loader.getName() + ": " + e);
      System.exit(1);
    }
  }

  /**
   * An error no thread caught: YCSB's client threads catch exceptions, not errors, so an {@link
   * OutOfMemoryError} would end a thread and leave the run to exit 0 with its operations missing.
   * Ends the process with one line instead.
   */
  private static void uncaught(Thread thread, Throwable error) {
    try {
      ErrorLog.lastLines();
      System.out.flush();
      System.err.println(
          "ycsb: "
              + (error instanceof OutOfMemoryError
                  ? "out of memory ("
                      + error.getMessage()
                      + ") in thread "
                      + thread.getName()
                      + "; the heap holds at most "
                      + Sizes.human(Runtime.getRuntime().maxMemory())
                      + ": raise it (-jvm-args=-Xmx<size>) or lower fieldcount, fieldlength or"
                      + " -threads"
                  : "thread "
                      + thread.getName()
                      + " failed: "
                      + BindingProperties.describe(error)));
      System.err.flush();
    } finally {
      Runtime.getRuntime().halt(1);
    }
  }

  /**
   * The arguments with each {@code -db} that names a binding ({@code lmdb}, or YCSB's own {@code
   * basic}) instead of a class given its client class, from the descriptor its module publishes
   * ({@link Engines}): what {@code bin/ycsb} passes, so that no registry of names sits beside the
   * bindings. A {@code -db} with a dot is a class and stays as it is.
   */
  static String[] withBindingClasses(String[] args) throws PreflightException {
    String[] resolved = args.clone();
    for (int i = 0; i + 1 < resolved.length; i++) {
      if (resolved[i].equals("-db") && !resolved[i + 1].contains(".")) {
        String name = resolved[++i];
        resolved[i] =
            name.equals("basic")
                ? "site.ycsb.BasicDB"
                : Engines.named(name)
                    .map(EngineDescriptor::clientClass)
                    .orElseThrow(
                        () ->
                            new PreflightException(
                                "unknown binding '"
                                    + name
                                    + "'; known bindings: "
                                    + String.join(
                                        ", ",
                                        Engines.all().stream().map(EngineDescriptor::name).toList())
                                    + ", basic",
                                null));
      }
    }
    return resolved;
  }

  /**
   * The arguments for stock {@code Client}: the counting exporter and the stoppable workload first
   * (a {@code -p} wins over every {@code -P} file), then the user's arguments without their own
   * {@code -p exporter=...} and {@code -p workload=...}, which those two pass everything on to.
   * Nothing is appended, so a flag at the end keeps the value the user gave it.
   *
   * @param workload the user's workload class, as the properties give it
   */
  static String[] counted(String[] args, String workload) {
    List<String> counted =
        new ArrayList<>(
            List.of(
                "-p",
                "exporter=" + CountingExporter.class.getName(),
                "-p",
                Client.WORKLOAD_PROPERTY + "=" + StoppableWorkload.class.getName(),
                "-p",
                StoppableWorkload.WORKLOAD + "=" + workload));
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("-p")
          && i + 1 < args.length
          && (args[i + 1].startsWith("exporter=")
              || args[i + 1].startsWith(Client.WORKLOAD_PROPERTY + "="))) {
        i++;
        continue;
      }
      counted.add(args[i]);
    }
    return counted.toArray(new String[0]);
  }

  /**
   * At exit (YCSB ends with {@code System.exit(0)} whatever happened): writes the JVM's memory
   * report when asked for one, and halts with status 1 and one line when the run did not work.
   */
  private static void exitStatus(boolean failOnErrors) {
    ErrorLog.lastLines();
    String report = System.getProperty(JVM_REPORT);
    if (report != null) {
      writeJvmReport(Paths.get(report));
    }
    // the engine's errors once, before the run's own last line
    ErrorLog.printSummary();
    String stopped = Stop.signal();
    if (stopped != null && RunStatus.failures().isEmpty()) {
      System.out.flush();
      System.err.println(
          "ycsb: stopped by "
              + stopped
              + " after "
              + operations()
              + " operations; the data is closed and durable");
      System.err.flush();
      Runtime.getRuntime().halt(Stop.exitStatus());
    }
    String problem = problem(failOnErrors);
    if (problem != null) {
      System.out.flush();
      System.err.println("ycsb: " + problem);
      System.err.flush();
      Runtime.getRuntime().halt(1);
    }
  }

  /** The operations YCSB's report counted, whatever they returned. */
  static synchronized long operations() {
    return succeeded + FAILED.values().stream().mapToLong(Long::longValue).sum();
  }

  /**
   * The JVM's own memory figures, for the experiment runner: the heap's maximum, the sum of its
   * pools' peaks (an upper bound of the heap in use at once), the process's peak resident set
   * ({@code VmHWM}) and, where Native Memory Tracking is on, the process's anonymous resident
   * memory and the JVM's own part of it at the last cleanup ({@link JvmMemory}), as {@code
   * name=bytes} lines.
   */
  static void writeJvmReport(Path file) {
    long heapPeak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
        heapPeak += pool.getPeakUsage().getUsed();
      }
    }
    long hwm = -1;
    try {
      for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          hwm = Long.parseLong(line.replaceAll("\\D", "")) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: no peak resident set
    }
    StringBuilder report =
        new StringBuilder()
            .append("heap.max=")
            .append(Runtime.getRuntime().maxMemory())
            .append("\nheap.peak=")
            .append(heapPeak)
            .append("\nvm.hwm=")
            .append(hwm)
            .append('\n');
    JvmMemory.Snapshot atClose = JvmMemory.taken();
    if (atClose != null) {
      report
          .append("process.anonymous=")
          .append(atClose.processAnonymous())
          .append("\njvm.resident=")
          .append(atClose.jvmResident())
          .append('\n');
    }
    try {
      Files.writeString(file, report);
    } catch (IOException e) {
      System.err.println("ycsb: cannot write the JVM report " + file + ": " + e.getMessage());
    }
  }

  /** Why the run failed, or null. */
  static synchronized String problem(boolean failOnErrors) {
    if (!reported) {
      return "the run ended before YCSB's report (see the error above)";
    }
    List<String> failures = RunStatus.failures();
    if (!failures.isEmpty()) {
      return failures.get(0)
          + (failures.size() > 1 ? " (and " + (failures.size() - 1) + " more)" : "");
    }
    long failed = FAILED.values().stream().mapToLong(Long::longValue).sum();
    if (failed == 0) {
      return null;
    }
    if (succeeded == 0) {
      return "every operation failed (" + describe(FAILED) + ")";
    }
    if (failOnErrors) {
      return failed
          + " operations failed ("
          + describe(FAILED)
          + "); -p "
          + FAIL_ON_ERRORS
          + "=false to exit 0";
    }
    return null;
  }

  private static String describe(Map<String, Long> counts) {
    List<String> parts = new ArrayList<>();
    counts.forEach((what, n) -> parts.add(what + " " + n));
    return String.join(", ", parts);
  }

  /** One {@code [OPERATION], Return=STATUS, count} line of YCSB's report. */
  static synchronized void count(String operation, String status, long count) {
    if (NOT_FAILURES.contains(status)) {
      succeeded += status.equals("OK") ? count : 0;
    } else {
      FAILED.merge(operation + " " + status, count, Long::sum);
    }
  }

  static synchronized void reset() {
    FAILED.clear();
    succeeded = 0;
    reported = false;
  }

  /** Checks YCSB's properties, then initializes and closes the binding, then the workload. */
  static void preflight(Properties properties, boolean withWorkload) throws PreflightException {
    if (withWorkload) {
      try {
        CoreProperties.check(properties);
      } catch (DBException e) {
        throw new PreflightException(e.getMessage(), e);
      }
    }
    String dbClass = properties.getProperty(Client.DB_PROPERTY, "site.ycsb.BasicDB").trim();
    DB db;
    try {
      db = Class.forName(dbClass).asSubclass(DB.class).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
      throw new PreflightException("cannot load binding class " + dbClass + ": " + e, e);
    }
    db.setProperties(properties);
    EngineClient.preflight(true);
    try {
      db.init();
      db.cleanup();
    } catch (DBException | RuntimeException | LinkageError e) {
      throw new PreflightException(BindingProperties.describe(e), e);
    } finally {
      EngineClient.preflight(false);
    }
    RunStatus.clear();
    if (withWorkload) {
      initWorkload(properties);
    }
  }

  /** Initializes the workload once, as Client will, so that its errors are one line here. */
  private static void initWorkload(Properties properties) throws PreflightException {
    String name = properties.getProperty(Client.WORKLOAD_PROPERTY).trim();
    Measurements.setProperties(properties);
    try {
      Workload workload =
          Class.forName(name).asSubclass(Workload.class).getDeclaredConstructor().newInstance();
      workload.init(properties);
      workload.cleanup();
    } catch (WorkloadException | RuntimeException e) {
      throw new PreflightException("workload " + name + ": " + BindingProperties.describe(e), e);
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new PreflightException("cannot create workload " + name + ": " + e, e);
    }
  }

  /**
   * The properties {@code Client} would build, parsing the arguments as stock 0.17.0's {@code
   * Client.parseArguments} does: {@code -P} files, then {@code -p} overrides and the options that
   * stand for properties. Where stock YCSB prints its usage and exits 0 (a flag without its value,
   * {@code -p} without {@code name=value}, an unknown option, a stray value) or throws ({@code
   * -threads abc}), this says so in one line.
   */
  static Properties properties(String[] args) throws PreflightException {
    Properties files = new Properties();
    Properties overrides = new Properties();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "-load" -> overrides.setProperty(Client.DO_TRANSACTIONS_PROPERTY, "false");
        case "-t" -> overrides.setProperty(Client.DO_TRANSACTIONS_PROPERTY, "true");
        case "-s" -> overrides.setProperty(Client.STATUS_PROPERTY, "true");
        case "-P", "-p", "-db", "-l", "-threads", "-target" -> {
          if (i + 1 >= args.length) {
            throw new PreflightException(arg + " needs a value" + VALUES.get(arg), null);
          }
          String value = args[++i];
          switch (arg) {
            case "-P" -> load(files, value);
            case "-p" -> {
              int eq = value.indexOf('=');
              if (eq < 0) {
                throw new PreflightException("-p expects name=value, got '" + value + "'", null);
              }
              overrides.setProperty(value.substring(0, eq), value.substring(eq + 1));
            }
            case "-db" -> overrides.setProperty(Client.DB_PROPERTY, value);
            case "-l" -> overrides.setProperty(Client.LABEL_PROPERTY, value);
            case "-threads" ->
                overrides.setProperty(Client.THREAD_COUNT_PROPERTY, integer(arg, value));
            default -> overrides.setProperty(Client.TARGET_PROPERTY, integer(arg, value));
          }
        }
        default ->
            throw new PreflightException(
                arg.startsWith("-")
                    ? "unknown option "
                        + arg
                        + "; YCSB takes -P, -p, -threads, -target, -s, -l, -load and -t"
                    : "'"
                        + arg
                        + "' is not an option; a value follows its option (-p name=value, -P file)",
                null);
      }
    }
    files.putAll(overrides);
    return files;
  }

  /** What each option that takes a value expects, for the line of one given without it. */
  private static final Map<String, String> VALUES =
      Map.of(
          "-P",
          " (a workload property file)",
          "-p",
          " (name=value)",
          "-db",
          " (a binding class)",
          "-l",
          " (a label)",
          "-threads",
          " (a thread count)",
          "-target",
          " (operations per second)");

  /** The value of {@code -threads} or {@code -target}, which stock YCSB parses as an int. */
  private static String integer(String option, String value) throws PreflightException {
    try {
      return Integer.toString(Integer.parseInt(value.trim()));
    } catch (NumberFormatException e) {
      throw new PreflightException(option + ": '" + value + "' is not a whole number", e);
    }
  }

  private static void load(Properties into, String file) throws PreflightException {
    java.nio.file.Path path = Paths.get(file);
    if (Files.exists(path) && !Files.isRegularFile(path)) {
      // a FIFO would keep the run waiting for a writer, a device for ever
      throw new PreflightException(
          "cannot read property file "
              + file
              + ": "
              + (Files.isDirectory(path)
                  ? "a directory"
                  : "not a regular file (a FIFO or a device)")
              + "; give -P a file of properties",
          null);
    }
    try (InputStream in = Files.newInputStream(path)) {
      into.load(in);
    } catch (IOException e) {
      throw new PreflightException("cannot read property file " + file + ": " + e.getMessage(), e);
    }
  }

  static final class PreflightException extends Exception {
    private static final long serialVersionUID = 1L;

    PreflightException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * The exporter YCSB writes its report through: counts each {@code Return=} line and passes
   * everything on to the exporter the user chose (YCSB's text exporter by default).
   */
  public static final class CountingExporter implements MeasurementsExporter {
    private final MeasurementsExporter delegate;

    public CountingExporter(OutputStream out) throws ReflectiveOperationException {
      delegate =
          Class.forName(userExporter)
              .asSubclass(MeasurementsExporter.class)
              .getConstructor(OutputStream.class)
              .newInstance(out);
    }

    @Override
    public void write(String metric, String measurement, int i) throws IOException {
      observe(metric, measurement, i);
      delegate.write(metric, measurement, i);
    }

    @Override
    public void write(String metric, String measurement, long i) throws IOException {
      observe(metric, measurement, i);
      delegate.write(metric, measurement, i);
    }

    private static void observe(String metric, String measurement, long value) {
      if (measurement.startsWith("Return=")) {
        count(metric, measurement.substring("Return=".length()), value);
      }
    }

    @Override
    public void write(String metric, String measurement, double d) throws IOException {
      delegate.write(metric, measurement, d);
    }

    @Override
    public void close() throws IOException {
      reported = true;
      delegate.close();
    }
  }
}
