package io.github.ycsbembedded.rocksdb;

import io.github.ycsbembedded.core.testing.DiskFaultConformanceTest;
import org.rocksdb.RocksDB;

class RocksDbDiskFaultTest extends DiskFaultConformanceTest {
  RocksDbDiskFaultTest() {
    super(new RocksDbCrashTest());
  }

  /** As {@link RocksDbClient6203Test} says, on the full-disk cases of the conformance suite. */
  @Override
  protected String hangsUnder(String fault) {
    RocksDB.loadLibrary(); // the version is known once the library is loaded
    String version = RocksDB.rocksdbVersion().toString();
    return fault.equals("full") && version.startsWith("6.")
        ? "RocksDB " + version + "'s close never returns after a write failed for lack of space"
        : null;
  }
}
