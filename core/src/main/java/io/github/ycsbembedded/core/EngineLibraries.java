package io.github.ycsbembedded.core;

import io.github.ycsbembedded.core.EngineDescriptor.Libraries;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;
import site.ycsb.DBException;

/**
 * The version of an engine's Java library that a run asks for ({@link Libraries}, e.g. {@code
 * rocksdb.library=6.20.3}), and the class loader that runs it: the JVM's classpath with the jars of
 * the version asked, from the folder {@code <engine>-<version>} beside the binding's jar (a source
 * tree's {@code rocksdb-binding/target/rocksdb-6.20.3/}, a distribution's {@code
 * rocksdb-binding/lib/rocksdb-6.20.3/}), in place of the library's own jar. {@link CheckedClient}
 * runs YCSB in that loader, so that one JVM never holds two versions of a library.
 */
public final class EngineLibraries {
  private EngineLibraries() {}

  /**
   * The version the properties ask for, or null when they ask for none; one the binding does not
   * carry, or an empty value, is refused in one line naming the property and the versions it takes.
   */
  public static String asked(Libraries libraries, BindingProperties properties) throws DBException {
    String name = libraries.property();
    if (properties.isEmpty(name)) {
      throw new DBException(name + ": empty value; use " + accepted(libraries));
    }
    String version = properties.raw(name);
    if (version == null
        || version.equals(libraries.builtWith())
        || libraries.others().contains(version)) {
      return version;
    }
    throw new DBException(
        name
            + ": '"
            + version
            + "' is not a version this build carries; use "
            + accepted(libraries));
  }

  /** The versions a library property takes, e.g. {@code 11.8.1 (the default) or 6.20.3}. */
  static String accepted(Libraries libraries) {
    List<String> versions = new ArrayList<>();
    versions.add(libraries.builtWith() + " (the default)");
    versions.addAll(libraries.others());
    return String.join(", ", versions.subList(0, versions.size() - 1))
        + (versions.size() > 1 ? " or " : "")
        + versions.get(versions.size() - 1);
  }

  /**
   * Why a binding refuses to run: the version asked is not the one its engine loaded (a launcher
   * other than bin/ycsb, such as stock YCSB's, keeps the binding's classpath as it is).
   */
  public static String notLoaded(EngineDescriptor engine, String asked, String loaded) {
    Libraries libraries = engine.libraries().orElseThrow();
    Path jar = jarOf(libraries.marker(), engine.getClass().getClassLoader());
    return libraries.property()
        + ": "
        + asked
        + " asked, but this JVM loaded "
        + loaded
        + (jar == null ? "" : " from " + jar)
        + "; bin/ycsb runs the version asked, or put the jar of "
        + folder(engine, asked)
        + " on the classpath in place of the binding's own";
  }

  /**
   * The class loader for a run of the binding that {@code properties} name ({@code db}, its client
   * class): null when the run asks for no other version than the one the JVM's classpath holds.
   */
  static ClassLoader loaderFor(Properties properties) throws DBException {
    String db = properties.getProperty("db", "").trim();
    Optional<EngineDescriptor> engine =
        Engines.all().stream().filter(e -> e.clientClass().equals(db)).findFirst();
    if (engine.isEmpty() || engine.get().libraries().isEmpty()) {
      return null;
    }
    Libraries libraries = engine.get().libraries().get();
    String version = asked(libraries, new BindingProperties(properties));
    if (version == null || version.equals(libraries.builtWith())) {
      return null;
    }
    Path folder = folder(engine.get(), version);
    Path loaded = jarOf(libraries.marker(), EngineLibraries.class.getClassLoader());
    if (loaded != null && folder.equals(loaded.getParent())) {
      return null; // this loader is already the one asked for
    }
    List<Path> classpath = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator, -1)) {
      if (!entry.isEmpty()) {
        classpath.add(Path.of(entry).toAbsolutePath().normalize());
      }
    }
    return new URLClassLoader(
        engine.get().name() + "-" + version,
        urls(classpath(libraries, version, folder, loaded, classpath)),
        ClassLoader.getPlatformClassLoader());
  }

  /**
   * The classpath of a run of {@code version}: the jars of its folder first, then {@code classpath}
   * without the library's own jar ({@code loaded}, null when none is on it).
   */
  static List<Path> classpath(
      Libraries libraries, String version, Path folder, Path loaded, List<Path> classpath)
      throws DBException {
    List<Path> jars;
    try (Stream<Path> files = Files.list(folder)) {
      jars = files.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
    } catch (IOException e) {
      jars = List.of();
    }
    if (jars.isEmpty()) {
      throw new DBException(
          libraries.property()
              + ": "
              + version
              + " is not in "
              + folder
              + " (the build puts it there: mvn -DskipTests package)");
    }
    List<Path> result = new ArrayList<>(jars);
    classpath.stream().filter(entry -> !entry.equals(loaded)).forEach(result::add);
    return result;
  }

  /** The folder of a version's jars: {@code <engine>-<version>} beside the binding's own jar. */
  static Path folder(EngineDescriptor engine, String version) {
    try {
      Path binding =
          Path.of(engine.getClass().getProtectionDomain().getCodeSource().getLocation().toURI());
      // a jar (target/, lib/) or, in the build's tests, target/classes
      return binding
          .toAbsolutePath()
          .normalize()
          .getParent()
          .resolve(engine.name() + "-" + version);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The jar {@code loader} finds a class in, or null when none or not in a jar. */
  static Path jarOf(String className, ClassLoader loader) {
    URL url = loader.getResource(className.replace('.', '/') + ".class");
    if (url == null || !url.getProtocol().equals("jar")) {
      return null;
    }
    String path = url.getPath(); // file:/.../rocksdbjni-11.8.1.jar!/org/rocksdb/RocksDB.class
    try {
      return Path.of(URI.create(path.substring(0, path.indexOf("!/"))))
          .toAbsolutePath()
          .normalize();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static URL[] urls(List<Path> paths) {
    return paths.stream()
        .map(
            p -> {
              try {
                return p.toUri().toURL();
              } catch (MalformedURLException e) {
                throw new IllegalStateException(e);
              }
            })
        .toArray(URL[]::new);
  }
}
