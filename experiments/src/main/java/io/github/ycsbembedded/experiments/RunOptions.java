package io.github.ycsbembedded.experiments;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of a run, shared by {@code bin/experiment <name|file>} and {@code bin/experiment run
 * <file>}, and parsed again from a results folder by {@code resume}.
 */
final class RunOptions {
  @Option(
      names = "--scale",
      defaultValue = "quick",
      description = "scale (see: list); default ${DEFAULT-VALUE}")
  String scale;

  @Option(
      names = "--scales",
      split = ",",
      description =
          "several scales, one after another, then a report of the ratios against data size")
  List<String> scales;

  @Option(
      names = "--engines",
      split = ",",
      description = "engines to run, e.g. lmdb,rocksdb (default: the experiment's)")
  List<String> engines;

  @Option(
      names = "--threads",
      description =
          "client threads for every phase that does not set its own (default: the file's)")
  Integer threads;

  @Option(
      names = "--repeat",
      converter = CountConverter.Runs.class,
      description = "runs of every run phase in each trial, 1 to 100 (default: the scale's)")
  Integer repeat;

  @Option(
      names = "--trials",
      converter = CountConverter.Trials.class,
      description =
          "loads of the data, each followed by every run phase, 1 to 100 (default: the scale's)")
  Integer trials;

  @Option(
      names = "--memory-limit",
      description =
          "each phase JVM's memory cgroup limit, e.g. 2g, or none (default: the file's regime:"
              + " the JVM's allowance + the engines' share of the data; needs root)")
  String memoryLimit;

  @Option(
      names = "--vary",
      paramLabel = "NAME=V1,V2",
      description =
          "run a variant per value of one dimension beside the experiment: threads, memory, a YCSB"
              + " property or a binding property, e.g. --vary leveldb.max_file_size=1m,64m"
              + " (repeatable)")
  List<String> vary = new ArrayList<>();

  @Option(
      names = "--ablations",
      description = "also run the file's ablations (variants that test a suspected cause)")
  boolean ablations;

  @Option(
      names = "--variants",
      split = ",",
      paramLabel = "NAME",
      description =
          "run only these of the file's variants beside the base, ablations among them, e.g."
              + " --variants order-a-before-c,harness-2022 (default: those that are no ablation)")
  List<String> variants;

  @Option(
      names = "--shard",
      paramLabel = "K/N",
      description =
          "run share K of N of the trials (trials K, K+N, K+2N, ...), one machine of N, every"
              + " engine and variant of them; bin/experiment report over the N folders merges them"
              + " (default: a Slurm array task's share, else the whole run)")
  String shard;

  @Option(
      names = "--shards",
      paramLabel = "N",
      description =
          "the number of shards when a scheduler gives the index: a Kubernetes Indexed Job's"
              + " JOB_COMPLETION_INDEX (from 0) or a Slurm array task")
  Integer shards;

  @Option(names = "--dir", description = "data directory (default: <home>/data/experiments)")
  Path dataDir;

  @Mixin OutFolder out = new OutFolder();

  @Option(
      names = "--history",
      paramLabel = "DIR|none",
      description =
          "pool the verdicts' trials with the complete runs in DIR of the same experiment, scale,"
              + " settings and engine versions on a like machine; none judges this run alone"
              + " (default: the results directory)")
  String history;

  @Option(
      names = "--keep-data",
      description = "keep every engine's data after the last phase (default: deleted)")
  boolean keepData;
}
