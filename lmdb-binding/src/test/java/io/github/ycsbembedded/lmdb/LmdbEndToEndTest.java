package io.github.ycsbembedded.lmdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbembedded.core.testing.StockClientEndToEndTest;
import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LmdbEndToEndTest extends StockClientEndToEndTest {
  @Override
  protected String name() {
    return "lmdb";
  }

  @Override
  protected String dbClass() {
    return LmdbClient.class.getName();
  }

  /** Debian's liblmdb0, which bin/setup --test installs where apt can. */
  private static final Path SYSTEM_LMDB = Path.of("/usr/lib/x86_64-linux-gnu/liblmdb.so.0");

  @Test
  void lmdbLibrarySystemLoadsTheSystemsLmdbAndTheStartupLineNamesItsVersion() throws Exception {
    assumeTrue(
        Files.isRegularFile(SYSTEM_LMDB),
        SYSTEM_LMDB + " is missing (Debian's liblmdb0; bin/setup --test installs it)");
    String workload = YcsbProcess.workload("workloada").toString();

    YcsbProcess load = client(common(), "-load", "-P", workload, "-p", "lmdb.library=system");
    YcsbProcess bundled = client(common(), "-t", "-P", workload, "-p", "operationcount=100");

    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(load.count("INSERT", "Return=OK")).isEqualTo(RECORDS);
    assertThat(load.stdout()).as(load.toString()).contains(" on LMDB 0.9.24");
    assertThat(bundled.exitCode()).as(bundled.toString()).isZero();
    assertThat(bundled.stdout())
        .as("the file the system's LMDB wrote, read by the bundled one")
        .contains(" on LMDB 0.9.33");
    assertThat(bundled.count("READ", "Return=OK")).isPositive();
  }
}
