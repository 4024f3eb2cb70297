package io.github.ycsbembedded.berkeleydb;

import io.github.ycsbembedded.core.testing.StockClientEndToEndTest;

class BerkeleyDbEndToEndTest extends StockClientEndToEndTest {
  @Override
  protected String name() {
    return "berkeleydb";
  }

  @Override
  protected String dbClass() {
    return BerkeleyDbClient.class.getName();
  }
}
