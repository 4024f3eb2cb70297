package io.github.ycsbembedded.mvstore;

import io.github.ycsbembedded.core.testing.CrashConformanceTest;
import site.ycsb.DB;

class MvStoreCrashTest extends CrashConformanceTest {
  @Override
  protected String name() {
    return "mvstore";
  }

  @Override
  protected String dbClass() {
    return MvStoreClient.class.getName();
  }

  @Override
  protected DB newClient() {
    return new MvStoreClient();
  }
}
