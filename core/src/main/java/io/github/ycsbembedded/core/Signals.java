package io.github.ycsbembedded.core;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * SIGTERM and SIGINT (Ctrl-C) handled in Java, for a clean stop: the launchers' YCSB runs ({@link
 * Stop}) and the experiment runner. Signals are handled through the JDK's {@code sun.misc.Signal}
 * (module {@code jdk.unsupported}, there for this use), reached by reflection because javac warns
 * of every direct use of it and the build fails on warnings. A signal the process started with
 * ignored (a background job of a script, {@code nohup}) stays ignored: the JVM refuses a handler
 * for it.
 */
public final class Signals {
  private static final String[] SIGNALS = {"TERM", "INT"};

  private Signals() {}

  /** What a handled signal calls: its name ({@code TERM}) and number. */
  @FunctionalInterface
  public interface Handler {
    void signalled(String name, int number);
  }

  /**
   * Hands SIGTERM and SIGINT to {@code handler} from now on (on the JVM's signal thread); without
   * {@code sun.misc.Signal}, or for a signal the process ignores, leaves it be.
   */
  public static void handle(Handler handler) {
    Class<?> signal;
    Object proxy;
    Method handle;
    try {
      signal = Class.forName("sun.misc.Signal");
      Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
      Method name = signal.getMethod("getName");
      Method numberOf = signal.getMethod("getNumber");
      InvocationHandler onSignal =
          (self, method, args) -> {
            if (method.getName().equals("handle")) {
              handler.signalled((String) name.invoke(args[0]), (Integer) numberOf.invoke(args[0]));
            }
            return null;
          };
      proxy =
          Proxy.newProxyInstance(
              Signals.class.getClassLoader(), new Class<?>[] {handlerType}, onSignal);
      handle = signal.getMethod("handle", signal, handlerType);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return; // no sun.misc.Signal: a signal ends the JVM as it would without us
    }
    for (String each : SIGNALS) {
      try {
        handle.invoke(null, signal.getConstructor(String.class).newInstance(each), proxy);
      } catch (ReflectiveOperationException | RuntimeException e) {
        // ignored when the process started: it stays so
      }
    }
  }
}
