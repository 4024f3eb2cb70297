package io.github.ycsbembedded.leveldb;

import io.github.ycsbembedded.core.testing.DiskFaultConformanceTest;

class LevelDbDiskFaultTest extends DiskFaultConformanceTest {
  LevelDbDiskFaultTest() {
    super(new LevelDbCrashTest());
  }

  @Override
  protected boolean readsThroughAMemoryMap() {
    return true;
  }
}
