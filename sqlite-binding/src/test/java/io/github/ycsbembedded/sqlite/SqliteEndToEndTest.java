package io.github.ycsbembedded.sqlite;

import io.github.ycsbembedded.core.testing.StockClientEndToEndTest;

class SqliteEndToEndTest extends StockClientEndToEndTest {
  @Override
  protected String name() {
    return "sqlite";
  }

  @Override
  protected String dbClass() {
    return SqliteClient.class.getName();
  }
}
