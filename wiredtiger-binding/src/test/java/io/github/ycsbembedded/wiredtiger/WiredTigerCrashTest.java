package io.github.ycsbembedded.wiredtiger;

import io.github.ycsbembedded.core.testing.CrashConformanceTest;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import site.ycsb.DB;

class WiredTigerCrashTest extends CrashConformanceTest {
  @Override
  protected String name() {
    return "wiredtiger";
  }

  @Override
  protected String dbClass() {
    return WiredTigerClient.class.getName();
  }

  @Override
  protected DB newClient() {
    return new WiredTigerClient();
  }

  /**
   * WiredTiger 3.2.1 can hang when its directory goes away under a load: its log panics ("fatal log
   * failure" in {@code __log_fs_write}) and an insert thread never returns from {@code
   * Cursor.insert}, so the run waits for a second signal (about one run in eight here). No call of
   * the binding's can return from inside the engine; the test takes one such hang as the engine's
   * and runs again, and fails on a second or on any other failure.
   */
  @Override
  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  protected void aDirectoryRemovedDuringALoadIsSaidOnceInTheLastLine() throws Exception {
    try {
      super.aDirectoryRemovedDuringALoadIsSaidOnceInTheLastLine();
    } catch (AssertionError e) {
      if (e.getMessage() == null || !e.getMessage().contains(HUNG)) {
        throw e;
      }
      System.out.println("removed during a load: wiredtiger hung inside the engine; once more");
      super.aDirectoryRemovedDuringALoadIsSaidOnceInTheLastLine();
    }
  }
}
