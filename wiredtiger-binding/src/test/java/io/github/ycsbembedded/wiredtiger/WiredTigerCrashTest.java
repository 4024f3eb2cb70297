package io.github.ycsbembedded.wiredtiger;

import io.github.ycsbembedded.core.testing.CrashConformanceTest;
import site.ycsb.DB;

class WiredTigerCrashTest extends CrashConformanceTest {
  @Override
  protected String name() {
    return "wiredtiger";
  }

  @Override
  protected String dbClass() {
    return WiredTigerClient.class.getName();
  }

  @Override
  protected DB newClient() {
    return new WiredTigerClient();
  }
}
