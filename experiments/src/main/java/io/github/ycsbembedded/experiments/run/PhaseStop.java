package io.github.ycsbembedded.experiments.run;

import io.github.ycsbembedded.experiments.measure.ProcessWatch;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * A stop of a campaign, asked for by a signal: the first ends the running phase cleanly (SIGTERM to
 * its whole process group: YCSB stops its threads, closes the engine and says how many operations
 * it did) and the campaign after it; {@link #now} kills the group at once. A phase started after
 * the stop is asked for is stopped as it starts.
 */
public final class PhaseStop implements ProcessWatch {
  private volatile String signal;
  private volatile long group = -1;

  /** Asks for the stop, naming the signal ({@code SIGTERM}). */
  public void request(String name) {
    signal = name;
    kill("-TERM");
  }

  /** Kills the running phase's group at once (a second signal). */
  public void now() {
    kill("-KILL");
  }

  public boolean requested() {
    return signal != null;
  }

  /** The signal that asked for the stop, or null. */
  public String signal() {
    return signal;
  }

  @Override
  public void started(long processGroup) {
    group = processGroup;
    if (requested()) {
      kill("-TERM");
    }
  }

  @Override
  public void ended() {
    group = -1;
  }

  private void kill(String how) {
    long g = group;
    if (g <= 1) {
      return;
    }
    try {
      Process kill =
          new ProcessBuilder("kill", how, "--", "-" + g)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      kill.waitFor(10, TimeUnit.SECONDS);
    } catch (IOException e) {
      // the group is gone already
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
