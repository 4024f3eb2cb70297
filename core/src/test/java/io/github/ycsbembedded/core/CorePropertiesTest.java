package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsb.DBException;

class CorePropertiesTest {
  private static Properties with(String name, String value) {
    Properties p = new Properties();
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty(name, value);
    return p;
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "recordcount|-5|recordcount: '-5' is not an integer from 0 to 2147483647",
        "operationcount|abc|operationcount: 'abc' is not an integer from 0 to 2147483647",
        "target|abc|target: 'abc' is not an integer from 0 to 2147483647",
        "fieldlength|-1|fieldlength: '-1' is not an integer from 1 to 2147483647",
        "threadcount|0|threadcount: '0' is not an integer from 1 to 2147483647",
        "requestdistribution|bogus|requestdistribution: 'bogus' is not accepted; use one of uniform, zipfian, hotspot, sequential, exponential, latest",
        "readproportion|1.5|readproportion: '1.5' is not a proportion; use a number from 0 to 1",
        "insertorder|random|insertorder: 'random' is not accepted; use one of hashed, ordered",
        "workload|no.such.Class|workload: 'no.such.Class' is not a class on the class path",
        "workload|java.lang.String|workload: 'java.lang.String' is not a site.ycsb.Workload",
        "exporter|no.such.Exporter|exporter: 'no.such.Exporter' is not a class on the class path",
        "dataintegrity|yes|dataintegrity: 'yes' is not a boolean; use true or false",
        "ycsb.fail_on_errors|maybe|ycsb.fail_on_errors: 'maybe' is not a boolean; use true or false",
      })
  void aBadCorePropertyIsOneLineNamingIt(String name, String value, String message) {
    assertThatThrownBy(() -> CoreProperties.check(with(name, value)))
        .isInstanceOf(DBException.class)
        .hasMessage(message);
  }

  /**
   * Stock CoreWorkload ends with two lines and exit 255 when insertstart + insertcount passes
   * recordcount; equal is accepted, as it accepts it.
   */
  @Test
  void insertsBeyondTheRecordCountAreOneLineNamingTheProperties() throws DBException {
    Properties p = with("recordcount", "100");
    p.setProperty("insertstart", "40");
    p.setProperty("insertcount", "61");
    assertThatThrownBy(() -> CoreProperties.check(p))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "insertstart + insertcount (101) exceeds recordcount (100); raise recordcount or lower"
                + " insertcount or insertstart");
    p.setProperty("insertcount", "60");
    CoreProperties.check(p);
    p.remove("insertstart");
    p.setProperty("insertcount", "101");
    assertThatThrownBy(() -> CoreProperties.check(p))
        .hasMessage(
            "insertstart + insertcount (101) exceeds recordcount (100); raise recordcount or lower"
                + " insertcount or insertstart");
  }

  @Test
  void anEmptyCountIsRefused() {
    assertThatThrownBy(() -> CoreProperties.check(with("recordcount", "")))
        .hasMessage(
            "recordcount: empty value; use an integer from 0 to 2147483647, or leave it out for the default");
  }

  @Test
  void aRunWithoutAWorkloadSaysHowToGiveOne() {
    assertThatThrownBy(() -> CoreProperties.check(new Properties()))
        .hasMessage(
            "no workload: give -P with a workload file (e.g. -P workloads/workloada) or -p workload=<class>");
  }

  @Test
  void minimumsAboveTheirMaximumsAreRefused() {
    Properties p = with("fieldlength", "10");
    p.setProperty("minfieldlength", "20");
    assertThatThrownBy(() -> CoreProperties.check(p))
        .hasMessage("minfieldlength: '20' is not an integer from 1 to 10");
  }

  @Test
  void recordsTheHeapCannotHoldInEveryThreadAreRefusedWithTheirSize() {
    assertThatThrownBy(() -> CoreProperties.checkRecordFits(100_000_000, 100, 1, 4L << 30))
        .hasMessage(
            "fieldcount=100000000 × fieldlength=100: a record takes about 41.4 GiB of heap in each"
                + " of 1 thread (its values, field names and encoded copy), more than the heap's 4.0"
                + " GiB; lower fieldcount or fieldlength, or raise the heap (-jvm-args=-Xmx<size>)");
    assertThatThrownBy(() -> CoreProperties.checkRecordFits(10, 2_000_000_000, 1, 4L << 30))
        .hasMessageStartingWith(
            "fieldcount=10 × fieldlength=2000000000: a record takes about 55.9 GiB");
    // 8 threads of 1 MB records: 8 × 3 × 1 MB in a 16 MiB heap do not fit, in 64 MiB they do
    assertThatThrownBy(() -> CoreProperties.checkRecordFits(10, 100_000, 8, 16L << 20))
        .hasMessageContaining("in each of 8 threads");
    assertThatCode(() -> CoreProperties.checkRecordFits(10, 100_000, 8, 64L << 20))
        .doesNotThrowAnyException();
  }

  @Test
  void stockWorkloadsPass() {
    Properties p = with("recordcount", "1000");
    p.setProperty("operationcount", "1000");
    p.setProperty("requestdistribution", "zipfian");
    p.setProperty("readproportion", "0.5");
    assertThatCode(() -> CoreProperties.check(p)).doesNotThrowAnyException();
  }

  @Test
  void valuesThatWouldTakeMinutesToBuildWithDataIntegrityAreRefusedNamingBothProperties() {
    Properties p = with("dataintegrity", "true");
    p.setProperty("fieldcount", "1");
    p.setProperty("fieldlength", "800000");
    assertThatThrownBy(() -> CoreProperties.check(p))
        .isInstanceOf(DBException.class)
        .hasMessage(
            "dataintegrity=true builds each value in time quadratic in its length (YCSB's"
                + " CoreWorkload): fieldlength=800000 × fieldcount=1 takes about 41.6 s per record;"
                + " a fieldlength under 87000 keeps it under 0.5 s; set dataintegrity=false");
    p.setProperty("dataintegrity", "false");
    assertThatCode(() -> CoreProperties.check(p)).doesNotThrowAnyException();
  }

  @Test
  void valuesThatTakeOverHalfASecondGetAWarningAndSmallOnesNone() {
    Properties p = with("dataintegrity", "true");
    p.setProperty("fieldcount", "1");
    p.setProperty("fieldlength", "200000");
    org.assertj.core.api.Assertions.assertThat(CoreProperties.slowValuesWarning(p))
        .startsWith("dataintegrity=true builds each value")
        .contains("fieldlength=200000 × fieldcount=1 takes about 2.6 s per record");
    p.setProperty("fieldlength", "1000");
    org.assertj.core.api.Assertions.assertThat(CoreProperties.slowValuesWarning(p)).isNull();
    assertThatCode(() -> CoreProperties.check(p)).doesNotThrowAnyException();
  }
}
