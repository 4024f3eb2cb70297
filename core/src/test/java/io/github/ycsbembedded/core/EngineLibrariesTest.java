package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.core.EngineDescriptor.Libraries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DBException;

class EngineLibrariesTest {
  private static final Libraries ROCKS =
      new Libraries("rocksdb.library", "11.8.1", List.of("6.20.3"), "org.rocksdb.RocksDB");

  @TempDir Path tmp;

  private static String asked(String... nameValue) throws DBException {
    Properties properties = new Properties();
    for (int i = 0; i < nameValue.length; i += 2) {
      properties.setProperty(nameValue[i], nameValue[i + 1]);
    }
    return EngineLibraries.asked(ROCKS, new BindingProperties(properties));
  }

  @Test
  void askedIsTheVersionGivenOrNoneWhenLeftOut() throws DBException {
    assertThat(asked()).isNull();
    assertThat(asked("rocksdb.library", " 6.20.3 ")).isEqualTo("6.20.3");
    assertThat(asked("rocksdb.library", "11.8.1")).isEqualTo("11.8.1");
  }

  @Test
  void aVersionNotCarriedIsOneLineNamingThePropertyAndTheVersionsItTakes() {
    assertThatThrownBy(() -> asked("rocksdb.library", "6.2"))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "rocksdb.library: '6.2' is not a version this build carries; use 11.8.1 (the default)"
                + ", 6.20.3 or the path of a jar of the library");
    assertThatThrownBy(() -> asked("rocksdb.library", " "))
        .hasMessage(
            "rocksdb.library: empty value; use 11.8.1 (the default), 6.20.3 or the path of a jar"
                + " of the library");
  }

  /** A jar is taken by its absolute path; one that is not a file is refused naming the value. */
  @Test
  void aJarAskedIsItsAbsolutePathAndOneNotThereIsRefused() throws Exception {
    Path jar = Files.createFile(tmp.resolve("rocksdbjni-7.8.3.jar"));
    assertThat(asked("rocksdb.library", jar.toString())).isEqualTo(jar.toString());
    assertThatThrownBy(() -> asked("rocksdb.library", tmp.resolve("x.jar").toString()))
        .isInstanceOf(DBException.class)
        .hasMessage("rocksdb.library: '" + tmp.resolve("x.jar") + "' is not a file");
    assertThatThrownBy(() -> asked("rocksdb.library", tmp.toString()))
        .hasMessageStartingWith("rocksdb.library: '" + tmp + "' is not a version this build");
  }

  /** A jar asked takes the place of the library's own jar, alone. */
  @Test
  void theClasspathOfAJarAskedHasItInPlaceOfTheLibrarysOwn() throws Exception {
    Path jar = tmp.resolve("elsewhere/rocksdbjni-7.8.3.jar");
    Path own = tmp.resolve("lib/rocksdbjni-11.8.1.jar");
    Path core = tmp.resolve("lib/core-0.17.0.jar");

    assertThat(EngineLibraries.classpath(ROCKS, jar.toString(), jar, own, List.of(core, own)))
        .containsExactly(jar, core);
  }

  @Test
  void acceptedListsEveryVersionWithTheDefaultFirst() {
    assertThat(EngineLibraries.accepted(new Libraries("x.library", "3", List.of("1", "2"), "x.X")))
        .isEqualTo("3 (the default), 1, 2 or the path of a jar of the library");
    assertThat(EngineLibraries.accepted(new Libraries("x.library", "3", List.of(), "x.X")))
        .isEqualTo("3 (the default) or the path of a jar of the library");
  }

  /** The version's jars come first, and the library's own jar is left out. */
  @Test
  void theClasspathOfAVersionHasItsJarsInPlaceOfTheLibrarysOwn() throws Exception {
    Path folder = Files.createDirectories(tmp.resolve("rocksdb-6.20.3"));
    Path old = Files.createFile(folder.resolve("rocksdbjni-6.20.3.jar"));
    Files.createFile(folder.resolve("README"));
    Path own = tmp.resolve("lib/rocksdbjni-11.8.1.jar");
    Path core = tmp.resolve("lib/core-0.17.0.jar");
    Path binding = tmp.resolve("rocksdb-binding.jar");

    assertThat(EngineLibraries.classpath(ROCKS, "6.20.3", folder, own, List.of(core, own, binding)))
        .containsExactly(old, core, binding);
  }

  @Test
  void aVersionWhoseFolderHoldsNoJarIsOneLineSayingWhereItWasLookedFor() {
    Path folder = tmp.resolve("rocksdb-6.20.3");

    assertThatThrownBy(() -> EngineLibraries.classpath(ROCKS, "6.20.3", folder, null, List.of()))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "rocksdb.library: 6.20.3 is not in "
                + folder
                + " (the build puts it there: mvn -DskipTests package)");
  }

  @Test
  void jarOfNamesTheJarAClassIsLoadedFrom() {
    assertThat(EngineLibraries.jarOf("site.ycsb.DB", getClass().getClassLoader()))
        .isAbsolute()
        .hasFileName("core-0.17.0.jar");
    assertThat(EngineLibraries.jarOf("no.such.Class", getClass().getClassLoader())).isNull();
  }

  /** A binding that offers no other library version, or YCSB's own, runs on the classpath as is. */
  @Test
  void aRunOfABindingWithoutLibrariesKeepsTheClasspath() throws DBException {
    Properties properties = new Properties();
    properties.setProperty("db", "site.ycsb.BasicDB");
    properties.setProperty("rocksdb.library", "6.20.3");

    assertThat(EngineLibraries.loaderFor(properties)).isNull();
  }
}
