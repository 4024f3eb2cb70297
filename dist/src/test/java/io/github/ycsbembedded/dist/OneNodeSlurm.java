package io.github.ycsbembedded.dist;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbembedded.core.testing.YcsbProcess;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Slurm cluster of this one machine, private to a test: Debian's munged, slurmctld and slurmd
 * (packages {@code munge} and {@code slurm-wlm}, which {@code bin/setup --test} installs), started
 * as root on a configuration, ports and munge socket of their own under {@code dir}, so that
 * nothing of the machine's own Slurm, if any, is touched; {@link #close} stops all three. Where it
 * cannot start (not root, packages missing) the test is skipped with one line saying why.
 */
final class OneNodeSlurm implements AutoCloseable {
  private static final List<String> DAEMONS =
      List.of("/usr/sbin/munged", "/usr/sbin/slurmctld", "/usr/sbin/slurmd");

  private final Path dir;
  private final Path conf;

  private OneNodeSlurm(Path dir) {
    this.dir = dir;
    this.conf = dir.resolve("slurm.conf");
  }

  /** Starts the cluster in {@code dir} and waits (a minute at most) for its node to be idle. */
  static OneNodeSlurm start(Path dir) throws Exception {
    String why = null;
    if (!"root".equals(System.getProperty("user.name"))) {
      why = "it starts munged, slurmctld and slurmd, which needs root";
    } else if (DAEMONS.stream().anyMatch(d -> !Files.isExecutable(Path.of(d)))
        || !Files.isReadable(Path.of("/etc/munge/munge.key"))) {
      why =
          "Debian's slurm-wlm and munge are not installed (bin/setup --test installs them; as"
              + " root: apt-get install slurm-wlm munge)";
    }
    if (why != null) {
      System.err.println("SlurmIT skipped: " + why);
    }
    assumeTrue(why == null, "skipped: " + why);
    Files.createDirectories(dir);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    OneNodeSlurm cluster = new OneNodeSlurm(dir);
    cluster.configure();
    cluster.daemon(
        "/usr/sbin/munged",
        "--force",
        "--socket=" + dir.resolve("munge.socket"),
        "--pid-file=" + dir.resolve("munged.pid"),
        "--log-file=" + dir.resolve("munged.log"),
        "--seed-file=" + dir.resolve("munged.seed"));
    cluster.daemon("/usr/sbin/slurmctld", "-f", cluster.conf.toString());
    cluster.daemon("/usr/sbin/slurmd", "-f", cluster.conf.toString());
    cluster.awaitIdle();
    return cluster;
  }

  /** The environment variable that points Slurm's commands at this cluster. */
  String environment() {
    return "SLURM_CONF=" + conf;
  }

  private void configure() throws IOException, InterruptedException {
    String node = YcsbProcess.run(List.of("hostname", "-s"), null).stdout().strip();
    long memoryMiB = 0;
    for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
      if (line.startsWith("MemTotal:")) {
        memoryMiB = Long.parseLong(line.replaceAll("\\D", "")) / 1024;
      }
    }
    Files.createDirectories(dir.resolve("state"));
    Files.createDirectories(dir.resolve("spool"));
    List<String> lines = new ArrayList<>();
    lines.add("ClusterName=ycsbembedded-test");
    lines.add("SlurmctldHost=" + node + "(127.0.0.1)");
    lines.add("SlurmctldPort=" + freePort());
    lines.add("SlurmdPort=" + freePort());
    lines.add("AuthType=auth/munge");
    lines.add("AuthInfo=socket=" + dir.resolve("munge.socket"));
    lines.add("SlurmUser=root");
    lines.add("SlurmdUser=root");
    lines.add("StateSaveLocation=" + dir.resolve("state"));
    lines.add("SlurmdSpoolDir=" + dir.resolve("spool"));
    lines.add("SlurmctldPidFile=" + dir.resolve("slurmctld.pid"));
    lines.add("SlurmdPidFile=" + dir.resolve("slurmd.pid"));
    lines.add("SlurmctldLogFile=" + dir.resolve("slurmctld.log"));
    lines.add("SlurmdLogFile=" + dir.resolve("slurmd.log"));
    lines.add("ProctrackType=proctrack/linuxproc");
    lines.add("TaskPlugin=task/none");
    lines.add("SelectType=select/cons_tres");
    lines.add("SelectTypeParameters=CR_Core");
    lines.add("MpiDefault=none");
    lines.add("JobAcctGatherType=jobacct_gather/none");
    lines.add("AccountingStorageType=accounting_storage/none");
    lines.add("ReturnToService=2");
    lines.add(
        "NodeName="
            + node
            + " NodeAddr=127.0.0.1 CPUs="
            + Runtime.getRuntime().availableProcessors()
            + " RealMemory="
            + memoryMiB * 9 / 10
            + " State=UNKNOWN");
    lines.add("PartitionName=test Nodes=" + node + " Default=YES MaxTime=INFINITE State=UP");
    Files.write(conf, lines);
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private void daemon(String... command) throws Exception {
    List<String> line = new ArrayList<>(List.of("env", environment()));
    line.addAll(List.of(command));
    YcsbProcess started = YcsbProcess.run(line, dir);
    if (started.exitCode() != 0) {
      throw new IllegalStateException(command[0] + " did not start: " + started + "\n" + logs());
    }
  }

  private void awaitIdle() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    String state = "";
    while (System.nanoTime() < deadline) {
      state = slurm("sinfo", "-h", "-o", "%T").stdout().strip();
      if (state.equals("idle")) {
        return;
      }
      TimeUnit.MILLISECONDS.sleep(200);
    }
    throw new IllegalStateException(
        "the node is '" + state + "' after a minute, not idle\n" + logs());
  }

  /** A Slurm command against this cluster. */
  YcsbProcess slurm(String... command) throws Exception {
    List<String> line = new ArrayList<>(List.of("env", environment()));
    line.addAll(List.of(command));
    return YcsbProcess.run(line, dir);
  }

  /**
   * Waits for job {@code id} to end ({@code minutes} at most) and returns its state: COMPLETED,
   * FAILED, CANCELLED, ...
   */
  String awaitEnd(String id, long minutes) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(minutes);
    String state = "";
    while (System.nanoTime() < deadline) {
      String shown = slurm("scontrol", "show", "job", id).stdout();
      state = shown.replaceAll("(?s).*JobState=(\\S+).*", "$1");
      if (!state.equals("PENDING")
          && !state.equals("RUNNING")
          && !state.equals("CONFIGURING")
          && !state.equals("COMPLETING")
          && shown.contains("JobState=")) {
        return state;
      }
      TimeUnit.SECONDS.sleep(1);
    }
    throw new IllegalStateException(
        "job " + id + " still " + state + " after " + minutes + " minutes\n" + logs());
  }

  /** The daemons' logs' last lines, for a failure's message. */
  String logs() throws IOException {
    StringBuilder s = new StringBuilder();
    for (String log : List.of("munged.log", "slurmctld.log", "slurmd.log")) {
      Path file = dir.resolve(log);
      if (Files.exists(file)) {
        List<String> lines = Files.readAllLines(file);
        s.append("--- ").append(log).append('\n');
        lines
            .subList(Math.max(0, lines.size() - 15), lines.size())
            .forEach(l -> s.append(l).append('\n'));
      }
    }
    return s.toString();
  }

  @Override
  public void close() throws IOException {
    for (String pid : List.of("slurmd.pid", "slurmctld.pid", "munged.pid")) {
      Path file = dir.resolve(pid);
      if (Files.exists(file)) {
        long id = Long.parseLong(Files.readString(file).strip());
        ProcessHandle.of(id).ifPresent(ProcessHandle::destroy);
        ProcessHandle.of(id).ifPresent(h -> h.onExit().orTimeout(30, TimeUnit.SECONDS).join());
      }
    }
  }
}
