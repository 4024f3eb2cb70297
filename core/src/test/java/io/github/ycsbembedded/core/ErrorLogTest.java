package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Engine errors are counted, not printed one by one; the summary quotes the process's first and
 * says how many there were.
 */
class ErrorLogTest {
  @Test
  void errorsAreCountedAndSummarizedInOneLineQuotingTheFirst() {
    ErrorLog.report("leveldb", "read", "usertable", "user1", "Corruption: block checksum mismatch");
    ErrorLog.report("leveldb", "read", "usertable", "user2", "Corruption: block checksum mismatch");
    ErrorLog.report("leveldb", "read", "usertable", "k".repeat(100), "IO error");

    assertThat(ErrorLog.latest())
        .isEqualTo("leveldb: read usertable/" + "k".repeat(64) + "... failed: IO error");
    String summary = ErrorLog.summary();
    assertThat(summary).doesNotContain("\n");
    assertThat(summary)
        .endsWith(
            String.format(
                java.util.Locale.ROOT,
                " (the first of %,d operations that failed in the engine; YCSB's Return= lines"
                    + " count them by operation)",
                ErrorLog.count()));
    assertThat(ErrorLog.count()).isGreaterThanOrEqualTo(3);
  }
}
