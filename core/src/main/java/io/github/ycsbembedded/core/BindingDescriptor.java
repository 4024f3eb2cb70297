package io.github.ycsbembedded.core;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * An {@link EngineDescriptor} given once, when it is made: the binding's name, the engine's display
 * name, the client class, the binding's own properties, the files a database cannot lose, the
 * engine's recognition order, and the tests of a file name that say whether the engine writes it
 * and whether it is the engine's log. A binding's descriptor extends it (with a public no-argument
 * constructor, for {@link java.util.ServiceLoader}) and writes only what differs from {@link
 * EngineDescriptor}'s defaults.
 */
public abstract class BindingDescriptor implements EngineDescriptor {
  private final String name;
  private final String displayName;
  private final String clientClass;
  private final Set<String> properties;
  private final List<String> essentialFiles;
  private final int recognitionOrder;
  private final Predicate<String> ownsFile;
  private final Predicate<String> isLog;

  /** The descriptor's answers to the methods of the same names. */
  protected BindingDescriptor(
      String name,
      String displayName,
      String clientClass,
      Set<String> properties,
      List<String> essentialFiles,
      int recognitionOrder,
      Predicate<String> ownsFile,
      Predicate<String> isLog) {
    this.name = name;
    this.displayName = displayName;
    this.clientClass = clientClass;
    this.properties = Set.copyOf(properties);
    this.essentialFiles = List.copyOf(essentialFiles);
    this.recognitionOrder = recognitionOrder;
    this.ownsFile = ownsFile;
    this.isLog = isLog;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String displayName() {
    return displayName;
  }

  @Override
  public final String clientClass() {
    return clientClass;
  }

  @Override
  public final Set<String> properties() {
    return properties;
  }

  @Override
  public final List<String> essentialFiles() {
    return essentialFiles;
  }

  @Override
  public final int recognitionOrder() {
    return recognitionOrder;
  }

  @Override
  public final boolean ownsFile(String fileName) {
    return ownsFile.test(fileName);
  }

  @Override
  public final boolean isLog(String fileName) {
    return isLog.test(fileName);
  }
}
