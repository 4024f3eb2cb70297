package io.github.ycsbembedded.rocksdb;

import io.github.ycsbembedded.core.testing.StockClientEndToEndTest;

class RocksDbEndToEndTest extends StockClientEndToEndTest {
  @Override
  protected String name() {
    return "rocksdb";
  }

  @Override
  protected String dbClass() {
    return RocksDbClient.class.getName();
  }
}
