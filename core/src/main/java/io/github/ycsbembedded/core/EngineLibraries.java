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
 * runs YCSB in that loader, so that one JVM never holds two versions of a library. The property
 * also takes the path of a jar of the library (a value ending in {@code .jar}), which takes the
 * library's own jar's place the same way: another version of the library than the build carries,
 * such as the one a peer harness links ({@code bin/experiment peers --rocksdb-library}).
 */
public final class EngineLibraries {
  private EngineLibraries() {}

  /**
   * The version the properties ask for (or the jar, as an absolute path), or null when they ask for
   * none; one the binding does not carry, a jar that is not a file, or an empty value, is refused
   * in one line naming the property and the versions it takes.
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
    if (isJar(version)) {
      Path jar = Path.of(version).toAbsolutePath().normalize();
      if (!Files.isRegularFile(jar)) {
        throw new DBException(name + ": '" + version + "' is not a file");
      }
      return jar.toString();
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
    versions.add("the path of a jar of the library");
    return String.join(", ", versions.subList(0, versions.size() - 1))
        + " or "
        + versions.get(versions.size() - 1);
  }

  /** Whether a value of a library property names a jar rather than a version. */
  static boolean isJar(String value) {
    return value.endsWith(".jar");
  }

  /**
   * Whether the library the engine loaded is the one asked: its version ({@code loadedVersion}), or
   * for a jar asked, the jar the library's classes come from.
   */
  public static boolean isLoaded(EngineDescriptor engine, String asked, String loadedVersion) {
    if (!isJar(asked)) {
      return asked.equals(loadedVersion);
    }
    Path jar = jarOf(engine.libraries().orElseThrow().marker(), engine.getClass().getClassLoader());
    return Path.of(asked).equals(jar);
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
        + "; bin/ycsb runs the version asked, or put "
        + (isJar(asked) ? asked : "the jar of " + folder(engine, asked))
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
    Path folder = isJar(version) ? Path.of(version) : folder(engine.get(), version);
    Path loaded = jarOf(libraries.marker(), EngineLibraries.class.getClassLoader());
    if (loaded != null && (folder.equals(loaded.getParent()) || folder.equals(loaded))) {
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
   * The classpath of a run of {@code version}: the jars of its folder (or the jar asked, {@code
   * folder} then being that jar) first, then {@code classpath} without the library's own jar
   * ({@code loaded}, null when none is on it).
   */
  static List<Path> classpath(
      Libraries libraries, String version, Path folder, Path loaded, List<Path> classpath)
      throws DBException {
    List<Path> jars = isJar(version) ? List.of(folder) : jarsIn(folder);
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

  private static List<Path> jarsIn(Path folder) {
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(f -> isJar(f.toString())).sorted().toList();
    } catch (IOException e) {
      return List.of();
    }
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
