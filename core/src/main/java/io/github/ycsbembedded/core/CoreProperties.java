package io.github.ycsbembedded.core;

import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;
import site.ycsb.Workload;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.workloads.CoreWorkload;

/**
 * Checks YCSB's own properties (the Client's and CoreWorkload's) before stock YCSB sees them: stock
 * YCSB spins forever on {@code recordcount=-5} and ends in a stack trace, exiting 0, on {@code
 * fieldlength=-1}, {@code operationcount=abc}, {@code -target abc} or {@code
 * requestdistribution=bogus}. Each bad value is one line naming the property, the value and what is
 * accepted. Properties that are absent are left to YCSB's defaults.
 */
public final class CoreProperties {
  /** YCSB parses these counts with {@code Integer.parseInt}. */
  private static final String[] COUNTS = {
    "recordcount", "operationcount", "insertcount", "target", "maxexecutiontime"
  };

  /** YCSB's proportions and hotspot fractions: each in [0, 1]. */
  private static final List<String> FRACTIONS =
      List.of(
          "readproportion",
          "updateproportion",
          "insertproportion",
          "scanproportion",
          "readmodifywriteproportion",
          "hotspotdatafraction",
          "hotspotopnfraction");

  /**
   * The names of YCSB's own properties this class knows (the Client's and CoreWorkload's), for a
   * tool that must tell one from a typo (the experiment runner's sweeps).
   */
  public static final java.util.Set<String> NAMES =
      java.util.stream.Stream.concat(
              FRACTIONS.stream(),
              java.util.stream.Stream.of(
                  "recordcount",
                  "operationcount",
                  "insertcount",
                  "insertstart",
                  "target",
                  "maxexecutiontime",
                  "threadcount",
                  "fieldcount",
                  "fieldlength",
                  "minfieldlength",
                  "fieldlengthdistribution",
                  "requestdistribution",
                  "scanlengthdistribution",
                  "insertorder",
                  "measurementtype",
                  "maxscanlength",
                  "minscanlength",
                  "zeropadding",
                  "status.interval",
                  "dataintegrity",
                  "readallfields",
                  "writeallfields",
                  "table",
                  "workload",
                  "exporter"))
          .collect(java.util.stream.Collectors.toUnmodifiableSet());

  private CoreProperties() {}

  /** Throws, with the message for the user, at the first property YCSB cannot run with. */
  public static void check(Properties properties) throws DBException {
    BindingProperties p = new BindingProperties(properties);
    for (String count : COUNTS) {
      p.integer(count, 0, 0, Integer.MAX_VALUE);
    }
    int threads = p.integer("threadcount", 1, 1, Integer.MAX_VALUE);
    p.longInteger("insertstart", 0, 0, Long.MAX_VALUE);
    int fieldLength = p.integer("fieldlength", 100, 1, Integer.MAX_VALUE);
    p.integer("minfieldlength", 1, 1, fieldLength);
    long fieldCount = p.longInteger("fieldcount", 10, 1, Integer.MAX_VALUE);
    checkChoicesAndFractions(p);
    int maxScan = p.integer("maxscanlength", 1000, 1, Integer.MAX_VALUE);
    p.integer("minscanlength", 1, 1, maxScan);
    p.integer("zeropadding", 1, 1, 1000);
    p.integer("status.interval", 10, 1, Integer.MAX_VALUE);
    for (String flag :
        new String[] {
          "dataintegrity",
          "readallfields",
          "writeallfields",
          "status",
          "dotransactions",
          "ycsb.fail_on_errors"
        }) {
      p.bool(flag, false);
    }
    checkRecordFits(fieldCount, fieldLength, threads, Runtime.getRuntime().maxMemory());
    if (p.bool("dataintegrity", false)
        && valueSecondsPerRecord(fieldCount, fieldLength) > REFUSED_SECONDS) {
      throw new DBException(slowValues(fieldCount, fieldLength) + "; set dataintegrity=false");
    }
    if (properties.getProperty("table") != null && properties.getProperty("table").isBlank()) {
      throw new DBException("table: empty value; name the table, or leave it out for usertable");
    }
    String workload = properties.getProperty("workload");
    if (workload == null || workload.isBlank()) {
      throw new DBException(
          "no workload: give -P with a workload file (e.g. -P workloads/workloada) or -p workload=<class>");
    }
    checkClass("workload", workload.trim(), Workload.class);
    checkInsertRange(p, workload.trim());
    String exporter = properties.getProperty("exporter");
    if (exporter != null) {
      checkClass("exporter", exporter.trim(), MeasurementsExporter.class);
    }
  }

  /**
   * CoreWorkload's keys to insert, {@code insertstart} to {@code insertstart + insertcount}, must
   * lie within {@code recordcount} (0 read as 2147483647, as CoreWorkload reads it): its {@code
   * init} otherwise prints two lines of its own and exits 255, in a load and a run alike.
   */
  private static void checkInsertRange(BindingProperties p, String workload) throws DBException {
    Class<?> type;
    try {
      type = Class.forName(workload, false, CoreProperties.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return; // checkClass has said so
    }
    if (!CoreWorkload.class.isAssignableFrom(type) || p.raw("insertcount") == null) {
      return;
    }
    long records = p.integer("recordcount", 0, 0, Integer.MAX_VALUE);
    long upTo =
        p.longInteger("insertstart", 0, 0, Long.MAX_VALUE)
            + p.integer("insertcount", 0, 0, Integer.MAX_VALUE);
    long limit = records == 0 ? Integer.MAX_VALUE : records;
    if (upTo > limit) {
      throw new DBException(
          "insertstart + insertcount ("
              + upTo
              + ") exceeds recordcount ("
              + limit
              + "); raise recordcount or lower insertcount or insertstart");
    }
  }

  /** YCSB's distributions and measurement type among their names; its proportions in [0, 1]. */
  private static void checkChoicesAndFractions(BindingProperties p) throws DBException {
    p.oneOf("fieldlengthdistribution", "constant", "constant", "uniform", "zipfian", "histogram");
    p.oneOf(
        "requestdistribution",
        "uniform",
        "uniform",
        "zipfian",
        "hotspot",
        "sequential",
        "exponential",
        "latest");
    p.oneOf("scanlengthdistribution", "uniform", "uniform", "zipfian");
    p.oneOf("insertorder", "hashed", "hashed", "ordered");
    p.oneOf(
        "measurementtype",
        "hdrhistogram",
        "histogram",
        "hdrhistogram",
        "hdrhistogram+histogram",
        "hdrhistogram+raw",
        "timeseries",
        "raw");
    for (String fraction : FRACTIONS) {
      p.fraction(fraction, 0);
    }
  }

  /**
   * Seconds YCSB's CoreWorkload takes to build one record's values with {@code dataintegrity=true}:
   * it appends a hash of the whole value so far until the value is long enough, in time quadratic
   * in the value's length (measured here: 2.6 s for one value of 200 KB, 8.4 s for 400 KB, 29.9 s
   * for 800 KB).
   */
  static double valueSecondsPerRecord(long fieldCount, long fieldLength) {
    double scale = fieldLength / 200_000.0;
    return fieldCount * 2.6 * scale * scale;
  }

  /** Build time per record above which a run with {@code dataintegrity=true} is refused. */
  static final double REFUSED_SECONDS = 10;

  /** Build time per record above which it is worth a warning before the run. */
  static final double WARNED_SECONDS = 0.5;

  /**
   * A warning for a run whose {@code dataintegrity=true} values take long to build, or null: what
   * one record would take and the field length that keeps it under half a second.
   */
  public static String slowValuesWarning(Properties properties) {
    try {
      BindingProperties p = new BindingProperties(properties);
      if (!p.bool("dataintegrity", false)) {
        return null;
      }
      long fieldCount = p.longInteger("fieldcount", 10, 1, Integer.MAX_VALUE);
      int fieldLength = p.integer("fieldlength", 100, 1, Integer.MAX_VALUE);
      return valueSecondsPerRecord(fieldCount, fieldLength) > WARNED_SECONDS
          ? slowValues(fieldCount, fieldLength)
          : null;
    } catch (DBException e) {
      return null; // check() names the bad value
    }
  }

  private static String slowValues(long fieldCount, long fieldLength) {
    long under = 1000 * (long) (200 * Math.sqrt(WARNED_SECONDS / (2.6 * fieldCount)));
    return String.format(
        java.util.Locale.ROOT,
        "dataintegrity=true builds each value in time quadratic in its length (YCSB's"
            + " CoreWorkload): fieldlength=%d × fieldcount=%d takes about %.1f s per record; a"
            + " fieldlength under %d keeps it under %.1f s",
        fieldLength,
        fieldCount,
        valueSecondsPerRecord(fieldCount, fieldLength),
        under,
        WARNED_SECONDS);
  }

  /**
   * Bytes one thread holds for a record: each field's value and name in YCSB's map (about 48 bytes
   * of entry and name besides the value), then the record encoded for the engine and a read's
   * decoded copy, so about three times the fields.
   */
  static long recordFootprint(long fieldCount, long fieldLength) {
    return 3 * fieldCount * (fieldLength + 48);
  }

  /**
   * Refuses records the heap cannot hold at once in every thread: YCSB would otherwise run out of
   * memory in its threads and end with 0 operations.
   */
  static void checkRecordFits(long fieldCount, long fieldLength, int threads, long maxHeap)
      throws DBException {
    long perThread = recordFootprint(fieldCount, fieldLength);
    if (perThread > maxHeap / threads) {
      throw new DBException(
          "fieldcount="
              + fieldCount
              + " × fieldlength="
              + fieldLength
              + ": a record takes about "
              + Sizes.human(perThread)
              + " of heap in each of "
              + threads
              + (threads == 1 ? " thread" : " threads")
              + " (its values, field names and encoded copy), more than the heap's "
              + Sizes.human(maxHeap)
              + "; lower fieldcount or fieldlength, or raise the heap (-jvm-args=-Xmx<size>)");
    }
  }

  private static void checkClass(String property, String name, Class<?> type) throws DBException {
    Class<?> found;
    try {
      found = Class.forName(name, false, CoreProperties.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new DBException(property + ": '" + name + "' is not a class on the class path");
    }
    if (!type.isAssignableFrom(found)) {
      throw new DBException(property + ": '" + name + "' is not a " + type.getName());
    }
  }
}
