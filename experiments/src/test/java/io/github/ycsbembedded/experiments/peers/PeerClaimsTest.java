package io.github.ycsbembedded.experiments.peers;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ycsbembedded.experiments.results.Spread;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every verdict of both claims is reachable from round ratios, and each says why. */
class PeerClaimsTest {
  private static Spread ratios(double... values) {
    List<Double> list = new ArrayList<>();
    for (double v : values) {
      list.add(v);
    }
    return Spread.of(list);
  }

  @Test
  void theCpuClaimHoldsWhenTheWholeIntervalIsAtOrBelowOne() {
    PeerClaims.Judged j = PeerClaims.atMost("cpu", ratios(0.90, 0.92, 0.91), 1.0);

    assertThat(j.verdict()).isEqualTo(PeerClaims.Verdict.HOLDS);
    assertThat(j.why())
        .startsWith("interval 0.91 [")
        .endsWith("the whole interval is on the claim's side");
  }

  @Test
  void theCpuClaimDoesNotHoldWhenTheWholeIntervalIsAboveOne() {
    PeerClaims.Judged j = PeerClaims.atMost("cpu", ratios(1.25, 1.30, 1.28), 1.0);

    assertThat(j.verdict()).isEqualTo(PeerClaims.Verdict.DOES_NOT_HOLD);
    assertThat(j.why()).endsWith("the whole interval is beyond the claim's line");
  }

  @Test
  void theCpuClaimIsUndecidedWhenTheIntervalSpansOneAndNamesTheRoundsThatWouldDecideIt() {
    PeerClaims.Judged j = PeerClaims.atMost("cpu", ratios(0.95, 1.04, 1.10), 1.0);

    assertThat(j.verdict()).isEqualTo(PeerClaims.Verdict.UNDECIDED);
    assertThat(j.rounds()).isGreaterThan(3);
    assertThat(j.why()).endsWith(j.rounds() + " rounds of this spread would decide it");
  }

  @Test
  void oneRoundDecidesNothingHoweverFarFromTheLine() {
    PeerClaims.Judged j = PeerClaims.atMost("cpu", ratios(5.0), 1.0);

    assertThat(j.verdict()).isEqualTo(PeerClaims.Verdict.UNDECIDED);
    assertThat(j.why()).isEqualTo("one round (5.00) bounds nothing: run --rounds 3 or more");
  }

  @Test
  void theLoadClaimReachesEachVerdict() {
    assertThat(PeerClaims.atLeast("load", ratios(1.30, 1.35, 1.32), 1.2).verdict())
        .isEqualTo(PeerClaims.Verdict.HOLDS);
    assertThat(PeerClaims.atLeast("load", ratios(1.00, 1.05, 1.02), 1.2).verdict())
        .isEqualTo(PeerClaims.Verdict.DOES_NOT_HOLD);
    assertThat(PeerClaims.atLeast("load", ratios(1.10, 1.25, 1.40), 1.2).verdict())
        .isEqualTo(PeerClaims.Verdict.UNDECIDED);
  }

  @Test
  void aClaimWithNoRoundMeasuredSaysSo() {
    PeerClaims.Judged j = PeerClaims.atLeast("load", Spread.of(List.of()), 1.2);

    assertThat(j.verdict()).isEqualTo(PeerClaims.Verdict.UNDECIDED);
    assertThat(j.why()).isEqualTo("not measured: a side failed or did not run");
  }
}
