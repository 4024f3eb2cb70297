package io.github.ycsbembedded.core;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import site.ycsb.DBException;

/**
 * Typed, validated access to a binding's properties. Every getter either returns a valid value or
 * throws a {@link DBException} whose message names the property, the value given and what is
 * accepted, for example {@code lmdb.mapsize: '12x' is not a size; use a number with an optional k,
 * m, g or t suffix}. A typed property given an empty value ({@code -p lmdb.mapsize=}) is refused
 * rather than read as unset. A binding {@link #declare}s its properties: one with its prefix that
 * it does not declare (a typo) is refused, naming the nearest declared one.
 */
public final class BindingProperties {
  private final Properties properties;
  private String prefix;
  private Set<String> declared = Set.of();

  public BindingProperties(Properties properties) {
    this.properties = properties;
  }

  /**
   * Declares every property with {@code prefix} that the caller reads, and refuses the first given
   * property (in name order) with that prefix that is not among them, naming the nearest declared
   * one when it looks like a typo of it. A getter asked for an undeclared name with the prefix is a
   * programming error ({@link IllegalStateException}).
   */
  public BindingProperties declare(String prefix, Set<String> declared) throws DBException {
    this.prefix = prefix;
    this.declared = Set.copyOf(declared);
    for (String name : new TreeSet<>(properties.stringPropertyNames())) {
      if (name.startsWith(prefix) && !declared.contains(name)) {
        String nearest = nearest(name, declared, prefix);
        throw new DBException(
            name
                + ": unknown property"
                + (nearest == null
                    ? "; known: " + String.join(", ", new TreeSet<>(declared))
                    : "; did you mean " + nearest + "?"));
      }
    }
    return this;
  }

  /** The trimmed value, or {@code null} when the property is unset or blank. */
  public String raw(String name) {
    if (prefix != null && name.startsWith(prefix) && !declared.contains(name)) {
      throw new IllegalStateException(
          name + " is read but not declared with the other " + prefix + "* properties");
    }
    String value = properties.getProperty(name);
    if (value == null || value.isBlank()) {
      return null;
    }
    return value.trim();
  }

  /**
   * The trimmed value of a typed property, or null when unset; an empty value is refused, saying
   * what the property accepts.
   */
  private String typed(String name, String accepted) throws DBException {
    String value = raw(name);
    if (value == null && properties.getProperty(name) != null) {
      throw new DBException(
          name + ": empty value; " + accepted + ", or leave it out for the default");
    }
    return value;
  }

  /** Whether the property is given with an empty value ({@code -p name=}). */
  public boolean isEmpty(String name) {
    String value = properties.getProperty(name);
    return value != null && value.isBlank();
  }

  /** A free-form string; unset or empty gives the default. */
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
   * The known name closest to {@code name} in edit distance, if close enough to be a typo of it.
   */
  static String nearest(String name, Collection<String> known, String prefix) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : new TreeSet<>(known)) {
      if (!candidate.startsWith(prefix)) {
        continue;
      }
      int distance = editDistance(name, candidate);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    int tail = name.length() - prefix.length();
    return bestDistance <= Math.max(2, tail / 3) ? best : null;
  }

  private static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }

  /**
   * A directory that must be given; it is created, with its parents, if missing, durably ({@link
   * DirectorySync#createDirectories}). Fails when the path exists and is not a directory or cannot
   * be created.
   */
  public Path requiredDirectory(String name) throws DBException {
    String value = requiredString(name);
    Path dir = Paths.get(value);
    try {
      DirectorySync.createDirectories(dir);
      return dir.toRealPath();
    } catch (IOException | RuntimeException e) {
      throw new DBException(
          name + ": '" + value + "' is not a usable directory (" + describe(e) + ")", e);
    }
  }

  public boolean bool(String name, boolean defaultValue) throws DBException {
    String value = typed(name, "use true or false");
    if (value == null) {
      return defaultValue;
    }
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw new DBException(name + ": '" + value + "' is not a boolean; use true or false");
    };
  }

  /** An integer within {@code [min, max]}. */
  public int integer(String name, int defaultValue, int min, int max) throws DBException {
    return (int) longInteger(name, defaultValue, min, max);
  }

  /** A long integer within {@code [min, max]}. */
  public long longInteger(String name, long defaultValue, long min, long max) throws DBException {
    Long value = bounded(name, "an integer", min, max, Long::parseLong);
    return value == null ? defaultValue : value;
  }

  /**
   * The property parsed by {@code parse}, within {@code [min, max]}; null when it is not given.
   * Anything else fails naming the property: {@code name: 'value' is not <what> from min to max}.
   */
  private <T extends Comparable<T>> T bounded(
      String name, String what, T min, T max, Function<String, T> parse) throws DBException {
    String value = typed(name, "use " + what + " from " + min + " to " + max);
    if (value == null) {
      return null;
    }
    try {
      T parsed = parse.apply(value);
      if (parsed.compareTo(min) >= 0 && parsed.compareTo(max) <= 0) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new DBException(
        name + ": '" + value + "' is not " + what + " from " + min + " to " + max);
  }

  /** A number from 0 to 1 (a share of operations). */
  public double fraction(String name, double defaultValue) throws DBException {
    String value = typed(name, "use a number from 0 to 1");
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
   * A size in bytes: a whole number with an optional k, m, g or t suffix (powers of 1024), at least
   * {@code min}.
   */
  public long size(String name, long defaultValue, long min) throws DBException {
    String value = typed(name, "use a number with an optional k, m, g or t suffix");
    if (value == null) {
      return defaultValue;
    }
    long parsed = Sizes.parse(value);
    if (parsed < 0) {
      throw new DBException(
          name
              + ": '"
              + value
              + "' is not a size; use a number with an optional k, m, g or t suffix");
    }
    if (parsed < min) {
      throw new DBException(
          name + ": '" + value + "' is too small; use at least " + min + " bytes");
    }
    return parsed;
  }

  /** A size in bytes from {@code min} to {@code max}, as {@link #size(String, long, long)}. */
  public long size(String name, long defaultValue, long min, long max) throws DBException {
    long size = size(name, defaultValue, min);
    if (size > max) {
      throw new DBException(
          name + ": '" + raw(name) + "' is too large; use at most " + max + " bytes");
    }
    return size;
  }

  /**
   * A size in bytes from {@code min} to {@code max}, or null when the property is not given (so
   * that the engine keeps its own default).
   */
  public Long sizeIfGiven(String name, long min, long max) throws DBException {
    return typed(name, "use a number with an optional k, m, g or t suffix") == null
        ? null
        : size(name, 0, min, max);
  }

  /** An integer within {@code [min, max]}, or null when the property is not given. */
  public Integer integerIfGiven(String name, int min, int max) throws DBException {
    return typed(name, "use an integer from " + min + " to " + max) == null
        ? null
        : integer(name, 0, min, max);
  }

  /** A boolean, or null when the property is not given. */
  public Boolean boolIfGiven(String name) throws DBException {
    return typed(name, "use true or false") == null ? null : bool(name, false);
  }

  /** A number within {@code [min, max]}, or null when the property is not given. */
  public Double numberIfGiven(String name, double min, double max) throws DBException {
    return bounded(name, "a number", min, max, Double::parseDouble);
  }

  /** One of {@code accepted} (case-insensitive), returned in the spelling of {@code accepted}. */
  public String oneOf(String name, String defaultValue, String... accepted) throws DBException {
    String value = typed(name, "use one of " + String.join(", ", accepted));
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

  static String describe(Throwable e) {
    String message = e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message;
  }
}
