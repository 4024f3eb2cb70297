package io.github.ycsbembedded.sqlite;

import io.github.ycsbembedded.core.testing.CrashConformanceTest;
import site.ycsb.DB;

class SqliteCrashTest extends CrashConformanceTest {
  @Override
  protected String name() {
    return "sqlite";
  }

  @Override
  protected String dbClass() {
    return SqliteClient.class.getName();
  }

  @Override
  protected DB newClient() {
    return new SqliteClient();
  }
}
