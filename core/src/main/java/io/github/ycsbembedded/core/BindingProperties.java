package io.github.ycsbembedded.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * Typed, validated access to a binding's properties. Every getter either returns a valid value or
 * throws a {@link DBException} whose message names the property, the value given and what is
 * accepted, for example {@code lmdb.mapsize: '12x' is not a size; use a number with an optional
 * k, m, g or t suffix}.
 */
public final class BindingProperties {
  private final Properties properties;

  public BindingProperties(Properties properties) {
    this.properties = properties;
  }

  /** The trimmed value, or {@code null} when the property is unset or blank. */
  public String raw(String name) {
    String value = properties.getProperty(name);
    if (value == null || value.isBlank()) {
      return null;
    }
    return value.trim();
  }

  public String string(String name, String defaultValue) {
    String value = raw(name);
    return value == null ? defaultValue : value;
  }

  public String requiredString(String name) throws DBException {
    String value = raw(name);
    if (value == null) {
      throw new DBException(name + " is required (set it with -p " + name + "=...)");
    }
    return value;
  }

  /**
   * A directory that must be given; it is created, with its parents, if missing. Fails when the
   * path exists and is not a directory or cannot be created.
   */
  public Path requiredDirectory(String name) throws DBException {
    String value = requiredString(name);
    Path dir = Paths.get(value);
    try {
      Files.createDirectories(dir);
      return dir.toRealPath();
    } catch (IOException | RuntimeException e) {
      throw new DBException(
          name + ": '" + value + "' is not a usable directory (" + describe(e) + ")", e);
    }
  }

  public boolean bool(String name, boolean defaultValue) throws DBException {
    String value = raw(name);
    if (value == null) {
      return defaultValue;
    }
    switch (value.toLowerCase(Locale.ROOT)) {
      case "true":
        return true;
      case "false":
        return false;
      default:
        throw new DBException(name + ": '" + value + "' is not a boolean; use true or false");
    }
  }

  /** An integer within {@code [min, max]}. */
  public int integer(String name, int defaultValue, int min, int max) throws DBException {
    String value = raw(name);
    if (value == null) {
      return defaultValue;
    }
    try {
      int parsed = Integer.parseInt(value);
      if (parsed >= min && parsed <= max) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new DBException(
        name + ": '" + value + "' is not an integer from " + min + " to " + max);
  }

  /** A number from 0 to 1 (a share of operations). */
  public double fraction(String name, double defaultValue) throws DBException {
    String value = raw(name);
    if (value == null) {
      return defaultValue;
    }
    try {
      double parsed = Double.parseDouble(value);
      if (parsed >= 0 && parsed <= 1) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new DBException(name + ": '" + value + "' is not a proportion; use a number from 0 to 1");
  }

  /**
   * A size in bytes: a whole number with an optional k, m, g or t suffix (powers of 1024),
   * at least {@code min}.
   */
  public long size(String name, long defaultValue, long min) throws DBException {
    String value = raw(name);
    if (value == null) {
      return defaultValue;
    }
    long parsed = parseSize(value);
    if (parsed < 0) {
      throw new DBException(
          name + ": '" + value + "' is not a size; use a number with an optional k, m, g or t suffix");
    }
    if (parsed < min) {
      throw new DBException(
          name + ": '" + value + "' is too small; use at least " + min + " bytes");
    }
    return parsed;
  }

  /** One of {@code accepted} (case-insensitive), returned in the spelling of {@code accepted}. */
  public String oneOf(String name, String defaultValue, String... accepted) throws DBException {
    String value = raw(name);
    if (value == null) {
      return defaultValue;
    }
    for (String candidate : accepted) {
      if (candidate.equalsIgnoreCase(value)) {
        return candidate;
      }
    }
    throw new DBException(
        name + ": '" + value + "' is not accepted; use one of " + String.join(", ", accepted));
  }

  /** An enum constant by its lower-case name. */
  public <E extends Enum<E>> E choice(String name, E defaultValue) throws DBException {
    E[] constants = defaultValue.getDeclaringClass().getEnumConstants();
    String[] names =
        Arrays.stream(constants).map(c -> c.name().toLowerCase(Locale.ROOT)).toArray(String[]::new);
    String chosen = oneOf(name, defaultValue.name().toLowerCase(Locale.ROOT), names);
    return Enum.valueOf(defaultValue.getDeclaringClass(), chosen.toUpperCase(Locale.ROOT));
  }

  /** Parses {@code 64m}, {@code 1g}, {@code 4096}; returns -1 when it is not a size. */
  static long parseSize(String text) {
    String value = text.trim().toLowerCase(Locale.ROOT);
    if (value.isEmpty()) {
      return -1;
    }
    int shift = 0;
    char last = value.charAt(value.length() - 1);
    switch (last) {
      case 'k':
        shift = 10;
        break;
      case 'm':
        shift = 20;
        break;
      case 'g':
        shift = 30;
        break;
      case 't':
        shift = 40;
        break;
      default:
        if (!Character.isDigit(last)) {
          return -1;
        }
    }
    String digits = shift == 0 ? value : value.substring(0, value.length() - 1);
    if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) {
      return -1;
    }
    try {
      long number = Long.parseLong(digits);
      if (number > (Long.MAX_VALUE >> shift)) {
        return -1;
      }
      return number << shift;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  static String describe(Throwable e) {
    String message = e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message;
  }
}
