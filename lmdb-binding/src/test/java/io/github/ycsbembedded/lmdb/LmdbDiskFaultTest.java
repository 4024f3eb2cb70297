package io.github.ycsbembedded.lmdb;

import io.github.ycsbembedded.core.testing.DiskFaultConformanceTest;

class LmdbDiskFaultTest extends DiskFaultConformanceTest {
  LmdbDiskFaultTest() {
    super(new LmdbCrashTest());
  }

  @Override
  protected boolean readsThroughAMemoryMap() {
    return true;
  }
}
