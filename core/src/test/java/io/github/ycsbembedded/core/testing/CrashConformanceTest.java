package io.github.ycsbembedded.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
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
 * The durability contract, for every binding: a process that dies (SIGKILL) keeps every write it
 * had acknowledged, at {@code <name>.sync=false} and {@code true}; a SIGTERM or SIGINT stops a YCSB
 * load cleanly, closes the engine and keeps every operation it counted. Each case runs the load in
 * a child JVM and reads the directory back in this one.
 */
@Tag("process")
public abstract class CrashConformanceTest {
  static final String TABLE = "usertable";

  /** The fewest acknowledged inserts a kill -9 case kills after, synced or not. */
  static final long MIN_KILL_AFTER = 1000;

  /** How long a kill -9 case's child may take to acknowledge them; the case fails after. */
  static final long KILL_BOUND_MINUTES = 4;

  @TempDir protected Path dataDir;

  /** The binding's name, the prefix of its properties. */
  protected abstract String name();

  /** The binding's class. */
  protected abstract String dbClass();

  /** A new, uninitialized client of the binding, for reading the directory back. */
  protected abstract DB newClient();

  @ParameterizedTest(name = "sync={0}")
  @ValueSource(booleans = {false, true})
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void everyInsertAcknowledgedBeforeAKillIsReadBackWithItsValues(boolean sync) throws Exception {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    // a count of acknowledged inserts, never a time: synced ones too are killed after 1,000 or
    // more (they are slower, so their range is narrower); a child that does not reach it within
    // its bound fails the case below
    long killAfter = MIN_KILL_AFTER + random.nextInt(sync ? 1000 : 4000);
    Path db = dataDir.resolve("db");
    Path acked = dataDir.resolve("acked");
    List<String> command = YcsbProcess.java(CrashLoader.class.getName());
    command.addAll(
        List.of(dbClass(), acked.toString(), name() + ".dir=" + db, name() + ".sync=" + sync));
    Process child =
        new ProcessBuilder(command)
            .redirectError(dataDir.resolve("stderr").toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    long seen = 0;
    YcsbProcess.Bound bounded = YcsbProcess.bound(child, KILL_BOUND_MINUTES);
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (!line.startsWith("acked ")) {
          continue; // the binding's own lines
        }
        seen = Long.parseLong(line.substring("acked ".length()));
        if (seen >= killAfter) {
          child.destroyForcibly(); // SIGKILL
          break;
        }
      }
    } finally {
      bounded.close();
      child.destroyForcibly();
      child.waitFor(1, TimeUnit.MINUTES);
    }
    assertThat(seen)
        .as(
            "inserts acknowledged by the child within %d minutes, to be killed after %d (seed %d);"
                + " the child's stderr:%n%s",
            KILL_BOUND_MINUTES, killAfter, seed, stderr())
        .isGreaterThanOrEqualTo(killAfter);
    long acknowledged = CrashLoader.acknowledged(acked);

    DB reopened = open(db);
    try {
      for (long i = 0; i < acknowledged; i++) {
        String key = CrashLoader.key(i);
        Map<String, ByteIterator> result = new HashMap<>();
        assertThat(reopened.read(TABLE, key, null, result))
            .as("%s of %d acknowledged (seed %d)", key, acknowledged, seed)
            .isEqualTo(Status.OK);
        Map<String, String> values = StringByteIterator.getStringMap(result);
        assertThat(values).as(key).hasSize(3);
        values.forEach(
            (field, value) ->
                assertThat(value).as(key + "/" + field).isEqualTo(CrashLoader.value(key, field)));
      }
    } finally {
      reopened.cleanup();
    }
    // the figure docs/bindings.md quotes (surefire keeps it in the test's output file)
    System.out.printf(
        "durability: %s sync=%s killed after %,d acknowledged inserts: %,d of %,d read back%n",
        name(), sync, seen, acknowledged, acknowledged);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TERM", "INT"})
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void aSignalStopsALoadCleanlyAndKeepsEveryOperationItCounted(String signal) throws Exception {
    Path db = dataDir.resolve("db");
    List<String> load = load(db);
    // started from a background job, this JVM's children inherit SIGINT ignored; the child gets
    // its default back, as a load started from a terminal has it
    Optional<List<String>> command =
        signal.equals("INT") ? YcsbProcess.withSigintRestored(load) : Optional.of(load);
    assumeTrue(
        command.isPresent(),
        "this machine's env cannot restore SIGINT's default (GNU coreutils 8.31 or later can)");
    Ended run =
        run(
            command.get(),
            (child, seen) -> {
              if (seen == 1) {
                signal(child, signal);
              }
            });
    List<String> stderr = run.stderr();
    String lastLine = stderr.isEmpty() ? "" : stderr.get(stderr.size() - 1);
    Matcher stopped =
        Pattern.compile(
                "ycsb: stopped by SIG"
                    + signal
                    + " after (\\d+) operations; the data is closed and durable")
            .matcher(lastLine);
    assertThat(stopped.matches())
        .as("the last line of stderr:%n%s", String.join("\n", stderr))
        .isTrue();
    assertThat(run.child().exitValue()).isEqualTo(signal.equals("TERM") ? 143 : 130);
    assertThat(run.stdout())
        .as("the engine was closed")
        .containsPattern("(?m)^" + name() + ": closing \\S+ took \\d+ ms$");
    long operations = Long.parseLong(stopped.group(1));
    assertThat(operations).isPositive();

    DB reopened = open(db);
    try {
      Vector<HashMap<String, ByteIterator>> all = new Vector<>();
      assertThat(reopened.scan(TABLE, "", (int) operations + 100, null, all)).isEqualTo(Status.OK);
      assertThat((long) all.size()).as("records kept").isEqualTo(operations);
    } finally {
      reopened.cleanup();
    }
  }

  /**
   * The data directory removed while a load writes to it (at the first status line that counts
   * operations; the load is stopped at the next, as one whose engine writes on into unlinked files
   * would not stop by itself): the run exits 1 and says the failure once, in its last line. YCSB
   * prints a binding's failed {@code cleanup()} on stderr and again on stdout, which put the
   * engine's line twice before ours; no line of the engine's may be said twice.
   */
  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  protected void aDirectoryRemovedDuringALoadIsSaidOnceInTheLastLine() throws Exception {
    Path db = dataDir.resolve("db");
    Ended run =
        run(
            load(db),
            (child, seen) -> {
              if (seen == 1) {
                remove(db);
              } else if (seen == 2) {
                signal(child, "TERM");
              }
            });
    List<String> stderr = run.stderr();
    Process child = run.child();
    String all = String.join("\n", stderr);
    assertThat(Files.exists(db)).as("the directory was removed; stderr:%n%s", all).isFalse();
    assertThat(child.exitValue()).as("exit status; stderr:%n%s", all).isEqualTo(1);
    String lastLine = stderr.isEmpty() ? "" : stderr.get(stderr.size() - 1);
    assertThat(lastLine)
        .as("the last line of stderr:%n%s", all)
        .startsWith("ycsb: " + name() + ": ");
    assertThat(stderr.stream().filter(line -> line.startsWith("ycsb: ")))
        .as("lines of ours:%n%s", all)
        .containsExactly(lastLine);
    // the failure the last line quotes, without the count of others after it
    String failure =
        lastLine.substring("ycsb: ".length()).replaceFirst(" \\(and \\d+ more\\)$", "");
    assertThat(stderr.subList(0, stderr.size() - 1))
        .as("stderr before the last line")
        .noneMatch(line -> line.contains(failure));
    assertThat(run.stdout()).as("stdout").doesNotContain(failure);
    assertThat(stderr.stream().filter(line -> line.startsWith(name() + ": ")))
        .as("the engine's lines on stderr")
        .doesNotHaveDuplicates();
    // what the run said (surefire keeps it in the test's output file)
    System.out.printf(
        "removed during a load: %s exit %d, %s%n", name(), child.exitValue(), lastLine);
  }

  /**
   * A YCSB load through {@code CheckedClient} of more records than it reaches before the test ends
   * it, with a status line on stderr every second.
   */
  private List<String> load(Path db) {
    List<String> load = YcsbProcess.java("io.github.ycsbembedded.core.CheckedClient");
    load.addAll(
        List.of(
            "-load",
            "-db",
            dbClass(),
            "-P",
            YcsbProcess.workload("workloada").toString(),
            "-p",
            name() + ".dir=" + db,
            // more records than the load reaches before the test ends it; should it not, YCSB
            // ends it after two minutes and the test's assertions fail
            "-p",
            "recordcount=50000000",
            "-p",
            "maxexecutiontime=120",
            "-p",
            "status.interval=1",
            "-s",
            "-threads",
            "2"));
    return load;
  }

  /** What a failure says when the child did not end within its bound ({@link #loadBound}). */
  protected static final String HUNG = "the load ended within its bound";

  /**
   * How long a child run may take, killed after: 4 minutes, where one that is stopped ends within
   * seconds.
   */
  protected Duration loadBound() {
    return Duration.ofMinutes(4);
  }

  /** A child run to its end: its process, its stdout, and its stderr's lines. */
  private record Ended(Process child, String stdout, List<String> stderr) {}

  /**
   * Runs {@code command}, calling {@code action} at each status line of its stderr that counts
   * operations, and waits up to {@link #loadBound} for its end (killing it after).
   */
  private Ended run(List<String> command, AtStatus action) throws Exception {
    Process child =
        new ProcessBuilder(command)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    CompletableFuture<String> stdout =
        CompletableFuture.supplyAsync(() -> readAll(child.getInputStream()));
    List<String> stderr = new CopyOnWriteArrayList<>();
    CompletableFuture<Void> watched =
        CompletableFuture.runAsync(() -> watchStatus(child, stderr, action));
    try {
      assertThat(child.waitFor(loadBound().toMillis(), TimeUnit.MILLISECONDS))
          .as(HUNG + " (%s); its stderr:%n%s", loadBound(), String.join("\n", stderr))
          .isTrue();
      watched.get(1, TimeUnit.MINUTES);
      return new Ended(child, stdout.get(1, TimeUnit.MINUTES), stderr);
    } finally {
      if (child.isAlive()) {
        YcsbProcess.destroyTree(child);
      }
    }
  }

  /** What the test does at a status line of the child's that counts operations. */
  @FunctionalInterface
  private interface AtStatus {
    /**
     * @param child the child whose line it is
     * @param seen how many status lines counting operations have been read, this one included
     */
    void at(Process child, int seen) throws IOException, InterruptedException;
  }

  /**
   * Reads the child's stderr into {@code lines}, calling {@code action} at each status line that
   * counts operations (the load is under way), until the child closes it.
   */
  private static void watchStatus(Process child, List<String> lines, AtStatus action) {
    try (BufferedReader err =
        new BufferedReader(new InputStreamReader(child.getErrorStream(), StandardCharsets.UTF_8))) {
      int seen = 0;
      for (String line = err.readLine(); line != null; line = err.readLine()) {
        lines.add(line);
        if (line.matches(".* sec: [1-9]\\d* operations;.*")) {
          try {
            action.at(child, ++seen);
          } catch (IOException e) {
            // read on: the child must not block on a full pipe
            lines.add("(the test's action at status line " + seen + " failed: " + e + ")");
          }
        }
      }
    } catch (IOException e) {
      lines.add("(reading stderr failed: " + e + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void signal(Process child, String signal)
      throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).start();
    if (!kill.waitFor(30, TimeUnit.SECONDS)) {
      kill.destroyForcibly();
    }
  }

  /**
   * Removes the directory while the engine may still create and delete files in it: a removal that
   * meets a file created meanwhile, or one the engine deleted while the walk listed it ({@code
   * Files.walk} throws that as an {@link UncheckedIOException}), is tried again, ten times at most.
   */
  private static void remove(Path directory) throws IOException {
    for (int attempt = 1; Files.exists(directory); attempt++) {
      try {
        ConformanceRecords.deleteRecursively(directory);
      } catch (IOException | UncheckedIOException e) {
        if (attempt == 10) {
          throw e;
        }
      }
    }
  }

  private DB open(Path db) throws DBException {
    DB client = newClient();
    Properties properties = new Properties();
    properties.setProperty(name() + ".dir", db.toString());
    client.setProperties(properties);
    client.init();
    return client;
  }

  private String stderr() throws IOException {
    Path file = dataDir.resolve("stderr");
    return Files.exists(file) ? Files.readString(file) : "";
  }

  private static String readAll(java.io.InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return e.toString();
    }
  }
}
