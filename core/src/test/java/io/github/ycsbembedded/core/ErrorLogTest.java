package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Engine errors are counted, not printed one by one; the summary quotes the process's first and
 * says how many there were.
 */
class ErrorLogTest {
  @BeforeEach
  void forgetEarlierErrors() {
    ErrorLog.forget();
  }

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
    assertThat(ErrorLog.count()).isEqualTo(3);
  }

  @Test
  void linesAnEngineWroteItselfAreQuotedOnceAfterOurOwnFailure() {
    assertThat(ErrorLog.summary()).isNull();
    ErrorLog.engineMessage("wiredtiger", "[1:2][3:0x4], file:x.wt: read checksum error  ");
    ErrorLog.engineMessage("wiredtiger", "[1:3][3:0x4], file:x.wt: read checksum error");
    ErrorLog.engineMessage("wiredtiger", "[1:4][3:0x4], file:x.wt: read checksum error");

    assertThat(ErrorLog.engineLines()).isEqualTo(3);
    assertThat(ErrorLog.summary())
        .isEqualTo(
            "wiredtiger said: [1:2][3:0x4], file:x.wt: read checksum error (and 2 lines more)");

    ErrorLog.report("wiredtiger", "read", "usertable", "user1", "WT_ERROR: non-specific");
    assertThat(ErrorLog.summary())
        .isEqualTo(
            "wiredtiger: read usertable/user1 failed: WT_ERROR: non-specific; wiredtiger said:"
                + " [1:2][3:0x4], file:x.wt: read checksum error (and 2 lines more)");
  }

  @Test
  void engineLinesAFailureQuotedItselfAreNotRepeated() {
    ErrorLog.engineMessage("wiredtiger", "wiredtiger_open: unknown configuration key: 'bogus'");
    ErrorLog.engineLinesQuoted(1);

    assertThat(ErrorLog.engineLines()).isZero();
    assertThat(ErrorLog.summary()).isNull();

    ErrorLog.engineMessage("wiredtiger", "file:usertable.wt: read checksum error");
    assertThat(ErrorLog.summary())
        .isEqualTo("wiredtiger said: file:usertable.wt: read checksum error");
  }
}
