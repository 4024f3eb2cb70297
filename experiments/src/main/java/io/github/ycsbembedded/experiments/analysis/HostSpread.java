package io.github.ycsbembedded.experiments.analysis;

import io.github.ycsbembedded.experiments.model.Units;
import io.github.ycsbembedded.experiments.results.Results;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs merged from machines of more than one kind ({@link Results.Machine#kind}): their trials are
 * not pooled, since a difference between machines is no day's movement. Each kind's trials are
 * judged apart; the verdicts of the report rest on one kind's (the one with the most trials), and
 * this section gives every kind's figure and verdict per claim, and the spread between them.
 */
public final class HostSpread {
  private HostSpread() {}

  /**
   * The claims one kind of machine's trials give: its hosts' names, what the kind is, its trials.
   */
  public record Kind(List<String> hosts, String kind, int trials, List<Claim> claims) {
    public Kind {
      hosts = List.copyOf(hosts);
      claims = List.copyOf(claims);
    }

    String label() {
      return String.join(", ", hosts);
    }
  }

  /**
   * The section that shows {@code kinds} apart; {@code judged} is the index of the kind the
   * report's verdicts rest on.
   */
  public static Section section(List<Kind> kinds, int judged) {
    Section.Builder s = new Section.Builder(2, "Machines of different kinds, judged apart");
    Kind main = kinds.get(judged);
    List<String> labels = labels(kinds);
    s.note(
        "These results come from "
            + kinds.size()
            + " kinds of machine, which differ in "
            + differences(kinds)
            + ". Their trials are not pooled: a ratio that differs between machines is no"
            + " sample of one thing. The verdicts above rest on "
            + labels.get(judged)
            + " ("
            + main.trials()
            + " trial"
            + (main.trials() == 1 ? "" : "s")
            + ", the most of any kind); each kind's own figure and verdict follow, and how far"
            + " the kinds' medians lie apart (the largest ÷ the smallest).");
    List<String> header = new ArrayList<>(List.of("claim"));
    for (int i = 0; i < kinds.size(); i++) {
      Kind k = kinds.get(i);
      header.add(labels.get(i) + " (" + k.trials() + " trial" + (k.trials() == 1 ? "" : "s") + ")");
      header.add("verdict there");
    }
    header.add("between kinds");
    List<List<Cell>> rows = new ArrayList<>();
    for (Map.Entry<String, List<Claim>> e : byLabel(kinds).entrySet()) {
      if (e.getValue().stream().allMatch(c -> c == null || c.ours().isEmpty())) {
        continue; // measured on no kind of machine: nothing to set apart
      }
      List<Cell> row = new ArrayList<>();
      row.add(Cell.text(e.getKey()));
      double low = Double.POSITIVE_INFINITY;
      double high = Double.NEGATIVE_INFINITY;
      for (Claim c : e.getValue()) {
        row.add(c == null ? Cell.missing(Cell.Why.NOT_MEASURED) : figure(c));
        row.add(Cell.text(c == null ? "" : c.verdict().word()));
        double median = c == null || c.ours().isEmpty() ? Double.NaN : c.ours().median();
        if (Double.isFinite(median) && median > 0) {
          low = Math.min(low, median);
          high = Math.max(high, median);
        }
      }
      row.add(
          high >= low && Double.isFinite(low)
              ? Cell.text("×" + Units.ratio(high / low))
              : Cell.missing(Cell.Why.NOT_MEASURED));
      rows.add(row);
    }
    if (rows.isEmpty()) {
      s.note("No claim was measured on any of these kinds of machine.");
    } else {
      s.table(header, rows);
    }
    return s.build();
  }

  private static Cell figure(Claim c) {
    return c.kind() == Claim.Kind.RATIO ? Cell.ratio(c.ours()) : Cell.number(c.ours());
  }

  /** Each tallied claim's statement, with each kind's claim of it (null where it has none). */
  private static Map<String, List<Claim>> byLabel(List<Kind> kinds) {
    Map<String, List<Claim>> rows = new LinkedHashMap<>();
    for (int i = 0; i < kinds.size(); i++) {
      for (Claim c : kinds.get(i).claims()) {
        if (!c.tallied()) {
          continue;
        }
        List<Claim> row =
            rows.computeIfAbsent(
                c.statement(),
                k -> new ArrayList<>(java.util.Collections.nCopies(kinds.size(), null)));
        row.set(i, c);
      }
    }
    return rows;
  }

  /**
   * Each kind's name in the section: its hosts' names, and where two kinds share those (hosts named
   * alike on different machines), the first part of its description the kinds differ in (its CPU,
   * say) as well.
   */
  static List<String> labels(List<Kind> kinds) {
    List<String> hosts = kinds.stream().map(Kind::label).toList();
    if (new java.util.HashSet<>(hosts).size() == hosts.size()) {
      return hosts;
    }
    int parts = kinds.get(0).kind().split(" \\| ", -1).length;
    for (int part = 0; part < parts; part++) {
      List<String> values = partValues(kinds, part);
      if (new java.util.HashSet<>(values).size() > 1) {
        List<String> named = new ArrayList<>();
        for (int i = 0; i < kinds.size(); i++) {
          named.add(hosts.get(i) + ", " + values.get(i));
        }
        return named;
      }
    }
    return hosts;
  }

  /** What the kinds' descriptions differ in, named: the CPU, the memory, the kernel, … */
  static String differences(List<Kind> kinds) {
    String[] names = {
      "the CPU and its count", "the memory", "the OS", "the JVM", "the file system", "the device"
    };
    List<String> differ = new ArrayList<>();
    String[] first = kinds.get(0).kind().split(" \\| ", -1);
    for (int part = 0; part < names.length; part++) {
      for (Kind k : kinds) {
        String[] parts = k.kind().split(" \\| ", -1);
        if (part >= parts.length || part >= first.length || !parts[part].equals(first[part])) {
          differ.add(names[part] + " (" + describe(kinds, part) + ")");
          break;
        }
      }
    }
    return differ.isEmpty() ? "nothing recorded" : String.join(", ", differ);
  }

  private static String describe(List<Kind> kinds, int part) {
    return String.join(" vs ", partValues(kinds, part));
  }

  /** Each kind's {@code part} of its description ("?" where it has none), in the kinds' order. */
  private static List<String> partValues(List<Kind> kinds, int part) {
    List<String> values = new ArrayList<>();
    for (Kind k : kinds) {
      String[] parts = k.kind().split(" \\| ", -1);
      values.add(part < parts.length ? parts[part] : "?");
    }
    return values;
  }
}
