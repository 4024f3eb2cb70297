package io.github.ycsbembedded.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.core.SharedEngines;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DB;
import site.ycsb.DBException;

/**
 * The state of a conformance test: its data directory and the clients it opened, every one cleaned
 * up after the test, and no engine left open on the directory when the next test starts. A
 * binding's test extends it (through {@link BindingConformanceTest}, which adds every capability's
 * tests) and supplies {@link #name} and {@link #newClient}.
 */
public abstract class BindingFixture implements Conformance {
  @TempDir protected Path dataDir;
  private final List<DB> opened = Collections.synchronizedList(new ArrayList<>());

  @Override
  public final Path dataDir() {
    return dataDir;
  }

  @Override
  public DB open(Properties properties) throws DBException {
    DB db = newClient();
    db.setProperties(properties);
    db.init();
    opened.add(db);
    return db;
  }

  @Override
  public void close(DB db) throws DBException {
    opened.remove(db);
    db.cleanup();
  }

  @BeforeEach
  void noEngineLeftOpen() throws Exception {
    assertThat(SharedEngines.isOpen(dataDir.toRealPath())).isFalse();
  }

  @AfterEach
  void cleanupClients() throws DBException {
    for (DB db : new ArrayList<>(opened)) {
      close(db);
    }
  }
}
