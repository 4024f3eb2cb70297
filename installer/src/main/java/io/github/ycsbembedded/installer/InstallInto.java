package io.github.ycsbembedded.installer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/install-into}: adds the bindings of an unpacked ycsb-embedded distribution to an
 * existing YCSB install, or with {@code --undo} puts that install back as it was. Names: each
 * binding is registered under its engine's name unless the install already uses that name or its
 * folder; then under {@code <engine>_embedded} (in YCSB 0.17.0 and master only RocksDB: {@code
 * rocksdb} stays YCSB's own RocksDBClient). A name runs from {@code <name>-binding/} through stock
 * {@code bin/ycsb.sh} and our {@code bin/ycsb} alike, so no binding's classpath holds two versions
 * of one library. A second run changes nothing.
 */
@Command(
    name = "install-into",
    mixinStandardHelpOptions = true,
    versionProvider = InstallInto.Version.class,
    description = {
      "Adds ycsb-embedded's bindings to a YCSB install ("
          + YcsbInstall.SUPPORTED
          + "), or puts"
          + " that install back as it was before (--undo).",
      "",
      "Our bindings get their engine's name (lmdb, leveldb, wiredtiger) unless the install already"
          + " has that name; then <engine>_embedded: 'rocksdb' stays YCSB's own RocksDBClient and"
          + " 'rocksdb_embedded' runs ours. Both bin/ycsb.sh and bin/ycsb run every name. Every"
          + " change is recorded in <ycsb-home>/.ycsb-embedded/ for --undo; a second run changes"
          + " nothing.",
      ""
    })
public final class InstallInto implements Callable<Integer> {
  /** The system property the launcher names the distribution's folder with. */
  static final String HOME = "ycsbembedded.home";

  @Parameters(paramLabel = "<ycsb-home>", description = "the YCSB install")
  Path target;

  @Option(names = "--undo", description = "put the install back as it was before")
  boolean undo;

  public static void main(String[] args) {
    CommandLine command = new CommandLine(new InstallInto());
    command.setParameterExceptionHandler(
        (e, a) -> {
          System.err.println("install-into: " + e.getMessage() + " (see --help)");
          return 2;
        });
    System.exit(command.execute(args));
  }

  @Override
  public Integer call() throws Exception {
    try {
      if (undo) {
        if (!Files.isDirectory(target)) {
          throw new Refusal(target + ": no such directory");
        }
        Undo.run(target.toRealPath(), System.out);
        return 0;
      }
      Path distribution = distribution();
      YcsbInstall install = YcsbInstall.check(target);
      if (install.home().equals(distribution)) {
        throw new Refusal(
            install.home() + " is this distribution itself; name the YCSB install to add to");
      }
      new Installer(distribution, install, System.out).run();
      return 0;
    } catch (Refusal e) {
      System.err.println("install-into: " + e.getMessage());
      return 2;
    }
  }

  /** The unpacked distribution this runs from. */
  private static Path distribution() throws Refusal, java.io.IOException {
    String home = System.getProperty(HOME);
    Path folder = home == null ? null : Path.of(home);
    if (folder == null || !Files.isDirectory(folder.resolve("lib"))) {
      throw new Refusal(
          "run this from an unpacked ycsb-embedded distribution (no lib/ in "
              + folder
              + "); build one with mvn package (dist/target/ycsb-embedded-*-bin.tar.gz)");
    }
    return folder.toRealPath();
  }

  /** The version of this jar, from its manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = InstallInto.class.getPackage().getImplementationVersion();
      return new String[] {"install-into " + (version == null ? "(development build)" : version)};
    }
  }
}
