package io.github.ycsbembedded.wiredtiger;

import io.github.ycsbembedded.core.BindingDescriptor;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The wiredtiger binding as it registers itself ({@link java.util.ServiceLoader}): WiredTiger: its
 * WiredTiger* files and .wt tables. Loads nothing of the engine.
 */
public final class WiredTigerDescriptor extends BindingDescriptor {
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

  public WiredTigerDescriptor() {
    super(
        "wiredtiger",
        "WiredTiger",
        "io.github.ycsbembedded.wiredtiger.WiredTigerClient",
        PROPERTIES,
        List.of("WiredTiger.turtle", "WiredTiger.wt"),
        1,
        name -> name.startsWith("WiredTiger") || name.endsWith(".wt"),
        name -> name.matches("WiredTiger(Log|Preplog|TmpLog)\\.[0-9]+"));
  }

  /** Matplotlib's purple, as the reports always drew it. */
  @Override
  public OptionalInt chartColour() {
    return OptionalInt.of(0x9467bd);
  }
}
