package io.github.ycsbembedded.wiredtiger;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import site.ycsb.DBException;

/**
 * Loads WiredTiger's native libraries before any {@code com.wiredtiger} class is touched: when its
 * library is missing, WiredTiger's JNI class prints an error and calls {@code System.exit(1)} from
 * its static initializer. Here a missing library is a {@link DBException} saying what to do.
 */
final class WiredTigerNative {
  static final String JNI_LIBRARY = "wiredtiger_java";
  static final String SNAPPY_EXTENSION = "libwiredtiger_snappy.so";
  private static final String ADVICE =
      "run bin/setup (it installs Debian's libwiredtiger-java,"
          + " libwiredtiger0 and libwiredtiger-dev 3.2.1 and links them into .deps/wiredtiger/lib),"
          + " and put that folder on java.library.path (bin/ycsb does)";

  private static Path directory;

  private WiredTigerNative() {}

  /** The folder on java.library.path that holds the JNI library; loads it (once). */
  static synchronized Path load() throws DBException {
    if (directory != null) {
      return directory;
    }
    String searchPath = System.getProperty("java.library.path", "");
    Path found = find(searchPath);
    if (found == null) {
      throw new DBException(
          "wiredtiger: native library "
              + System.mapLibraryName(JNI_LIBRARY)
              + " not found on java.library.path ("
              + searchPath
              + "); "
              + ADVICE);
    }
    try {
      // dependencies first, by path, so they are met without LD_LIBRARY_PATH when the packages
      // were only unpacked (bin/setup without root): the engine, and snappy for its extension
      for (String dependency : new String[] {"libsnappy.so.1", "libwiredtiger.so.0"}) {
        Path library = found.resolve(dependency);
        if (Files.exists(library)) {
          System.load(library.toAbsolutePath().toString());
        }
      }
      System.loadLibrary(JNI_LIBRARY);
    } catch (UnsatisfiedLinkError e) {
      throw new DBException(
          "wiredtiger: cannot load "
              + found.resolve(System.mapLibraryName(JNI_LIBRARY))
              + ": "
              + e.getMessage()
              + "; "
              + ADVICE,
          e);
    }
    directory = found;
    return found;
  }

  private static Path find(String searchPath) {
    String name = System.mapLibraryName(JNI_LIBRARY);
    for (String entry : searchPath.split(File.pathSeparator, -1)) {
      if (!entry.isEmpty() && Files.exists(Paths.get(entry, name))) {
        return Paths.get(entry);
      }
    }
    return null;
  }
}
