package io.github.ycsbembedded.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SizesTest {
  @Test
  void sizesTakeASuffixOfEitherCaseInPowersOf1024() {
    assertThat(Sizes.parse("2g")).isEqualTo(2L << 30);
    assertThat(Sizes.parse("512M")).isEqualTo(512L << 20);
    assertThat(Sizes.parse(" 64k ")).isEqualTo(64L << 10);
    assertThat(Sizes.parse("4096")).isEqualTo(4096);
    assertThat(Sizes.parse("1t")).isEqualTo(1L << 40);
  }

  @Test
  void whatIsNotASizeOrOverflowsIsMinusOne() {
    assertThat(Sizes.parse("lots")).isEqualTo(-1);
    assertThat(Sizes.parse("")).isEqualTo(-1);
    assertThat(Sizes.parse("m")).isEqualTo(-1);
    assertThat(Sizes.parse("-5")).isEqualTo(-1);
    assertThat(Sizes.parse("1.5g")).isEqualTo(-1);
    assertThat(Sizes.parse("16777216t")).as("overflows a long").isEqualTo(-1);
    assertThat(Sizes.parse("99999999999999999999")).isEqualTo(-1);
  }

  @Test
  void formatWritesTheLargestWholeUnit() {
    assertThat(Sizes.format(256L << 20)).isEqualTo("256m");
    assertThat(Sizes.format(1L << 30)).isEqualTo("1g");
    assertThat(Sizes.format(1536L << 10)).isEqualTo("1536k");
    assertThat(Sizes.format(1000)).isEqualTo("1000");
    assertThat(Sizes.parse(Sizes.format(123L << 20))).isEqualTo(123L << 20);
  }
}
