package io.github.ycsbembedded.sqlite;

/**
 * The SQL the binding runs, each statement written once: on a YCSB table {@code t} it keeps the SQL
 * table {@code "t" (k BLOB PRIMARY KEY NOT NULL, v BLOB NOT NULL) WITHOUT ROWID}, keys and values
 * as bytes; parameters are {@code ?}. Public so that what measures SQLite beside the binding (the
 * benchmarks' raw JDBC engine) runs the very statements the binding runs, and a comparison of the
 * two measures the binding's own cost alone.
 */
public enum SqliteStatement {
  /** Creates the table unless the database holds it already. */
  CREATE(
      "CREATE TABLE IF NOT EXISTS %s (k BLOB PRIMARY KEY NOT NULL, v BLOB NOT NULL) WITHOUT ROWID"),
  /** The value of a key. */
  READ("SELECT v FROM %s WHERE k = ?"),
  /** Writes the value (second) at the key (first), inserted or replaced. */
  UPSERT("INSERT INTO %s (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v"),
  /** Replaces the value (first) at the key (second); no row where the key is not there. */
  UPDATE("UPDATE %s SET v = ? WHERE k = ?"),
  /** Deletes a key. */
  DELETE("DELETE FROM %s WHERE k = ?"),
  /**
   * At most a count (second) of rows from a key (first) on, in key order: a null and the value
   * (YCSB's scan returns no keys; the columns are {@link #RANGE}'s).
   */
  SCAN("SELECT NULL, v FROM %s WHERE k >= ? ORDER BY k LIMIT ?"),
  /** At most a count (third) of rows from a key (first) up to another (second): key and value. */
  RANGE("SELECT k, v FROM %s WHERE k >= ? AND k < ? ORDER BY k LIMIT ?"),
  /** One row where the table holds any. */
  ANY("SELECT 1 FROM %s LIMIT 1");

  private final String template;

  SqliteStatement(String template) {
    this.template = template;
  }

  /** This statement on YCSB's table {@code table}. */
  public String on(String table) {
    return template.formatted(sqlName(table));
  }

  /** Key and value of each of {@code keys} keys found, asked in one {@code IN} list. */
  public static String batchRead(String table, int keys) {
    return "SELECT k, v FROM " + sqlName(table) + " WHERE k IN (?" + ", ?".repeat(keys - 1) + ")";
  }

  /** The SQL name of a YCSB table, quoted (a quote in it doubled). */
  static String sqlName(String table) {
    return '"' + table.replace("\"", "\"\"") + '"';
  }
}
