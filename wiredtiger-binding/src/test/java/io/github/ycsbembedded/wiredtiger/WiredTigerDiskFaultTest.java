package io.github.ycsbembedded.wiredtiger;

import io.github.ycsbembedded.core.testing.DiskFaultConformanceTest;

class WiredTigerDiskFaultTest extends DiskFaultConformanceTest {
  WiredTigerDiskFaultTest() {
    super(new WiredTigerCrashTest());
  }

  @Override
  protected String hangsUnder(String fault) {
    return fault.equals("write")
        ? "WiredTiger 3.2.1 panics when a write fails with EIO, and then its close never returns"
            + " (docs/faults.md)"
        : null;
  }
}
