package io.github.ycsbembedded.rocksdb;

import io.github.ycsbembedded.core.testing.DiskFaultConformanceTest;

class RocksDbDiskFaultTest extends DiskFaultConformanceTest {
  RocksDbDiskFaultTest() {
    super(new RocksDbCrashTest());
  }
}
