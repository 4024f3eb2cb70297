package io.github.ycsbembedded.experiments;

import io.github.ycsbembedded.experiments.analysis.Claim;
import io.github.ycsbembedded.experiments.analysis.ConfidenceInterval;
import io.github.ycsbembedded.experiments.analysis.Context;
import io.github.ycsbembedded.experiments.analysis.Findings;
import io.github.ycsbembedded.experiments.analysis.Section;
import io.github.ycsbembedded.experiments.model.Experiment;
import io.github.ycsbembedded.experiments.model.ExperimentException;
import io.github.ycsbembedded.experiments.report.ClaimText;
import io.github.ycsbembedded.experiments.report.ReportWriter;
import io.github.ycsbembedded.experiments.results.Pooling;
import io.github.ycsbembedded.experiments.results.Results;
import io.github.ycsbembedded.experiments.results.ResultsFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a results folder holds, written in one place: {@code results.json} (with the claims as
 * analysis judged them) and the report rendered from it. Every write replaces the files whole
 * (written beside, then renamed), so a folder always holds a valid result, complete or partial.
 */
final class Outputs {
  private Outputs() {}

  /**
   * Analyses {@code run}, writes its results and report into {@code out}; returns the report's
   * summary for the terminal.
   *
   * @param history other runs of the experiment, for the write-ups that chart across them
   */
  static List<String> write(
      Experiment experiment, Results.Run run, List<Results.Run> history, Path out)
      throws IOException {
    return write(experiment, Pooling.alone(run), history, out);
  }

  /**
   * Analyses {@code pool} (a run and the like earlier runs its verdicts pool with), writes the
   * run's own results, with the claims as the pool judged them, and the report into {@code out};
   * returns the report's summary for the terminal.
   */
  static List<String> write(
      Experiment experiment, Pooling.Pooled pool, List<Results.Run> history, Path out)
      throws IOException {
    return write(experiment, pool, history, List.of(), out);
  }

  /**
   * {@link #write(Experiment, Pooling.Pooled, List, Path)} with {@code beside}, sections the
   * command adds after the claims' own (the machines of other kinds a merge judged apart).
   */
  static List<String> write(
      Experiment experiment,
      Pooling.Pooled pool,
      List<Results.Run> history,
      List<Section> beside,
      Path out)
      throws IOException {
    Findings findings;
    try {
      findings = Findings.of(new Context(experiment, pool, history));
    } catch (ExperimentException e) {
      throw new IOException(e.getMessage(), e);
    }
    if (!beside.isEmpty()) {
      List<Section> sections = new ArrayList<>(findings.besideClaims());
      sections.addAll(beside);
      findings =
          new Findings(
              findings.context(),
              findings.claims(),
              findings.writeUpSections(),
              sections,
              findings.variants(),
              findings.conclusion());
    }
    Results.Run run = pool.ownRun();
    Results.Run judged = run.toBuilder().claims(records(findings.claims())).build();
    ResultsFile.write(judged, out);
    return ReportWriter.write(findings, out);
  }

  /** Writes {@code run}'s results alone (after a phase: the report waits for the trial's end). */
  static void results(Results.Run run, Path out) throws IOException {
    ResultsFile.write(run, out);
  }

  /** The claims as the results file keeps them. */
  static List<Results.ClaimRecord> records(List<Claim> claims) {
    return claims.stream()
        .map(
            c ->
                new Results.ClaimRecord(
                    c.statement(),
                    c.label(),
                    c.origin().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                    c.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                    new Results.BandRecord(c.expected(), c.unit(), c.low(), c.high()),
                    c.ours().values(),
                    interval(c),
                    ClaimText.verdict(c),
                    c.direction().word(),
                    c.why()))
        .toList();
  }

  private static Results.IntervalRecord interval(Claim c) {
    ConfidenceInterval i = c.interval();
    return new Results.IntervalRecord(
        ConfidenceInterval.LEVEL,
        i.basis().name().toLowerCase(Locale.ROOT),
        i.samples(),
        i.center(),
        i.low(),
        i.high(),
        c.judgement().toDecide());
  }
}
