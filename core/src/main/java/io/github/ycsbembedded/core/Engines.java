package io.github.ycsbembedded.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;

/**
 * The engines bound in this process: every {@link EngineDescriptor} a binding module on the
 * classpath publishes, by name. Nothing else lists the engines.
 */
public final class Engines {
  /**
   * The properties every binding takes, as suffixes of {@code <name>.}: its directory, whether to
   * wipe it at start, whether to flush at the last cleanup.
   */
  public static final Set<String> COMMON_PROPERTIES = Set.of("dir", "destroy", "flush_on_close");

  private static volatile List<EngineDescriptor> all;

  private Engines() {}

  /** Every engine whose binding is on the classpath, by name. */
  public static List<EngineDescriptor> all() {
    List<EngineDescriptor> loaded = all;
    if (loaded == null) {
      List<EngineDescriptor> found = new ArrayList<>();
      ServiceLoader.load(EngineDescriptor.class, Engines.class.getClassLoader())
          .forEach(found::add);
      found.sort(Comparator.comparing(EngineDescriptor::name));
      loaded = List.copyOf(found);
      all = loaded;
    }
    return loaded;
  }

  /** The engine of a binding name, if its binding is on the classpath. */
  public static Optional<EngineDescriptor> named(String name) {
    return all().stream().filter(e -> e.name().equals(name)).findFirst();
  }

  /** Every property {@code engine} takes, with its prefix: the common ones and its own. */
  public static Set<String> properties(EngineDescriptor engine) {
    Set<String> names = new TreeSet<>(engine.properties());
    COMMON_PROPERTIES.forEach(p -> names.add(engine.name() + "." + p));
    return names;
  }

  /**
   * The engine whose own file names are among {@code names}, if any, the engines tried in their
   * {@link EngineDescriptor#recognitionOrder}.
   */
  public static Optional<EngineDescriptor> recognize(List<String> names) {
    return all().stream()
        .sorted(Comparator.comparingInt(EngineDescriptor::recognitionOrder))
        .filter(e -> names.stream().anyMatch(e::ownsFile))
        .findFirst();
  }
}
