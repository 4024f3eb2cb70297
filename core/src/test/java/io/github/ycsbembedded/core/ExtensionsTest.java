package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.BasicDB;
import site.ycsb.DB;
import site.ycsb.DBWrapper;
import site.ycsb.measurements.Measurements;

class ExtensionsTest {
  interface Special {}

  static final class SpecialDb extends BasicDB implements Special {}

  private static DBWrapper wrap(DB db) {
    Measurements.setProperties(new Properties());
    return new DBWrapper(db, null);
  }

  @Test
  void findsTheBindingRegisteredOnThisThreadBehindTheWrapper() {
    SpecialDb binding = new SpecialDb();
    DBWrapper wrapper = wrap(binding);
    Extensions.register(binding);
    try {
      assertThat(Extensions.find(wrapper, Special.class)).containsSame(binding);
    } finally {
      Extensions.unregister(binding);
    }
  }

  @Test
  void fallsBackToTheWrappersFieldWhenNothingIsRegistered() {
    SpecialDb binding = new SpecialDb();
    assertThat(Extensions.find(wrap(binding), Special.class)).containsSame(binding);
  }

  @Test
  void aBindingWithoutTheExtensionIsNotFound() {
    BasicDB plain = new BasicDB();
    Extensions.register(plain);
    try {
      assertThat(Extensions.find(wrap(plain), Special.class)).isEmpty();
    } finally {
      Extensions.unregister(plain);
    }
    assertThat(Extensions.find(plain, Special.class)).isEmpty();
  }

  @Test
  void theBindingItselfIsFoundDirectly() {
    SpecialDb binding = new SpecialDb();
    assertThat(Extensions.find(binding, Special.class)).containsSame(binding);
  }
}
