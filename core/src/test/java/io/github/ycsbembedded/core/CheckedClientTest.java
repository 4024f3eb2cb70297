package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

class CheckedClientTest {
  @TempDir Path tmp;

  @AfterEach
  void forgetCounts() {
    CheckedClient.reset();
    RunStatus.clear();
  }

  @Test
  void commandLinePropertiesOverridePropertyFilesLikeClient() throws Exception {
    Path first = Files.writeString(tmp.resolve("first"), "recordcount=10\na=file1\n");
    Path second = Files.writeString(tmp.resolve("second"), "a=file2\nb=file2\n");

    Properties p =
        CheckedClient.properties(
            new String[] {
              "-db",
              "x.Y",
              "-load",
              "-P",
              first.toString(),
              "-p",
              "b=cli",
              "-P",
              second.toString(),
              "-threads",
              "4",
              "-target",
              "100",
              "-s",
              "-p",
              "c=k=v"
            });

    assertThat(p.getProperty("recordcount")).isEqualTo("10");
    assertThat(p.getProperty("a")).isEqualTo("file2");
    assertThat(p.getProperty("b")).isEqualTo("cli");
    assertThat(p.getProperty("c")).isEqualTo("k=v");
    assertThat(p.getProperty("db")).isEqualTo("x.Y");
    assertThat(p.getProperty("threadcount")).isEqualTo("4");
    assertThat(p.getProperty("target")).isEqualTo("100");
    assertThat(p.getProperty("dotransactions")).isEqualTo("false");
  }

  @Test
  void missingPropertyFileIsReported() {
    assertThatThrownBy(
            () -> CheckedClient.properties(new String[] {"-P", tmp.resolve("nope").toString()}))
        .hasMessageStartingWith("cannot read property file " + tmp.resolve("nope"));
  }

  @Test
  @Tag("process")
  void aPropertyFileThatIsAFifoOrADirectoryIsRefusedWithoutWaiting() throws Exception {
    java.nio.file.Path fifo = tmp.resolve("fifo");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertThat(mkfifo.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    assertThat(mkfifo.exitValue()).isZero();
    assertThatThrownBy(() -> CheckedClient.properties(new String[] {"-P", fifo.toString()}))
        .hasMessage(
            "cannot read property file "
                + fifo
                + ": not a regular file (a FIFO or a device); give -P a file of properties");
    assertThatThrownBy(() -> CheckedClient.properties(new String[] {"-P", tmp.toString()}))
        .hasMessage(
            "cannot read property file " + tmp + ": a directory; give -P a file of properties");
  }

  @Test
  void aFlagWithoutItsValueIsOneLineNamingTheFlag() {
    for (String flag : List.of("-threads", "-target", "-P", "-p", "-db", "-l")) {
      assertThatThrownBy(() -> CheckedClient.properties(new String[] {"-db", "x.Y", "-t", flag}))
          .as(flag)
          .hasMessageStartingWith(flag + " needs a value (");
    }
  }

  @Test
  void aPropertyWithoutNameAndValueIsRefused() {
    assertThatThrownBy(() -> CheckedClient.properties(new String[] {"-p", "recordcount"}))
        .hasMessage("-p expects name=value, got 'recordcount'");
  }

  @Test
  void aThreadCountThatIsNotANumberIsRefused() {
    assertThatThrownBy(() -> CheckedClient.properties(new String[] {"-threads", "four"}))
        .hasMessage("-threads: 'four' is not a whole number");
  }

  @Test
  void anUnknownOptionAndAStrayValueAreRefused() {
    assertThatThrownBy(() -> CheckedClient.properties(new String[] {"-x"}))
        .hasMessageStartingWith("unknown option -x; YCSB takes ");
    assertThatThrownBy(() -> CheckedClient.properties(new String[] {"-threads", "2", "8"}))
        .hasMessageStartingWith("'8' is not an option");
  }

  @Test
  void theCountingExporterAndStoppableWorkloadComeFirstAndTheUsersOwnLinesForThemAreLeftOut() {
    String[] args =
        CheckedClient.counted(
            new String[] {
              "-db", "x.Y", "-p", "exporter=a.B", "-p", "workload=w.W", "-p", "a=1", "-threads", "2"
            },
            "w.W");
    assertThat(args)
        .containsExactly(
            "-p",
            "exporter=" + CheckedClient.CountingExporter.class.getName(),
            "-p",
            "workload=" + StoppableWorkload.class.getName(),
            "-p",
            "ycsbembedded.workload=w.W",
            "-db",
            "x.Y",
            "-p",
            "a=1",
            "-threads",
            "2");
  }

  private static Properties with(String... namesAndValues) {
    Properties p = new Properties();
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("recordcount", "10");
    for (int i = 0; i < namesAndValues.length; i += 2) {
      p.setProperty(namesAndValues[i], namesAndValues[i + 1]);
    }
    return p;
  }

  @Test
  void unknownBindingClassIsReported() {
    assertThatThrownBy(() -> CheckedClient.preflight(with("db", "no.such.Binding"), true))
        .hasMessageStartingWith("cannot load binding class no.such.Binding");
  }

  @Test
  void basicBindingAndCoreWorkloadPassThePreflight() throws Exception {
    CheckedClient.preflight(with("db", "site.ycsb.BasicDB", "basicdb.verbose", "false"), true);
  }

  @Test
  void aWorkloadThatCannotInitializeIsOneLine() {
    assertThatThrownBy(
            () ->
                CheckedClient.preflight(
                    with(
                        "db",
                        "site.ycsb.BasicDB",
                        "fieldlengthdistribution",
                        "histogram",
                        "fieldlengthhistogram",
                        tmp.resolve("no-histogram").toString()),
                    true))
        .hasMessageStartingWith("workload site.ycsb.workloads.CoreWorkload: ");
  }

  @Test
  void aRunThatReportedNothingFails() {
    assertThat(CheckedClient.problem(true))
        .isEqualTo("the run ended before YCSB's report (see the error above)");
  }

  @Test
  void aRunWhoseEveryOperationFailedFailsEvenWithoutFailOnErrors() {
    report(Map.of("READ", Map.of("ERROR", 100L)));
    assertThat(CheckedClient.problem(false)).isEqualTo("every operation failed (READ ERROR 100)");
  }

  @Test
  void anyFailedOperationFailsTheRunUnlessFailOnErrorsIsOff() {
    report(
        Map.of(
            "READ",
            Map.of("OK", 90L, "NOT_FOUND", 5L),
            "UPDATE",
            Map.of("OK", 3L, "ERROR", 2L),
            "VERIFY",
            Map.of("UNEXPECTED_STATE", 1L)));
    assertThat(CheckedClient.problem(true))
        .isEqualTo(
            "3 operations failed (UPDATE ERROR 2, VERIFY UNEXPECTED_STATE 1); -p ycsb.fail_on_errors=false to exit 0");
    assertThat(CheckedClient.problem(false)).isNull();
  }

  @Test
  void notFoundIsAnAnswerNotAFailure() {
    report(Map.of("READ", Map.of("OK", 1L, "NOT_FOUND", 99L)));
    assertThat(CheckedClient.problem(true)).isNull();
  }

  @Test
  void aBindingThatFailedToCloseFailsTheRun() {
    report(Map.of("READ", Map.of("OK", 10L)));
    RunStatus.failed("lmdb: closing failed: disk full");
    assertThat(CheckedClient.problem(true)).isEqualTo("lmdb: closing failed: disk full");
  }

  /**
   * YCSB prints a failed cleanup with {@code printStackTrace}, on stderr and on stdout: the failure
   * the last line quotes prints nothing there, any later one its own line.
   */
  @Test
  void theFailureTheLastLineQuotesIsNotPrintedByYcsbBeforeIt() {
    EngineFailure first =
        new EngineFailure(EngineFailure.Condition.IO_ERROR, "lmdb: /d was removed");
    EngineFailure second = new EngineFailure(EngineFailure.Condition.OTHER, "lmdb: closing failed");
    report(Map.of("INSERT", Map.of("OK", 10L)));
    RunStatus.quoteAtExit(true);
    try {
      RunStatus.failed(first.getMessage());
      RunStatus.failed(second.getMessage());
      assertThat(printed(first)).isEmpty();
      // another thread's cleanup that failed in the same words
      assertThat(printed(new EngineFailure(EngineFailure.Condition.OTHER, "lmdb: /d was removed")))
          .isEmpty();
      assertThat(printed(second)).isEqualTo("lmdb: closing failed" + System.lineSeparator());
      assertThat(CheckedClient.problem(true)).isEqualTo("lmdb: /d was removed (and 1 more)");
    } finally {
      RunStatus.quoteAtExit(false);
    }
  }

  /** Without the last line (YCSB's own launcher), every failure prints its one line. */
  @Test
  void withoutTheLastLineEveryFailurePrintsItsLine() {
    EngineFailure failure =
        new EngineFailure(EngineFailure.Condition.IO_ERROR, "lmdb: /d was removed");
    RunStatus.failed(failure.getMessage());
    assertThat(printed(failure)).isEqualTo("lmdb: /d was removed" + System.lineSeparator());
  }

  /** What {@code printStackTrace(PrintStream)} and {@code printStackTrace(PrintWriter)} print. */
  private static String printed(EngineFailure failure) {
    java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
    failure.printStackTrace(
        new java.io.PrintStream(stream, true, java.nio.charset.StandardCharsets.UTF_8));
    java.io.StringWriter writer = new java.io.StringWriter();
    failure.printStackTrace(new java.io.PrintWriter(writer, true));
    String viaStream = stream.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(writer.toString()).isEqualTo(viaStream);
    return viaStream;
  }

  /** Feeds the counting exporter a report, as YCSB's Client would. */
  private static void report(Map<String, Map<String, Long>> returns) {
    try (CheckedClient.CountingExporter exporter =
        new CheckedClient.CountingExporter(java.io.OutputStream.nullOutputStream())) {
      exporter.write("OVERALL", "RunTime(ms)", 10L);
      for (var op : returns.entrySet()) {
        for (var status : op.getValue().entrySet()) {
          exporter.write(op.getKey(), "Return=" + status.getKey(), status.getValue());
        }
      }
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static YcsbProcess checked(String... args) throws Exception {
    List<String> command = new ArrayList<>(YcsbProcess.java(CheckedClient.class.getName()));
    command.addAll(List.of(args));
    return YcsbProcess.run(command, null);
  }

  @Test
  @Tag("process")
  void aNegativeRecordCountIsOneLineAndExitOneInsteadOfSpinning() throws Exception {
    YcsbProcess result =
        checked(
            "-db",
            "site.ycsb.BasicDB",
            "-t",
            "-p",
            "workload=site.ycsb.workloads.CoreWorkload",
            "-p",
            "recordcount=-5");
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.stderr().strip())
        .isEqualTo("ycsb: recordcount: '-5' is not an integer from 0 to 2147483647");
  }

  @Test
  @Tag("process")
  void moreInsertsThanRecordsAreOneLineAndExitOneInsteadOfStockYcsbsTwoAnd255() throws Exception {
    YcsbProcess result =
        checked(
            "-db",
            "site.ycsb.BasicDB",
            "-load",
            "-p",
            "workload=site.ycsb.workloads.CoreWorkload",
            "-p",
            "recordcount=10",
            "-p",
            "insertcount=20");
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.stderr().strip())
        .isEqualTo(
            "ycsb: insertstart + insertcount (20) exceeds recordcount (10); raise recordcount or"
                + " lower insertcount or insertstart");
  }

  @Test
  @Tag("process")
  void aRunWhoseOperationsAllFailExitsOneWithTheCounts() throws Exception {
    YcsbProcess result =
        checked(
            "-db",
            FailingDb.class.getName(),
            "-t",
            "-p",
            "workload=site.ycsb.workloads.CoreWorkload",
            "-p",
            "recordcount=10",
            "-p",
            "operationcount=20",
            "-p",
            "readproportion=1",
            "-p",
            "updateproportion=0");
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.stdout()).contains("[READ], Return=ERROR, 20");
    assertThat(result.stderr().strip().lines().reduce((a, b) -> b).orElse(""))
        .isEqualTo("ycsb: every operation failed (READ ERROR 20)");
  }

  @Test
  @Tag("process")
  void aRunWhoseOperationsSucceedExitsZero() throws Exception {
    YcsbProcess result =
        checked(
            "-db",
            "site.ycsb.BasicDB",
            "-t",
            "-p",
            "workload=site.ycsb.workloads.CoreWorkload",
            "-p",
            "recordcount=10",
            "-p",
            "operationcount=20",
            "-p",
            "basicdb.verbose=false");
    assertThat(result.exitCode()).isEqualTo(0);
    assertThat(result.stdout()).contains("[OVERALL], Throughput(ops/sec)");
  }

  /** A binding whose every operation fails. */
  public static final class FailingDb extends DB {
    @Override
    public Status read(
        String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      return Status.ERROR;
    }

    @Override
    public Status scan(
        String table,
        String startkey,
        int recordcount,
        Set<String> fields,
        java.util.Vector<java.util.HashMap<String, ByteIterator>> result) {
      return Status.ERROR;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return Status.ERROR;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      return Status.ERROR;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.ERROR;
    }
  }
}
