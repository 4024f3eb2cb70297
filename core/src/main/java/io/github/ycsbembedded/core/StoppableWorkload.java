package io.github.ycsbembedded.core;

import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * The user's workload, which {@link CheckedClient} hands to stock YCSB wrapped in this one, so that
 * a signal can stop it ({@link #stopAll}): YCSB's client threads end their loop when their workload
 * says it was asked to stop, then run their {@code cleanup()}, and the last one closes the engine.
 * Everything else is passed to the user's workload, named by {@link #WORKLOAD}.
 */
public final class StoppableWorkload extends Workload {
  /** The property naming the user's workload class. */
  public static final String WORKLOAD = "ycsbembedded.workload";

  private static final Set<StoppableWorkload> RUNNING = ConcurrentHashMap.newKeySet();
  private static volatile boolean stopping;

  private Workload inner;

  @Override
  public void init(Properties p) throws WorkloadException {
    String name = p.getProperty(WORKLOAD);
    try {
      inner = Class.forName(name).asSubclass(Workload.class).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new WorkloadException("cannot create workload " + name + ": " + e, e);
    }
    inner.init(p);
    RUNNING.add(this);
    if (stopping) {
      requestStop();
    }
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) throws WorkloadException {
    return inner.initThread(p, threadId, threadCount);
  }

  @Override
  public void cleanup() throws WorkloadException {
    RUNNING.remove(this);
    inner.cleanup();
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    return inner.doInsert(db, threadState);
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    return inner.doTransaction(db, threadState);
  }

  @Override
  public void requestStop() {
    super.requestStop();
    if (inner != null) {
      inner.requestStop();
    }
  }

  /** Asks every workload of this process to stop, and any started later at once. */
  static void stopAll() {
    stopping = true;
    for (StoppableWorkload workload : RUNNING) {
      workload.requestStop();
    }
  }
}
