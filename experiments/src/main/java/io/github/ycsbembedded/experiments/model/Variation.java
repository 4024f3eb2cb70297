package io.github.ycsbembedded.experiments.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.github.ycsbembedded.experiments.model.Description.Setting;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parts of an experiment file that vary it or state what is expected of it: named variants (one
 * or more settings changed, or another phase order), a sweep over one dimension, and claims of the
 * file's own. See {@code experiments/README.md}, "Your own experiment".
 */
public final class Variation {
  private Variation() {}

  /**
   * The file's own variation: its named {@code variants}, a {@code sweep} (or null) and its {@code
   * claims}.
   */
  public record Spec(List<VariantSpec> variants, Sweep sweep, List<ClaimSpec> claims) {
    public Spec {
      variants = variants == null ? List.of() : List.copyOf(variants);
      claims = claims == null ? List.of() : List.copyOf(claims);
    }
  }

  /**
   * A variant: the experiment with some things changed — engine {@code settings} (added after the
   * file's, a later one replacing an earlier one), YCSB properties ({@code ycsb}), the client
   * {@code threads} of every phase that does not set its own, the regime's {@code memoryFraction},
   * or the {@code phases} to run and their order (ids of the file's phases), the regime's {@code
   * pageCache} share for the engines it names or, where its settings hold memory that does not
   * scale with the data, that memory ({@code ownMemory}, the page cache getting the rest of the
   * engines' memory at every scale), or the {@code speed} a phase's figure is taken over: {@value
   * #WINDOW} (the measured window, the default) or {@value #OVERALL} (YCSB's whole run, the close
   * included: a load with the compaction debt {@code compact_on_close} pays). An {@code ablation}
   * runs only when asked for ({@code --ablations}); {@code tests} names the cause it tests, {@code
   * concerns} the engines whose claims it explains and that it runs (all when empty; the others'
   * figures are the base's, from the same trials), and {@code on} the phases whose claims it
   * explains (all it runs when empty: a change of order leaves the load alone).
   */
  public record VariantSpec(
      String name,
      String note,
      Boolean ablation,
      String tests,
      List<String> concerns,
      List<Setting> settings,
      Map<String, String> ycsb,
      Integer threads,
      MemoryChange memory,
      List<String> phases,
      String speed,
      List<String> on) {
    public VariantSpec {
      on = on == null ? List.of() : List.copyOf(on);
      ablation = ablation != null && ablation;
      concerns = concerns == null ? List.of() : List.copyOf(concerns);
      settings = settings == null ? List.of() : List.copyOf(settings);
      ycsb = Ordered.copy(ycsb);
      memory = memory == null ? new MemoryChange(null, null, null) : memory;
      phases = phases == null ? List.of() : List.copyOf(phases);
    }

    /** A variant as the file writes it, its keys all at one level. */
    @JsonCreator
    static VariantSpec read(
        @JsonProperty("name") String name,
        @JsonProperty("note") String note,
        @JsonProperty("ablation") Boolean ablation,
        @JsonProperty("tests") String tests,
        @JsonProperty("concerns") List<String> concerns,
        @JsonProperty("settings") List<Setting> settings,
        @JsonProperty("ycsb") Map<String, String> ycsb,
        @JsonProperty("threads") Integer threads,
        @JsonProperty("memoryFraction") Double memoryFraction,
        @JsonProperty("phases") List<String> phases,
        @JsonProperty("pageCache") Map<String, Double> pageCache,
        @JsonProperty("ownMemory") Map<String, Description.Size> ownMemory,
        @JsonProperty("speed") String speed,
        @JsonProperty("on") List<String> on) {
      return new VariantSpec(
          name,
          note,
          ablation,
          tests,
          concerns,
          settings,
          ycsb,
          threads,
          new MemoryChange(memoryFraction, pageCache, ownMemory),
          phases,
          speed,
          on);
    }

    /**
     * A variant named {@code name} that changes only what is given: engine settings, YCSB
     * properties, the client threads or the regime's memory fraction (each may be null).
     */
    public static VariantSpec changing(
        String name,
        List<Setting> settings,
        Map<String, String> ycsb,
        Integer threads,
        Double memoryFraction) {
      return new VariantSpec(
          name,
          null,
          false,
          null,
          null,
          settings,
          ycsb,
          threads,
          new MemoryChange(memoryFraction, null, null),
          null,
          null,
          null);
    }

    /** Whether it changes nothing. */
    public boolean empty() {
      return settings.isEmpty()
          && ycsb.isEmpty()
          && threads == null
          && memory.empty()
          && phases.isEmpty()
          && speed == null;
    }

    /** Whether its phases' speed is YCSB's whole run, the close included. */
    public boolean overall() {
      return OVERALL.equals(speed);
    }
  }

  /**
   * What a variant changes of the regime's memory: its {@code memoryFraction} ({@code fraction}),
   * the {@code pageCache} shares of the engines it names, and their {@code ownMemory}.
   */
  public record MemoryChange(
      Double fraction, Map<String, Double> pageCache, Map<String, Description.Size> ownMemory) {
    public MemoryChange {
      pageCache = Ordered.copy(pageCache);
      ownMemory = Ordered.copy(ownMemory);
    }

    /** Whether it changes nothing. */
    public boolean empty() {
      return fraction == null && pageCache.isEmpty() && ownMemory.isEmpty();
    }
  }

  /** A variant's {@code speed}: the measured window (the default). */
  public static final String WINDOW = "window";

  /** A variant's {@code speed}: YCSB's whole run, the close included. */
  public static final String OVERALL = "overall";

  /**
   * A sweep: the experiment run once for each of {@code values} of one dimension, {@code over}:
   * {@code threads}, {@code memory} (the regime's fraction of the data), a YCSB property (such as
   * {@code fieldlength}) or a binding property (such as {@code lmdb.mapsize}, {@code
   * wiredtiger.log}).
   */
  public record Sweep(String over, List<String> values) {
    public Sweep {
      values = values == null ? List.of() : List.copyOf(values);
    }

    /**
     * {@code name=v1,v2,...}, as {@code --vary} takes it; null when the text is not of that form.
     */
    public static Sweep parse(String text) {
      int eq = text.indexOf('=');
      if (eq <= 0 || eq == text.length() - 1) {
        return null;
      }
      List<String> values =
          java.util.Arrays.stream(text.substring(eq + 1).split(",", -1)).map(String::trim).toList();
      return values.stream().anyMatch(String::isEmpty)
          ? null
          : new Sweep(text.substring(0, eq).trim(), values);
    }
  }

  /**
   * An expectation of the file's own, judged by the rule of the write-ups' claims: a {@code ratio}
   * of two engines' figures ({@code rocksdb / leveldb}, in the base or in one {@code variant}) or
   * of two variants' ({@code variant fast / variant base}, per engine, or for {@code engine}
   * alone), on {@code phase}, of a {@code figure} ({@code speed}, the default, a latency percentile
   * of the phase's main operation: {@code p50}, {@code p95}, {@code p99}, {@code p999}, or a cost
   * per operation of its window: {@code device-reads}, {@code cpu}), that lies as {@code expect}
   * says: {@code >= 1.2}, {@code <= 0.9}, {@code within 5%} (of 1), {@code 1.5 ± 20%}, {@code
   * between 0.8 and 1.25}.
   */
  public record ClaimSpec(
      String statement,
      String ratio,
      String phase,
      String engine,
      String variant,
      String figure,
      String expect) {
    public ClaimSpec {
      figure = figure == null ? "speed" : figure.trim();
    }
  }

  /** The two sides of a claim's ratio: engines, or variants. */
  public record Ratio(boolean variants, String top, String bottom) {
    private static final Pattern ENGINES = Pattern.compile("\\s*([\\w.-]+)\\s*/\\s*([\\w.-]+)\\s*");
    private static final Pattern VARIANTS =
        Pattern.compile("\\s*variant\\s+([\\w.=,-]+)\\s*/\\s*variant\\s+([\\w.=,-]+)\\s*");

    /** The ratio a claim names, or null when it names none. */
    public static Ratio parse(String text) {
      if (text == null) {
        return null;
      }
      Matcher v = VARIANTS.matcher(text);
      if (v.matches()) {
        return new Ratio(true, v.group(1), v.group(2));
      }
      Matcher e = ENGINES.matcher(text);
      return e.matches() ? new Ratio(false, e.group(1), e.group(2)) : null;
    }
  }

  /** The interval of values an expectation accepts: {@code [low, high]}. */
  public record ExpectedInterval(double low, double high) {
    private static final String NUMBER = "(\\d+(?:\\.\\d+)?)";

    /**
     * The interval {@code expect} states; null when it states none of the accepted forms (the
     * class's {@link ClaimSpec}).
     */
    public static ExpectedInterval parse(String expect) {
      if (expect == null) {
        return null;
      }
      String text = expect.trim().toLowerCase(Locale.ROOT);
      Matcher m = Pattern.compile("(>=|≥|>|<=|≤|<)\\s*" + NUMBER).matcher(text);
      if (m.matches()) {
        double value = Double.parseDouble(m.group(2));
        return switch (m.group(1)) {
          case ">=", "≥" -> new ExpectedInterval(value, Double.POSITIVE_INFINITY);
          case ">" -> new ExpectedInterval(Math.nextUp(value), Double.POSITIVE_INFINITY);
          case "<=", "≤" -> new ExpectedInterval(Double.NEGATIVE_INFINITY, value);
          default -> new ExpectedInterval(Double.NEGATIVE_INFINITY, Math.nextDown(value));
        };
      }
      m = Pattern.compile("within\\s+" + NUMBER + "\\s*%").matcher(text);
      if (m.matches()) {
        double factor = 1 + Double.parseDouble(m.group(1)) / 100;
        return new ExpectedInterval(1 / factor, factor);
      }
      m = Pattern.compile(NUMBER + "\\s*(?:±|\\+-|\\+/-)\\s*" + NUMBER + "\\s*%").matcher(text);
      if (m.matches()) {
        double centre = Double.parseDouble(m.group(1));
        double factor = 1 + Double.parseDouble(m.group(2)) / 100;
        return new ExpectedInterval(centre / factor, centre * factor);
      }
      m = Pattern.compile("between\\s+" + NUMBER + "\\s+and\\s+" + NUMBER).matcher(text);
      if (m.matches()) {
        double a = Double.parseDouble(m.group(1));
        double b = Double.parseDouble(m.group(2));
        return a <= b ? new ExpectedInterval(a, b) : null;
      }
      return null;
    }
  }
}
