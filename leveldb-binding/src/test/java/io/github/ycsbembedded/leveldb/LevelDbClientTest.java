package io.github.ycsbembedded.leveldb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.core.testing.BindingConformanceTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import java.util.Vector;
import org.fusesource.leveldbjni.JniDBFactory;
import org.iq80.leveldb.Options;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

class LevelDbClientTest extends BindingConformanceTest {
  @Override
  protected String name() {
    return "leveldb";
  }

  @Override
  protected DB newClient() {
    return new LevelDbClient();
  }

  @Override
  protected List<String> compressions() {
    return List.of("none", "snappy");
  }

  /** LevelDB's own open fails while anything in this process still holds the LOCK file. */
  @Override
  protected void assertDirectoryReleased(Path dir) throws Exception {
    try (org.iq80.leveldb.DB db = JniDBFactory.factory.open(dir.toFile(), new Options())) {
      assertThat(db.getProperty("leveldb.stats")).isNotNull();
    }
  }

  @Test
  void aTableWhoseNameExtendsAnotherIsKeptApart() throws Exception {
    DB db = open();
    db.insert("user", "1", record("field0", "short name"));
    db.insert("usertable", "0", record("field0", "long name"));
    db.insert("u", "x", record("field0", "one letter"));

    Vector<HashMap<String, ByteIterator>> result = new Vector<>();
    assertThat(db.scan("user", "", 10, null, result)).isEqualTo(Status.OK);
    assertThat(result).extracting(r -> r.get("field0").toString()).containsExactly("short name");
    assertThat(db.read("user", "table0", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void undecodableValueIsAnError() throws Exception {
    DB db = open();
    db.insert(TABLE, "k", record("field0", "v"));
    close(db);
    try (org.iq80.leveldb.DB raw = JniDBFactory.factory.open(dataDir.toFile(), new Options())) {
      byte[] table = TABLE.getBytes(StandardCharsets.UTF_8);
      byte[] key = new byte[1 + table.length + 3];
      key[0] = (byte) table.length;
      System.arraycopy(table, 0, key, 1, table.length);
      System.arraycopy("bad".getBytes(StandardCharsets.UTF_8), 0, key, 1 + table.length, 3);
      raw.put(key, new byte[] {1, 5});
    }
    DB reopened = open();
    assertThat(reopened.read(TABLE, "bad", null, new HashMap<>())).isEqualTo(Status.ERROR);
    assertThat(read(reopened, TABLE, "k", null)).containsEntry("field0", "v");
  }

  @Test
  void filterBitsAreRefusedWithTheReason() {
    Properties properties = properties(dataDir);
    properties.setProperty("leveldb.filter_bits", "10");
    assertThatThrownBy(() -> open(properties))
        .isInstanceOf(DBException.class)
        .hasMessageStartingWith("leveldb.filter_bits: '10' is not supported: leveldbjni 1.8 has no filter policy");
  }
}
