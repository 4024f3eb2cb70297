package io.github.ycsbembedded.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads a native library that a jar carries as a resource: copies it to a temporary file, loads it
 * and deletes the file at once (Linux keeps a loaded library mapped), so that no copy is left
 * behind, not even by a JVM killed with {@code kill -9}.
 */
public final class NativeLibrary {
  private NativeLibrary() {}

  /** The platform folder of the resources, e.g. {@code linux-x86_64}, or null when unsupported. */
  public static String platform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    if (os.startsWith("linux") && (arch.equals("amd64") || arch.equals("x86_64"))) {
      return "linux-x86_64";
    }
    return null;
  }

  /**
   * Copies a resource of {@code owner}'s class path to a new temporary file (ending in {@code
   * suffix}) for a native loader, which the caller deletes once the library is loaded.
   */
  public static Path copyOut(Class<?> owner, String resource, String suffix) throws IOException {
    try (InputStream in = owner.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException(
            "native library " + resource + " is not on the class path of " + owner.getName());
      }
      Path copy = Files.createTempFile("ycsbe-", "-" + suffix);
      try {
        Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException e) {
        Files.deleteIfExists(copy);
        throw e;
      }
      return copy;
    }
  }

  /**
   * Loads {@code <folder>/<platform>/<file>} from {@code owner}'s class path.
   *
   * @throws IOException with a message for the user when the library is missing for this platform
   *     or cannot be copied or loaded; a loader {@link Error} is turned into one too
   */
  public static void load(Class<?> owner, String folder, String file) throws IOException {
    String platform = platform();
    if (platform == null) {
      throw new IOException(
          "no native library "
              + file
              + " for "
              + System.getProperty("os.name")
              + " "
              + System.getProperty("os.arch")
              + "; it is built for linux-x86_64 only");
    }
    String resource = folder + "/" + platform + "/" + file;
    Path copy = copyOut(owner, resource, file);
    try {
      System.load(copy.toAbsolutePath().toString());
    } catch (UnsatisfiedLinkError | SecurityException e) {
      throw new IOException("cannot load " + resource + ": " + e.getMessage(), e);
    } finally {
      Files.deleteIfExists(copy);
    }
  }
}
