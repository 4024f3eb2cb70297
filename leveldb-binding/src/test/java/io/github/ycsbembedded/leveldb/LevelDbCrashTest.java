package io.github.ycsbembedded.leveldb;

import io.github.ycsbembedded.core.testing.CrashConformanceTest;
import site.ycsb.DB;

class LevelDbCrashTest extends CrashConformanceTest {
  @Override
  protected String name() {
    return "leveldb";
  }

  @Override
  protected String dbClass() {
    return LevelDbClient.class.getName();
  }

  @Override
  protected DB newClient() {
    return new LevelDbClient();
  }
}
