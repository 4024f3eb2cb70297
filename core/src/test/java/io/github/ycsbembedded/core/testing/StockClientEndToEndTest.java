package io.github.ycsbembedded.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stock {@code site.ycsb.Client}, in its own JVM, loads and runs {@code workloads/workloada}
 * against a binding; the assertions read YCSB's own output. A binding's test extends this and names
 * its binding.
 */
@Tag("process")
public abstract class StockClientEndToEndTest {
  protected static final int RECORDS = 20000;
  protected static final int OPERATIONS = 20000;

  @TempDir protected Path dataDir;

  /** The binding's name (its property prefix). */
  protected abstract String name();

  /** The binding's class, as given to {@code -db}. */
  protected abstract String dbClass();

  /** Client arguments every phase gets: the binding, its directory, the record count. */
  protected List<String> common() {
    return new ArrayList<>(
        List.of(
            "-db", dbClass(),
            "-p", name() + ".dir=" + dataDir,
            "-p", "recordcount=" + RECORDS));
  }

  protected YcsbProcess client(List<String> base, String... more) throws Exception {
    List<String> args = new ArrayList<>(base);
    args.addAll(Arrays.asList(more));
    return YcsbProcess.client(args.toArray(new String[0]));
  }

  @Test
  void stockClientLoadsAndRunsWorkloadA() throws Exception {
    String workload = YcsbProcess.workload("workloada").toString();

    YcsbProcess load = client(common(), "-load", "-P", workload, "-threads", "2");
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("INSERT", "Operations")).as(load.toString()).isEqualTo(RECORDS);
    assertThat(load.count("INSERT", "Return=OK")).isEqualTo(RECORDS);
    assertThat(load.returnLines()).allMatch(line -> line.contains("Return=OK"));
    // one line per process, whichever thread opened the engine first, naming the class and the
    // engine's own version
    assertThat(load.stdout().lines().filter(l -> l.startsWith(name() + ": " + dbClass() + " on ")))
        .as(load.stdout())
        .singleElement()
        .asString()
        .matches(".* on [A-Za-z]+ [0-9]+\\.[0-9]+.*");
    // the last of the two threads' cleanups closes the engine, once, without a flush (none asked
    // for), and says how long it took
    assertThat(load.stdout().lines().filter(l -> l.startsWith(name() + ": closing ")))
        .as(load.stdout())
        .singleElement()
        .asString()
        .matches(name() + ": closing /\\S+ took [0-9]+ ms");

    YcsbProcess run =
        client(
            common(), "-t", "-P", workload, "-threads", "2", "-p", "operationcount=" + OPERATIONS);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    long reads = run.count("READ", "Return=OK");
    long updates = run.count("UPDATE", "Return=OK");
    assertThat(reads).as(run.toString()).isPositive();
    assertThat(updates).isPositive();
    assertThat(reads + updates).isEqualTo(OPERATIONS);
    assertThat(run.count("READ", "Operations") + run.count("UPDATE", "Operations"))
        .isEqualTo(OPERATIONS);
    assertThat(run.returnLines()).allMatch(line -> line.contains("Return=OK"));
  }
}
