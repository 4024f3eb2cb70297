package io.github.ycsbembedded.core;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * A clean stop on SIGTERM or SIGINT (Ctrl-C): the first signal asks the workload to stop ({@link
 * StoppableWorkload}); YCSB's threads finish their operation, run their {@code cleanup()} (the last
 * one closes the engine, with its final flush where one was asked for), YCSB writes its report, and
 * the run exits with {@code 128 + signal} and one line ({@link CheckedClient}). A second signal
 * ends the process at once: what was acknowledged is kept all the same (the durability contract).
 *
 * <p>Signals are handled through the JDK's {@code sun.misc.Signal} (module {@code jdk.unsupported},
 * there for this use), reached by reflection because javac warns of every direct use of it and the
 * build fails on warnings.
 */
final class Stop {
  private static final String[] SIGNALS = {"TERM", "INT"};

  private static volatile String received;
  private static volatile int number;

  private Stop() {}

  /** Handles SIGTERM and SIGINT from now on; without {@code sun.misc.Signal}, leaves them be. */
  static void install() {
    try {
      Class<?> signal = Class.forName("sun.misc.Signal");
      Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
      Method name = signal.getMethod("getName");
      Method numberOf = signal.getMethod("getNumber");
      InvocationHandler onSignal =
          (proxy, method, args) -> {
            if (method.getName().equals("handle")) {
              handle((String) name.invoke(args[0]), (Integer) numberOf.invoke(args[0]));
            }
            return null;
          };
      Object handler =
          Proxy.newProxyInstance(
              Stop.class.getClassLoader(), new Class<?>[] {handlerType}, onSignal);
      Method handle = signal.getMethod("handle", signal, handlerType);
      for (String each : SIGNALS) {
        handle.invoke(null, signal.getConstructor(String.class).newInstance(each), handler);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      // no sun.misc.Signal: a signal ends the JVM as it would without us
    }
  }

  private static void handle(String name, int signalNumber) {
    if (received != null) {
      System.err.println(
          "ycsb: stopped at once by a second SIG"
              + name
              + ", without closing the engine; every acknowledged write is kept");
      System.err.flush();
      Runtime.getRuntime().halt(128 + signalNumber);
    }
    number = signalNumber;
    received = "SIG" + name;
    StoppableWorkload.stopAll();
  }

  /** The signal that stopped the run, as {@code SIGTERM}, or null. */
  static String signal() {
    return received;
  }

  /** The exit status of a run the signal stopped. */
  static int exitStatus() {
    return 128 + number;
  }
}
