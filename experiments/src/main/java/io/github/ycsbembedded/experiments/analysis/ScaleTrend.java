package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.results.Spread;
import java.util.List;

/**
 * Whether the gap between one ratio here and its published value narrows as the data grows toward
 * the write-up's size: the gap is |log(ours ÷ published)| at the smallest and the largest scale
 * compared, among the scales run in the write-up's memory regime when two or more were (a scale in
 * RAM measures another thing). Within ×1.1 it stays about as wide; when the two scales' ranges
 * overlap the spread cannot tell.
 *
 * @param steps every scale's ratio, smallest data first
 * @param compared the scales the movement is judged on (the first and last of them)
 * @param movement how the gap moved
 */
public record ScaleTrend(List<Step> steps, List<Step> compared, Movement movement) {
  /** How the gap moved from the first scale compared to the last. */
  public enum Movement {
    NARROWS,
    WIDENS,
    STAYS,
    OVERLAPS,
    TOO_FEW
  }

  /** One scale's ratio, and whether it ran in the write-up's memory regime. */
  public record Step(String scale, long dataBytes, Spread ratio, boolean inRegime) {}

  public ScaleTrend {
    steps = List.copyOf(steps);
    compared = List.copyOf(compared);
  }

  /** The trend of {@code steps} against the published ratio. */
  public static ScaleTrend of(List<Step> steps, double published) {
    List<Step> compared = steps.stream().filter(Step::inRegime).toList();
    if (compared.size() < 2) {
      compared = steps;
    }
    if (compared.size() < 2) {
      return new ScaleTrend(steps, compared, Movement.TOO_FEW);
    }
    Step first = compared.get(0);
    Step last = compared.get(compared.size() - 1);
    double before = Math.abs(Math.log(first.ratio().median() / published));
    double after = Math.abs(Math.log(last.ratio().median() / published));
    boolean overlap =
        first.ratio().min() <= last.ratio().max() && last.ratio().min() <= first.ratio().max();
    Movement movement;
    if (Math.abs(after - before) < Math.log(1.1)) {
      movement = Movement.STAYS;
    } else if (overlap) {
      movement = Movement.OVERLAPS;
    } else {
      movement = after < before ? Movement.NARROWS : Movement.WIDENS;
    }
    return new ScaleTrend(steps, compared, movement);
  }

  /** Whether a step is among those compared. */
  public boolean compares(Step step) {
    return compared.contains(step);
  }
}
