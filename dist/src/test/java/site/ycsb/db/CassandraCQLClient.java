package site.ycsb.db;

import site.ycsb.BasicDB;

/**
 * Test stand-in for YCSB 0.17.0's Cassandra binding, under its class name, for the drop-in tests'
 * stock {@code cassandra-binding/}: a binding whose names ({@code cassandra-cql}, {@code
 * cassandra2-cql}) carry a hyphen. It says which class runs and answers like BasicDB.
 */
public class CassandraCQLClient extends BasicDB {
  @Override
  public void init() {
    System.err.println("stand-in " + getClass().getName());
    super.init();
  }
}
