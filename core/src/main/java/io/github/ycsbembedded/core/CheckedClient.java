package io.github.ycsbembedded.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.DB;
import site.ycsb.DBException;

/**
 * Runs stock {@link Client} after checking that the chosen binding initializes with the given
 * properties. Stock YCSB prints a stack trace and still exits 0 when a client thread's
 * {@code init()} fails; this exits 1 with one line naming the problem instead, before any work.
 *
 * <p>The arguments are exactly {@code site.ycsb.Client}'s.
 */
public final class CheckedClient {
  private CheckedClient() {}

  public static void main(String[] args) {
    try {
      preflight(args);
    } catch (PreflightException e) {
      System.err.println("ycsb: " + e.getMessage());
      System.exit(1);
    }
    Client.main(args);
  }

  /** Initializes and cleans up one instance of the binding with the command line's properties. */
  static void preflight(String[] args) throws PreflightException {
    Properties properties = properties(args);
    String dbClass = properties.getProperty(Client.DB_PROPERTY, "site.ycsb.BasicDB");
    DB db;
    try {
      db = Class.forName(dbClass).asSubclass(DB.class).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new PreflightException("cannot load binding class " + dbClass + ": " + e, e);
    }
    db.setProperties(properties);
    try {
      db.init();
      db.cleanup();
    } catch (DBException | RuntimeException e) {
      throw new PreflightException(BindingProperties.describe(e), e);
    }
  }

  /** The properties {@code Client} would build: {@code -P} files, then {@code -p} overrides. */
  static Properties properties(String[] args) throws PreflightException {
    Properties files = new Properties();
    Properties overrides = new Properties();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      boolean hasValue = i + 1 < args.length;
      switch (arg) {
        case "-P":
          if (hasValue) {
            load(files, args[++i]);
          }
          break;
        case "-p":
          if (hasValue) {
            String pair = args[++i];
            int eq = pair.indexOf('=');
            if (eq < 0) {
              throw new PreflightException("-p expects name=value, got '" + pair + "'", null);
            }
            overrides.setProperty(pair.substring(0, eq), pair.substring(eq + 1));
          }
          break;
        case "-db":
          if (hasValue) {
            overrides.setProperty(Client.DB_PROPERTY, args[++i]);
          }
          break;
        case "-threads":
          if (hasValue) {
            overrides.setProperty(Client.THREAD_COUNT_PROPERTY, args[++i]);
          }
          break;
        default:
          break;
      }
    }
    files.putAll(overrides);
    return files;
  }

  private static void load(Properties into, String file) throws PreflightException {
    try (InputStream in = Files.newInputStream(Paths.get(file))) {
      into.load(in);
    } catch (IOException e) {
      throw new PreflightException("cannot read property file " + file + ": " + e.getMessage(), e);
    }
  }

  static final class PreflightException extends Exception {
    private static final long serialVersionUID = 1L;

    PreflightException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
