package io.github.ycsbembedded.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Faults below the engine, for every binding (docs/faults.md): a power cut and a failing disk.
 *
 * <p>The durability contract's second half: with {@code <name>.sync=true} every acknowledged write
 * survives a power cut. The data directory lies on {@link PowerCutFileSystem}, which loses whatever
 * was not synced when the power is cut. A child JVM ({@link CrashLoader}) inserts; at a random
 * count the child is killed and the power cut; the file system is mounted again and the directory
 * read back in this JVM. Three cuts a case: the second and third loads first rewrite the records
 * already there (with the same values), then add new ones.
 *
 * <p>With {@code sync=true}, every acknowledged record must be read back with its values. With
 * {@code sync=false}, the store must open (or refuse in one line); no record may read back with a
 * wrong value; what was read back after a cut must be there after the next; what was lost is
 * counted and printed ({@code power cut: ...}), for docs/bindings.md.
 *
 * <p>A failing disk (EIO on fsync, read or write; a full device) is an {@code ERROR}, never a wrong
 * value nor an exception, and loses nothing written before it nor anything acknowledged while it
 * failed ({@link FaultProbe} runs the binding in a child JVM).
 */
@Tag("process")
public abstract class DiskFaultConformanceTest {
  private static final int CUTS = 3;

  @TempDir protected Path dataDir;

  /** The binding, as its crash suite gives it. */
  private final CrashConformanceTest binding;

  /** Runs the suite on the binding {@code binding}'s crash suite names. */
  protected DiskFaultConformanceTest(CrashConformanceTest binding) {
    this.binding = binding;
  }

  private String name() {
    return binding.name();
  }

  private String dbClass() {
    return binding.dbClass();
  }

  private DB newClient() {
    return binding.newClient();
  }

  /**
   * Whether the engine reads its data through a memory map, where a read error is SIGBUS and the
   * process dies (LMDB, LevelDB's tables): the failing-disk case then asserts just that, and that
   * nothing durable is lost.
   */
  protected boolean readsThroughAMemoryMap() {
    return false;
  }

  /**
   * Why the engine cannot end under {@code fault} (its close never returns), or null: the case is
   * then skipped with that reason rather than left to its time bound. A known defect, in
   * docs/faults.md.
   */
  protected String hangsUnder(String fault) {
    return null;
  }

  /** What one cut found: acknowledged inserts, and of those read back, lost, and errors. */
  record Cut(long acknowledged, long found, long lost, long errors) {}

  @ParameterizedTest(name = "sync={0}")
  @ValueSource(booleans = {false, true})
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void everyWriteAcknowledgedAndSyncedSurvivesAPowerCut(boolean sync) throws Exception {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    Path db = dataDir.resolve("mnt").resolve("db");
    BitSet found = new BitSet();
    long acknowledged = 0;
    long lost = 0;
    PowerCutFileSystem fs =
        PowerCutFileSystem.mount(dataDir.resolve("backing"), dataDir.resolve("mnt"));
    try {
      for (int i = 0; i < CUTS; i++) {
        // synced writes are slower: cut those after fewer
        long cutAfter =
            found.length() + (sync ? 200 + random.nextInt(400) : 1000 + random.nextInt(4000));
        long acked = loadUntilKilled(db, sync, cutAfter, seed);
        fs.cut();
        fs = fs.remount();
        Cut cut = readBack(db, sync, acked, found, seed);
        System.out.printf(
            "power cut: %s sync=%s cut %d after %,d acknowledged inserts: %,d read back, %,d"
                + " lost, %,d errors%n",
            name(), sync, i + 1, acked, cut.found(), cut.lost(), cut.errors());
        acknowledged += acked;
        lost += cut.lost();
      }
    } catch (Exception | AssertionError e) {
      closeAfter(fs, e);
      throw e;
    }
    fs.close();
    // the figure docs/bindings.md quotes (surefire keeps it in the test's output file)
    System.out.printf(
        "power cut: %s sync=%s %d cuts, %,d acknowledged inserts: %,d read back, %,d lost%n",
        name(), sync, CUTS, acknowledged, acknowledged - lost, lost);
  }

  /** Runs {@link CrashLoader} on {@code db} until it has acknowledged {@code killAfter} inserts. */
  private long loadUntilKilled(Path db, boolean sync, long killAfter, long seed)
      throws IOException, InterruptedException {
    Path acked = dataDir.resolve("acked");
    Files.deleteIfExists(acked);
    List<String> command = YcsbProcess.java(CrashLoader.class.getName());
    command.addAll(
        List.of(dbClass(), acked.toString(), name() + ".dir=" + db, name() + ".sync=" + sync));
    Path stderr = dataDir.resolve("stderr");
    Process child =
        new ProcessBuilder(command)
            .redirectError(stderr.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    long seen = 0;
    YcsbProcess.Bound bounded = YcsbProcess.bound(child, 4);
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null && seen < killAfter; line = out.readLine()) {
        if (line.startsWith("acked ")) {
          seen = Long.parseLong(line.substring("acked ".length()));
        }
      }
    } finally {
      child.destroyForcibly(); // SIGKILL
      child.waitFor(1, TimeUnit.MINUTES);
      bounded.close();
    }
    assertThat(seen)
        .as("acknowledged before the cut (seed %d); the child's stderr:%n%s", seed, read(stderr))
        .isGreaterThanOrEqualTo(killAfter);
    return CrashLoader.acknowledged(acked);
  }

  /**
   * Reads back the first {@code acknowledged} records, asserting what the contract promises, and
   * adds those found to {@code found}.
   */
  private Cut readBack(Path db, boolean sync, long acknowledged, BitSet found, long seed)
      throws DBException {
    DB reopened = open(db, sync);
    long lost = 0;
    long errors = 0;
    BitSet before = (BitSet) found.clone();
    try {
      for (int i = 0; i < acknowledged; i++) {
        String key = CrashLoader.key(i);
        Map<String, ByteIterator> result = new HashMap<>();
        Status status = reopened.read(CrashConformanceTest.TABLE, key, null, result);
        if (status.isOk()) {
          Map<String, String> values = StringByteIterator.getStringMap(result);
          assertThat(values).as(key).hasSize(3);
          values.forEach(
              (field, value) ->
                  assertThat(value)
                      .as("%s/%s (seed %d)", key, field, seed)
                      .isEqualTo(CrashLoader.value(key, field)));
          found.set(i);
          continue;
        }
        assertThat(sync || before.get(i))
            .as(
                "%s of %d acknowledged, %s (sync=%s, seed %d)",
                key, acknowledged, status, sync, seed)
            .isFalse();
        if (status == Status.NOT_FOUND) {
          lost++;
        } else {
          errors++;
        }
      }
    } finally {
      reopened.cleanup();
    }
    return new Cut(acknowledged, acknowledged - lost - errors, lost, errors);
  }

  private DB open(Path db, boolean sync) throws DBException {
    DB client = newClient();
    Properties properties = new Properties();
    properties.setProperty(name() + ".dir", db.toString());
    properties.setProperty(name() + ".sync", Boolean.toString(sync));
    client.setProperties(properties);
    client.init();
    return client;
  }

  private static String read(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file) : "";
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"fsync", "write", "read", "full"})
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void aFailingDiskIsAnErrorNeverAWrongValueAndLosesNothingAcknowledged(String fault)
      throws Exception {
    String hang = hangsUnder(fault);
    org.junit.jupiter.api.Assumptions.assumeTrue(hang == null, hang);
    long seed = System.nanoTime();
    Path db = dataDir.resolve("mnt").resolve("db");
    PowerCutFileSystem fs =
        PowerCutFileSystem.mount(dataDir.resolve("backing"), dataDir.resolve("mnt"));
    List<String> during = new ArrayList<>();
    List<String> inserts;
    try {
      try (Probe probe = new Probe(db)) {
        assertThat(probe.run("insert 0 " + BEFORE))
            .as("inserts before the fault")
            .allMatch(line -> line.endsWith(" OK"));
        probe.run("close");
      }
      fs = fs.remount(); // a cold cache: reads reach the disk
      try (Probe probe = new Probe(db)) {
        inject(fs, fault, new Random(seed));
        during.addAll(probe.run("read 0 " + BEFORE));
        inserts = probe.run("insert " + BEFORE + " " + AFTER);
        during.addAll(inserts);
        during.addAll(probe.run("read " + BEFORE + " " + AFTER));
        during.addAll(probe.run("close"));
      }
      fs.heal();
      fs.cut();
      fs = fs.remount();
      checkAfterTheFault(db, fault, during, inserts, seed);
    } catch (Exception | AssertionError e) {
      closeAfter(fs, e);
      throw e;
    }
    fs.close();
  }

  /** Unmounts after {@code failure}, adding a failure to unmount to it. */
  private static void closeAfter(PowerCutFileSystem fs, Throwable failure) {
    try {
      fs.close();
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  private static final String DIED_OF_SIGBUS = "(the child died of SIGBUS)";
  private static final int BEFORE = 300;
  private static final int AFTER = 400;

  private static void inject(PowerCutFileSystem fs, String fault, Random random)
      throws IOException {
    if (fault.equals("full")) {
      // the device fills up at a random byte, before the 100 inserts have written theirs
      fs.fullAfter(random.nextInt(16 << 10));
    } else {
      fs.fail(fault);
    }
  }

  /**
   * Asserts what a failing disk must leave: no wrong value and no exception while it failed, the
   * failure reported where a write met it, and after a power cut every record written before the
   * fault and every insert acknowledged during it read back with its values.
   */
  private void checkAfterTheFault(
      Path db, String fault, List<String> during, List<String> inserts, long seed)
      throws DBException {
    String context =
        String.format("%s, fault %s (seed %d): %s", name(), fault, seed, summary(during));
    assertThat(during).as(context).noneMatch(line -> line.contains("WRONG"));
    assertThat(during).as(context).noneMatch(line -> line.contains("THROWN"));
    if (fault.equals("read") && readsThroughAMemoryMap()) {
      assertThat(during).as("a read error is SIGBUS: " + context).contains(DIED_OF_SIGBUS);
      readBackAfterTheFault(db, new BitSet(), context);
      System.out.printf(
          "failing disk: %s read: the process died of SIGBUS; after a power cut all %d written"
              + " before read back%n",
          name(), BEFORE);
      return;
    }
    assertThat(during).as(context).noneMatch(line -> line.startsWith("(the child died"));
    assertThat(during.get(during.size() - 1))
        .as("the close, in one line: " + context)
        .matches("closed|close failed: [^\\n]+");
    long operations = during.stream().filter(line -> line.matches("\\d+ .*")).count();
    long errors = during.stream().filter(line -> line.endsWith(" ERROR")).count();
    if (!fault.equals("read")) {
      assertThat(errors).as("operations that failed: " + context).isPositive();
    }
    BitSet acknowledged = new BitSet();
    for (int i = BEFORE; i < AFTER; i++) {
      acknowledged.set(i, inserts.contains(i + " OK"));
    }
    int acknowledgedDuring = acknowledged.cardinality();
    readBackAfterTheFault(db, acknowledged, context);
    System.out.printf(
        "failing disk: %s %s: %d of %d operations failed while it failed, %d inserts"
            + " acknowledged then; after a power cut all %d acknowledged read back%n",
        name(), fault, errors, operations, acknowledgedDuring, BEFORE + acknowledgedDuring);
  }

  /** The probe's answers, runs of one outcome in one line each: {@code 0-299 OK}. */
  static String summary(List<String> answers) {
    List<String> runs = new ArrayList<>();
    String from = null;
    String last = null;
    String outcome = null;
    for (String answer : answers) {
      String[] words = answer.split(" ", 2);
      boolean operation = words.length == 2 && words[0].matches("\\d+");
      String next = operation ? words[1] : answer;
      if (outcome != null && (!operation || !next.equals(outcome))) {
        runs.add(from + (from.equals(last) ? "" : "-" + last) + " " + outcome);
        outcome = null;
      }
      if (!operation) {
        runs.add(answer);
      } else if (outcome == null) {
        from = words[0];
        outcome = next;
      }
      last = words[0];
    }
    if (outcome != null) {
      runs.add(from + (from.equals(last) ? "" : "-" + last) + " " + outcome);
    }
    return String.join(", ", runs);
  }

  /**
   * After the fault and a power cut: every record written before it and every insert {@code
   * acknowledged} during it reads back with its values; any other is absent or right.
   */
  private void readBackAfterTheFault(Path db, BitSet acknowledged, String context)
      throws DBException {
    acknowledged.set(0, BEFORE);
    DB reopened = open(db, true);
    try {
      for (int i = 0; i < AFTER; i++) {
        String key = CrashLoader.key(i);
        Map<String, ByteIterator> result = new HashMap<>();
        Status status = reopened.read(CrashConformanceTest.TABLE, key, null, result);
        if (acknowledged.get(i) || status.isOk()) {
          assertThat(status).as("%s after the power cut: %s", key, context).isEqualTo(Status.OK);
          assertThat(StringByteIterator.getStringMap(result))
              .as(key)
              .isEqualTo(FaultProbe.values(key));
        }
      }
    } finally {
      reopened.cleanup();
    }
  }

  /** A {@link FaultProbe} child on {@code db}, at {@code sync=true}; closing it kills it. */
  private final class Probe implements AutoCloseable {
    private final Process child;
    private final YcsbProcess.Bound bound;
    private final BufferedReader out;
    private final java.io.PrintWriter in;
    private final Path stderr = dataDir.resolve("probe-stderr");
    private final List<String> others = new ArrayList<>(); // the binding's own lines

    Probe(Path db) throws IOException {
      List<String> command = YcsbProcess.java(FaultProbe.class.getName());
      // a JVM a read error kills (SIGBUS) leaves its report here, not in the module
      command.add(1, "-XX:ErrorFile=" + dataDir.resolve("hs_err_%p.log"));
      command.addAll(List.of(dbClass(), name() + ".dir=" + db, name() + ".sync=true"));
      child = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
      bound = YcsbProcess.bound(child, 3);
      out =
          new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      in =
          new java.io.PrintWriter(
              new java.io.OutputStreamWriter(child.getOutputStream(), StandardCharsets.UTF_8),
              true);
      String first = answer();
      if (!"ready".equals(first)) {
        close();
        throw new AssertionError(
            "the probe did not open " + db + ": " + first + "; its stderr:\n" + read(stderr));
      }
    }

    /** The answers to {@code command}, up to its {@code done}. */
    List<String> run(String command) throws IOException {
      in.println(command);
      List<String> lines = new ArrayList<>();
      for (String line = answer(); !"done".equals(line); line = answer()) {
        if (line == null) {
          lines.add(
              String.join("\n", others).contains("SIGBUS") ? DIED_OF_SIGBUS : "(the child died)");
          System.out.printf(
              "failing disk: %s: the child died (%s); its output:%n%s%nits stderr:%n%s%n",
              name(), exit(), String.join("\n", others), read(stderr));
          break;
        }
        lines.add(line);
      }
      return lines;
    }

    private String exit() {
      try {
        return child.waitFor(1, TimeUnit.MINUTES) ? "exit " + child.exitValue() : "running";
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return "interrupted";
      }
    }

    /** The probe's next answer, or null when it has ended. */
    private String answer() throws IOException {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith(FaultProbe.ANSWER)) {
          return line.substring(FaultProbe.ANSWER.length());
        }
        others.add(line);
      }
      return null;
    }

    @Override
    public void close() throws IOException {
      child.destroyForcibly();
      try {
        child.waitFor(1, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted waiting for the probe to end", e);
      } finally {
        bound.close();
      }
    }
  }
}
