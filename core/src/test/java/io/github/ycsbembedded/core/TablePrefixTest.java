package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TablePrefixTest {
  @Test
  void aPrefixIsTheNamesUtf8LengthAsAVarintThenTheName() {
    assertThat(TablePrefix.of("usertable"))
        .startsWith(9)
        .endsWith("usertable".getBytes(StandardCharsets.US_ASCII))
        .hasSize(10);
    assertThat(TablePrefix.of("")).containsExactly(0);
    // 200 bytes: 0xC8 0x01 in LEB128; é is two UTF-8 bytes
    byte[] long200 = TablePrefix.of("\u00e9".repeat(100));
    assertThat(Arrays.copyOf(long200, 2)).containsExactly((byte) 0xC8, (byte) 0x01);
    assertThat(long200).hasSize(202);
  }

  @Test
  void noTablesKeysStartWithAnotherTablesPrefix() {
    byte[] a = TablePrefix.of("a");
    byte[] keyOfAb =
        TablePrefix.join(TablePrefix.of("ab"), "1".getBytes(StandardCharsets.US_ASCII));
    byte[] keyOfA = TablePrefix.join(a, "b1".getBytes(StandardCharsets.US_ASCII));
    assertThat(TablePrefix.startsWith(keyOfA, a)).isTrue();
    assertThat(TablePrefix.startsWith(keyOfAb, a)).isFalse();
    assertThat(TablePrefix.startsWith(new byte[] {1}, a)).isFalse();
  }

  @Test
  void theEndLiesAboveEveryKeyOfTheTableAndAtOrBelowEveryOtherKeyAfterIt() {
    byte[] prefix = TablePrefix.of("t");
    byte[] end = TablePrefix.end(prefix);
    byte[] highest =
        TablePrefix.join(prefix, new byte[] {(byte) 0xF4, (byte) 0x8F, (byte) 0xBF, (byte) 0xBF});
    assertThat(Arrays.compareUnsigned(highest, end)).isNegative();
    assertThat(Arrays.compareUnsigned(prefix, end)).isNegative();
    assertThat(Arrays.compareUnsigned(end, TablePrefix.of("u"))).isNotPositive();
    assertThat(Arrays.compareUnsigned(end, TablePrefix.of("ta"))).isNegative();
    assertThat(TablePrefix.end(TablePrefix.of(""))).containsExactly(1);
  }
}
