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
class ExperimentTest {
  static final Path EXPERIMENTS = Paths.get(System.getProperty("ycsbembedded.root")).resolve("experiments");

  @TempDir Path tmp;

  @Test
  void unumHasItsFivePhasesOnFourEnginesWithCachesAtFivePercent() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");

    assertThat(unum.engines()).containsExactly("lmdb", "rocksdb", "leveldb", "wiredtiger");
    assertThat(unum.phases()).extracting(Experiment.Phase::id).containsExactly("init", "a", "c", "d", "z");
    assertThat(unum.phases().get(0).command()).isEqualTo("load");
    assertThat(unum.phases().get(4).keysAreSpeed()).isTrue();
    assertThat(unum.scales()).containsKeys("tiny", "quick", "small", "full");

    Experiment.Scale quick = unum.scale("quick");
    assertThat(unum.dataSize(quick)).isEqualTo(100_000L * 1024);
    Map<String, String> variables = unum.variables(quick, 1);
    Map<String, String> rocks = unum.phaseProperties(unum.phases().get(4), "rocksdb", variables);
    assertThat(rocks).containsEntry("rocksdb.cache_size", Long.toString(100_000L * 1024 / 20))
        .containsEntry("rocksdb.compression", "none")
        .containsEntry("operationcount", "2000")
        .containsEntry("recordcount", "100000")
        .containsEntry("fieldlength", "1024");
    assertThat(unum.phaseProperties(unum.phases().get(0), "lmdb", variables))
        .containsEntry("lmdb.mapsize", Long.toString(2 * 100_000L * 1024 + (64L << 20)))
        .doesNotContainKey("rocksdb.cache_size");
  }

  @Test
  void cacheIsAtLeastOneMebibyte() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    assertThat(unum.variables(unum.scale("tiny"), 1)).containsEntry("cache", Long.toString(1L << 20));
  }

  @Test
  void hyperdexTakesItsRecordSizeFromTheWorkloadFile() throws Exception {
    Experiment hyperdex = Experiment.load(EXPERIMENTS, "hyperdex");

    assertThat(hyperdex.threads()).isEqualTo(4);
    assertThat(hyperdex.reportShape()).isEqualTo("hyperdex");
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
        assertThat(EXPERIMENTS.getParent().resolve(phase.workload())).as("%s %s", name, phase.id()).isRegularFile();
      }
      for (Experiment.Scale scale : experiment.scales().values()) {
        for (Experiment.Phase phase : experiment.phases()) {
          for (String engine : experiment.engines()) {
            experiment.phaseProperties(phase, engine, experiment.variables(scale, 1)); // no unknown variable
          }
        }
      }
    }
    assertThat(Experiment.names(EXPERIMENTS)).contains("hyperdex", "unum");
  }

  @Test
  void unknownExperimentListsTheKnownOnes() {
    assertThatThrownBy(() -> Experiment.load(EXPERIMENTS, "nosuch"))
        .isInstanceOf(ExperimentException.class)
        .hasMessageStartingWith("unknown experiment 'nosuch'; known experiments: ")
        .hasMessageContaining("hyperdex").hasMessageContaining("unum");
  }

  @Test
  void unknownScaleListsTheScales() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    assertThatThrownBy(() -> unum.scale("huge"))
        .hasMessage("experiment unum has no scale 'huge'; its scales: tiny, quick, small, medium, full");
  }

  @Test
  void unknownVariableIsNamed() throws Exception {
    Files.createDirectories(tmp.resolve("experiments"));
    Files.createDirectories(tmp.resolve("workloads"));
    Files.writeString(tmp.resolve("workloads/w"), "fieldcount=1\n");
    Files.writeString(tmp.resolve("experiments/x.properties"), String.join("\n",
        "engines=lmdb", "phases=p", "phase.p.workload=workloads/w", "phase.p.ycsb.foo=${nope}",
        "scales=s", "scale.s.recordcount=10", "scale.s.operationcount=10", ""));
    Experiment x = Experiment.load(tmp.resolve("experiments"), "x");

    assertThatThrownBy(() -> x.phaseProperties(x.phases().get(0), "lmdb", x.variables(x.scale("s"), 1)))
        .hasMessageStartingWith("unknown variable ${nope} in '${nope}'; known: cache, datasize, mapsize");
  }

  @Test
  void badPhaseCommandAndMissingScaleCountsAreRefused() throws Exception {
    Files.createDirectories(tmp.resolve("experiments"));
    Files.writeString(tmp.resolve("experiments/bad.properties"),
        "engines=lmdb\nphases=p\nphase.p.workload=w\nphase.p.command=bench\nscales=s\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "bad"))
        .hasMessage("bad: phase.p.command: 'bench'; use load or run");

    Files.writeString(tmp.resolve("experiments/bad2.properties"),
        "engines=lmdb\nphases=p\nphase.p.workload=w\nscales=s\nscale.s.recordcount=5\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "bad2"))
        .hasMessage("bad2: scale.s needs recordcount and operationcount");
  }

  @Test
  void unknownReportShapeMalformedAcceptedAnswerAndBadRecordSizeAreRefused() throws Exception {
    Files.createDirectories(tmp.resolve("experiments"));
    String base = "engines=lmdb\nphases=p\nphase.p.workload=w\nscales=s\nscale.s.recordcount=5\nscale.s.operationcount=5\n";
    Files.writeString(tmp.resolve("experiments/shape.properties"), base + "report=pie\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "shape"))
        .hasMessage("shape: report: 'pie'; use one of unum, hyperdex, harperdb, likes, digg");

    Files.writeString(tmp.resolve("experiments/accept.properties"), base + "phase.p.accept=READ:NOT_FOUND,not found\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "accept"))
        .hasMessage("accept: phase.p.accept: 'not found'; use OPERATION:STATUS, e.g. READ:NOT_FOUND");

    Files.writeString(tmp.resolve("experiments/likes2.properties"), base + "report=likes\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "likes2"))
        .hasMessage("likes2: report likes reads the phases load, like, posts-of-user, users-of-post, like-exists; "
            + "missing: load, like, posts-of-user, users-of-post, like-exists");

    Files.writeString(tmp.resolve("experiments/size.properties"), base + "record.bytes=1k\n");
    assertThatThrownBy(() -> Experiment.load(tmp.resolve("experiments"), "size"))
        .hasMessage("size: record.bytes: '1k'; use a whole number of bytes from 1");
  }

  @Test
  void likesAcceptsAbsentPairsOnlyInItsExistenceLookupAndEachScaleLoadsItsLikes() throws Exception {
    Experiment likes = Experiment.load(EXPERIMENTS, "likes");

    assertThat(likes.reportShape()).isEqualTo("likes");
    assertThat(likes.phases()).filteredOn(p -> !p.accepted().isEmpty()).extracting(Experiment.Phase::id)
        .containsExactly("like-exists");
    assertThat(likes.phases().get(4).accepted()).containsExactly("READ:NOT_FOUND");
    assertThat(likes.dataSize(likes.scale("quick"))).as("record.bytes, not YCSB's 10 fields of 100")
        .isEqualTo(150_000L * 80);
    for (Experiment.Scale scale : likes.scales().values()) {
      long users = Long.parseLong(scale.variables().get("users"));
      long posts = Long.parseLong(scale.variables().get("posts"));
      long pairs = 0;
      for (long residue = 0; residue < 3; residue++) { // users with user mod 3 = r meet posts with post mod 3 = -r
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

    assertThat(digg.publishedList("setups")).containsExactly("digg-mysql", "disk-surrogate", "disk-clustered",
        "ssd-concurrent");
    assertThat(digg.published("quick", "query", "ssd-concurrent", "per_s")).isEqualTo(4100.0);
    for (Experiment.Scale scale : digg.scales().values()) {
      Map<String, String> v = scale.variables();
      long users = Long.parseLong(v.get("users"));
      long diggs = Long.parseLong(v.get("diggs"));
      assertThat(scale.recordCount()).as("scale %s", scale.name()).isEqualTo(users + diggs);
      assertThat(diggs).isLessThanOrEqualTo(users * Long.parseLong(v.get("items")));
      assertThat(Long.parseLong(v.get("edges"))).isEqualTo(20 * users);
    }
    Map<String, String> fanout = digg.phaseProperties(digg.phases().get(7), "lmdb", digg.variables(digg.scale("quick"), 1));
    assertThat(fanout).containsEntry("friendfeed.layout", "fanout").containsEntry("friendfeed.digg_proportion", "1")
        .containsEntry("operationcount", "2000").containsEntry("friendfeed.users", "2000");
  }

  @Test
  void commandIsTheBinYcsbLineWithEveryProperty() throws Exception {
    Experiment unum = Experiment.load(EXPERIMENTS, "unum");
    Experiment.Scale tiny = unum.scale("tiny");
    List<String> command = PhaseRunner.command(unum, unum.phases().get(0), "leveldb", tmp.resolve("data"), true,
        unum.variables(tiny, 1), 1);

    assertThat(command.subList(0, 5)).containsExactly("bin/ycsb", "load", "leveldb", "-P", "workloads/unum-a");
    assertThat(String.join(" ", command))
        .contains("-p leveldb.dir=" + tmp.resolve("data"))
        .contains("-p leveldb.destroy=true")
        .contains("-p leveldb.cache_size=1048576")
        .contains("-p status.interval=1")
        .endsWith("-threads 1 -s");
  }

  @Test
  void memoryLimitSizesParse() throws Exception {
    assertThat(ExperimentRunner.parseSize("--memory-limit", "2g")).isEqualTo(2L << 30);
    assertThat(ExperimentRunner.parseSize("--memory-limit", "512M")).isEqualTo(512L << 20);
    assertThatThrownBy(() -> ExperimentRunner.parseSize("--memory-limit", "lots"))
        .hasMessage("--memory-limit: 'lots' is not a size; use a number with an optional k, m, g or t suffix");
  }
}
