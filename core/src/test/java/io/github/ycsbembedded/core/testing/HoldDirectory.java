package io.github.ycsbembedded.core.testing;

import site.ycsb.DB;

/**
 * A second process for tests: initializes a binding ({@code args[0]}, then {@code name=value}
 * properties), prints {@code ready}, holds the engine until its standard input closes, then cleans
 * up.
 */
public final class HoldDirectory {
  private HoldDirectory() {}

  public static void main(String[] args) throws Exception {
    DB db = YcsbProcess.binding(args, 1);
    db.init();
    System.out.println("ready");
    System.out.flush();
    while (System.in.read() >= 0) {
      // hold until the parent closes our stdin
    }
    db.cleanup();
  }
}
