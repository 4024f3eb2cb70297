package io.github.ycsbembedded.wiredtiger;

import io.github.ycsbembedded.core.EngineDescriptor;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The wiredtiger binding as it registers itself ({@link java.util.ServiceLoader}): WiredTiger: its
 * WiredTiger* files and .wt tables. Loads nothing of the engine.
 */
public final class WiredTigerDescriptor implements EngineDescriptor {
  /** The binding's properties besides those every binding takes. */
  static final Set<String> PROPERTIES =
      Set.of(
          "wiredtiger.cache_size",
          "wiredtiger.compression",
          "wiredtiger.sync",
          "wiredtiger.log",
          "wiredtiger.batch_parallelism",
          "wiredtiger.config",
          "wiredtiger.table_config",
          "wiredtiger.retry_timeout_ms",
          "wiredtiger.blind_update");

  @Override
  public String name() {
    return "wiredtiger";
  }

  @Override
  public String displayName() {
    return "WiredTiger";
  }

  @Override
  public String clientClass() {
    return "io.github.ycsbembedded.wiredtiger.WiredTigerClient";
  }

  @Override
  public Set<String> properties() {
    return PROPERTIES;
  }

  @Override
  public List<String> essentialFiles() {
    return List.of("WiredTiger.turtle", "WiredTiger.wt");
  }

  @Override
  public boolean ownsFile(String name) {
    return name.startsWith("WiredTiger") || name.endsWith(".wt");
  }

  @Override
  public boolean isLog(String name) {
    return name.matches("WiredTiger(Log|Preplog|TmpLog)\\.[0-9]+");
  }

  @Override
  public int recognitionOrder() {
    return 1;
  }

  /** Matplotlib's purple, as the reports always drew it. */
  @Override
  public OptionalInt chartColour() {
    return OptionalInt.of(0x9467bd);
  }
}
