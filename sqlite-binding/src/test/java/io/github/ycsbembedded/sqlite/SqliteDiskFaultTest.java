package io.github.ycsbembedded.sqlite;

import io.github.ycsbembedded.core.testing.DiskFaultConformanceTest;

class SqliteDiskFaultTest extends DiskFaultConformanceTest {
  SqliteDiskFaultTest() {
    super(new SqliteCrashTest());
  }
}
