package io.github.ycsbembedded.experiments;

import static io.github.ycsbembedded.experiments.Report.bytes;
import static io.github.ycsbembedded.experiments.Report.number;
import static io.github.ycsbembedded.experiments.Report.ratio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report shapes of the two relational write-ups: {@code likes} (Oracle: concurrent single-like
 * transactions, then the three lookups with average / min / max latency and rows) and {@code digg}
 * (SQL Server and Digg: friends' diggs per second per layout, storage and the cost of a digg). They
 * read the phases of {@code experiments/likes.properties} and {@code experiments/digg.properties}
 * by id, and the operations the workloads measure by name.
 */
final class RelationalTables {
  /** The lookup phases of {@code likes}, each measured as its id in capitals (LikesWorkload). */
  private static final List<String> LOOKUPS = List.of("posts-of-user", "users-of-post", "like-exists");
  /** The published engine name of the Oracle figures. */
  private static final String ORACLE = "oracle";
  /** The two Digg layouts: data set, and the prefix of their phase ids. */
  private static final List<String[]> LAYOUTS = List.of(new String[] {"normalized", "n"}, new String[] {"fanout", "f"});

  private final Experiment experiment;
  private final Results.Run run;
  private final List<Report.Block> blocks;

  private RelationalTables(Experiment experiment, Results.Run run, List<Report.Block> blocks) {
    this.experiment = experiment;
    this.run = run;
    this.blocks = blocks;
  }

  // ---- likes ----

  static void likes(Experiment experiment, Results.Run run, List<Report.Block> blocks) {
    RelationalTables t = new RelationalTables(experiment, run, blocks);
    t.likeTransactions();
    t.lookups();
    t.text(experiment.publishedNote());
  }

  private void likeTransactions() {
    heading("Concurrent single-like transactions");
    Experiment.Phase phase = phase("like");
    Double published = pub("like", ORACLE, "transactions_per_s");
    Results.PhaseRun reference = run.phase(experiment.reference(), "like");
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : run.engines()) {
      Results.PhaseRun r = engine.phase("like");
      if (!ok(r)) {
        rows.add(List.of(engine.engine(), failed(r), "", "", "", "", "", ""));
        continue;
      }
      YcsbOutput.Operation like = r.operationTypes().get("LIKE");
      rows.add(List.of(engine.engine(), threads(phase), number(like == null ? Double.NaN : like.operations()),
          number(r.runtimeMs() / 1000.0), number(r.throughput()),
          ok(reference) ? ratio(r.throughput() / reference.throughput()) : "", ms(like, YcsbOutput.Operation::averageUs),
          ms(like, YcsbOutput.Operation::p99Us)));
    }
    if (published != null) {
      rows.add(List.of(experiment.publishedName(ORACLE) + ", published", pubText("like", ORACLE, "sessions"),
          pubText("like", ORACLE, "transactions"), pubText("like", ORACLE, "runtime_s") + " (average session)",
          number(published), "", "", ""));
    }
    table(List.of("engine", "sessions", "transactions", "runtime (s)", "transactions/s", "÷ " + experiment.reference(),
        "avg (ms)", "99th (ms)"), rows);
    text("Each transaction writes both index entries of one like atomically. Sessions are client threads.");

    heading("The load: both indexes");
    List<List<String>> load = new ArrayList<>();
    for (Results.EngineRun engine : run.engines()) {
      Results.PhaseRun l = engine.phase("load");
      Results.PhaseRun after = engine.phase("like");
      load.add(ok(l)
          ? List.of(engine.engine(), number(l.operations()), number(l.runtimeMs() / 1000.0), number(l.throughput()),
              bytes(l.diskAllocatedBytes()), ok(after) ? bytes(after.diskAllocatedBytes()) : "")
          : List.of(engine.engine(), failed(l), "", "", "", ""));
    }
    table(List.of("engine", "likes", "runtime (s)", "likes/s", "disk after the load", "disk after the transactions"), load);
    text("The write-up preloaded its 666,666,667 rows with one direct-path insert and built the indexes afterwards, "
        + "so it has no figure to set beside this load.");
  }

  private void lookups() {
    heading("Lookups after the inserts");
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : run.engines()) {
      for (String lookup : LOOKUPS) {
        Results.PhaseRun r = engine.phase(lookup);
        String label = phase(lookup).label();
        if (!ok(r)) {
          rows.add(List.of(engine.engine(), label, failed(r), "", "", "", "", "", ""));
          continue;
        }
        YcsbOutput.Operation op = r.operationTypes().get(operation(lookup));
        YcsbOutput.Operation found = r.operationTypes().get(operation(lookup) + "_ROWS");
        rows.add(List.of(engine.engine(), label, number(op == null ? Double.NaN : op.operations()),
            number(r.runtimeMs() / 1000.0), ms(op, YcsbOutput.Operation::averageUs), ms(op, YcsbOutput.Operation::minUs),
            ms(op, YcsbOutput.Operation::maxUs), found == null ? "" : number(found.averageUs()),
            found == null ? "" : number(found.maxUs())));
      }
    }
    for (String lookup : LOOKUPS) {
      if (pub(lookup, ORACLE, "avg_ms") == null) {
        continue;
      }
      String rowsOfSlowest = pubText(lookup, ORACLE, "rows");
      rows.add(List.of(experiment.publishedName(ORACLE) + ", published", phase(lookup).label(),
          pubText(lookup, ORACLE, "queries"), pubText(lookup, ORACLE, "total_s"), pubText(lookup, ORACLE, "avg_ms"),
          pubText(lookup, ORACLE, "min_ms"), pubText(lookup, ORACLE, "max_ms"), "",
          rowsOfSlowest.isEmpty() ? "" : rowsOfSlowest + " (the slowest query's)"));
    }
    table(List.of("engine", "query", "queries", "total (s)", "avg (ms)", "min (ms)", "max (ms)", "rows avg", "rows max"),
        rows);

    heading("Each lookup's average ÷ the single (user, post) lookup's");
    List<List<String>> relative = new ArrayList<>();
    for (Results.EngineRun engine : run.engines()) {
      relative.add(relativeRow(engine.engine(), lookup -> {
        Results.PhaseRun r = engine.phase(lookup);
        YcsbOutput.Operation op = ok(r) ? r.operationTypes().get(operation(lookup)) : null;
        return op == null ? Double.NaN : op.averageUs();
      }));
    }
    relative.add(relativeRow(experiment.publishedName(ORACLE) + ", published", lookup -> {
      Double avg = pub(lookup, ORACLE, "avg_ms");
      return avg == null ? Double.NaN : avg;
    }));
    List<String> header = new ArrayList<>(List.of("engine"));
    LOOKUPS.forEach(lookup -> header.add(phase(lookup).label()));
    table(header, relative);
    text("Absolute latencies depend on the machine and the scale (rows per user and per post grow with it); "
        + "these ratios show whether a scan of a user's or a post's likes costs here what it cost there.");
  }

  private static List<String> relativeRow(String name, java.util.function.ToDoubleFunction<String> averageOf) {
    List<String> row = new ArrayList<>(List.of(name));
    double unit = averageOf.applyAsDouble("like-exists");
    for (String lookup : LOOKUPS) {
      row.add(ratio(averageOf.applyAsDouble(lookup) / unit));
    }
    return row;
  }

  private static String operation(String lookup) {
    return lookup.toUpperCase(Locale.ROOT).replace('-', '_');
  }

  // ---- digg ----

  static void digg(Experiment experiment, Results.Run run, List<Report.Block> blocks) {
    RelationalTables t = new RelationalTables(experiment, run, blocks);
    t.queries();
    t.storage();
    t.text(experiment.publishedNote());
  }

  /** The query phases of a layout, in file order. */
  private List<Experiment.Phase> queryPhases(String dataset) {
    return experiment.phases().stream()
        .filter(p -> p.dataset().equals(dataset) && p.command().equals("run") && p.id().contains("query")).toList();
  }

  private void queries() {
    heading("Friends' diggs: result sets per second");
    List<Experiment.Phase> normalizedQueries = queryPhases("normalized");
    List<String> header = new ArrayList<>(List.of("engine", "layout"));
    normalizedQueries.forEach(p -> header.add("queries/s, " + threads(p) + " thread" + (threads(p).equals("1") ? "" : "s")));
    String first = normalizedQueries.isEmpty() ? "" : ", " + threads(normalizedQueries.get(0)) + " thread"
        + (threads(normalizedQueries.get(0)).equals("1") ? "" : "s");
    header.addAll(List.of("avg (ms)" + first, "99th (ms)" + first, "rows per answer", "queries/s fan-out ÷ normalized" + first));
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : run.engines()) {
      double normalizedSpeed = Double.NaN;
      for (String[] layout : LAYOUTS) {
        List<Experiment.Phase> phases = queryPhases(layout[0]);
        List<String> row = new ArrayList<>(List.of(engine.engine(), layout[0]));
        for (int i = 0; i < normalizedQueries.size(); i++) {
          Results.PhaseRun r = i < phases.size() ? engine.phase(phases.get(i).id()) : null;
          row.add(ok(r) ? number(r.throughput()) : failed(r));
        }
        Results.PhaseRun single = phases.isEmpty() ? null : engine.phase(phases.get(0).id());
        YcsbOutput.Operation query = ok(single) ? single.operationTypes().get("FRIEND_DIGGS") : null;
        YcsbOutput.Operation answer = ok(single) ? single.operationTypes().get("FRIEND_DIGGS_ROWS") : null;
        double speed = ok(single) ? single.throughput() : Double.NaN;
        if (layout[0].equals("normalized")) {
          normalizedSpeed = speed;
        }
        row.addAll(List.of(ms(query, YcsbOutput.Operation::averageUs), ms(query, YcsbOutput.Operation::p99Us),
            answer == null ? "" : number(answer.averageUs()),
            layout[0].equals("fanout") ? ratio(speed / normalizedSpeed) : ""));
        rows.add(row);
      }
    }
    table(header, rows);
    text("normalized: the user's friend list, then one probe of the digg index per friend (one batch read). "
        + "fanout: one range read of the user's bucket for the item. Each answer is sorted newest first.");

    List<List<String>> published = new ArrayList<>();
    Double digg = null;
    for (String setup : experiment.publishedList("setups")) {
      Double perSecond = pub("query", setup, "per_s");
      digg = digg == null ? perSecond : digg;
      published.add(List.of(experiment.publishedName(setup), perSecond == null ? "" : number(perSecond),
          perSecond == null || digg == null ? "" : number(perSecond / digg)));
    }
    if (!published.isEmpty()) {
      text("Published (500,000 users, 10,000,000 friendships, 500,000,000 diggs):");
      table(List.of("setup", "result sets per second", "÷ " + experiment.publishedName(experiment.publishedList("setups").get(0))),
          published);
    }
  }

  private void storage() {
    heading("Storage and the cost of a digg");
    List<List<String>> rows = new ArrayList<>();
    for (Results.EngineRun engine : run.engines()) {
      Results.PhaseRun[] load = new Results.PhaseRun[2];
      Results.PhaseRun[] digg = new Results.PhaseRun[2];
      for (int i = 0; i < 2; i++) {
        load[i] = engine.phase(LAYOUTS.get(i)[1] + "-load");
        digg[i] = engine.phase(LAYOUTS.get(i)[1] + "-digg");
      }
      List<String> row = new ArrayList<>(List.of(engine.engine()));
      for (int i = 0; i < 2; i++) {
        row.add(ok(load[i]) ? bytes(load[i].diskAllocatedBytes()) : failed(load[i]));
      }
      row.add(ok(load[0]) && ok(load[1]) ? ratio((double) load[1].diskAllocatedBytes() / load[0].diskAllocatedBytes()) : "");
      for (int i = 0; i < 2; i++) {
        YcsbOutput.Operation writes = ok(load[i]) ? load[i].operationTypes().get("DIGG_WRITES") : null;
        row.add(writes == null ? "" : number(writes.averageUs()) + " / " + number(writes.maxUs()));
      }
      for (int i = 0; i < 2; i++) {
        YcsbOutput.Operation perDigg = ok(load[i]) ? load[i].operationTypes().get("DIGG") : null;
        row.add(perDigg == null ? "" : number(perDigg.averageUs()));
      }
      for (int i = 0; i < 2; i++) {
        YcsbOutput.Operation newDigg = ok(digg[i]) ? digg[i].operationTypes().get("DIGG") : null;
        row.add(ok(digg[i]) ? ms(newDigg, YcsbOutput.Operation::averageUs) : failed(digg[i]));
      }
      rows.add(row);
    }
    Double normalized = pub("storage", "normalized", "size_gb");
    Double fanout = pub("storage", "fanout", "size_gb");
    if (normalized != null && fanout != null) {
      rows.add(List.of("published", number(normalized) + " GB (estimate)", number(fanout) + " GB (Digg)",
          ratio(fanout / normalized), "", pub("storage", "fanout", "max_writes_per_digg") == null ? ""
              : "max " + pubText("storage", "fanout", "max_writes_per_digg"), "", "", "", ""));
    }
    table(List.of("engine", "normalized on disk", "fan-out on disk", "fan-out ÷ normalized", "rows per digg, normalized (avg / max)",
        "rows per digg, fan-out (avg / max)", "load µs per digg, normalized", "load µs per digg, fan-out",
        "new digg (ms), normalized", "new digg (ms), fan-out"), rows);
    text("On disk: allocated bytes after each layout's load (lists and diggs). A fan-out digg writes one row per "
        + "follower (the load takes followers from the generator; a new digg reads the follower list first).");
  }

  // ---- helpers ----

  private Experiment.Phase phase(String id) {
    return experiment.phases().stream().filter(p -> p.id().equals(id)).findFirst()
        .orElseThrow(() -> new IllegalStateException("report " + experiment.reportShape() + " needs a phase '" + id
            + "' in experiments/" + experiment.name() + ".properties"));
  }


  private static boolean ok(Results.PhaseRun r) {
    return r != null && !r.failed();
  }

  private static String failed(Results.PhaseRun r) {
    return r == null ? "not run" : "failed";
  }

  private static String threads(Experiment.Phase phase) {
    return phase.threads() == null ? "" : phase.threads().toString();
  }

  private static String ms(YcsbOutput.Operation op, java.util.function.ToDoubleFunction<YcsbOutput.Operation> us) {
    return op == null ? "" : number(us.applyAsDouble(op) / 1000);
  }

  private Double pub(String phase, String engine, String column) {
    return experiment.published(run.scale(), phase, engine, column);
  }

  private String pubText(String phase, String engine, String column) {
    Double value = pub(phase, engine, column);
    return value == null ? "" : number(value);
  }

  private void heading(String text) {
    blocks.add(new Report.Heading(2, text));
  }

  private void text(String text) {
    blocks.add(new Report.Text(text));
  }

  private void table(List<String> header, List<List<String>> rows) {
    blocks.add(new Report.Table(header, rows));
  }
}
