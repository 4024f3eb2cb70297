package io.github.ycsbembedded.lmdb;

import io.github.ycsbembedded.core.testing.CrashConformanceTest;
import site.ycsb.DB;

class LmdbCrashTest extends CrashConformanceTest {
  @Override
  protected String name() {
    return "lmdb";
  }

  @Override
  protected String dbClass() {
    return LmdbClient.class.getName();
  }

  @Override
  protected DB newClient() {
    return new LmdbClient();
  }
}
