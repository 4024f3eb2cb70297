package io.github.ycsbembedded.workloads;

import io.github.ycsbembedded.core.BindingProperties;
import java.util.Properties;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * Readers beside writers, each class measured apart (db_bench's {@code readwhilewriting}): of the
 * run's client threads, the first {@code rww.writers} only write — updates of existing records — at
 * {@code rww.write_rate} writes per second in all, and the others only read, at {@code
 * rww.read_rate} reads per second in all (0: as fast as they can); both draw their keys from the
 * workload's request distribution over the loaded records. A reader's latency is YCSB's {@code
 * READ}, a writer's {@code UPDATE}; a paced class's operations are due at a steady rate, and with
 * {@code measurement.interval=both} its {@code Intended-READ} (or {@code Intended-UPDATE}) is its
 * latency from each operation's due time (coordinated omission corrected: a stall delays every
 * operation due during it, and each counts the wait). The workload that separates engines whose
 * readers never wait for a writer (LMDB) from those whose reads slow down behind the writers'
 * compactions.
 *
 * <p>Properties (besides CoreWorkload's, whose proportions it does not use): {@code rww.writers}
 * (default 1; fewer than the client threads), {@code rww.write_rate} and {@code rww.read_rate}
 * (operations per second for the whole class, default 0: unpaced). Leave YCSB's {@code -target}
 * out: it paces every thread alike.
 */
public class ReadWhileWritingWorkload extends CoreWorkload {
  public static final String WRITERS_PROPERTY = "rww.writers";
  public static final String WRITE_RATE_PROPERTY = "rww.write_rate";
  public static final String READ_RATE_PROPERTY = "rww.read_rate";

  private int writers;
  private int threads;
  private double writeRate;
  private double readRate;
  private LongSupplier clock = System::nanoTime;
  private Supplier<Measurements> measurements = Measurements::getMeasurements;

  /** What a client thread does: write (at its pace) or read. */
  record Role(boolean writer, Pace pace) {}

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    BindingProperties properties = new BindingProperties(p);
    try {
      threads = properties.integer("threadcount", 1, 1, Integer.MAX_VALUE);
      writers = properties.integer(WRITERS_PROPERTY, 1, 0, Integer.MAX_VALUE);
      if (writers >= threads && threads > 1) {
        throw new DBException(
            WRITERS_PROPERTY
                + ": "
                + writers
                + " writers leave no reader among "
                + threads
                + " client threads; use fewer writers or more threads (-threads)");
      }
      Double rate = properties.numberIfGiven(WRITE_RATE_PROPERTY, 0, 1e9);
      writeRate = rate == null ? 0 : rate;
      Double reads = properties.numberIfGiven(READ_RATE_PROPERTY, 0, 1e9);
      readRate = reads == null ? 0 : reads;
    } catch (DBException e) {
      throw new WorkloadException(e.getMessage(), e);
    }
  }

  /** Uses {@code clock} (nanoseconds) for the writers' pace (tests). */
  void clock(LongSupplier value) {
    this.clock = value;
  }

  /** Tells {@code value} each operation's due time, in place of YCSB's (tests). */
  void measurements(Measurements value) {
    this.measurements = () -> value;
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) throws WorkloadException {
    boolean writer = mythreadid < writers;
    int readers = Math.max(1, threads - writers);
    double rate = writer ? writeRate / writers : readRate / readers;
    return new Role(writer, rate > 0 ? new Pace(rate, clock.getAsLong()) : null);
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    Role role = (Role) threadstate;
    if (role.pace() != null) {
      long due = role.pace().next();
      long wait = due - clock.getAsLong();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
      }
      // the operation's latency from its due time too (measurement.interval=both or intended)
      measurements.get().setIntendedStartTimeNs(due);
    }
    if (role.writer()) {
      doTransactionUpdate(db);
    } else {
      doTransactionRead(db);
    }
    return true;
  }

  /**
   * A steady rate for one thread: the n-th operation is due n periods after the start, so that a
   * late one is followed by those behind it without a pause, as YCSB's own {@code -target} does.
   */
  static final class Pace {
    private final double periodNanos;
    private final long start;
    private long done;

    Pace(double perSecond, long start) {
      this.periodNanos = 1e9 / perSecond;
      this.start = start;
    }

    /** When the next operation is due (nanoseconds on the clock). */
    long next() {
      return start + (long) (done++ * periodNanos);
    }
  }
}
