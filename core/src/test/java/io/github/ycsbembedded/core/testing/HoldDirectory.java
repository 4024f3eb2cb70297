package io.github.ycsbembedded.core.testing;

import java.util.Properties;
import site.ycsb.DB;

/**
 * A second process for tests: initializes a binding ({@code args[0]}, then {@code name=value}
 * properties), prints {@code ready}, holds the engine until its standard input closes, then cleans
 * up.
 */
public final class HoldDirectory {
  private HoldDirectory() {}

  public static void main(String[] args) throws Exception {
    Properties properties = new Properties();
    for (int i = 1; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      properties.setProperty(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    DB db = Class.forName(args[0]).asSubclass(DB.class).getDeclaredConstructor().newInstance();
    db.setProperties(properties);
    db.init();
    System.out.println("ready");
    System.out.flush();
    while (System.in.read() >= 0) {
      // hold until the parent closes our stdin
    }
    db.cleanup();
  }
}
