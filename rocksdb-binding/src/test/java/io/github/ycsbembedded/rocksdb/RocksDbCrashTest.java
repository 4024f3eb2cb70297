package io.github.ycsbembedded.rocksdb;

import io.github.ycsbembedded.core.testing.CrashConformanceTest;
import site.ycsb.DB;

class RocksDbCrashTest extends CrashConformanceTest {
  @Override
  protected String name() {
    return "rocksdb";
  }

  @Override
  protected String dbClass() {
    return RocksDbClient.class.getName();
  }

  @Override
  protected DB newClient() {
    return new RocksDbClient();
  }
}
