package io.github.ycsbembedded.core;

import java.lang.reflect.Field;
import java.util.Optional;
import site.ycsb.DB;
import site.ycsb.DBWrapper;

/**
 * Lets a workload reach the binding behind YCSB's {@link DBWrapper}, whose {@code db} field is
 * private in 0.17.0. YCSB calls {@code db.init()} and then {@code workload.initThread()} on the
 * same client thread, so a binding registers itself here in {@code init()} and a workload finds it
 * on that thread. Reflection on the wrapper is only the fallback.
 */
public final class Extensions {
  private static final ThreadLocal<DB> CURRENT = new ThreadLocal<>();
  private static final Field WRAPPED = wrappedField();

  private Extensions() {}

  /** Called by a binding's {@code init()}. */
  public static void register(DB binding) {
    CURRENT.set(binding);
  }

  /** Called by a binding's {@code cleanup()}. */
  public static void unregister(DB binding) {
    if (CURRENT.get() == binding) {
      CURRENT.remove();
    }
  }

  /**
   * The binding behind {@code db} as an {@code extension}, if it implements it: {@code db} itself,
   * the binding registered on this thread when {@code db} is a wrapper, or the wrapper's field.
   */
  public static <T> Optional<T> find(DB db, Class<T> extension) {
    if (extension.isInstance(db)) {
      return Optional.of(extension.cast(db));
    }
    if (!(db instanceof DBWrapper wrapper)) {
      return Optional.empty();
    }
    DB registered = CURRENT.get();
    if (registered != null) {
      return extension.isInstance(registered)
          ? Optional.of(extension.cast(registered))
          : Optional.empty();
    }
    return unwrap(wrapper).filter(extension::isInstance).map(extension::cast);
  }

  private static Optional<DB> unwrap(DBWrapper wrapper) {
    if (WRAPPED == null) {
      return Optional.empty();
    }
    try {
      return Optional.ofNullable((DB) WRAPPED.get(wrapper));
    } catch (IllegalAccessException e) {
      return Optional.empty();
    }
  }

  private static Field wrappedField() {
    try {
      Field field = DBWrapper.class.getDeclaredField("db");
      field.setAccessible(true);
      return field;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
