package io.github.ycsbembedded.experiments.model;

import java.util.Locale;

/** How the runner and the reports write figures: bytes in binary units, numbers with separators. */
public final class Units {
  private Units() {}

  /** {@code 512 B}, {@code 4.9 MiB}, {@code 1.2 GiB}. */
  public static String bytes(long bytes) {
    return io.github.ycsbembedded.core.Sizes.human(bytes);
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

  /** A published figure as the write-up wrote it: every decimal kept, thousands grouped. */
  public static String published(double value) {
    if (!Double.isFinite(value)) {
      return "";
    }
    java.text.DecimalFormat format =
        new java.text.DecimalFormat(
            "#,##0.##########", java.text.DecimalFormatSymbols.getInstance(Locale.ROOT));
    return format.format(value);
  }
}
