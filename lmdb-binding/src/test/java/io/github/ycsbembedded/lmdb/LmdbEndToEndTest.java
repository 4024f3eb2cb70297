package io.github.ycsbembedded.lmdb;

import io.github.ycsbembedded.core.testing.StockClientEndToEndTest;

class LmdbEndToEndTest extends StockClientEndToEndTest {
  @Override
  protected String name() {
    return "lmdb";
  }

  @Override
  protected String dbClass() {
    return LmdbClient.class.getName();
  }
}
