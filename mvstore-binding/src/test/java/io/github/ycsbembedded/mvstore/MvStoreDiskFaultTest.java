package io.github.ycsbembedded.mvstore;

import io.github.ycsbembedded.core.testing.DiskFaultConformanceTest;

class MvStoreDiskFaultTest extends DiskFaultConformanceTest {
  MvStoreDiskFaultTest() {
    super(new MvStoreCrashTest());
  }
}
