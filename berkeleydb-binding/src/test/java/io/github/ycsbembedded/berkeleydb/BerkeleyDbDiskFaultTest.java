package io.github.ycsbembedded.berkeleydb;

import io.github.ycsbembedded.core.testing.DiskFaultConformanceTest;

class BerkeleyDbDiskFaultTest extends DiskFaultConformanceTest {
  BerkeleyDbDiskFaultTest() {
    super(new BerkeleyDbCrashTest());
  }
}
