package io.github.ycsbembedded.core;

import java.util.Locale;

/**
 * The one reader of sizes in the project: a whole number of bytes with an optional {@code k},
 * {@code m}, {@code g} or {@code t} suffix (powers of 1024, either case), as the bindings'
 * properties, the experiment files and the runner's options write them.
 */
public final class Sizes {
  private Sizes() {}

  /** The bytes of {@code 64m}, {@code 1G}, {@code 4096}; -1 when it is not a size or overflows. */
  public static long parse(String text) {
    String value = text.trim().toLowerCase(Locale.ROOT);
    if (value.isEmpty()) {
      return -1;
    }
    int shift = 10 * ("kmgt".indexOf(value.charAt(value.length() - 1)) + 1);
    String digits = shift == 0 ? value : value.substring(0, value.length() - 1);
    if (digits.isEmpty() || digits.length() > 19 || !digits.chars().allMatch(Character::isDigit)) {
      return -1;
    }
    try {
      long number = Long.parseLong(digits);
      return number > (Long.MAX_VALUE >> shift) ? -1 : number << shift;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** A size as the JVM's options and the experiment files write it: {@code 256m}, or bytes. */
  public static String format(long bytes) {
    for (String suffix : new String[] {"t", "g", "m", "k"}) {
      int shift = 10 * ("kmgt".indexOf(suffix) + 1);
      if (bytes != 0 && bytes % (1L << shift) == 0) {
        return (bytes >> shift) + suffix;
      }
    }
    return Long.toString(bytes);
  }

  /** A size for people to read: {@code 512 B}, {@code 1.5 KiB}, {@code 14.9 GiB}. */
  public static String human(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }
}
