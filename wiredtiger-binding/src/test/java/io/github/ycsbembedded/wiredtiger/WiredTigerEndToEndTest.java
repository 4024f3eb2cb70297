package io.github.ycsbembedded.wiredtiger;

import io.github.ycsbembedded.core.testing.StockClientEndToEndTest;

class WiredTigerEndToEndTest extends StockClientEndToEndTest {
  @Override
  protected String name() {
    return "wiredtiger";
  }

  @Override
  protected String dbClass() {
    return WiredTigerClient.class.getName();
  }
}
