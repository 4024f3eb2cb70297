package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.DBException;

class BindingPropertiesTest {
  @TempDir Path tmp;

  private static BindingProperties with(String name, String value) {
    Properties properties = new Properties();
    properties.setProperty(name, value);
    return new BindingProperties(properties);
  }

  @ParameterizedTest
  @CsvSource({
    "4096,4096",
    "64k,65536",
    "64K,65536",
    "1m,1048576",
    "1g,1073741824",
    "2t,2199023255552",
    " 8m ,8388608"
  })
  void sizesAcceptSuffixes(String text, long bytes) throws DBException {
    assertThat(with("x.size", text).size("x.size", 1, 0)).isEqualTo(bytes);
  }

  @ParameterizedTest
  @ValueSource(strings = {"12x", "m", "-1", "1.5g", "1mb", "99999999999999999999", "9999999999t"})
  void malformedSizesNameThePropertyValueAndWhatIsAccepted(String text) {
    assertThatThrownBy(() -> with("lmdb.mapsize", text).size("lmdb.mapsize", 1, 0))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "lmdb.mapsize: '"
                + text.trim()
                + "' is not a size; use a number with an optional k, m, g or t suffix");
  }

  @Test
  void sizeBelowTheMinimumIsRejected() {
    assertThatThrownBy(() -> with("lmdb.mapsize", "1k").size("lmdb.mapsize", 1, 65536))
        .hasMessage("lmdb.mapsize: '1k' is too small; use at least 65536 bytes");
  }

  @Test
  void unsetPropertiesTakeTheirDefaults() throws DBException {
    BindingProperties empty = new BindingProperties(new Properties());
    assertThat(empty.size("a", 77, 0)).isEqualTo(77);
    assertThat(empty.bool("b", true)).isTrue();
    assertThat(empty.integer("c", 5, 0, 10)).isEqualTo(5);
    assertThat(empty.oneOf("d", "none", "none", "snappy")).isEqualTo("none");
    assertThat(with("e", "   ").string("e", "dflt")).isEqualTo("dflt");
  }

  @Test
  void booleansAreStrict() throws DBException {
    assertThat(with("s", "TRUE").bool("s", false)).isTrue();
    assertThatThrownBy(() -> with("rocksdb.sync", "yes").bool("rocksdb.sync", false))
        .hasMessage("rocksdb.sync: 'yes' is not a boolean; use true or false");
  }

  @Test
  void integersAreRangeChecked() {
    assertThatThrownBy(() -> with("n", "0").integer("n", 1, 1, 100))
        .hasMessage("n: '0' is not an integer from 1 to 100");
    assertThatThrownBy(() -> with("n", "ten").integer("n", 1, 1, 100))
        .hasMessage("n: 'ten' is not an integer from 1 to 100");
  }

  @Test
  void oneOfIsCaseInsensitiveAndListsTheAcceptedValues() throws DBException {
    assertThat(with("c", "Snappy").oneOf("c", "none", "none", "snappy")).isEqualTo("snappy");
    assertThatThrownBy(
            () ->
                with("rocksdb.compression", "gzip")
                    .oneOf("rocksdb.compression", "none", "none", "snappy", "lz4"))
        .hasMessage("rocksdb.compression: 'gzip' is not accepted; use one of none, snappy, lz4");
  }

  @Test
  void fractionsAreBetweenZeroAndOne() throws DBException {
    assertThat(with("p", "0.25").fraction("p", 1)).isEqualTo(0.25);
    assertThatThrownBy(() -> with("batchproportion", "1.5").fraction("batchproportion", 1))
        .hasMessage("batchproportion: '1.5' is not a proportion; use a number from 0 to 1");
    assertThatThrownBy(() -> with("batchproportion", "half").fraction("batchproportion", 1))
        .hasMessage("batchproportion: 'half' is not a proportion; use a number from 0 to 1");
  }

  enum Mode {
    FAST,
    SAFE
  }

  @Test
  void choiceMapsToEnumConstants() throws DBException {
    assertThat(with("m", "safe").choice("m", Mode.FAST)).isEqualTo(Mode.SAFE);
    assertThatThrownBy(() -> with("m", "slow").choice("m", Mode.FAST))
        .hasMessage("m: 'slow' is not accepted; use one of fast, safe");
  }

  @Test
  void requiredStringNamesTheProperty() {
    assertThatThrownBy(() -> new BindingProperties(new Properties()).requiredString("lmdb.dir"))
        .hasMessage("lmdb.dir is required (set it with -p lmdb.dir=...)");
  }

  @Test
  void requiredDirectoryIsCreatedWithItsParents() throws Exception {
    Path dir = tmp.resolve("a/b/c");
    Path result = with("x.dir", dir.toString()).requiredDirectory("x.dir");
    assertThat(result).isDirectory().isEqualTo(dir.toRealPath());
  }

  @Test
  void requiredDirectoryThatIsAFileIsRejected() throws Exception {
    Path file = Files.writeString(tmp.resolve("file"), "x");
    assertThatThrownBy(() -> with("x.dir", file.toString()).requiredDirectory("x.dir"))
        .isInstanceOf(DBException.class)
        .hasMessageStartingWith("x.dir: '" + file + "' is not a usable directory (");
  }

  private static BindingProperties declared(String name, String value) throws DBException {
    return with(name, value)
        .declare("lmdb.", java.util.Set.of("lmdb.dir", "lmdb.mapsize", "lmdb.nordahead"));
  }

  @Test
  void aMistypedPropertyWithThePrefixNamesTheNearestDeclaredOne() {
    assertThatThrownBy(() -> declared("lmdb.mapsise", "1g"))
        .isInstanceOf(DBException.class)
        .hasMessage("lmdb.mapsise: unknown property; did you mean lmdb.mapsize?");
  }

  @Test
  void anUnknownPropertyFarFromEveryNameListsThem() {
    assertThatThrownBy(() -> declared("lmdb.compression", "none"))
        .hasMessage(
            "lmdb.compression: unknown property; known: lmdb.dir, lmdb.mapsize, lmdb.nordahead");
  }

  @Test
  void propertiesWithOtherPrefixesAreNotTheBindingsConcern() throws DBException {
    assertThat(declared("rocksdb.whatever", "1").size("lmdb.mapsize", 5, 0)).isEqualTo(5);
  }

  @Test
  void readingAnUndeclaredPropertyIsAProgrammingError() throws DBException {
    BindingProperties p = declared("lmdb.dir", "/x");
    assertThatThrownBy(() -> p.bool("lmdb.undeclared", false))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void anEmptyValueOfATypedPropertyIsRefusedSayingWhatItTakes() {
    assertThatThrownBy(() -> with("lmdb.mapsize", "").size("lmdb.mapsize", 1, 0))
        .hasMessage(
            "lmdb.mapsize: empty value; use a number with an optional k, m, g or t suffix,"
                + " or leave it out for the default");
    assertThatThrownBy(() -> with("x.n", " ").integer("x.n", 1, 0, 9))
        .hasMessage(
            "x.n: empty value; use an integer from 0 to 9, or leave it out for the default");
  }

  @Test
  void sizesAboveTheirMaximumAreRefused() {
    assertThatThrownBy(
            () -> with("leveldb.block_size", "8m").size("leveldb.block_size", 4096, 1024, 4 << 20))
        .hasMessage("leveldb.block_size: '8m' is too large; use at most 4194304 bytes");
  }
}
