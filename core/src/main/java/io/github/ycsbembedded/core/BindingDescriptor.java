package io.github.ycsbembedded.core;

import java.util.List;
import java.util.Set;

/**
 * An {@link EngineDescriptor} whose identity is given once, when it is made: the binding's name,
 * the engine's display name, the client class, the binding's own properties, the files a database
 * cannot lose and the engine's recognition order. A binding's descriptor extends it (with a public
 * no-argument constructor, for {@link java.util.ServiceLoader}) and writes only how its engine's
 * files are told apart, and whatever else differs from {@link EngineDescriptor}'s defaults.
 */
public abstract class BindingDescriptor implements EngineDescriptor {
  private final String name;
  private final String displayName;
  private final String clientClass;
  private final Set<String> properties;
  private final List<String> essentialFiles;
  private final int recognitionOrder;

  /** The descriptor's answers to the methods of the same names. */
  protected BindingDescriptor(
      String name,
      String displayName,
      String clientClass,
      Set<String> properties,
      List<String> essentialFiles,
      int recognitionOrder) {
    this.name = name;
    this.displayName = displayName;
    this.clientClass = clientClass;
    this.properties = Set.copyOf(properties);
    this.essentialFiles = List.copyOf(essentialFiles);
    this.recognitionOrder = recognitionOrder;
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
}
