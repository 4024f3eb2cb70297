package io.github.ycsbembedded.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ycsbembedded.experiments.Experiment.ExperimentException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The repository's own experiment files, and the rules of the format. */
public class ExperimentTest {
  public static final Path EXPERIMENTS =
      Paths.get(System.getProperty("ycsbembedded.root")).resolve("experiments");

  @TempDir Path tmp;

  @Test
  void unumHasItsFivePhasesAndABulkLoadOnFourEnginesWithCachesAtFivePercent() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");

    assertThat(unum.engines()).containsExactly("lmdb", "rocksdb", "leveldb", "wiredtiger");
    assertThat(unum.phases())
        .extracting(Experiment.Phase::id)
        .containsExactly("init", "init-bulk", "a", "c", "d", "z");
    assertThat(unum.phase("init").command()).isEqualTo("load");
    assertThat(unum.phase("z").keysAreSpeed()).isTrue();
    Experiment.Phase bulk = unum.phase("init-bulk");
    assertThat(bulk.command()).isEqualTo("load");
    assertThat(bulk.workload()).isEqualTo("workloads/unum-y");
    assertThat(bulk.dataset()).as("its own, empty, data set").isEqualTo("bulk");
    assertThat(bulk.keysAreSpeed()).isTrue();
    assertThat(unum.batchSize(bulk)).isEqualTo(5000);
    assertThat(unum.scales()).containsKeys("tiny", "quick", "small", "full");

    Experiment.Scale tiny = unum.scale("tiny");
    assertThat(unum.dataSize(tiny)).isEqualTo(2_000L * 1024);
    Map<String, String> variables = unum.variables(tiny, 1, 1L << 20);
    Map<String, String> rocks = unum.phaseProperties(unum.phase("z"), "rocksdb", variables, false);
    assertThat(rocks)
        .containsEntry("rocksdb.cache_size", Long.toString(1L << 20))
        .containsEntry("rocksdb.compression", "none")
        .containsEntry("operationcount", "8")
        .containsEntry("recordcount", "2000")
        .containsEntry("fieldlength", "1024")
        .doesNotContainKey("rocksdb.write_buffer_size");
    assertThat(unum.phaseProperties(unum.phase("init"), "lmdb", variables, false))
        .containsEntry("lmdb.mapsize", Long.toString(2 * 2_000L * 1024 + (64L << 20)))
        .doesNotContainKey("lmdb.nordahead")
        .doesNotContainKey("rocksdb.cache_size");
  }

  @Test
  void unumsRegimeGivesTheEnginesFivePercentOfTheDataFromQuickOn() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    Experiment.Scale quick = unum.scale("quick");

    assertThat(unum.regime().memoryFraction()).isEqualTo(0.05);
    assertThat(unum.regimeAppliesAt(quick)).isTrue();
    assertThat(unum.regimeAppliesAt(unum.scale("tiny"))).isFalse();
    assertThat(quick.durationSeconds()).isEqualTo(12);
    assertThat(quick.warmupSeconds()).isEqualTo(2.0);
    assertThat(quick.repeat()).isEqualTo(3);
    assertThat(unum.scale("tiny").repeat()).isEqualTo(1);
    assertThat(unum.scale("tiny").durationSeconds()).isNull();

    long memory = 25_600_000;
    Map<String, String> variables = unum.variables(quick, 1, memory);
    assertThat(unum.phaseProperties(unum.phase("a"), "rocksdb", variables, true))
        .containsEntry("rocksdb.cache_size", Long.toString(memory / 2))
        .containsEntry("rocksdb.write_buffer_size", Long.toString(memory / 4));
    assertThat(unum.phaseProperties(unum.phase("a"), "lmdb", variables, true))
        .containsEntry("lmdb.nordahead", "true");
    assertThat(unum.phaseProperties(unum.phase("a"), "wiredtiger", variables, true))
        .containsEntry("wiredtiger.cache_size", Long.toString(memory / 2));
  }

  @Test
  void theRegimeSetsEachPhasesMemoryLimitToTheJvmsAllowanceAndTheEnginesShare() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    Experiment.Scale quick = unum.scale("quick");
    long data = unum.dataSize(quick);
    long allowance = unum.heapBytes() + unum.jvmOverheadBytes();

    MemoryPlan plan = MemoryPlan.of(unum, quick, null, null);
    assertThat(plan.limitBytes()).isEqualTo(allowance + (long) (0.05 * data));
    assertThat(plan.engineMemoryBytes()).isEqualTo((long) (0.05 * data));
    assertThat(plan.reproduced()).isTrue();

    MemoryPlan noRoot =
        MemoryPlan.of(
            unum,
            quick,
            null,
            "making a memory cgroup needs root (/sys/fs/cgroup/memory is not writable)");
    assertThat(noRoot.limitBytes()).isNull();
    assertThat(noRoot.reproduced()).isFalse();
    assertThat(noRoot.note()).startsWith("making a memory cgroup needs root");

    assertThat(MemoryPlan.of(unum, quick, "none", null).reproduced()).isFalse();
    assertThat(MemoryPlan.of(unum, unum.scale("tiny"), null, null).limitBytes()).isNull();

    MemoryPlan generous = MemoryPlan.of(unum, quick, "4g", null);
    assertThat(generous.limitBytes()).isEqualTo(4L << 30);
    assertThat(generous.engineMemoryBytes()).isEqualTo((4L << 30) - allowance);
    assertThat(generous.reproduced()).as("more memory than the write-up gave").isFalse();
  }

  @Test
  void aMemoryLimitBelowTheJvmsAllowanceOrThatOverflowsIsRefused() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    assertThatThrownBy(() -> MemoryPlan.of(unum, unum.scale("quick"), "300m", null))
        .hasMessage(
            "--memory-limit: '300m' (300.0 MiB) leaves nothing for the engines beside the JVM's allowance of"
                + " 448.0 MiB (heap 256.0 MiB + 192.0 MiB)");
    assertThatThrownBy(() -> MemoryPlan.of(unum, unum.scale("quick"), "16777216t", null))
        .hasMessage(
            "--memory-limit: '16777216t' is not a size; use a number with an optional k, m, g or t suffix, or none");
    assertThatThrownBy(
            () ->
                MemoryPlan.of(
                    unum, unum.scale("quick"), "2g", "no memory cgroup controller is mounted"))
        .hasMessage("--memory-limit: no memory cgroup controller is mounted");
  }

  @Test
  void cacheIsAtLeastOneMebibyte() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    assertThat(unum.variables(unum.scale("tiny"), 1, 0))
        .containsEntry("cache", Long.toString(1L << 20));
  }

  @Test
  void aVariableMayBeDividedOrMultipliedByANumber() throws Exception {
    Map<String, String> variables = Map.of("memory", "1000");
    assertThat(Experiment.substitute("${memory/4}", variables)).isEqualTo("250");
    assertThat(Experiment.substitute("${memory*1.5}m", variables)).isEqualTo("1500m");
    assertThat(Experiment.substitute("${memory}", variables)).isEqualTo("1000");
  }

  @Test
  void hyperdexTakesItsRecordSizeFromTheWorkloadFile() throws Exception {
    Experiment hyperdex = Experiment.load(EXPERIMENTS, "hyperdex");

    assertThat(hyperdex.threads()).isEqualTo(4);
    assertThat(hyperdex.writeUp())
        .isEqualTo("io.github.ycsbembedded.experiments.writeups.HyperDex");
    assertThat(hyperdex.regime().memoryFraction())
        .as("8 GB of RAM for 40 GB of data")
        .isEqualTo(0.2);
    assertThat(hyperdex.published("quick", "load", "leveldb", "insert.p99_ms")).isEqualTo(2.0);
    assertThat(hyperdex.publishedUncertain("quick", "load", "leveldb", "insert.p99_ms")).isTrue();
    assertThat(hyperdex.publishedUncertain("quick", "load", "leveldb", "insert.avg_us")).isFalse();
    assertThat(hyperdex.dataSize(hyperdex.scale("full"))).isEqualTo(10_000_000L * 4000);
    assertThat(hyperdex.published("full", "load", "lmdb", "throughput")).isEqualTo(9449.0);
    assertThat(hyperdex.published("full100", "load", "lmdb", "throughput")).isEqualTo(7298.0);
    assertThat(hyperdex.published("quick", "run", "leveldb", "read.avg_us")).isEqualTo(1228.0);
    assertThat(hyperdex.published("quick", "run", "rocksdb", "throughput")).isNull();
    assertThat(hyperdex.publishedName("leveldb")).isEqualTo("HyperLevelDB");
  }

  @Test
  void everyExperimentFileLoadsAndItsWorkloadsExist() throws Exception {
    for (String name : Experiment.names(EXPERIMENTS)) {
      Experiment experiment = Experiment.load(EXPERIMENTS, name);
      for (Experiment.Phase phase : experiment.phases()) {
        assertThat(EXPERIMENTS.getParent().resolve(phase.workload()))
            .as("%s %s", name, phase.id())
            .isRegularFile();
      }
      for (Experiment.Scale scale : experiment.scales().values()) {
        for (Experiment.Phase phase : experiment.phases()) {
          for (String engine : experiment.engines()) {
            // no unknown variable, whether the regime applies or not
            experiment.phaseProperties(
                phase, engine, experiment.variables(scale, 1, 1L << 20), true);
            experiment.phaseProperties(
                phase, engine, experiment.variables(scale, 1, 1L << 20), false);
          }
        }
      }
    }
    assertThat(Experiment.names(EXPERIMENTS)).contains("hyperdex", "unum");
    for (String name : Experiment.names(EXPERIMENTS)) {
      assertThat(
              io.github.ycsbembedded.experiments.writeups.WriteUp.of(
                  Experiment.load(EXPERIMENTS, name)))
          .as("%s names its write-up class", name)
          .isNotNull();
    }
  }

  @Test
  void unknownExperimentListsTheKnownOnes() {
    assertThatThrownBy(() -> Experiment.load(EXPERIMENTS, "nosuch"))
        .isInstanceOf(ExperimentException.class)
        .hasMessageStartingWith("unknown experiment 'nosuch'; known experiments: ")
        .hasMessageContaining("hyperdex")
        .hasMessageContaining("unum");
  }

  @Test
  void unknownScaleListsTheScales() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    assertThatThrownBy(() -> unum.scale("huge"))
        .hasMessage(
            "experiment unum has no scale 'huge'; its scales: tiny, quick, small, medium, full");
  }

  @Test
  void unknownVariableIsNamed() throws Exception {
    Files.createDirectories(tmp.resolve("experiments"));
    Files.createDirectories(tmp.resolve("workloads"));
    Files.writeString(tmp.resolve("workloads/w"), "fieldcount=1\n");
    Files.writeString(
        tmp.resolve("experiments/x.properties"),
        String.join(
            "\n",
            "engines=lmdb",
            "phases=p",
            "phase.p.workload=workloads/w",
            "phase.p.ycsb.foo=${nope}",
            "scales=s",
            "scale.s.recordcount=10",
            "scale.s.operationcount=10",
            ""));
    Experiment x = Experiment.load(tmp.resolve("experiments"), "x");

    assertThatThrownBy(
            () ->
                x.phaseProperties(
                    x.phases().get(0), "lmdb", x.variables(x.scale("s"), 1, 0), false))
        .hasMessageStartingWith(
            "unknown variable ${nope} in '${nope}'; known: cache, datasize, mapsize, memory");
  }

  @Test
  void badPhaseCommandAndMissingScaleCountsAreRefused() throws Exception {
    Files.createDirectories(tmp.resolve("experiments"));
    Files.writeString(
        tmp.resolve("experiments/bad.properties"),
        "engines=lmdb\nphases=p\nphase.p.workload=w\nphase.p.command=bench\nscales=s\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "bad"))
        .hasMessage("bad: phase.p.command: 'bench'; use load or run");

    Files.writeString(
        tmp.resolve("experiments/bad2.properties"),
        "engines=lmdb\nphases=p\nphase.p.workload=w\nscales=s\nscale.s.recordcount=5\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "bad2"))
        .hasMessage("bad2: scale.s needs recordcount and operationcount");
  }

  @Test
  void unknownWriteUpMalformedAcceptedAnswerBadBoundBadRecordSizeAndBadRegimeAreRefused()
      throws Exception {
    Files.createDirectories(tmp.resolve("experiments"));
    Files.createDirectories(tmp.resolve("workloads"));
    Files.writeString(tmp.resolve("workloads/w"), "fieldcount=1\n");
    String base =
        "engines=lmdb\nphases=p\nphase.p.workload=workloads/w\nscales=s\nscale.s.recordcount=5\n"
            + "scale.s.operationcount=5\n";
    Files.writeString(
        tmp.resolve("experiments/shape.properties"), base + "writeup=no.such.WriteUp\n");
    Experiment shape = Experiment.load(tmp.resolve("experiments"), "shape");
    assertThatThrownBy(() -> io.github.ycsbembedded.experiments.writeups.WriteUp.of(shape))
        .hasMessage(
            "shape: writeup: 'no.such.WriteUp' is not a write-up class (ClassNotFoundException)");

    Files.writeString(
        tmp.resolve("experiments/bound.properties"), base + "phase.p.bound=forever\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "bound"))
        .hasMessage(
            "bound: phase.p.bound: 'forever'; use time (the scale's duration) or count (the phase's operation count)");

    Files.writeString(
        tmp.resolve("experiments/regime.properties"),
        base + "regime=half\nregime.memory_fraction=half\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "regime"))
        .hasMessage(
            "regime: regime.memory_fraction: 'half'; use the engines' memory as a fraction of the data, e.g. 0.05");

    Files.writeString(
        tmp.resolve("experiments/warm.properties"),
        base + "scale.s.duration=10\nscale.s.warmup=10\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "warm"))
        .hasMessage("warm: scale.s.warmup (10 s) leaves nothing of its 10 s duration to measure");

    Files.writeString(
        tmp.resolve("experiments/accept.properties"),
        base + "phase.p.accept=READ:NOT_FOUND,not found\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "accept"))
        .hasMessage(
            "accept: phase.p.accept: 'not found'; use OPERATION:STATUS, e.g. READ:NOT_FOUND");

    Files.writeString(tmp.resolve("experiments/size.properties"), base + "record.bytes=1k\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "size"))
        .hasMessage("size: record.bytes: '1k'; use a whole number of bytes from 1");
  }

  @Test
  void likesAcceptsAbsentPairsOnlyInItsExistenceLookupAndEachScaleLoadsItsLikes() throws Exception {
    Experiment likes = Experiment.load(EXPERIMENTS, "likes");

    assertThat(likes.writeUp()).endsWith(".writeups.Likes");
    assertThat(likes.phase("like").countBound())
        .as("its likes are the data of the lookups")
        .isTrue();
    assertThat(likes.phase("posts-of-user").countBound()).isFalse();
    assertThat(likes.phases())
        .filteredOn(p -> !p.accepted().isEmpty())
        .extracting(Experiment.Phase::id)
        .containsExactly("like-exists");
    assertThat(likes.phases().get(4).accepted()).containsExactly("READ:NOT_FOUND");
    assertThat(likes.dataSize(likes.scale("quick")))
        .as("record.bytes, not YCSB's 10 fields of 100")
        .isEqualTo(150_000L * 80);
    for (Experiment.Scale scale : likes.scales().values()) {
      long users = Long.parseLong(scale.variables().get("users"));
      long posts = Long.parseLong(scale.variables().get("posts"));
      long pairs = 0;
      for (long residue = 0;
          residue < 3;
          residue++) { // users with user mod 3 = r meet posts with post mod 3 = -r
        long u = users / 3 + (residue < users % 3 ? 1 : 0);
        long p = posts / 3 + ((3 - residue) % 3 < posts % 3 ? 1 : 0);
        pairs += u * p;
      }
      assertThat(scale.recordCount()).as("scale %s", scale.name()).isEqualTo(pairs);
    }
  }

  @Test
  void diggScalesLoadUsersPlusDiggsWithinOneDiggPerUserAndItem() throws Exception {
    Experiment digg = Experiment.load(EXPERIMENTS, "digg");

    assertThat(digg.publishedList("setups"))
        .containsExactly("digg-mysql", "disk-surrogate", "disk-clustered", "ssd-concurrent");
    assertThat(digg.published("quick", "query", "ssd-concurrent", "per_s")).isEqualTo(4100.0);
    for (Experiment.Scale scale : digg.scales().values()) {
      Map<String, String> v = scale.variables();
      long users = Long.parseLong(v.get("users"));
      long diggs = Long.parseLong(v.get("diggs"));
      assertThat(scale.recordCount()).as("scale %s", scale.name()).isEqualTo(users + diggs);
      assertThat(diggs).isLessThanOrEqualTo(users * Long.parseLong(v.get("items")));
      assertThat(Long.parseLong(v.get("edges"))).isEqualTo(20 * users);
    }
    Map<String, String> fanout =
        digg.phaseProperties(
            digg.phases().get(7), "lmdb", digg.variables(digg.scale("quick"), 1, 0), false);
    assertThat(fanout)
        .containsEntry("friendfeed.layout", "fanout")
        .containsEntry("friendfeed.digg_proportion", "1")
        .containsEntry("operationcount", "2000")
        .containsEntry("friendfeed.users", "2000");
  }

  @Test
  void commandIsTheBinYcsbLineWithEveryProperty() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    Experiment.Scale tiny = unum.scale("tiny");
    List<String> command =
        PhaseCommand.of(
            unum,
            unum.phases().get(0),
            "leveldb",
            tmp.resolve("data"),
            true,
            unum.variables(tiny, 1, 0),
            false,
            1,
            null,
            tmp.resolve("r.jvm"));

    assertThat(command.subList(0, 5))
        .containsExactly("bin/ycsb", "load", "leveldb", "-P", "workloads/unum-a");
    assertThat(PhaseCommand.line(command))
        .contains("-p leveldb.dir=" + tmp.resolve("data"))
        .contains("-p leveldb.destroy=true")
        .contains("-p leveldb.cache_size=1048576")
        .contains("-p status.interval=1")
        .doesNotContain("maxexecutiontime")
        .endsWith(
            "-threads 1 -s -jvm-args '-Xmx256m -Dycsbembedded.jvm.report="
                + tmp.resolve("r.jvm")
                + "'");
  }

  @Test
  void aTimeBoundRunIsStoppedByYcsbAfterTheDuration() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    List<String> command =
        PhaseCommand.of(
            unum,
            unum.phases().get(2),
            "lmdb",
            tmp.resolve("data"),
            false,
            unum.variables(unum.scale("quick"), 1, 1L << 20),
            true,
            1,
            12,
            tmp.resolve("r.jvm"));
    assertThat(PhaseCommand.line(command))
        .contains("-p operationcount=2147483647")
        .contains("-p maxexecutiontime=12")
        .contains("-p lmdb.nordahead=true")
        .doesNotContain("lmdb.destroy");
  }

  @Test
  void sizesParseAndOverflowsAreRefused() {
    assertThat(Units.parseSize("2g")).isEqualTo(2L << 30);
    assertThat(Units.parseSize("512M")).isEqualTo(512L << 20);
    assertThat(Units.parseSize("lots")).isEqualTo(-1);
    assertThat(Units.parseSize("16777216t")).as("overflows a long").isEqualTo(-1);
  }
}
