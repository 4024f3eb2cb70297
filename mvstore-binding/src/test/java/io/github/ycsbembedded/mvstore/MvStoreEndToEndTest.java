package io.github.ycsbembedded.mvstore;

import io.github.ycsbembedded.core.testing.StockClientEndToEndTest;

class MvStoreEndToEndTest extends StockClientEndToEndTest {
  @Override
  protected String name() {
    return "mvstore";
  }

  @Override
  protected String dbClass() {
    return MvStoreClient.class.getName();
  }
}
