package io.github.ycsbembedded.leveldb;

import io.github.ycsbembedded.core.testing.StockClientEndToEndTest;

class LevelDbEndToEndTest extends StockClientEndToEndTest {
  @Override
  protected String name() {
    return "leveldb";
  }

  @Override
  protected String dbClass() {
    return LevelDbClient.class.getName();
  }
}
