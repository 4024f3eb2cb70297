package io.github.ycsbembedded.experiments.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpreadTest {
  @Test
  void medianOfAnOddCountIsTheMiddleOne() {
    assertThat(Spread.of(List.of(30.0, 10.0, 20.0)))
        .isEqualTo(new Spread(20.0, 10.0, 30.0, 3, List.of(10.0, 20.0, 30.0)));
  }

  @Test
  void medianOfAnEvenCountIsTheMeanOfTheTwoMiddleOnes() {
    assertThat(Spread.of(List.of(4.0, 1.0, 3.0, 2.0)))
        .isEqualTo(new Spread(2.5, 1.0, 4.0, 4, List.of(1.0, 2.0, 3.0, 4.0)));
    assertThat(Spread.of(List.of(2.92, 2.64)).median()).isCloseTo(2.78, within(1e-9));
  }

  @Test
  void valuesThatAreNotNumbersAreLeftOut() {
    assertThat(Spread.of(Arrays.asList(Double.NaN, 5.0, null)))
        .isEqualTo(new Spread(5.0, 5.0, 5.0, 1, List.of(5.0)));
    assertThat(Spread.of(List.of(Double.NaN)).isEmpty()).isTrue();
  }

  @Test
  void ratiosAreTakenWithinEachRepetitionThenSpread() {
    // engine a: 100, 200, 300; engine b: 50, 400, 100 → 2.0, 0.5, 3.0 (not 200 / 100 = 2.0 of the
    // medians)
    Spread ratio = Spread.ofRatios(List.of(100.0, 200.0, 300.0), List.of(50.0, 400.0, 100.0));
    assertThat(ratio).isEqualTo(new Spread(2.0, 0.5, 3.0, 3, List.of(0.5, 2.0, 3.0)));
  }

  @Test
  void ratiosOfUnevenRepetitionsUseThePairsBothHave() {
    assertThat(Spread.ofRatios(List.of(10.0, 20.0), List.of(5.0)))
        .isEqualTo(new Spread(2.0, 2.0, 2.0, 1, List.of(2.0)));
  }
}
