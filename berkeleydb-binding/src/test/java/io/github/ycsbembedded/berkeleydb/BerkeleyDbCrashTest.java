package io.github.ycsbembedded.berkeleydb;

import io.github.ycsbembedded.core.testing.CrashConformanceTest;
import site.ycsb.DB;

class BerkeleyDbCrashTest extends CrashConformanceTest {
  @Override
  protected String name() {
    return "berkeleydb";
  }

  @Override
  protected String dbClass() {
    return BerkeleyDbClient.class.getName();
  }

  @Override
  protected DB newClient() {
    return new BerkeleyDbClient();
  }
}
