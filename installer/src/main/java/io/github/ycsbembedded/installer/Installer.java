package io.github.ycsbembedded.installer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Adds a distribution's bindings to a YCSB install (see {@link InstallInto}): every binding folder
 * and registry line, our jars in {@code lib/}, our workload files the install lacks, our launchers,
 * and {@code bin/setenv.sh} for stock {@code ycsb.sh}; each change in the {@link Journal}.
 */
final class Installer {
  /** The marker of a binding folder install-into made (its content: the engine's name). */
  static final String MARKER = ".ycsb-embedded";

  /** The first line of the block added to {@code bin/setenv.sh}. */
  static final String SETENV_MARK = "# ycsb-embedded (bin/install-into --undo removes this)";

  private static final String SETENV_BLOCK =
      SETENV_MARK
          + ": a binding's native libraries\n"
          + "_ycsbe_folder=\"$(echo \"${2:-}\" | cut -d- -f1)\"\n"
          + "if [ -n \"$_ycsbe_folder\" ] && [ -d \"$YCSB_HOME/$_ycsbe_folder-binding/native\" ]; then\n"
          + "  JAVA_OPTS=\"${JAVA_OPTS:-} -Djava.library.path=$YCSB_HOME/$_ycsbe_folder-binding/native\"\n"
          + "fi\n";

  /** Our jars that go into the install's {@code lib/}, by the start of their names. */
  private static final List<String> LIB_JARS =
      List.of(
          "ycsb-embedded-core-",
          "ycsb-embedded-workloads-",
          // Jackson 2, which our core writes engine statistics with (stock's Jackson 1 jars differ)
          "jackson-databind-2",
          "jackson-core-2",
          "jackson-annotations-2");

  private final Path distribution;
  private final YcsbInstall install;
  private final PrintStream out;

  /** One binding of the distribution: its engine, the name it gets, its class. */
  record Binding(String engine, String name, String className, String taken) {}

  Installer(Path distribution, YcsbInstall install, PrintStream out) {
    this.distribution = distribution;
    this.install = install;
    this.out = out;
  }

  void run() throws IOException, Refusal {
    Path home = install.home();
    Registry registry = Registry.read(home.resolve("bin/bindings.properties"));
    List<Binding> plan = new ArrayList<>();
    List<String> absent = new ArrayList<>();
    plan(registry, plan, absent);

    Journal journal = Journal.open(home);
    for (Binding binding : plan) {
      addBinding(journal, registry, binding);
    }
    addLibraries(journal);
    addWorkloads(journal);
    for (String launcher : new String[] {"ycsb", "setup", "common.sh"}) {
      journal.put(distribution.resolve("bin").resolve(launcher), "bin/" + launcher);
    }
    for (String launcher : new String[] {"ycsb", "setup"}) {
      home.resolve("bin").resolve(launcher).toFile().setExecutable(true, false);
    }
    addSetenv(journal);
    summarize(journal, plan, absent);
  }

  /** Each binding's name and folder, decided and checked before anything is written. */
  private void plan(Registry registry, List<Binding> plan, List<String> absent)
      throws IOException, Refusal {
    Path home = install.home();
    Registry ours = Registry.read(distribution.resolve("bin/bindings.properties"));
    for (var entry : ours.entries().entrySet()) {
      String engine = entry.getKey();
      String className = entry.getValue();
      if (engine.equals("basic")) {
        continue;
      }
      if (!hasJars(distribution.resolve(engine + "-binding/lib"))) {
        absent.add(engine);
        continue;
      }
      String taken = registry.classOf(engine);
      String name = engine;
      if ((taken != null && !taken.equals(className)) || foreignFolder(home, engine)) {
        name = engine + "_embedded";
      }
      if (foreignFolder(home, name)) {
        throw new Refusal(
            home.resolve(name + "-binding")
                + " exists and is not ycsb-embedded's; move it away and run this again");
      }
      plan.add(new Binding(engine, name, className, taken));
    }
  }

  private static boolean foreignFolder(Path home, String name) {
    Path folder = home.resolve(name + "-binding");
    return Files.exists(folder) && !Files.isRegularFile(folder.resolve(MARKER));
  }

  private static boolean hasJars(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return false;
    }
    try (Stream<Path> files = Files.list(folder)) {
      return files.anyMatch(f -> f.getFileName().toString().endsWith(".jar"));
    }
  }

  private void addBinding(Journal journal, Registry registry, Binding binding) throws IOException {
    Path home = install.home();
    Path source = distribution.resolve(binding.engine() + "-binding");
    String folder = binding.name() + "-binding";
    if (!Files.isDirectory(home.resolve(folder))) {
      Files.createDirectories(home.resolve(folder));
      journal.recordCreated(folder);
    }
    if (!Files.isRegularFile(home.resolve(folder).resolve(MARKER))) {
      Files.writeString(home.resolve(folder).resolve(MARKER), binding.engine() + "\n");
    }
    try (Stream<Path> files = Files.walk(source)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        Path relative = source.relativize(file);
        String name = file.getFileName().toString();
        // bin/setup provides WiredTiger's own jar and native libraries in each install
        if (relative.startsWith("native") || name.matches("wiredtiger-[0-9].*\\.jar")) {
          continue;
        }
        journal.put(file, folder + "/" + relative.toString().replace('\\', '/'));
      }
    }
    // the name is free (planned so) or already ours
    if (registry.classOf(binding.name()) == null) {
      journal.keepOriginal("bin/bindings.properties");
      registry.add(binding.name(), binding.className());
      journal.changed("bin/bindings.properties: + " + binding.name() + ":" + binding.className());
    }
  }

  /** Our jars into lib/; HdrHistogram 2.1.12 in place of any other version. */
  private void addLibraries(Journal journal) throws IOException {
    Path lib = distribution.resolve("lib");
    Path hdr = null;
    try (Stream<Path> jars = Files.list(lib)) {
      for (Path jar : jars.sorted().toList()) {
        String name = jar.getFileName().toString();
        if (LIB_JARS.stream().anyMatch(name::startsWith)) {
          journal.put(jar, "lib/" + name);
        } else if (name.startsWith("HdrHistogram-")) {
          hdr = jar;
        }
      }
    }
    if (hdr == null) {
      return;
    }
    String ours = hdr.getFileName().toString();
    try (Stream<Path> jars = Files.list(install.home().resolve("lib"))) {
      for (Path old : jars.sorted().toList()) {
        String name = old.getFileName().toString();
        if (name.startsWith("HdrHistogram-") && !name.equals(ours)) {
          // 2.1.4's log writer crashes -p hdrhistogram.fileoutput=true on Java 11+
          journal.remove("lib/" + name, "replaced by " + ours);
        }
      }
    }
    journal.put(hdr, "lib/" + ours);
  }

  /** Our workload files the install does not have; none of its own is overwritten. */
  private void addWorkloads(Journal journal) throws IOException {
    try (Stream<Path> files = Files.list(distribution.resolve("workloads"))) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        String path = "workloads/" + file.getFileName();
        if (Files.exists(install.home().resolve(path)) && !journal.created(path)) {
          continue;
        }
        journal.put(file, path);
      }
    }
  }

  /** bin/setenv.sh, which stock ycsb.sh sources with the command line as its arguments. */
  private void addSetenv(Journal journal) throws IOException {
    Path setenv = install.home().resolve("bin/setenv.sh");
    if (!Files.exists(setenv)) {
      Files.writeString(setenv, SETENV_BLOCK, StandardCharsets.UTF_8);
      journal.recordCreated("bin/setenv.sh");
    } else if (!Files.readString(setenv, StandardCharsets.UTF_8).contains(SETENV_MARK)) {
      journal.keepOriginal("bin/setenv.sh");
      Files.writeString(
          setenv,
          Files.readString(setenv, StandardCharsets.UTF_8) + "\n" + SETENV_BLOCK,
          StandardCharsets.UTF_8);
      journal.changed(
          "bin/setenv.sh: + native libraries of a binding's native/ on java.library.path");
    }
  }

  private void summarize(Journal journal, List<Binding> plan, List<String> absent)
      throws IOException {
    Path home = install.home();
    if (journal.changes().isEmpty()) {
      out.println("install-into: " + home + " already has everything; nothing changed");
    } else {
      out.println(
          "install-into: changed in "
              + home
              + " (YCSB "
              + install.version()
              + "; + added, ~ changed, - removed; the originals are kept in "
              + Journal.FOLDER
              + "/):");
      journal.changes().forEach(line -> out.println("  " + line));
    }
    out.println("bindings (through bin/ycsb.sh and bin/ycsb alike):");
    for (Binding binding : plan) {
      String where = binding.name() + "-binding/";
      if (!binding.name().equals(binding.engine())) {
        where += " ('" + binding.engine() + "' stays " + binding.taken() + ")";
      }
      out.println(
          String.format(
              Locale.ROOT, "  %-18s %s from %s", binding.name(), binding.className(), where));
    }
    for (String engine : absent) {
      out.println(
          String.format(
              Locale.ROOT,
              "  %-18s %s",
              engine,
              "not in this distribution (it was built without it); not registered"));
    }
    try (Stream<Path> folders = Files.list(home)) {
      if (folders.anyMatch(f -> Files.exists(f.resolve("requires-setup")))) {
        out.println(
            "WiredTiger needs Debian's packages once: cd "
                + home
                + " && bin/setup (bin/ycsb runs it by itself)");
      }
    }
    out.println("undo: bin/install-into --undo " + home);
  }
}
