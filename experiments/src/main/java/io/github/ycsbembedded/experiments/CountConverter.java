package io.github.ycsbembedded.experiments;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a count option ({@code --repeat}, {@code --trials}) for picocli: a whole number from 1 to
 * 100, else a {@link BadCount} whose message is the whole line the user sees, naming the option,
 * the value and what is accepted.
 */
abstract class CountConverter implements ITypeConverter<Integer> {
  private final String option;
  private final String what;

  private CountConverter(String option, String what) {
    this.option = option;
    this.what = what;
  }

  @Override
  public Integer convert(String text) {
    try {
      int value = Integer.parseInt(text.trim());
      if (value >= 1 && value <= 100) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BadCount(option + ": '" + text + "' is not a number of " + what + "; use 1 to 100");
  }

  /** A count refused, in one line that needs no more of picocli's words around it. */
  static final class BadCount extends TypeConversionException {
    private static final long serialVersionUID = 1L;

    BadCount(String message) {
      super(message);
    }
  }

  /** {@code --repeat}: runs of every run phase in each trial. */
  static final class Runs extends CountConverter {
    Runs() {
      super("--repeat", "runs");
    }
  }

  /** {@code --trials}: loads of the data. */
  static final class Trials extends CountConverter {
    Trials() {
      super("--trials", "trials");
    }
  }

  /** {@code --rounds}: rounds of {@code bin/experiment peers}. */
  static final class Rounds extends CountConverter {
    Rounds() {
      super("--rounds", "rounds");
    }
  }
}
