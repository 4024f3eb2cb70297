package io.github.ycsbembedded.experiments;

import java.util.Locale;

/** How the runner and the reports write figures: bytes in binary units, numbers with separators. */
public final class Units {
  private Units() {}

  /** {@code 512 B}, {@code 4.9 MiB}, {@code 1.2 GiB}. */
  public static String bytes(long bytes) {
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

  /**
   * A count or rate: {@code 12,345} from 100 on, else up to two decimals; empty when not finite.
   */
  public static String number(double value) {
    if (!Double.isFinite(value)) {
      return "";
    }
    if (Math.abs(value) >= 100) {
      return String.format(Locale.ROOT, "%,.0f", value);
    }
    return String.format(Locale.ROOT, "%.2f", value).replaceAll("\\.?0+$", "");
  }

  /** A ratio with two decimals; empty when not finite. */
  public static String ratio(double value) {
    return Double.isFinite(value) ? String.format(Locale.ROOT, "%.2f", value) : "";
  }

  /** Seconds with one decimal. */
  public static String seconds(double value) {
    return Double.isFinite(value) ? String.format(Locale.ROOT, "%.1f s", value) : "";
  }

  /**
   * A size: a whole number of bytes with an optional k, m, g or t suffix (powers of 1024); -1 when
   * it is not one or overflows.
   */
  public static long parseSize(String text) {
    String value = text.trim().toLowerCase(Locale.ROOT);
    int shift = 0;
    char last = value.isEmpty() ? ' ' : value.charAt(value.length() - 1);
    if ("kmgt".indexOf(last) >= 0) {
      shift = 10 * ("kmgt".indexOf(last) + 1);
      value = value.substring(0, value.length() - 1);
    }
    if (value.isEmpty() || !value.chars().allMatch(Character::isDigit)) {
      return -1;
    }
    try {
      long number = Long.parseLong(value);
      return number <= Long.MAX_VALUE >> shift ? number << shift : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
