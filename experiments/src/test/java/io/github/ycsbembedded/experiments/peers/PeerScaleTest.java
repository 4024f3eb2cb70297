package io.github.ycsbembedded.experiments.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The scales of {@code bin/experiment peers}: their names and how long the runs asked will take.
 */
class PeerScaleTest {
  private static PeerScale perRun(double seconds) {
    return new PeerScale("t", 10, 10, 10, 3, 0, seconds);
  }

  @Test
  void theEstimateIsTheRunsTimesTheSecondsARunTookSaidRoundly() {
    assertThat(perRun(20).estimate(1)).isEqualTo("about a minute");
    assertThat(perRun(20).estimate(21)).isEqualTo("about 7 minutes");
    assertThat(perRun(20).estimate(90)).isEqualTo("about 30 minutes");
    assertThat(perRun(28.8).estimate(162)).isEqualTo("about 80 minutes");
    assertThat(perRun(60).estimate(150)).isEqualTo("about 2.5 hours");
    assertThat(perRun(60).estimate(240)).isEqualTo("about 4 hours");
  }

  @Test
  void anUnknownScaleIsRefusedListingTheScales() {
    assertThatThrownBy(() -> PeerScale.named("huge"))
        .hasMessage("--scale: 'huge' is not a scale of peers; use one of tiny, quick, small");
  }
}
